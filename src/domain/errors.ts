/**
 * The error catalogue: machine codes and the spec's texts, verbatim (core spec 2 and 8, onboarding
 * spec 2, 5 and 8). Texts written 'Title: description' or 'Title - description' in the spec are
 * kept whole; splitToast separates them for a toast. Where the spec only names a family of texts
 * ("plus comment, reply, delete, update variants"), the wording chosen is noted.
 */
import {
  BACKOFF_FACTOR,
  CONTACT_RESPONSE_HOURS,
  ERROR_BOUNDARY_BASE_DELAY_MS,
  ERROR_BOUNDARY_MAX_RETRIES,
  FULL_TERM_MAX_WEEKS,
  OTP_LENGTH,
  PASSWORD_MIN_CHARACTER_KINDS,
  PASSWORD_MIN_LENGTH_RESET,
  PASSWORD_MIN_LENGTH_SIGNUP,
  READ_ONLY_YEARS,
} from "./constants";

// ---------------------------------------------------------------------------------------------
// Data isolation (action refused, audit warning logged)

export const DATA_ISOLATION_CODES = ["MODE_MISMATCH", "PREGNANCY_ID_MISMATCH", "ACCESS_DENIED", "VALIDATION_FAILED"] as const;
export type DataIsolationCode = (typeof DATA_ISOLATION_CODES)[number];

export const DATA_ISOLATION_TITLES: Readonly<Record<DataIsolationCode, string>> = {
  MODE_MISMATCH: "Access Error",
  PREGNANCY_ID_MISMATCH: "Context Error",
  ACCESS_DENIED: "Access Denied",
  VALIDATION_FAILED: "Validation Failed",
};
export const DATA_ACCESS_ERROR_TITLE = "Data Access Error";
export const NO_PREGNANCY_CONTEXT_MESSAGE = "No valid pregnancy context available";

export function isDataIsolationCode(code: unknown): code is DataIsolationCode {
  return (DATA_ISOLATION_CODES as readonly unknown[]).includes(code);
}

/** The toast title for a refused action's code; 'Data Access Error' for any other code. */
export function dataIsolationTitle(code: unknown): string {
  return isDataIsolationCode(code) ? DATA_ISOLATION_TITLES[code] : DATA_ACCESS_ERROR_TITLE;
}

// ---------------------------------------------------------------------------------------------
// Error categories and the error boundary

export const ERROR_CATEGORIES = ["network", "permission", "validation", "system", "unknown"] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** Checked in this order; the first category with a word in the message wins. */
const CATEGORY_WORDS: readonly (readonly [ErrorCategory, readonly string[]])[] = [
  ["network", ["network", "fetch", "connection"]],
  ["permission", ["permission", "unauthorized", "forbidden"]],
  ["validation", ["validation", "invalid", "required"]],
  ["system", ["chunk", "loading", "script"]],
];

/** The message of anything thrown. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}

/** Category by words in the message, case-insensitive (core spec 8). */
export function categorizeError(error: unknown): ErrorCategory {
  const message = errorMessageOf(error).toLowerCase();
  const match = CATEGORY_WORDS.find(([, words]) => words.some((word) => message.includes(word)));
  return match ? match[0] : "unknown";
}

export const BOUNDARY_MESSAGES: Readonly<Record<ErrorCategory | "offline", string>> = {
  offline: "You're currently offline. Please check your internet connection.",
  network: "Network connection issue. Retrying automatically when connection is restored.",
  permission: "Access denied. Please check your permissions or try logging in again.",
  validation: "Invalid data detected. Please refresh and try again.",
  system: "System loading error. The application will attempt to recover automatically.",
  unknown: "An unexpected error occurred. Our team has been notified.",
};

export const BOUNDARY_TEXTS = {
  networkTitle: "Connection Issue",
  title: "Something went wrong",
  technicalDetails: "Technical details",
  reloadPage: "Reload Page",
  waitingForConnection: "Waiting for connection...",
  tryAgain: (retriesLeft: number) => `Try Again (${retriesLeft} left)`,
} as const;

export function boundaryTitle(category: ErrorCategory): string {
  return category === "network" ? BOUNDARY_TEXTS.networkTitle : BOUNDARY_TEXTS.title;
}

/** The category's message; being offline overrides it. */
export function boundaryMessage(category: ErrorCategory, online: boolean): string {
  return online ? BOUNDARY_MESSAGES[category] : BOUNDARY_MESSAGES.offline;
}

