import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import { USER_MODES, type PermissionFlag } from "../../src/domain/enums";
import { INTERNAL_ERROR_MESSAGE } from "../../src/domain/errors";
import { earlyAccessExpiresAt, isEarlyAccessActive } from "../../src/domain/modes";
import type { AuthSession } from "../auth";
import { liveSession, type AccessOptions, type SessionAccess } from "../services/access";
import type { PregnancyCaller, RequestScope, UserCaller } from "../services/caller";
import { currentRequestId } from "../infra/log";
import { AppError, audit, dataIsolationError, notSignedIn } from "../services/errors";
import { hitRateLimit } from "../infra/rateLimit";
import { CREATE_ACCOUNT_MESSAGES } from "../../src/domain/auth";
import { PUBLIC_FORM_MESSAGES } from "../../src/domain/publicForms";
import { SUBSCRIPTION_MESSAGES } from "../../src/domain/subscription";
import { PROCEDURE_RATE_LIMITS } from "../../src/domain/rateLimits";

/** The request's scope (database, bindings, origin, mailer, waitUntil), its session and address. */
export interface Context extends RequestScope {
  /** From the signed cookie cache: who is calling, without a database round trip when the cache is current. */
  session: AuthSession | null;
  /** The session as the database has it now, with the user as stored now (once per request, one statement). */
  freshSession: () => Promise<AuthSession | null>;
  /** The caller's access to a pregnancy with their session's liveness, once per pregnancy per request. */
  loadAccess: (pregnancyId: string, options: AccessOptions) => Promise<SessionAccess>;
  /** The caller's address, as rate limits count it. */
  clientAddress: string;
}

/**
 * Who may call a procedure. Every procedure declares it; the permission-matrix test enumerates the
 * router and checks each rule against signed-out users, other families and guests without the flag.
 */
export type ProcedureAccess = "public" | "signedIn" | "confirmedEmail" | "participant" | "parent" | "owner" | PermissionFlag;
export interface ProcedureMeta {
  access: ProcedureAccess;
  /** The appCode a participant without the flag gets when the spec names its own (else ACCESS_DENIED). */
  refusal?: string;
  /** A mutation that must still run once the pregnancy is read-only (every other one is refused then). */
  runsWhenReadOnly?: true;
  /** An owner's procedure that must still reach a closed (cancelled) pregnancy: deleting it. */
  runsWhenClosed?: true;
}


