/**
 * This browser's side of Web Push: whether it can receive pushes, its subscription (through the
 * service worker's registration), and making or dropping one. The server keeps the other side
 * (trpc.push); Settings ("Notifications on this device") joins the two.
 */

/** What this device can do about push before anything is asked. */
export type PushSupport = "supported" | "unsupported" | "install-to-home-screen";

/** How long turning on waits for the service worker to take control before saying it is not ready. */
const WORKER_READY_TIMEOUT_MS = 10_000;

interface StandaloneNavigator extends Navigator {
  /** Safari's own flag: true when the page runs as an app added to the Home Screen. */
  standalone?: boolean;
}

/** iPhone and iPad (iPadOS asks for desktop pages and says Macintosh, but has a touch screen). */
const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);

const isInstalled = () => (navigator as StandaloneNavigator).standalone === true || window.matchMedia("(display-mode: standalone)").matches;

/**
 * Safari on iPhone and iPad delivers pushes only to a web app added to the Home Screen; elsewhere
 * a browser needs a service worker, the Push API and notifications.
 */
export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  if (isAppleMobile() && !isInstalled()) return "install-to-home-screen";
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window ? "supported" : "unsupported";
}

/**
 * The service worker's registration, when the page has one; never waits for one (`ready` would
 * wait for ever on a page without a service worker).
 */
async function currentRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (pushSupport() !== "supported") return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** Whether this browser has a service worker to receive pushes (it installs on the app's first load). */
export const hasServiceWorker = async () => (await currentRegistration()) !== undefined;

/** This device's subscription, or null when it has none (or cannot have one). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await currentRegistration())?.pushManager.getSubscription()) ?? null;
}

export class ServiceWorkerNotReadyError extends Error {}

function workerReady(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new ServiceWorkerNotReadyError("The service worker is not ready")), WORKER_READY_TIMEOUT_MS)),
  ]);
}

export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Subscribes this browser with the server's key (the notification permission must be granted
 * first). A subscription made with another key (the server's key changed) is replaced.
 */
export async function subscribeThisDevice(applicationServerKey: string): Promise<DeviceSubscription> {
  const registration = await workerReady();
  const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  let subscription: PushSubscription;
  try {
    subscription = await subscribe();
  } catch (error) {
    const existing = await registration.pushManager.getSubscription();
    if (!existing) throw error;
    await existing.unsubscribe();
    subscription = await subscribe();
  }
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser gave a subscription without its keys");
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Drops this browser's subscription, if it has one. */
export async function unsubscribeThisDevice(): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe();
}

/** What Settings last saw of this device's subscription on the server, for the waiting room's own alerts. */
const REMEMBERED_DEVICE_KEY = "babysteps.push-device";

interface RememberedDevice {
  userId: string;
  endpoint: string;
  directMessages: boolean;
}

/** Settings records whose this device's subscription is and whether it lets direct messages through (null: none). */
export function rememberDevicePush(device: RememberedDevice | null): void {
  try {
    if (device) localStorage.setItem(REMEMBERED_DEVICE_KEY, JSON.stringify(device));
    else localStorage.removeItem(REMEMBERED_DEVICE_KEY);
  } catch {
    // Storage refused (private mode): the waiting room then alerts itself, at worst twice.
  }
}

/** Whether a direct message to this user reaches this device as a push (so the page need not alert too). */
export async function directMessagesArriveAsPush(userId: string): Promise<boolean> {
  const subscription = await currentPushSubscription();
  if (!subscription) return false;
  try {
    const remembered = JSON.parse(localStorage.getItem(REMEMBERED_DEVICE_KEY) ?? "null") as RememberedDevice | null;
    return remembered?.userId === userId && remembered.endpoint === subscription.endpoint && remembered.directMessages;
  } catch {
    return false;
  }
}
