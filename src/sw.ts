/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js; registered only by the
 * app's entry, src/lib/serviceWorker.ts). It controls the whole origin, but answers only for the
 * signed-in app (src/lib/appRoutes.ts):
 * - the app's shell and static files are precached at install (the list the build injects holds
 *   the app entry's files only, scripts/vite-app-precache.ts);
 * - a navigation to an app screen goes to the network first, and gets the cached shell when the
 *   network fails, so the app starts with no connection (the kick counter and contraction timer
 *   work then; other screens say they are offline);
 * - a precached file is answered from the cache only to the app's own pages and scripts: the public
 *   site's pages, which share the stylesheet, fetch as if there were no worker;
 * - the share sheet's POST to /share-target (the manifest's share_target): its files are kept on the
 *   device (src/lib/sharedFiles.ts) and the answer sends the app to /photos?share=<id>, whose upload
 *   dialog takes them; the Worker never sees that POST;
 * - nothing else, and never an API answer, is cached here.
 * A new version waits until the page's "Reload" says so (SKIP_WAITING), never mid-session.
 */
import { cleanupOutdatedCaches, matchPrecache, precache } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { parsePushPayload } from "./domain/pushPayload";
import { APP_SHELL_URL, isSignedInAppPath } from "./lib/appRoutes";
import { SHARE_SEARCH_PARAM, SHARE_TARGET_FILES_FIELD, SHARE_TARGET_PATH, SHARE_UNAVAILABLE, storeSharedFiles } from "./lib/sharedFiles";

declare const self: ServiceWorkerGlobalScope;

/** The message the page's "Reload" sends to the waiting worker (workbox-window's messageSkipWaiting). */
const SKIP_WAITING = "SKIP_WAITING";
const NOTIFICATION_ICON = "/icons/icon-192.png";

const manifest = self.__WB_MANIFEST;
precache(manifest);
cleanupOutdatedCaches();

const precachedPaths = new Set(manifest.map((entry) => new URL(typeof entry === "string" ? entry : entry.url, self.location.origin).pathname));

/** Whether a request comes from the app: a page at an app screen, or one of the app's own files (a script importing a chunk). */
function fromTheApp(request: Request): boolean {
  if (!request.referrer) return false;
  const referrer = new URL(request.referrer);
  return referrer.origin === self.location.origin && (isSignedInAppPath(referrer.pathname) || precachedPaths.has(referrer.pathname));
}

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode !== "navigate" && precachedPaths.has(url.pathname) && fromTheApp(request),
  async ({ request, url }) => (await matchPrecache(url.pathname)) ?? fetch(request),
);

registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === "navigate" && isSignedInAppPath(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(APP_SHELL_URL);
      if (shell) return shell;
      throw error;
    }
  },
);

/** See Other: the browser follows the share's POST with a GET of the photos page. */
const HTTP_SEE_OTHER = 303;

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    // A body that does not parse, or a device out of room, still lands on the album, which says the files did not arrive.
    const shareId = await request
      .formData()
      .then((form) => storeSharedFiles(form.getAll(SHARE_TARGET_FILES_FIELD).filter((entry): entry is File => entry instanceof File)))
      .catch(() => SHARE_UNAVAILABLE);
    return Response.redirect(new URL(`/photos?${SHARE_SEARCH_PARAM}=${shareId}`, self.location.origin).href, HTTP_SEE_OTHER);
  },
  "POST",
);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/** A push's JSON, or null when it has none or it does not parse. */
function pushJson(data: PushMessageData | null): unknown {
  try {
    return data?.json() ?? null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  // A payload the Worker did not write this way (or an empty push) shows nothing.
  const payload = parsePushPayload(pushJson(event.data));
  if (!payload) return;
  event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, data: { url: payload.url }, icon: NOTIFICATION_ICON }));
});

/** The in-app path a notification opens: the one its push carried, else the dashboard. */
function notificationPath(notification: Notification): string {
  const url = (notification.data as { url?: unknown } | null)?.url;
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/dashboard";
}

/** Opens a notification's screen: in an open window of the app (focused, then sent there), or in a new one. */
async function openNotification(notification: Notification): Promise<void> {
  notification.close();
  const url = new URL(notificationPath(notification), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((client) => isSignedInAppPath(new URL(client.url).pathname)) ?? windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  // Focusing needs the click's user activation; the window is sent there either way.
  await open.focus().catch(() => undefined);
  await open.navigate(url);
}

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(openNotification(event.notification));
});
