import { Hono } from "hono";
import { clientErrorReportSchema } from "../../src/domain/clientErrorSchema";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { trackClientError } from "../infra/errorTracker";
import { logEvent } from "../infra/log";
import { publicPost, readBody } from "./guards";
import { carriesToken } from "../../src/domain/secretUrls";

/**
 * POST /api/client-errors: a browser's error report (core spec 8, src/lib/errorReports.ts), so the
 * team sees what families hit. Same origin and rate-limited per address; logged as one line and
 * passed to the error tracker when one is configured. A path that carries a token is withheld.
 * Answers 204.
 */
export const clientErrorRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().post("/", publicPost("clientErrors"), async (c) => {
  const body = await readBody(c, clientErrorReportSchema);
  if ("refusal" in body) return body.refusal;
  const report = { ...body.data, path: carriesToken(new URL(body.data.path, c.req.url)) ? "[withheld]" : body.data.path };
  logEvent("error", "client error", report);
  trackClientError(report);
  return c.body(null, 204);
});
