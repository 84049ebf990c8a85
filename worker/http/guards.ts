import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { clientAddress, hitRateLimit } from "../infra/rateLimit";
import { PUBLIC_FORM_MESSAGES } from "../../src/domain/publicForms";
import { PUBLIC_RATE_LIMITS } from "../../src/domain/rateLimits";

type AppContext = Context<{ Bindings: Bindings; Variables: AppVariables }>;

const HTTP_FORBIDDEN = 403;
const HTTP_TOO_MANY_REQUESTS = 429;

/**
 * A request from our own pages: browsers send Origin on every POST and on WebSocket upgrades, so
 * another site's form, beacon or socket is refused (cross-site request forgery and hijacking).
 */
export function isSameOrigin(request: Request, publicOrigin: string | undefined): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && (origin === new URL(request.url).origin || origin === publicOrigin);
}

/** Methods that change nothing, so another site may cause them. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every request that changes something must come from our own pages (cross-site request forgery),
 * except under the `exempt` prefixes: routes that check their caller their own way.
 */
export const sameOriginWrites = (exempt: readonly string[]) =>
  createMiddleware<{ Bindings: Bindings; Variables: AppVariables }>(async (c, next) => {
    const checked = !SAFE_METHODS.has(c.req.method) && !exempt.some((prefix) => c.req.path.startsWith(prefix));
    if (checked && !isSameOrigin(c.req.raw, c.env.BETTER_AUTH_URL)) return c.json({ error: "FORBIDDEN_ORIGIN" }, HTTP_FORBIDDEN);
    await next();
  });

/**
 * The public POST endpoints' guard (the app has already checked their origin): one request counted
 * against the client address's bucket (invalid requests count too, so probing costs the same as posting).
 */
export const publicPost = (bucket: keyof typeof PUBLIC_RATE_LIMITS) =>
  createMiddleware<{ Bindings: Bindings; Variables: AppVariables }>(async (c, next) => {
    const verdict = await hitRateLimit(c.var.db, `${bucket}:${clientAddress(c.req.raw)}`, PUBLIC_RATE_LIMITS[bucket]);
    if (!verdict.allowed) {
      c.header("retry-after", String(verdict.retryAfterSeconds));
      return c.json({ error: "TOO_MANY_REQUESTS", message: PUBLIC_FORM_MESSAGES.tooManyRequests }, HTTP_TOO_MANY_REQUESTS);
    }
    await next();
  });

/** Each invalid field's first message, keyed by field, and the first of them as the message. */
function validationFailure(error: z.ZodError) {
  const fields = Object.fromEntries(
    Object.entries(z.flattenError(error).fieldErrors as Record<string, string[]>).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
  return { error: "VALIDATION_FAILED", message: error.issues[0]?.message ?? "Invalid request", fields };
}

/** The JSON body checked against `schema`, or the 400 answer to send instead. */
export async function readBody<Schema extends z.ZodType>(c: AppContext, schema: Schema): Promise<{ data: z.output<Schema> } | { refusal: Response }> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return { refusal: c.json({ error: "VALIDATION_FAILED", message: "The body must be JSON", fields: {} }, 400) };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { data: parsed.data } : { refusal: c.json(validationFailure(parsed.error), 400) };
}

/** The signed-in user's id, or null for a visitor: public endpoints work for both. */
export async function sessionUserId(c: AppContext): Promise<string | null> {
  const session = await c.var.getSession("cached");
  return session?.user.id ?? null;
}