const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const appCode = error instanceof AppError ? error.appCode : undefined;
      // An unexpected failure's text (SQL, a library's message) stays in the server log; the caller
      // gets a generic message and the request id to quote.
      if (shape.data.code === "INTERNAL_SERVER_ERROR") {
        return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...shape.data, appCode, stack: undefined, requestId: currentRequestId() } };
      }
      return { ...shape, data: { ...shape.data, appCode, stack: undefined } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.meta({ access: "public" });

/**
 * Counts this call against `rule` once for the caller's address and once per subject the call
 * names (an invitation, a token), in one statement; any bucket over its limit refuses the call.
 * Every call counts, refused or not, so probing costs the same as succeeding.
 */
export async function limitCalls(ctx: Pick<Context, "db" | "clientAddress">, rule: keyof typeof PROCEDURE_RATE_LIMITS, subjects: readonly string[] = []): Promise<void> {
  const keys = [`${rule}:address:${ctx.clientAddress}`, ...subjects.map((subject) => `${rule}:${subject}`)];
  const verdict = await hitRateLimit(ctx.db, keys, PROCEDURE_RATE_LIMITS[rule]);
  if (!verdict.allowed) throw new AppError("TOO_MANY_REQUESTS", "RATE_LIMITED", PUBLIC_FORM_MESSAGES.tooManyRequests);
}

/**
 * Middleware for a public or secret-taking procedure: each call counts against `rule` for the
 * caller's address, and for their account when signed in. Placed before `.input()`, so malformed
 * calls count too.
 */
export const rateLimited = (rule: keyof typeof PROCEDURE_RATE_LIMITS) =>
  t.middleware(async ({ ctx, next }) => {
    await limitCalls(ctx, rule, ctx.session ? [`user:${ctx.session.user.id}`] : []);
    return next();
  });

/** Doors to the caller's own account: a session ended on another device must stop here at once. */
const ACCOUNT_DOORS = new Set<ProcedureAccess>(["signedIn", "confirmedEmail"]);

/**
 * A signed-in caller, first as the signed cookie cache has them. Pregnancy doors confirm the session
 * in the same statement as their access check. Account reads confirm it in their own statement
 * (`caller.liveSession`, services/access.ts), and a read that did not is checked here before its
 * answer leaves (queries only read, so nothing has changed). Account changes are rare: they ask the
 * database for the session first, as the user is stored now.
 */
export const signedInProcedure = t.procedure.meta({ access: "signedIn" }).use(async ({ ctx, meta, type, next }) => {
  const accountRead = meta !== undefined && ACCOUNT_DOORS.has(meta.access) && type === "query";
  const session = meta && ACCOUNT_DOORS.has(meta.access) && !accountRead ? await ctx.freshSession() : ctx.session;
  if (!session) throw notSignedIn();
  const user = session.user;
  const live = liveSession({ userId: user.id, sessionId: session.session.id }, ctx.freshSession, !accountRead);
  const caller: UserCaller = { db: ctx.db, env: ctx.env, origin: ctx.origin, waitUntil: ctx.waitUntil, mailer: ctx.mailer, outbox: ctx.outbox, now: ctx.now, pictures: ctx.pictures, user, liveSession: live };
  const result = await next({ ctx: { ...ctx, session, user, caller } });
  if (!live.confirmed) await live.confirm(false);
  return result;
});

const emailNotConfirmed = () => new AppError("FORBIDDEN", "EMAIL_NOT_CONFIRMED", CREATE_ACCOUNT_MESSAGES.emailNotVerified);

/**
 * A signed-in user whose email is confirmed. Taking an invitation needs proof that the mailbox it
 * was sent to is the caller's: early access lets anyone sign up with any address. The cookie cache
 * may predate the confirmation: only the database's word refuses.
 */
export const confirmedEmailProcedure = signedInProcedure.meta({ access: "confirmedEmail" }).use(async ({ ctx, next }) => {
  if (!ctx.user.emailVerified && !(await ctx.caller.liveSession.user()).emailVerified) throw emailNotConfirmed();
  return next();
});

/** Every pregnancy-scoped input names the pregnancy and, optionally, the mode the client is in. */
export const pregnancyInput = z.object({
  pregnancyId: z.uuid(),
  mode: z.enum(USER_MODES).optional(),
});


/**
 * Loads the caller's active participation in the named pregnancy and the effective permissions.
 * Everything downstream filters by `ctx.pregnancy.id`, which has been checked here. After the
 * service end the pregnancy is read-only (core spec 4): queries still run, every mutation is refused.
 */
export const participantProcedure = signedInProcedure
  .meta({ access: "participant" })
  .input(pregnancyInput)
  .use(async ({ ctx, input, next, type, meta }) => {
    // Pregnancy data needs a confirmed email once the 24 hours of early access are over (onboarding spec 4).
    if (!ctx.user.emailVerified && !isEarlyAccessActive(earlyAccessExpiresAt(ctx.user.createdAt.getTime()), Date.now())) {
      // The cookie cache may predate the confirmation: only the database's word refuses.
      if (!(await ctx.freshSession())?.user.emailVerified) throw emailNotConfirmed();
    }
    const loaded = await ctx.loadAccess(input.pregnancyId, { closedToOwner: meta?.runsWhenClosed === true });
    if (!loaded.signedIn) throw notSignedIn();
    const { access } = loaded;
    if (!access) {
      audit("ACCESS_DENIED", { userId: ctx.user.id, pregnancyId: input.pregnancyId });
      throw dataIsolationError("ACCESS_DENIED");
    }
    if (input.mode === "parent" && !access.isParent) {
      audit("MODE_MISMATCH", { userId: ctx.user.id, pregnancyId: input.pregnancyId });
      throw dataIsolationError("MODE_MISMATCH");
    }
    if (type === "mutation" && access.serviceState === "read-only" && !meta?.runsWhenReadOnly) throw new AppError("FORBIDDEN", "READ_ONLY", SUBSCRIPTION_MESSAGES.readOnly);
    const caller: PregnancyCaller = { ...ctx.caller, access };
    return next({ ctx: { ...ctx, pregnancy: access, mode: input.mode, caller } });
  });

/** Owner or partner of the pregnancy, acting in parent mode. */
export const parentProcedure = participantProcedure.meta({ access: "parent" }).use(({ ctx, next }) => {
  if (!ctx.pregnancy.isParent) {
    audit("ACCESS_DENIED", { need: "parent", userId: ctx.user.id, pregnancyId: ctx.pregnancy.id });
    throw dataIsolationError("ACCESS_DENIED");
  }
  if (ctx.mode === "guest") {
    audit("MODE_MISMATCH", { userId: ctx.user.id, pregnancyId: ctx.pregnancy.id });
    throw dataIsolationError("MODE_MISMATCH");
  }
  return next();
});

/** The pregnancy's owner (who pays for it), acting in parent mode: handing it over or deleting it. */
export const ownerProcedure = parentProcedure.meta({ access: "owner" }).use(({ ctx, next }) => {
  if (ctx.pregnancy.role !== "owner") {
    audit("ACCESS_DENIED", { need: "owner", userId: ctx.user.id, pregnancyId: ctx.pregnancy.id });
    throw dataIsolationError("ACCESS_DENIED");
  }
  return next();
});

/** A pregnancy-scoped procedure that also needs one of the 13 permission flags. */
export const flaggedProcedure = (flag: PermissionFlag) =>
  participantProcedure.meta({ access: flag }).use(({ ctx, next }) => {
    if (!ctx.pregnancy.permissions[flag]) {
      audit("ACCESS_DENIED", { flag, userId: ctx.user.id, pregnancyId: ctx.pregnancy.id });
      throw dataIsolationError("ACCESS_DENIED");
    }
    return next();
  });
