import type { createAuthMiddleware } from "better-auth/api";

/** What better-auth hands a hook: the request's body and cookies, and its own database adapter. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type InternalAdapter = HookContext["context"]["internalAdapter"];

const VERIFY_EMAIL_PATH = "/email-otp/verify-email";
const CODE_SIGN_IN_PATH = "/sign-in/email-otp";

/**
 * A first email confirmation under way, noted before the code is checked: whose account, and
 * whether the person confirming showed they hold its password (they sent a session of that very
 * account). Keyed by the request, which the before and after hooks share.
 */
const firstConfirmations = new WeakMap<Request, { userId: string; passwordKnown: boolean }>();

const bodyString = (ctx: HookContext, field: string): string | undefined => {
  const body: unknown = ctx.body;
  const value = typeof body === "object" && body !== null && field in body ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === "string" ? value : undefined;
};

/** The user id behind the session cookie the request carries, if any. */
async function requesterUserId(ctx: HookContext): Promise<string | null> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token) return null;
  return (await ctx.context.internalAdapter.findSession(token))?.session.userId ?? null;
}

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
export const mailboxProof = {
  /** Before the code is checked: is this a first confirmation, and who is asking? */
  before: async (ctx: HookContext): Promise<void> => {
    if (ctx.path !== VERIFY_EMAIL_PATH || !ctx.request) return;
    const email = bodyString(ctx, "email");
    const found = email ? await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()) : null;
    if (!found || found.user.emailVerified) return;
    firstConfirmations.set(ctx.request, { userId: found.user.id, passwordKnown: (await requesterUserId(ctx)) === found.user.id });
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
    if (!confirmation || confirmation.userId !== created.user.id) return;
    await endOtherSessions(ctx.context.internalAdapter, created.user.id, created.session.token);
    if (!confirmation.passwordKnown) await forgetPassword(ctx.context.internalAdapter, created.user.id);
  },
};
