/**
 * Where the links in auth mails and the auth provider's redirects lead (onboarding spec 2):
 * /verify and /auth/callback decide with `verificationDestination`; a URL hash carrying an error
 * goes to /check-email through `hashErrorRedirect`.
 */

/** The query of /verify and /auth/callback. `redirect_to` is accepted but never followed (no open redirect). */
export interface VerificationParams {
  type?: string | undefined;
  token?: string | undefined;
  email?: string | undefined;
  code?: string | undefined;
}

export type VerificationDestination =
  | { to: "/reset-password"; search: { token: string } }
  | { to: "/email-confirmed"; search: { email: string; code: string } }
  | { to: "/auth"; search: { error: AuthLinkError } };

/** What /auth says about a failed link: 'Invalid Recovery Link' for a reset link, else 'Verification Failed'. */
export type AuthLinkError = "verification_failed" | "invalid_recovery";

const RECOVERY_TYPES: readonly string[] = ["recovery"];
const SIGNUP_TYPES: readonly string[] = ["signup", "email"];

/** A recovery link goes to the reset form, a signup link to the confirmation; anything else failed. */
export function verificationDestination({ type, token, email, code }: VerificationParams): VerificationDestination {
  const present = (value: string | undefined) => value?.trim() || undefined;
  const recoveryToken = present(token);
  if (type && RECOVERY_TYPES.includes(type) && recoveryToken) return { to: "/reset-password", search: { token: recoveryToken } };
  const signupEmail = present(email);
  const signupCode = present(code);
  if (type && SIGNUP_TYPES.includes(type) && signupEmail && signupCode) return { to: "/email-confirmed", search: { email: signupEmail, code: signupCode } };
  return { to: "/auth", search: { error: type && RECOVERY_TYPES.includes(type) ? "invalid_recovery" : "verification_failed" } };
}

export interface HashError {
  reason: string;
  description: string;
}

/**
 * An error the auth provider put in the URL hash (e.g. `#error=access_denied&error_code=otp_expired
 * &error_description=...`), or null when the hash carries none. The reason is the specific
 * error_code when there is one.
 */
export function hashErrorRedirect(hash: string): HashError | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const error = params.get("error");
  if (!error) return null;
  return { reason: params.get("error_code") || error, description: params.get("error_description") ?? "" };
}

/** Where a page outside the app's router sends a hash carrying an error: /check-email with its reason and description. */
export function hashErrorHref(hash: string): string | null {
  const hashError = hashErrorRedirect(hash);
  return hashError ? `/check-email?${new URLSearchParams({ reason: hashError.reason, description: hashError.description }).toString()}` : null;
}