/** Wait before retry number `retryCount` (0-based): 1 s, 2 s, 4 s. */
export function boundaryRetryDelayMs(retryCount: number): number {
  return ERROR_BOUNDARY_BASE_DELAY_MS * BACKOFF_FACTOR ** retryCount;
}

/** After maxRetries (default 3) attempts only reloading is offered. */
export function canRetry(retryCount: number, maxRetries: number = ERROR_BOUNDARY_MAX_RETRIES): boolean {
  return retryCount < maxRetries;
}

// ---------------------------------------------------------------------------------------------
// Toasts: splitting

/** 'Title: description' or 'Title - description' into its parts; other texts are a title only. */
export function splitToast(text: string): { title: string; description?: string } {
  const match = /^(.+?)(?::| -) (.+)$/s.exec(text);
  return match?.[1] && match[2] ? { title: match[1], description: match[2] } : { title: text };
}

// ---------------------------------------------------------------------------------------------
// Core app toasts (core spec 8)

export const PREGNANCY_TOASTS = {
  updateBabyFailed: "Failed to update baby details",
  addBabyFailed: "Failed to add baby",
  updatePregnancyFailed: "Failed to update pregnancy details",
  createPregnancyFailed: "Failed to create pregnancy",
  loadPregnancyFailed: "Failed to load pregnancy data",
  loadBabyFailed: "Failed to load baby data",
} as const;

export const SUBSCRIPTION_TOASTS = {
  upgradeFailed: "Upgrade failed: There was an issue creating your checkout session. Please try again.",
  downgradeFailed: "Downgrade failed: There was an issue scheduling your downgrade.",
  syncError: "Sync Error",
  syncFailed: "Sync Failed",
  portalError: "Portal Error",
  portalErrorDefault: "Unable to open customer portal. Please try again.",
  syncedWithWarnings: "Synced with warnings: Dates updated, but Stripe sync failed. Please try again later.",
} as const;

/**
 * Subscription management and account lifetime (core spec 4). The spec has no words for these
 * (only 'a clear message' and an explicit confirmation), so the wording is ours.
 */
export const SUBSCRIPTION_MESSAGES = {
  noSubscription: "No subscription to manage",
  /** Stripe refused the call; the server's answer when a change did not reach the provider. */
  providerFailed: "The payment provider could not be reached. Please try again.",
  alreadyOnPlan: "You are already on this plan",
  onlyOwnerCancels: "Only the pregnancy owner can cancel the subscription",
  cancelTitle: "Cancel subscription?",
  cancelDescription:
    "Cancelling ends your subscription now and closes your pregnancy immediately: parent features end, and your partner and every guest lose access. This cannot be undone.",
  cancelConfirm: "Cancel subscription and close pregnancy",
  cancelled: "Subscription cancelled",
  cancelledDescription: "Your pregnancy is closed.",
  cancelFailed: "Cancellation failed",
  /** The server's refusal of a write to a pregnancy whose service has ended. */
  readOnly: `This pregnancy is read-only: its service has ended. You can still view everything for ${READ_ONLY_YEARS} years, but nothing can be changed.`,
  readOnlyTitle: "Read-only pregnancy",
} as const;

/** The spec lists the first four and "comment, reply, delete, update variants": worded alike. */
export const POST_TOASTS = {
  loadFailed: "Failed to load posts",
  mustBeLoggedIn: "You must be logged in to create a post",
  createFailed: "Failed to create post",
  likeFailed: "Failed to update like",
  commentFailed: "Failed to add comment",
  replyFailed: "Failed to add reply",
  deleteFailed: "Failed to delete post",
  updateFailed: "Failed to update post",
} as const;

export const CALENDAR_TOASTS = {
  loadFailed: "Failed to load calendar events",
  noActivePregnancy: "No active pregnancy found",
  createFailed: "Failed to create event. Please try again.",
  updateFailed: "Failed to update event. Please try again.",
  deleteFailed: "Failed to delete event. Please try again.",
  inviteFailed: "Failed to invite participants. Please try again.",
  rsvpFailed: "Failed to update RSVP status. Please try again.",
  permissionDenied: "Permission Denied",
} as const;

