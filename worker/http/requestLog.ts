import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { isDevEnvironment } from "../config";
import type { Bindings } from "../env";
import { logEvent, withRequestId } from "../infra/log";
import { carriesToken } from "../../src/domain/secretUrls";

export const REQUEST_ID_HEADER = "x-request-id";
const HTTP_SERVER_ERROR = 500;
const HTTP_CLIENT_ERROR = 400;
const HTTP_SWITCHING_PROTOCOLS = 101;

/**
 * Gives every request an id (Cloudflare's ray id when there is one), answers with it, and logs one
 * line when it ends: method, matched route, path (withheld when it carries a token; never the
 * query), status and duration. Locally only failures are logged: wrangler prints every request already.
 */
export const requestLog = createMiddleware<{ Bindings: Bindings }>(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  const started = Date.now();
  await withRequestId(requestId, next);
  if (c.res.status !== HTTP_SWITCHING_PROTOCOLS) c.res.headers.set(REQUEST_ID_HEADER, requestId);
  const url = new URL(c.req.url);
  const status = c.res.status;
  if (isDevEnvironment(c.env) && status < HTTP_SERVER_ERROR) return;
  logEvent(status >= HTTP_SERVER_ERROR ? "error" : status >= HTTP_CLIENT_ERROR ? "warn" : "info", "request", {
    requestId,
    method: c.req.method,
    route: routePath(c, -1),
    path: carriesToken(url) ? "[withheld]" : url.pathname,
    status,
    durationMs: Date.now() - started,
  });
});
