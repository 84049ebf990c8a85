import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { loadPregnancyAccess, type PregnancyAccess } from "../trpc/access";

export interface PregnancyRouteVariables extends AppVariables {
  access: PregnancyAccess;
  userId: string;
}

/** HTTP routes under /:pregnancyId get the same check as pregnancy-scoped tRPC procedures. */
export const requirePregnancyAccess = createMiddleware<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>(async (c, next) => {
  const session = await c.var.getAuth().api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.json({ error: "UNAUTHORIZED" }, 401);
  const pregnancyId = z.uuid().safeParse(c.req.param("pregnancyId"));
  if (!pregnancyId.success) return c.json({ error: "VALIDATION_FAILED" }, 400);
  const access = await loadPregnancyAccess(c.var.db, session.user.id, pregnancyId.data);
  if (!access) return c.json({ error: "ACCESS_DENIED" }, 403);
  c.set("access", access);
  c.set("userId", session.user.id);
  await next();
});