export const PHOTO_TOASTS = {
  userOrPregnancyNotFound: "User or pregnancy not found",
  uploadBlocked: "Upload blocked",
  invalidFiles: "Invalid files",
  uploadFailed: "Upload failed",
  /** Its description lists the first 3 failures. */
  someUploadsFailed: "Some uploads failed",
  deleteFailed: "Delete failed",
  actionFailed: "Action failed",
  commentFailed: "Comment failed",
  updateFailed: "Update failed",
  guestTagsUpdated: "Guest tags updated",
  guestTagsFailed: "Failed to update guest tags",
} as const;

export const GAME_TOASTS = {
  noActivePregnancy: "No active pregnancy: Please select a pregnancy first.",
  notSignedIn: "Not signed in: Please sign in to submit a prediction.",
  submitFailed: "Unable to submit: Prediction could not be saved.",
  updateFailed: "Unable to update: Prediction could not be updated.",
  generic: "Error: Something went wrong.",
} as const;

export const WAITING_ROOM_TOASTS = {
  tooFast: "You are sending too fast",
  messageFailed: "Message failed: Tap to retry sending.",
  reactionFailed: "Reaction failed: Please try again.",
  directMessageFailed: "Message failed: Could not send direct message.",
  noActivePregnancy: "Waiting Room: No active pregnancy found.",
  activationFailed: "Activation failed. Please try again.",
  stateUpdateFailed: "State Update: Failed to update state. Please try again.",
  unexpected: "An unexpected error occurred.",
} as const;

export const SUCCESS_TOASTS = {
  success: "Success",
  postCreated: "Post created successfully",
  commentAdded: "Comment added",
  replyAdded: "Reply added",
  postDeleted: "Post deleted",
  postUpdated: "Post updated",
  photoDeleted: "Photo deleted",
  photosUploaded: "Photos uploaded successfully",
  photoUpdated: "Photo updated",
  subscriptionSynced: "Subscription Synced",
  downgradeScheduled: "Downgrade scheduled",
  secureCheckout: "Secure checkout",
  predictionsSubmitted: "Predictions Submitted!",
  predictionUpdated: "Prediction updated",
  statusUpdated: "Status Updated",
  autoCloseScheduled: "Auto-Close Scheduled",
} as const;

/** Guards, shell and not-found texts (core spec 2, onboarding spec 2). */
export const ROUTE_TEXTS = {
  accessRestricted: "Access Restricted",
  parentOnly: "This feature is only available to pregnancy owners and partners.",
  notFound: "Oops! Page not found",
  loading: "Loading...",
  limitedAccess: "Limited Access",
  guestAccessBadge: "Guest Access",
  activeSubscriptionBadge: "Active Subscription",
} as const;

// ---------------------------------------------------------------------------------------------
// Sign-in, codes and sign-up (onboarding spec 5 and 8)

export const SIGN_IN_MESSAGES = {
  missingInformation: "Missing Information: Please enter both email and password.",
  missingEmail: "Missing Email",
  invalidCode: `Invalid code: Enter the ${OTP_LENGTH}-digit code.`,
  invalidCredentials: "Invalid Credentials: Please check your email and password and try again.",
  /** Shown with the server's message as description. */
  signInError: "Sign In Error",
  unexpectedError: "Unexpected Error",
  invitationNotFound: "Invitation Not Found: Could not find your invitation. Please contact the pregnancy owner.",
  linkFailed: "Warning: Login successful but failed to link to pregnancy. Please contact support.",
  couldNotSendCode: "Could not send code",
  verificationFailed: "Verification failed",
  resetError: "Reset Error",
  loginFailed: "Login failed - An unexpected error occurred. Please try again.",
  alreadyRegistered: "Please sign in or use Forgot password",
  invitedBanner: "You've Been Invited!",
  welcomeBack: "Welcome back!",
  codeSent: "Code sent",
  resetEmailSent: "Reset Email Sent",
} as const;

export const SEND_CODE_MESSAGES = {
  /** On wait, cooldown or HTTP 429. */
  tooManyRequests: "Too many requests: Please wait a minute before requesting another code.",
  /** On a duplicate key or an already registered email (a 6-digit code was still sent). */
  emailAlreadyRegistered: "Email already registered",
  couldNotSendCode: "Could not send code",
  generic: "Something went wrong. Please try again or contact support.",
} as const;

