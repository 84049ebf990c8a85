import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { confirmedSession, liveSession, loadSessionAccess } from "../services/access";
import type { PregnancyCaller, UserCaller } from "../services/caller";
import { SUBSCRIPTION_MESSAGES } from "../../src/domain/subscription";

export interface PregnancyRouteVariables extends AppVariables {
  /** The same caller a pregnancy-scoped procedure hands its service. */
  caller: PregnancyCaller;
}

export interface UserRouteVariables extends AppVariables {
  /** The same caller a signed-in procedure hands its service. */
  caller: UserCaller;
}

/** HTTP routes for any signed-in user (an account door: the session is checked with the database). */
export const requireUser = createMiddleware<{ Bindings: Bindings; Variables: UserRouteVariables }>(async (c, next) => {
  const session = await c.var.getSession("fresh");
  if (!session) return c.json({ error: "UNAUTHORIZED" }, 401);
  c.set("caller", { ...c.var.scope, user: session.user, liveSession: confirmedSession(session.user) });
  await next();
});

/** Methods that only read. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The caller of an HTTP route under /:pregnancyId, with the same check as pregnancy-scoped tRPC
 * procedures (read-only after the service end included), or the answer that refuses them.
 */
export async function pregnancyRouteCaller<V extends AppVariables>(c: Context<{ Bindings: Bindings; Variables: V }>): Promise<PregnancyCaller | Response> {
  const session = await c.var.getSession("cached");
  if (!session) return c.json({ error: "UNAUTHORIZED" }, 401);
  const pregnancyId = z.uuid().safeParse(c.req.param("pregnancyId"));
  if (!pregnancyId.success) return c.json({ error: "VALIDATION_FAILED" }, 400);
  // The session's liveness comes with the access row (services/access.ts).
  const requestSession = { userId: session.user.id, sessionId: session.session.id };
  const loaded = await loadSessionAccess(c.var.db, requestSession, pregnancyId.data, { now: c.var.scope.now });
  if (!loaded.signedIn) return c.json({ error: "UNAUTHORIZED" }, 401);
  const { access } = loaded;
  if (!access) return c.json({ error: "ACCESS_DENIED" }, 403);
  if (access.serviceState === "read-only" && !SAFE_METHODS.has(c.req.method)) return c.json({ error: "READ_ONLY", message: SUBSCRIPTION_MESSAGES.readOnly }, 403);
  return { ...c.var.scope, user: session.user, liveSession: liveSession(requestSession, () => c.var.getSession("fresh"), true), access };
}

/** HTTP routes under /:pregnancyId run only for a caller `pregnancyRouteCaller` lets in. */
export const requirePregnancyAccess = createMiddleware<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>(async (c, next) => {
  const caller = await pregnancyRouteCaller(c);
  if (caller instanceof Response) return caller;
  c.set("caller", caller);
  await next();
});
