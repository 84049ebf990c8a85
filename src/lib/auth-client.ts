/**
 * better-auth's browser client for the worker's /api/auth (same origin). Sign-up takes the extra
 * user fields firstName and lastName; emailOTPClient adds the 6-digit code calls.
 */
import { emailOTPClient, inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient({
  // No window while the /auth page is prerendered at build time; that render makes no calls.
  baseURL: typeof window === "undefined" ? undefined : window.location.origin,
  basePath: "/api/auth",
  plugins: [
    emailOTPClient(),
    inferAdditionalFields({
      user: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
      },
    }),
  ],
});

export type Session = typeof authClient.$Infer.Session;
export type SessionUser = Session["user"];

/** The error shape better-auth's client returns in `{ error }` (status 0 when the request never got an answer). */
export interface AuthClientError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

/**
 * Runs a better-auth client call and returns its error (null on success). A request that never
 * got an answer (offline, DNS) counts as status 0.
 */
export async function authCall(call: () => Promise<{ error: AuthClientError | null }>): Promise<AuthClientError | null> {
  try {
    const { error } = await call();
    return error ? { status: error.status, code: error.code, message: error.message } : null;
  } catch (cause) {
    return { status: 0, message: cause instanceof Error ? cause.message : String(cause) };
  }
}
