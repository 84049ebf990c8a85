/** The search parameters of /auth (onboarding spec 2). */
export const AUTH_MODES = ["signin", "signup", "verify", "code"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export interface AuthSearch {
  /** Which form shows; sign-in when absent. */
  mode?: AuthMode;
  /** Prefills the email (and names the address a verification code went to). */
  email?: string;
  /** 'verification_failed' when a verification link failed. */
  error?: string;
}

const MAX_EMAIL_LENGTH = 254;

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  if (typeof search.mode === "string" && (AUTH_MODES as readonly string[]).includes(search.mode)) result.mode = search.mode as AuthMode;
  if (typeof search.email === "string" && search.email.length <= MAX_EMAIL_LENGTH) result.email = search.email;
  if (typeof search.error === "string") result.error = search.error;
  return result;
}
