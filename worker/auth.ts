import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
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
