/**
 * The better-auth calls of the auth forms without better-auth's client (better-fetch, nanostores and
 * the plugins' proxies: about 15 KB of gzip), for the standalone /auth page's JS budget (70 KB). The
 * same HTTP calls the client makes: JSON to POST /api/auth/<path> with the cookies, refusals as
 * `{ code, message }` with the status. The app's other screens keep the client (src/lib/auth-client.ts).
 */
import type { AuthClientError } from "./auth-client";

const AUTH_URL = "/api/auth";

/** The body each endpoint takes (the server's better-auth with the emailOTP plugin and the name fields). */
interface AuthPostBodies {
  "/sign-in/email": { email: string; password: string };
  /** With the invitation the account is made from (worker/authHooks.ts binds it to the account). */
  "/sign-up/email": { email: string; password: string; name: string; firstName: string; lastName: string; invitationToken?: string; partnerPregnancyId?: string };
  "/sign-in/email-otp": { email: string; otp: string };
  "/email-otp/send-verification-otp": { email: string; type: "sign-in" | "email-verification" };
  /** createdByMe: confirming in another browser, the mailbox's owner says they made the account (it keeps its password and sessions). */
  "/email-otp/verify-email": { email: string; otp: string; createdByMe?: boolean };
  "/request-password-reset": { email: string; redirectTo: string };
}

interface AuthRefusal {
  code?: unknown;
  message?: unknown;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * Posts to one better-auth endpoint and returns its refusal (null on success), like authCall around
 * the client's method. A request that never got an answer (offline, DNS) counts as status 0.
 */
export async function authPost<P extends keyof AuthPostBodies>(path: P, body: AuthPostBodies[P]): Promise<AuthClientError | null> {
  try {
    const response = await fetch(`${AUTH_URL}${path}`, { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (response.ok) return null;
    const refusal = (await response.json().catch(() => ({}))) as AuthRefusal | null;
    return { status: response.status, code: text(refusal?.code), message: text(refusal?.message) };
  } catch (cause) {
    return { status: 0, message: cause instanceof Error ? cause.message : String(cause) };
  }
}

/** What the auth forms read of a session (JSON as sent: no dates revived). */
export interface SignedInUser {
  email: string;
  emailVerified: boolean;
}

/**
 * The signed-in user from GET /api/auth/get-session, or null when there is none or the call failed.
 * Asked of the database, not the signed cookie cache: a session ended elsewhere (or a deleted
 * account) answers null and its cookies are expired, so /auth does not send the visitor on.
 */
export async function signedInUser(): Promise<SignedInUser | null> {
  try {
    const response = await fetch(`${AUTH_URL}/get-session?disableCookieCache=true`, { credentials: "include" });
    if (!response.ok) return null;
    const session = (await response.json()) as { user?: SignedInUser } | null;
    return session?.user ?? null;
  } catch {
    return null;
  }
}
