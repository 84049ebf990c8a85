import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getCookieCache, parseCookies } from "better-auth/cookies";
import { emailOTP } from "better-auth/plugins";
import type { Db } from "./db";
import { accounts, rateLimits, sessions, users, verifications } from "./db/schema";
import { createAuthHooks } from "./authHooks";
import { joinClaimedInvitations } from "./services/invitationClaims";
import { composeMail } from "./infra/mailer";
import type { Mailer } from "./infra/outbox";
import { AUTH_RATE_LIMITS } from "../src/domain/rateLimits";
import { OTP_EXPIRES_SECONDS, OTP_LENGTH, OTP_ALLOWED_ATTEMPTS, PASSWORD_MIN_LENGTH_SIGNUP, PASSWORD_RESET_LINK_EXPIRES_SECONDS, SESSION_COOKIE_CACHE_SECONDS, SESSION_EXPIRES_SECONDS } from "../src/domain/authRules";
import { SECONDS_PER_MINUTE } from "../src/domain/units";
import { codeLifetimeNote } from "../src/domain/authMessages";
import type { MeasurementSystem } from "../src/domain/enums";
import { hmacKeyOf } from "./infra/signedLinks";

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  secret: string;
  baseURL: string;
  /** Told after any session of a user ends (sign-out, revocation, reset), to cut that user's sockets. */
  sessionEnded?: (userId: string) => Promise<void>;
}

const OTP_SUBJECTS = {
  "sign-in": "Your sign-in code",
  "email-verification": "Confirm your email",
  "forget-password": "Your password reset code",
  "change-email": "Confirm your new email",
} as const;

/** /email-confirmed with what it needs to verify the address (onboarding spec 2). */
export function emailConfirmedLink(baseURL: string, email: string, code: string): string {
  const url = new URL("/email-confirmed", baseURL);
  url.search = new URLSearchParams({ email, code }).toString();
  return url.toString();
}

