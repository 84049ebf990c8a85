/**
 * What the service worker answers (src/sw.ts): navigations to the signed-in app's screens, the
 * routes under `_authenticated` (tests/unit/app-routes.test.ts holds this list to the route tree).
 * The public site, /auth, the sign-up and link pages the app also renders, /api, /dev and /parties
 * are never answered by the worker: they go to the network as if it were not there.
 */

/** First path segments of the signed-in app's routes. */
export const SIGNED_IN_SECTIONS = ["dashboard", "photos", "posts", "registry", "baby-game", "waiting-room", "settings", "pregnancies", "become-parent", "events", "partner", "calendar", "contacts", "health", "pregnancy-ended"] as const;

/** The screens that work with no connection from a cold start (their records wait on the device). */
export const OFFLINE_TOOL_PATHS = ["/health/kicks", "/health/contractions"] as const;
export type OfflineToolPath = (typeof OFFLINE_TOOL_PATHS)[number];

/** The file the build moves the app's index.html to (scripts/prerender.ts): index.html is the prerendered home page. */
export const APP_SHELL_FILE = "app.html";
/** The app's HTML shell: static assets serve app.html here (wrangler's html_handling drops the extension), the Worker answers it for the app's paths (worker/http/pages.ts), the service worker precaches it. */
export const APP_SHELL_URL = "/app";

/** The address the manifest starts the installed app at. */
export const APP_START_PATH = "/dashboard";

/** Whether a path is one of the signed-in app's screens. */
export function isSignedInAppPath(pathname: string): boolean {
  const [, first] = pathname.split("/");
  return SIGNED_IN_SECTIONS.some((section) => section === first);
}

/** The offline tool at this path, if it is one. */
export const offlineToolAt = (pathname: string): OfflineToolPath | null => OFFLINE_TOOL_PATHS.find((path) => path === pathname.replace(/\/$/, "")) ?? null;
