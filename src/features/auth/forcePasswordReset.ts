/**
 * The force-reset flag (onboarding spec 2 and 3): a password-recovery link sets it; while it is set,
 * every page but '/', '/auth' and '/reset-password' sends the visitor back to '/reset-password'.
 * Signing in or finishing the reset clears it. The link's token is kept for the session so the
 * redirect lands on a usable form.
 */
const FLAG_KEY = "force-password-reset";
const TOKEN_KEY = "password-reset-token";
const FLAG_SET = "1";

/** Paths a visitor with a pending reset may still open. */
export const FORCE_RESET_ALLOWED_PATHS: readonly string[] = ["/", "/auth", "/reset-password"];

export function setForcePasswordReset(token: string): void {
  try {
    localStorage.setItem(FLAG_KEY, FLAG_SET);
    sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage blocked (private mode): the reset still works from the link itself.
  }
}

export function clearForcePasswordReset(): void {
  try {
    localStorage.removeItem(FLAG_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function isForcePasswordResetSet(): boolean {
  try {
    return localStorage.getItem(FLAG_KEY) === FLAG_SET;
  } catch {
    return false;
  }
}

/** The token of the reset in progress, when the page was opened without one. */
export function storedResetToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether the flag pins this path to '/reset-password'. */
export function mustResetPasswordFirst(pathname: string): boolean {
  return isForcePasswordResetSet() && !FORCE_RESET_ALLOWED_PATHS.includes(pathname.replace(/\/+$/, "") || "/");
}