/** better-auth is created per request on Workers (its database handle is per request). */
export function createAuth({ db, mailer, secret, baseURL, sessionEnded }: AuthDeps) {
  return betterAuth({
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins: [baseURL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: true },
        lastName: { type: "string", required: true },
      },
    },
    // The signed cookie cache spares most requests the session read (context.ts getSession).
    session: { expiresIn: SESSION_EXPIRES_SECONDS, cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS } },
    emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH_SIGNUP,
      autoSignIn: true,
      // The spec gives 24 hours of early access while the email is being confirmed.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_EXPIRES_SECONDS,
      // A reset proves the mailbox: every session ends (a squatter's too) and the email counts as confirmed.
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        // The reset proved the mailbox: the invitations the account claimed join it.
        await joinClaimedInvitations(db, user, new Date());
      },
      async sendResetPassword({ user, url }) {
        await mailer.send(
          composeMail(
            user.email,
            "Reset your password",
            [
              "Someone asked to reset the password of your BabySteps account.",
              `The link works once, for ${PASSWORD_RESET_LINK_EXPIRES_SECONDS / SECONDS_PER_MINUTE} minutes. If it was not you, ignore this email: your password stays as it is.`,
            ],
            { label: "Choose a new password", url },
          ),
        );
      },
    },
    // Password rules, per-account sign-in throttling, profile rules and mailbox proofs (worker/authHooks.ts).
    hooks: createAuthHooks(db),
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // The plugin becomes better-auth's email verification, so sign-up mails a code (below).
        overrideDefaultEmailVerification: true,
        // Signing in with a code never creates an account.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          // The confirmation mail also carries the code as a link, so one click confirms the address.
          const withLink = type === "email-verification";
          const paragraphs = [`Your code is ${otp}.`, codeLifetimeNote(withLink), "If you did not ask for it, ignore this email."];
          const action = withLink ? { label: "Confirm my email", url: emailConfirmedLink(baseURL, email, otp) } : undefined;
          await mailer.send(composeMail(email, OTP_SUBJECTS[type], paragraphs, action));
        },
      }),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: AUTH_RATE_LIMITS.default.window,
      max: AUTH_RATE_LIMITS.default.max,
      customRules: {
        "/sign-in/email": AUTH_RATE_LIMITS.signIn,
        "/sign-in/email-otp": AUTH_RATE_LIMITS.signIn,
        "/email-otp/send-verification-otp": AUTH_RATE_LIMITS.codeRequest,
        "/email-otp/verify-email": AUTH_RATE_LIMITS.signIn,
        "/request-password-reset": AUTH_RATE_LIMITS.codeRequest,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: {
        // Every way a session ends runs this: its user's open sockets are checked again at once.
        delete: { after: async (session) => void (await sessionEnded?.(session.userId)) },
      },
      user: {
        create: {
          // better-auth requires `name`; ours is always first + last.
          before: async (user) => ({ data: { ...user, name: `${String(user.firstName ?? "")} ${String(user.lastName ?? "")}`.trim() || user.name } }),
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
type BetterAuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
/**
 * A session and its user. Read from the database (getSession("fresh"), worker/context.ts), the user
 * also carries their stored time zone and units, from the same statement; the cookie cache's copy has neither.
 */
export type AuthSession = BetterAuthSession & { user: BetterAuthSession["user"] & { timeZone?: string | null; measurementSystem?: MeasurementSystem | null } };

/** better-auth's cookie names (no prefix configured): `__Secure-` before them when the app is served over https. */
const cookieName = (name: "session_token" | "session_data", baseURL: string) => `${baseURL.startsWith("https://") ? "__Secure-" : ""}better-auth.${name}`;
/** better-call signs a cookie as `value.signature`, the signature being HMAC-SHA256's 32 bytes in padded base64. */
const SIGNATURE_LENGTH = 44;

/** The value of a cookie better-auth signed with `secret`; null when missing or the signature does not hold. */
async function signedCookieValue(cookie: string | undefined, secret: string): Promise<string | null> {
  const dot = cookie?.lastIndexOf(".") ?? -1;
  if (!cookie || dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(signature), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
  return (await crypto.subtle.verify("HMAC", await hmacKeyOf(secret), bytes, new TextEncoder().encode(value))) ? value : null;
}


interface CachedSession {
  session: BetterAuthSession["session"];
  user: BetterAuthSession["user"];
  updatedAt: number;
  version?: string;
}

/**
 * The session the signed cookie cache vouches for, taken exactly when better-auth's own getSession
 * would take it (a validly signed session token, a validly signed and unexpired cache of that same
 * token, the cache's version, a session not run out), without building better-auth for the request:
 * that costs a signed-in read about 2 ms of CPU (issue 40). Null whenever better-auth must decide
 * (no cache, an old or foreign one): its lookup then reads the database and renews or expires the cookies.
 */
export async function sessionFromCookieCache(headers: Headers, secret: string, baseURL: string): Promise<AuthSession | null> {
  const cookies = parseCookies(headers.get("cookie") ?? "");
  const tokenCookie = cookies.get(cookieName("session_token", baseURL));
  const dataCookie = cookies.get(cookieName("session_data", baseURL));
  if (!tokenCookie || !dataCookie) return null;
  // The same two cookies verify the same way until the cache runs out: an isolate checks them once.
  const memoKey = `${tokenCookie}|${dataCookie}`;
  const memo = verifiedCaches.get(memoKey);
  if (memo && memo.until > Date.now()) return memo.session;
  const token = await signedCookieValue(tokenCookie, secret);
  if (!token) return null;
  const cached = await getCookieCache<CachedSession>(headers, { secret, isSecure: baseURL.startsWith("https://"), version: "1" });
  if (!cached || cached.session.token !== token) return null;
  // The cookie's JSON carries dates as text; better-auth hands them out as dates.
  const { session, user } = cached;
  const verified: AuthSession = {
    session: { ...session, expiresAt: new Date(session.expiresAt), createdAt: new Date(session.createdAt), updatedAt: new Date(session.updatedAt) },
    user: { ...user, createdAt: new Date(user.createdAt), updatedAt: new Date(user.updatedAt) },
  };
  remember(memoKey, verified, Math.min(cached.updatedAt + SESSION_COOKIE_CACHE_SECONDS * MS_PER_SECOND, verified.session.expiresAt.getTime()));
  return verified;
}

const MS_PER_SECOND = 1000;
/** Cookie caches this isolate has verified, until each runs out; the oldest go first past the bound. */
const verifiedCaches = new Map<string, { session: AuthSession; until: number }>();
const VERIFIED_CACHES_MAX = 500;

function remember(key: string, session: AuthSession, until: number) {
  verifiedCaches.delete(key);
  verifiedCaches.set(key, { session, until });
  if (verifiedCaches.size > VERIFIED_CACHES_MAX) verifiedCaches.delete(verifiedCaches.keys().next().value ?? key);
}
