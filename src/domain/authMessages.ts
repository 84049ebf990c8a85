/**
 * The texts of sign-in, sign-up, code, confirmation and reset (onboarding spec 5 and 7), apart from
 * the zod schemas in ./auth.ts (which re-exports them): the standalone /auth page shows them without
 * loading zod.
 */
import { OTP_EXPIRES_MINUTES, OTP_LENGTH, PASSWORD_MIN_CHARACTER_KINDS, PASSWORD_MIN_LENGTH_RESET, PASSWORD_MIN_LENGTH_SIGNUP } from "./authRules";

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

/**
 * The one thing the code mail and the pages asking for the code say of its lifetime (the
 * confirmation mail's link carries the same code, so it lasts as long).
 */
export const codeLifetimeNote = (withLink: boolean) =>
  `${withLink ? "The code and the link work" : "The code works"} for ${OTP_EXPIRES_MINUTES} minutes; you can ask for a new one at any time.`;

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

export const EMAIL_CONFIRMATION_MESSAGES = {
  noSession: "No user session found. The link may be invalid or expired.",
  linkInvalid: "Email link is invalid or expired. Please resend a new confirmation.",
  resendFailed: "Resend failed",
  emailRequired: "Email required",
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
