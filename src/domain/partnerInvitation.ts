/** Rules of the partner invitation (onboarding spec 2) that need no database. */

export const PARTNER_CODE_RESEND_COOLDOWN_SECONDS = 30;

/**
 * Ours: at most this many partner codes per invitation per hour. Each new code brings back the 3
 * attempts, so this also bounds the guesses an hour at 3 codes x 3 attempts.
 */
export const PARTNER_CODES_PER_HOUR = 3;

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

/** 'olivia@example.com' → 'o•••••@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  if (at < 1) return email;
  return `${email[0]}${"•".repeat(Math.max(at - 1, 1))}${email.slice(at)}`;
}