/** Create-account step 1 field messages and the flow's failures. */
export const CREATE_ACCOUNT_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  invalidEmail: "Please enter a valid email",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH_SIGNUP} characters`,
  accountExists: "An account with this email already exists. Please sign in instead.",
  createFailed: "Failed to create account. Please try again.",
  emailNotVerified: "Email not yet verified. Please check your inbox.",
  /** Ours: a password on every leaked-password list. */
  commonPassword: "This password is too common. Please choose another one.",
  resendFailed: "Failed to resend email",
  checkFailed: "Failed to check verification status",
} as const;

export const GUEST_SIGNUP_MESSAGES = {
  missingInformation: "Missing Information: Please fill in all required fields.",
  createFailed: "Failed to create account. Please try again.",
  accountExists: "Account Already Exists",
  invalidInvitationCode: "Invalid Invitation Code",
  invitationError: "Invitation Error",
  signupFailed: "Signup Failed",
  welcome: "Welcome!",
  accountCreated: "Account Created!",
} as const;

/**
 * Refusals of join_pregnancy_with_code that mean the code itself is no good (unknown, used,
 * expired, or meant for another email): 'Invalid Invitation Code'. Any other is 'Invitation Error'.
 */
export const INVALID_INVITATION_CODE_ERRORS = ["INVITATION_NOT_FOUND", "INVITATION_EMAIL_MISMATCH"] as const;

export function guestJoinErrorTitle(appCode: unknown): string {
  return (INVALID_INVITATION_CODE_ERRORS as readonly unknown[]).includes(appCode) ? GUEST_SIGNUP_MESSAGES.invalidInvitationCode : GUEST_SIGNUP_MESSAGES.invitationError;
}

/** Sign-up from a partner invitation. */
export const INVITATION_SIGNUP_MESSAGES = {
  signupFailed: "Signup failed - Failed to create account. Please try again.",
  accountExists: "Account exists - An account with this email already exists. Please use the login tab instead.",
  accountCreated: "Account created!",
} as const;

/** A server error saying the email is taken ('already registered' or 'already exists'). */
export function isAlreadyRegisteredError(message: string): boolean {
  const text = message.toLowerCase();
  return text.includes("already registered") || text.includes("already exists");
}

export const CHECKOUT_MESSAGES = {
  checkoutError: "Checkout Error: Failed to start checkout. Please try again.",
  pleaseLogIn: "Please log in to continue",
  startPaymentFailed: "Failed to start payment process",
  noCheckoutUrl: "No checkout URL received",
  initializePaymentFailed: "Failed to initialize payment",
  verificationFailed: "Payment verification failed. Please contact support.",
  paymentCancelled: "Payment Cancelled",
  subscriptionConfirmed: "Subscription confirmed",
} as const;

/** Gift cards (onboarding spec 1 and 2). The spec has no words for these, so the wording is ours. */
export const GIFT_CARD_MESSAGES = {
  notFound: "Gift card not found. Check the code and try again.",
  alreadyRedeemed: "This gift card has already been redeemed.",
  redeemed: "Gift card redeemed",
  redeemFailed: "Could not redeem gift card",
  purchased: "Thank you! Your gift card is ready",
  preparing: "Payment received. Your gift card code is on its way...",
  sessionNotFound: "We could not find this gift card purchase.",
} as const;

export const EMAIL_CONFIRMATION_MESSAGES = {
  noSession: "No user session found. The link may be invalid or expired.",
  linkInvalid: "Email link is invalid or expired. Please resend a new confirmation.",
  resendFailed: "Resend failed",
  emailRequired: "Email required",
} as const;

/** Partner-verification server codes and their texts; invalid_code shows the server's message. */
export const PARTNER_ERROR_MESSAGES = {
  invitation_not_found: "No partner invitation found for this email address.",
  verification_expired: "Verification code has expired. Please request a new invitation.",
  too_many_attempts: "Too many verification attempts. Please request a new invitation.",
} as const;
export type PartnerErrorCode = keyof typeof PARTNER_ERROR_MESSAGES | "invalid_code";

export const PARTNER_MESSAGES = {
  sendCodeFailed: "Failed to send verification code. Please try again.",
  resendFailed: "Resend failed",
  loginFailed: "Login failed",
  enterCode: "Please enter the verification code",
  passwordsDoNotMatch: "Passwords do not match",
  acceptTerms: "You must accept the Terms & Conditions",
  verificationComplete: "Verification Complete",
  /** The spec writes 'N attempt(s) remaining'; the plural is spelled out. */
  attemptsRemaining: (attempts: number) => `${attempts} ${attempts === 1 ? "attempt" : "attempts"} remaining`,
  resendIn: (seconds: number) => `Resend in ${seconds}s`,
} as const;

export const RESET_PASSWORD_MESSAGES = {
  passwordsDontMatch: "Passwords Don't Match",
  passwordTooShort: `Password Too Short: Password must be at least ${PASSWORD_MIN_LENGTH_RESET} characters long.`,
  invalidResetLink: "Invalid Reset Link",
  sessionExpired: "Session expired. Please request a new password reset link.",
  updateFailed: "Update Failed",
  invalidRecoveryLink: "Invalid Recovery Link",
  verificationFailed: "Verification Failed",
  resetLinkExpired: "Reset Link Expired",
  emailRequired: "Email required",
  /** Ours: the spec refuses weak passwords without stating the rule; this states it. */
  weakPassword: `Weak Password: Use at least ${PASSWORD_MIN_CHARACTER_KINDS} of these: lower-case letters, upper-case letters, numbers and symbols. Common passwords are not allowed.`,
  /** Ours: what the reset form says once the new password is saved. */
  passwordUpdated: "Password updated",
} as const;

export const CONTACT_MESSAGES = {
  missingInformation: "Missing Information",
  /** Shown with the support address. */
  failed: "Something went wrong",
  /** Ours: the spec checks required fields only; a reply needs a real address. */
  invalidEmail: CREATE_ACCOUNT_MESSAGES.invalidEmail,
  /** Ours: the spec shows "success" without a text. */
  sent: `Message sent! We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
  /** Ours: digits, spaces and + ( ) - . only. */
  invalidPhone: "Please enter a valid phone number",
} as const;

