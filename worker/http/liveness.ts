import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { logEvent } from "../infra/log";

/** Answers ok only after a real database round trip. */
export const healthRoute = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().get("/", async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
    return c.json({ ok: true, db: "ok" });
  } catch (error) {
    logEvent("error", "health check failed", { error: String(error) });
    return c.json({ ok: false, db: "error" }, 503);
  }
});
