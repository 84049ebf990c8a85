/**
 * The partner invitation's texts for each failed call (onboarding spec 5 and 8): the server sends
 * the spec's machine codes (error.data.appCode); the screens show the spec's words.
 */
import type { AuthClientError } from "../../lib/auth-client";
import { appCodeOf, httpStatusOf } from "../../lib/query-client";
import { isAccountExistsError } from "../auth/authErrors";
import { CREATE_ACCOUNT_MESSAGES, INVITATION_SIGNUP_MESSAGES, SEND_CODE_MESSAGES, SIGN_IN_MESSAGES } from "../../domain/auth";
import { PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES } from "../../domain/partnerInvitation";

const HTTP_BAD_REQUEST = 400;
/** The server's answer to a resend inside the cooldown; its message is 'Resend in Ns'. */
const RESEND_COOLDOWN_CODE = "RESEND_COOLDOWN";
const SECONDS_IN_MESSAGE = /(\d+)s$/;
/** linkAccount's answer when the code was never confirmed. */
export const NOT_VERIFIED_CODE = "NOT_VERIFIED";

function partnerErrorText(error: unknown): string | undefined {
  const code = appCodeOf(error);
  return code && code in PARTNER_ERROR_MESSAGES ? PARTNER_ERROR_MESSAGES[code as keyof typeof PARTNER_ERROR_MESSAGES] : undefined;
}

/** Step 1, looking up the invitation by email. */
export function verifyEmailErrorMessage(error: unknown): string {
  // The server's email check is stricter than the form's ('@' only), so its refusal is about the format.
  if (!appCodeOf(error) && httpStatusOf(error) === HTTP_BAD_REQUEST) return CREATE_ACCOUNT_MESSAGES.invalidEmail;
  return partnerErrorText(error) ?? SEND_CODE_MESSAGES.generic;
}

/** Seconds left when a code was sent less than 30 s ago (the earlier code still works), else null. */
export function cooldownSecondsOf(error: unknown): number | null {
  if (appCodeOf(error) !== RESEND_COOLDOWN_CODE || !(error instanceof Error)) return null;
  const seconds = SECONDS_IN_MESSAGE.exec(error.message)?.[1];
  return seconds ? Number(seconds) : null;
}

export function sendCodeErrorMessage(error: unknown, resend: boolean): string {
  const known = partnerErrorText(error);
  if (known) return known;
  return resend ? `${PARTNER_MESSAGES.resendFailed}: ${PARTNER_MESSAGES.sendCodeFailed}` : PARTNER_MESSAGES.sendCodeFailed;
}

/** A wrong code comes back with the server's message, which ends 'N attempts remaining'. */
export function verifyCodeErrorMessage(error: unknown): string {
  if (appCodeOf(error) === "invalid_code" && error instanceof Error) return error.message;
  return partnerErrorText(error) ?? SIGN_IN_MESSAGES.verificationFailed;
}

/** Create Account & Connect (spec 8 'Invitation signup'): a taken email points to the Sign In tab. */
export function invitationSignUpErrorMessage(error: AuthClientError): string {
  if (isAccountExistsError(error)) return INVITATION_SIGNUP_MESSAGES.accountExists;
  // Other server errors are shown as received.
  return error.status && error.message ? error.message : INVITATION_SIGNUP_MESSAGES.signupFailed;
}

/** Linking a signed-in account on /partner/verify. */
export function linkErrorMessage(error: unknown): string {
  return partnerErrorText(error) ?? SEND_CODE_MESSAGES.generic;
}
