/**
 * Texts of the sign-in, sign-up and code screens. The spec's texts come from the catalogue in
 * src/domain/errors.ts; descriptions added here (not in the spec) are marked "ours".
 */
import { CREATE_ACCOUNT_MESSAGES, RESET_PASSWORD_MESSAGES, SEND_CODE_MESSAGES, SIGN_IN_MESSAGES } from "../../domain/authMessages";
import { SETUP_MESSAGES } from "../../domain/pregnancy";

export const AUTH_MESSAGES = {
  missingCredentials: SIGN_IN_MESSAGES.missingInformation,
  invalidCredentials: SIGN_IN_MESSAGES.invalidCredentials,
  /** Ours: the spec gives the 429 text for code requests only. */
  signInTooManyRequests: "Too many requests: Please wait a minute before trying to sign in again.",
  codeTooManyRequests: SEND_CODE_MESSAGES.tooManyRequests,
  /** 'Sign In Error' with the server's message. */
  signInError: SIGN_IN_MESSAGES.signInError,
  unexpected: SIGN_IN_MESSAGES.loginFailed,
  welcomeBack: SIGN_IN_MESSAGES.welcomeBack,
  codeSent: SIGN_IN_MESSAGES.codeSent,
  /** Ours (description of 'Code sent'). */
  codeSentDescription: "Check your email for a 6-digit code.",
  /** 'Missing Email' (spec); the description is ours. */
  missingEmail: `${SIGN_IN_MESSAGES.missingEmail}: Please enter your email address.`,
  invalidCode: SIGN_IN_MESSAGES.invalidCode,
  /** 'Verification failed' (spec); the description is ours. */
  verificationFailed: `${SIGN_IN_MESSAGES.verificationFailed}: The code is incorrect or has expired. Please try again.`,
  /** Ours: better-auth's TOO_MANY_ATTEMPTS after 3 wrong codes. */
  tooManyAttempts: "Too many attempts: Please request a new code.",
  couldNotSendCode: SEND_CODE_MESSAGES.couldNotSendCode,
  accountExists: CREATE_ACCOUNT_MESSAGES.accountExists,
  createAccountFailed: CREATE_ACCOUNT_MESSAGES.createFailed,
  /** Ours: sign-up answered 429. */
  signUpTooManyRequests: "Too many requests: Please wait a minute before trying again.",
  /** /auth?error=verification_failed: 'Verification Failed' (spec); the description is ours. */
  verificationLinkFailed: `${RESET_PASSWORD_MESSAGES.verificationFailed}: The verification link is invalid or has expired. Please sign in or request a new code.`,
  /** /auth?error=invalid_recovery: 'Invalid Recovery Link' (spec); the description is ours. */
  invalidRecoveryLink: `${RESET_PASSWORD_MESSAGES.invalidRecoveryLink}: This password reset link is incomplete or no longer works. Use 'Forgot password?' to get a new one.`,
  /** Sign-in answered with a server failure: 'Unexpected Error' (spec); the description is ours. */
  unexpectedError: `${SIGN_IN_MESSAGES.unexpectedError}: Something went wrong on our side. Please try again.`,
  alreadyRegistered: SIGN_IN_MESSAGES.alreadyRegistered,
  /** Ours. */
  emailVerified: "Email verified",
  logoutFailed: SETUP_MESSAGES.logoutFailed,
  invitationNotFound: SIGN_IN_MESSAGES.invitationNotFound,
  linkFailed: SIGN_IN_MESSAGES.linkFailed,
  invitedBanner: SIGN_IN_MESSAGES.invitedBanner,
  /** 'Email required' (spec, forgot password); the description is ours. */
  resetEmailRequired: `${RESET_PASSWORD_MESSAGES.emailRequired}: Please enter the email address of your account.`,
  resetEmailSent: SIGN_IN_MESSAGES.resetEmailSent,
  /** Ours (description of 'Reset Email Sent'). It does not say whether the address has an account. */
  resetEmailSentDescription: "If an account uses this address, a link to choose a new password is on its way. It works for one hour.",
  resetError: SIGN_IN_MESSAGES.resetError,
  /** Ours: the reset request answered 429. */
  resetTooManyRequests: "Too many requests: Please wait a minute before requesting another reset link.",
} as const;
