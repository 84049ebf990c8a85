import { Hono } from "hono";
import { conversionEventSchema } from "../../src/domain/analytics";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { recordConversion } from "../services/analytics";
import { publicPost, readBody, sessionUserId } from "./guards";

/**
 * POST /api/analytics {name, properties}: the one way conversion events are recorded (onboarding
 * spec 7, without a tag manager). A plain endpoint rather than a tRPC procedure so public pages
 * send events with one fetch and without the tRPC client in their bundle. Answers 204.
 */
export const analyticsRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().post("/", publicPost("analytics"), async (c) => {
  const body = await readBody(c, conversionEventSchema);
  if ("refusal" in body) return body.refusal;
  await recordConversion(c.var.scope, body.data, await sessionUserId(c));
  return c.body(null, 204);
});
