import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { carriesToken } from "../../src/domain/secretUrls";
import { THEME_BOOT_SCRIPT } from "../../src/lib/themeBoot";

/**
 * The security headers every response carries (pages, the app's shell, the API; static files get the
 * same through the _headers file the prerender writes). The policy allows our own origin only.
 */

/** The one inline script: the theme is set before the first paint (src/lib/themeBoot.ts). */
export const INLINE_SCRIPT_HASHES = [`'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`];

/**
 * The Content-Security-Policy. `socketOrigin` (ws: or wss: on our host) is named explicitly for
 * browsers whose 'self' does not cover WebSockets; static files, which open none, omit it.
 */
export function contentSecurityPolicy(socketOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES.join(" ")}`,
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${socketOrigin ? ` ${socketOrigin}` : ""}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Features the app never uses, switched off for every page and anything it could embed. */
export const PERMISSIONS_POLICY = ["accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment", "usb"]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** Two years, the preload lists' minimum. */
const HSTS = "max-age=63072000; includeSubDomains";

/** The headers for one URL; `socketOrigin` as for contentSecurityPolicy. */
export function securityHeaders(url: URL, socketOrigin?: string): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(socketOrigin),
    "strict-transport-security": HSTS,
    "referrer-policy": carriesToken(url) ? "no-referrer" : "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
  };
}

/** A year, the longest a cache is asked to keep a file. */
const IMMUTABLE_MAX_AGE_SECONDS = 31_536_000;
/**
 * The build's files under /assets/ carry a hash of their content in their names, so a browser keeps
 * them and never asks again: a page opened again loads its scripts from the cache, not over the network.
 */
export const HASHED_ASSETS_CACHE_CONTROL = `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable`;

/** The same headers for the static files, in the assets layer's _headers format, and the hashed files' caching. */
export function staticHeadersFile(): string {
  const headers = { ...securityHeaders(new URL("https://static.invalid/")) };
  return ["/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), "/assets/*", `  cache-control: ${HASHED_ASSETS_CACHE_CONTROL}`, ""].join("\n");
}

const HTTP_SWITCHING_PROTOCOLS = 101;

/** The policy the _headers file gives static files, which the Worker's answer replaces. */
const STATIC_POLICY = contentSecurityPolicy();

/**
 * Sets the headers on every Worker response, replacing what the assets layer gave a file the Worker
 * served (the app's shell), since the Worker knows the request's address. A policy of a route's own
 * stays (user files are sandboxed, dev pages have theirs). Responses from fetch have immutable
 * headers, so they are copied; a socket upgrade passes untouched.
 */
export const securityHeadersMiddleware = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status === HTTP_SWITCHING_PROTOCOLS) return;
  const url = new URL(c.req.url);
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const response = new Response(c.res.body, c.res);
  const routePolicy = response.headers.get("content-security-policy");
  for (const [name, value] of Object.entries(securityHeaders(url, socketOrigin))) {
    if (name === "content-security-policy" && routePolicy !== null && routePolicy !== STATIC_POLICY) continue;
    response.headers.set(name, value);
  }
  c.res = undefined;
  c.res = response;
});
