import { createMiddleware } from "hono/factory";
import { missingSettings } from "../config";
import type { Bindings } from "../env";
import { logEvent } from "../infra/log";

const HTTP_UNAVAILABLE = 503;

/**
 * A production Worker missing a setting says which in its log and answers 503 to everything, rather
 * than half-work or fall back to a dev behaviour.
 */
export const configurationGuard = createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
  const missing = missingSettings(c.env);
  if (missing.length === 0) return next();
  logEvent("error", "configuration missing", { missing });
  return c.json({ error: "SERVICE_UNAVAILABLE", message: "This service is not fully configured yet." }, HTTP_UNAVAILABLE);
});
