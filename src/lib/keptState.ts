import { useCallback, useSyncExternalStore } from "react";

/**
 * State that belongs to the page rather than to a component, by key: what a composer holds and the
 * messages on their way. A component that remounts (the layout switching between phone and desktop,
 * a dialog or a conversation closed and opened again, the screen left and come back to) finds it
 * again, and a send that ends after its component is gone still records how it went. Logging out
 * loads a new document, which forgets it all.
 */
const kept = new Map<string, unknown>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The value under `key`; `initial()` is stored on the first read, so every later read returns that same value. */
export function readKept<T>(key: string, initial: () => T): T {
  if (!kept.has(key)) kept.set(key, initial());
  return kept.get(key) as T;
}

/** Replaces the value under `key` from the latest one (so updates in a row all count) and re-renders its readers. */
export function updateKept<T>(key: string, initial: () => T, update: (current: T) => T): void {
  kept.set(key, update(readKept(key, initial)));
  for (const listener of listeners) listener();
}

/** Like useState, kept under `key` for the page's life. `initial` should not change between renders. */
export function useKeptState<T>(key: string, initial: () => T) {
  const read = () => readKept(key, initial);
  const value = useSyncExternalStore(subscribe, read, read);
  const update = useCallback((next: (current: T) => T) => updateKept(key, initial, next), [key, initial]);
  return [value, update] as const;
}
