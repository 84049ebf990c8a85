/**
 * What the app keeps on this device so the kick counter and the contraction timer open with no
 * connection (src/features/shell/OfflineApp.tsx): whose records they are, the parent's pregnancy,
 * and its babies' names for the counter. Nothing else the server answers is kept: the other screens
 * wait for the connection. Written while the signed-in app runs, forgotten on sign-out with the
 * service worker's runtime caches and this device's push subscription (`forgetThisDevice`).
 */

export interface DeviceSnapshot {
  userId: string;
  pregnancyId: string;
  babies: { id: string; name: string }[];
}

const SNAPSHOT_KEY = "offline-snapshot";
/** The service worker's precache (static files, no private data) stays; every other cache goes on sign-out. */
const PRECACHE_PREFIX = "workbox-precache";

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

function parseSnapshot(raw: string | null): DeviceSnapshot | null {
  try {
    const value: unknown = JSON.parse(raw ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { userId, pregnancyId, babies } = value as Record<string, unknown>;
    if (!isText(userId) || !isText(pregnancyId) || !Array.isArray(babies)) return null;
    const named = babies.filter((baby: unknown): baby is DeviceSnapshot["babies"][number] => typeof baby === "object" && baby !== null && isText((baby as Record<string, unknown>).id) && isText((baby as Record<string, unknown>).name));
    return { userId, pregnancyId, babies: named.map(({ id, name }) => ({ id, name })) };
  } catch {
    return null;
  }
}

/** The snapshot kept for this user, or null. */
export function readDeviceSnapshot(userId: string | null): DeviceSnapshot | null {
  if (!userId) return null;
  try {
    const snapshot = parseSnapshot(window.localStorage.getItem(SNAPSHOT_KEY));
    return snapshot?.userId === userId ? snapshot : null;
  } catch {
    return null;
  }
}

/** Keeps the snapshot (null: the user is no parent now, so nothing is kept). */
export function saveDeviceSnapshot(snapshot: DeviceSnapshot | null): void {
  try {
    const next = snapshot && JSON.stringify(snapshot);
    if (window.localStorage.getItem(SNAPSHOT_KEY) === next) return;
    if (next) window.localStorage.setItem(SNAPSHOT_KEY, next);
    else window.localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Without storage the tools need the connection to open.
  }
}

async function clearRuntimeCaches(): Promise<void> {
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)));
}

/** The server deletes this device's subscription with the session; the browser's copy goes here. */
async function unsubscribePush(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** After sign-out (or a session ended elsewhere): nothing of the person stays in this browser's caches or push service. */
export async function forgetThisDevice(): Promise<void> {
  saveDeviceSnapshot(null);
  await Promise.allSettled([clearRuntimeCaches(), unsubscribePush()]);
}
