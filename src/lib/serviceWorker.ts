/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The app's service worker (src/sw.ts), registered by the app's entry only: the public pages and
 * /auth never register it. A new version installs in the background and waits; the page shows
 * "New version available" (UpdatePrompt) and only the person's "Reload" lets it take over, so a
 * session is never reloaded under someone's hands.
 */
import { useSyncExternalStore } from "react";
import { registerSW } from "virtual:pwa-register";

let updateWaiting = false;
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/** Registers the worker once the page has loaded, so it never competes with the first screen's requests. */
export function startServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    onNeedRefresh: () => {
      updateWaiting = true;
      for (const listener of listeners) listener();
    },
  });
  // The waiting worker takes over, then the page reloads on its "controlling" event.
  applyUpdate = () => update(true);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a new version is waiting, and the reload that starts it. */
export function useAppUpdate(): { waiting: boolean; reload: () => void } {
  const waiting = useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
  return { waiting, reload: () => void applyUpdate?.() };
}
