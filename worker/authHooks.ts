import { APIError, createAuthMiddleware } from "better-auth/api";
import { CREATE_ACCOUNT_MESSAGES, displayNameSchema, isWeakPassword, personNameSchema, RESET_PASSWORD_MESSAGES } from "../src/domain/auth";
import { isCommonPassword } from "../src/domain/authRules";
import type { Db } from "./db";
import { clearSignInAttempts, takeSignInAttempt } from "./infra/rateLimit";
import { storedImageName } from "./infra/storage";
import { PUBLIC_FORM_MESSAGES } from "../src/domain/publicForms";
import { claimInvitation, joinClaimedInvitations } from "./services/invitationClaims";

/** What better-auth hands a hook: the request's body and cookies, and its own database adapter. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type InternalAdapter = HookContext["context"]["internalAdapter"];

const VERIFY_EMAIL_PATH = "/email-otp/verify-email";
const CODE_SIGN_IN_PATH = "/sign-in/email-otp";
const PASSWORD_SIGN_IN_PATH = "/sign-in/email";
const SIGN_UP_PATH = "/sign-up/email";
const UPDATE_USER_PATH = "/update-user";

/**
 * Where a password is set, and the field that carries it. Sign-up keeps the spec's 6-character
 * minimum and refuses only common passwords; every later password meets the reset form's rule.
 */
const common = (password: string) => (isCommonPassword(password) ? new APIError("BAD_REQUEST", { code: "COMMON_PASSWORD", message: CREATE_ACCOUNT_MESSAGES.commonPassword }) : null);
const weak = (password: string) => (isWeakPassword(password) ? new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: RESET_PASSWORD_MESSAGES.weakPassword }) : null);
const NEW_PASSWORDS: Record<string, { field: string; refused: (password: string) => APIError | null }> = {
  "/sign-up/email": { field: "password", refused: common },
  "/reset-password": { field: "newPassword", refused: weak },
  "/change-password": { field: "newPassword", refused: weak },
  "/email-otp/reset-password": { field: "password", refused: weak },
};

const bodyOf = (ctx: HookContext): Record<string, unknown> => (typeof ctx.body === "object" && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {});

const bodyString = (ctx: HookContext, field: string): string | undefined => {
  const value = bodyOf(ctx)[field];
  return typeof value === "string" ? value : undefined;
};

/** The user id behind the session cookie the request carries, if any. */
async function requesterUserId(ctx: HookContext): Promise<string | null> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return null;
  return (await ctx.context.internalAdapter.findSession(token))?.session.userId ?? null;
}

/** The password rules hold on the server too, whatever the client sends. */
function checkNewPassword(ctx: HookContext): void {
  const rule = NEW_PASSWORDS[ctx.path];
  const password = rule && bodyString(ctx, rule.field);
  const refusal = rule && password !== undefined ? rule.refused(password) : null;
  if (refusal) throw refusal;
}

const invalidProfile = (message: string) => new APIError("BAD_REQUEST", { code: "INVALID_PROFILE", message });

/**
 * better-auth's own /update-user takes what the profile form takes: names by the same rules
 * (stored trimmed), and as the picture only none or one of the caller's own avatars (the
 * app's avatar route), never an address elsewhere that would be fetched by every viewer.
 */
async function checkProfileUpdate(ctx: HookContext): Promise<{ context: { body: Record<string, unknown> } } | undefined> {
  if (ctx.path !== UPDATE_USER_PATH) return undefined;
  const body = bodyOf(ctx);
  const names: Record<string, string> = {};
  for (const [field, schema] of [
    ["firstName", personNameSchema],
    ["lastName", personNameSchema],
    ["name", displayNameSchema],
  ] as const) {
    if (!(field in body)) continue;
    const parsed = schema.safeParse(body[field]);
    if (!parsed.success) throw invalidProfile(`Invalid ${field}`);
    names[field] = parsed.data;
  }
  if ("image" in body && body.image !== null) {
    const userId = await requesterUserId(ctx);
    const [, api, avatars, owner, fileName, ...rest] = typeof body.image === "string" ? body.image.split("/") : [];
    const ownAvatar = api === "api" && avatars === "avatars" && userId !== null && owner === userId && storedImageName.safeParse(fileName).success && rest.length === 0;
    if (!ownAvatar) throw invalidProfile("Invalid image");
  }
  return { context: { body: { ...body, ...names } } };
}

/**
 * Sign-in attempts count per account as well as per address: each is counted before its password
 * is compared, and refused while the account must wait, from whatever address.
 */
async function throttleSignIn(db: Db, ctx: HookContext): Promise<void> {
  const email = ctx.path === PASSWORD_SIGN_IN_PATH ? bodyString(ctx, "email") : undefined;
  if (email === undefined) return;
  const verdict = await takeSignInAttempt(db, email);
  if (!verdict.allowed) {
    throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: PUBLIC_FORM_MESSAGES.tooManyRequests }, { "retry-after": String(verdict.retryAfterSeconds) });
  }
}