/** Ours: the spec requires first name and email and gives no texts. */
export const NEWSLETTER_MESSAGES = {
  firstNameRequired: CREATE_ACCOUNT_MESSAGES.firstNameRequired,
  emailRequired: CREATE_ACCOUNT_MESSAGES.emailRequired,
  invalidEmail: CREATE_ACCOUNT_MESSAGES.invalidEmail,
  invalidDueDate: "Please enter the due date as MM/DD/YYYY",
  /** The same answer whether or not the address was already subscribed. */
  checkYourEmail: "Almost there! Check your email to confirm your subscription.",
  confirmed: "You're subscribed! Your first-trimester checklist is on its way.",
  unsubscribed: "You're unsubscribed and won't get any more newsletters from us.",
  invalidLink: "This link is invalid. Please subscribe again.",
} as const;

/** Ours: the due date calculator's LMP field. */
export const CALCULATOR_MESSAGES = {
  lmpRequired: "Please enter the first day of your last period",
  lmpInFuture: "The first day of your last period can't be in the future",
  lmpTooLongAgo: `That date is more than ${FULL_TERM_MAX_WEEKS} weeks ago. Please check the first day of your last period.`,
} as const;

/** Ours: a public form or event sent too often from one address. */
export const PUBLIC_FORM_MESSAGES = {
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  tooLong: (max: number) => `Please use at most ${max} characters`,
} as const;

export const SETUP_MESSAGES = {
  createPregnancyFailed: "Failed to create pregnancy",
  tryAgain: "Please try again",
  setupFailed: "Setup failed",
  unexpected: "An unexpected error occurred",
  signInRequired: "Please sign in to access this page",
  verifySubscriptionFailed: "Failed to verify subscription status",
  subscriptionRequired: "You need an active subscription to set up a pregnancy",
  alreadyHasPregnancy: "You already have an active pregnancy. Go to your dashboard to manage it.",
  partnerInvitationFailed: "Failed to send partner invitation",
  invitationFailed: "Failed to send invitation",
  allInvitationsSent: (count: number) => `All ${count} invitations sent successfully!`,
  someInvitationsSent: (sent: number, total: number) => `${sent} of ${total} invitations sent successfully`,
  invitationsFailed: "Failed to send invitations",
  setupComplete: "Setup completed successfully!",
  missingRequiredInformation: "Missing required information",
  noPregnancyData: "No pregnancy data found",
  logoutFailed: "Failed to log out. Please try again.",
} as const;

/** Ours: what the server answers for a failure it did not expect; the details stay in its log. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong.";

/** Ours: a guest inviting someone closer than themselves (nobody grants more than they hold). */
export const INVITE_LEVEL_NOT_ALLOWED_MESSAGE = "You can invite people at your own privacy level or a more distant one.";
