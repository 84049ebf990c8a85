import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import type { PermissionFlag } from "../../src/domain/enums";
import type { DataIsolationCode } from "../../src/domain/errors";
import type { AuthSession } from "../auth";
import type { Db } from "../db";
import type { Bindings } from "../env";
import { loadPregnancyAccess } from "./access";

export interface Context {
  db: Db;
  env: Bindings;
  /** Only waitUntil is used: work that may finish after the response (closing the pool, fan-out). */
  executionCtx: { waitUntil(promise: Promise<unknown>): void };
  session: AuthSession | null;
}

/** A refusal that carries one of the spec's machine codes; the client maps it to the spec's text. */
export class AppError extends TRPCError {
  readonly appCode: string;
  constructor(trpcCode: TRPCError["code"], appCode: string, message?: string) {
    super({ code: trpcCode, message: message ?? appCode });
    this.appCode = appCode;
  }
}

export const dataIsolationError = (code: DataIsolationCode) =>
  new AppError(code === "VALIDATION_FAILED" ? "BAD_REQUEST" : "FORBIDDEN", code);

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const appCode = error instanceof AppError ? error.appCode : undefined;
    return { ...shape, data: { ...shape.data, appCode, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

export const signedInProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("UNAUTHORIZED", "UNAUTHORIZED", "Not signed in");
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.session.user } });
});

/** Every pregnancy-scoped input names the pregnancy and, optionally, the mode the client is in. */
export const pregnancyInput = z.object({
  pregnancyId: z.uuid(),
  mode: z.enum(["parent", "guest"]).optional(),
});

/**
 * Loads the caller's active participation in the named pregnancy and the effective permissions.
 * Everything downstream filters by `ctx.pregnancy.id`, which has been checked here.
 */
export const pregnancyProcedure = signedInProcedure.input(pregnancyInput).use(async ({ ctx, input, next }) => {
  const access = await loadPregnancyAccess(ctx.db, ctx.user.id, input.pregnancyId);
  if (!access) {
    console.warn(JSON.stringify({ level: "warn", audit: "ACCESS_DENIED", userId: ctx.user.id, pregnancyId: input.pregnancyId }));
    throw dataIsolationError("ACCESS_DENIED");
  }
  if (input.mode === "parent" && !access.isParent) {
    console.warn(JSON.stringify({ level: "warn", audit: "MODE_MISMATCH", userId: ctx.user.id, pregnancyId: input.pregnancyId }));
    throw dataIsolationError("MODE_MISMATCH");
  }
  return next({ ctx: { ...ctx, pregnancy: access } });
});

/** A pregnancy-scoped procedure that also needs one of the 13 permission flags. */
export const flaggedProcedure = (flag: PermissionFlag) =>
  pregnancyProcedure.use(({ ctx, next }) => {
    if (!ctx.pregnancy.permissions[flag]) {
      console.warn(JSON.stringify({ level: "warn", audit: "ACCESS_DENIED", flag, userId: ctx.user.id, pregnancyId: ctx.pregnancy.id }));
      throw dataIsolationError("ACCESS_DENIED");
    }
    return next();
  });