/**
 * A first email confirmation under way, noted before the code is checked: whose account, and
 * whether what predates it stays: the person confirming sent a session of that very account, or,
 * confirming elsewhere (the mail app's browser), said they created the account themselves
 * (`createdByMe`; only the mailbox's owner holds the code that makes it count). Keyed by the
 * request, which the before and after hooks share.
 */
const firstConfirmations = new WeakMap<Request, { userId: string; keepsAccess: boolean }>();

/** Ends every session of the user but the one just created (each end runs the session hooks). */
async function endOtherSessions(adapter: InternalAdapter, userId: string, keepToken: string): Promise<void> {
  const others = (await adapter.listSessions(userId)).map((session) => session.token).filter((token) => token !== keepToken);
  if (others.length > 0) await adapter.deleteSessions(others);
}

/** Removes the password: whoever set it never proved the mailbox, so it no longer signs in (a reset sets a new one). */
async function forgetPassword(adapter: InternalAdapter, userId: string): Promise<void> {
  for (const account of await adapter.findAccounts(userId)) {
    if (account.providerId === "credential") await adapter.deleteAccount(account.id);
  }
}

/**
 * Proving the mailbox takes the account back. Early access lets anyone sign up with someone
 * else's address; when its owner later proves the mailbox, whatever the squatter holds must end:
 *
 * - a first email confirmation ends every other session, and the password too unless the person
 *   confirming is signed in to this account (they set it at sign-up or signed in with it);
 * - a code sign-in ends every other session (on an unconfirmed account better-auth itself first
 *   removes the password and the sessions, see revokeUnprovenAccountAccess);
 * - a password reset ends every session (revokeSessionsOnPasswordReset) and counts as proof.
 */
const mailboxProof = {
  /** Before the code is checked: is this a first confirmation, and who is asking? */
  before: async (ctx: HookContext): Promise<void> => {
    if (ctx.path !== VERIFY_EMAIL_PATH || !ctx.request) return;
    const email = bodyString(ctx, "email");
    const found = email ? await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()) : null;
    if (!found || found.user.emailVerified) return;
    const keepsAccess = bodyOf(ctx).createdByMe === true || (await requesterUserId(ctx)) === found.user.id;
    firstConfirmations.set(ctx.request, { userId: found.user.id, keepsAccess });
  },

  /** After a proof succeeded (it signed the prover in): end what predates it. */
  after: async (ctx: HookContext): Promise<void> => {
    const created = ctx.context.newSession;
    if (!created) return;
    if (ctx.path === CODE_SIGN_IN_PATH) {
      await endOtherSessions(ctx.context.internalAdapter, created.user.id, created.session.token);
      return;
    }
    const confirmation = ctx.path === VERIFY_EMAIL_PATH && ctx.request ? firstConfirmations.get(ctx.request) : undefined;
    if (!confirmation || confirmation.userId !== created.user.id || confirmation.keepsAccess) return;
    await endOtherSessions(ctx.context.internalAdapter, created.user.id, created.session.token);
    await forgetPassword(ctx.context.internalAdapter, created.user.id);
  },
};

/**
 * Invitations follow the account, not the browser (issue 35): a sign-up made from an invitation
 * claims it, and any proof of the mailbox (a code or link confirmation, a code sign-in) takes
 * what the account claimed, wherever the proof happens.
 */
async function bindInvitations(db: Db, ctx: HookContext): Promise<void> {
  const created = ctx.context.newSession;
  if (!created) return;
  const account = { id: created.user.id, email: created.user.email };
  if (ctx.path === SIGN_UP_PATH) {
    await claimInvitation(db, account, { invitationToken: bodyString(ctx, "invitationToken"), partnerPregnancyId: bodyString(ctx, "partnerPregnancyId") }, new Date());
  } else if (ctx.path === VERIFY_EMAIL_PATH || ctx.path === CODE_SIGN_IN_PATH) {
    await joinClaimedInvitations(db, account, new Date());
  }
}

/** better-auth's before and after hooks: our rules around its endpoints. */
export function createAuthHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      checkNewPassword(ctx);
      await throttleSignIn(db, ctx);
      await mailboxProof.before(ctx);
      return checkProfileUpdate(ctx);
    }),
    after: createAuthMiddleware(async (ctx) => {
      await mailboxProof.after(ctx);
      await bindInvitations(db, ctx);
      const email = ctx.path === PASSWORD_SIGN_IN_PATH && ctx.context.newSession ? bodyString(ctx, "email") : undefined;
      if (email !== undefined) await clearSignInAttempts(db, email);
    }),
  };
}
