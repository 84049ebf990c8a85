import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { APP_SHELL_URL } from "../../src/lib/appRoutes";
import { SHARE_SEARCH_PARAM, SHARE_TARGET_PATH, SHARE_UNAVAILABLE } from "../../src/lib/sharedFiles";

/** Public entry points outside the site pages (/auth is prerendered on its own, the rest the app renders), listed in the sitemap after the site pages. */
export const APP_PUBLIC_PATHS = ["/auth", "/createaccount", "/guest-signup", "/giftcards"] as const;

const HTTP_NOT_FOUND = 404;
const HTTP_SEE_OTHER = 303;

/** better-auth's session cookie ('__Secure-' prefixed on https): only then is a session worth looking up. */
const mayHaveSession = (request: Request) => request.headers.get("cookie")?.includes("better-auth.session_token") ?? false;

/**
 * Pages the static assets do not answer alone (wrangler.toml: '/' runs the Worker first; any path
 * without a file reaches it):
 * - '/': signed-in users go on to /dashboard (onboarding spec 2) before anything is drawn; visitors
 *   get the prerendered home page. Only a request carrying a session cookie costs a lookup.
 * - any other GET: the app's shell, whose router draws the route or 'Oops! Page not found'.
 * - the share sheet's POST to /share-target, which only reaches here without the service worker
 *   (src/sw.ts keeps the files): its body is not read, and the album says the files did not arrive.
 */
export const pageRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>()
  .get("/", async (c) => {
    // Asked of the database, not the cookie cache: a session ended elsewhere must not send the browser into the app.
    if (mayHaveSession(c.req.raw) && (await c.var.getSession("fresh"))) return c.redirect("/dashboard", 302);
    return c.env.ASSETS.fetch(c.req.raw);
  })
  .post(SHARE_TARGET_PATH, (c) => c.redirect(`/photos?${SHARE_SEARCH_PARAM}=${SHARE_UNAVAILABLE}`, HTTP_SEE_OTHER))
  .get("*", (c) => c.env.ASSETS.fetch(new Request(new URL(APP_SHELL_URL, c.req.url), c.req.raw)))
  .all("*", (c) => c.text("Not found", HTTP_NOT_FOUND));
