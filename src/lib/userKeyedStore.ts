import { useSyncExternalStore } from "react";

/**
 * A value per user kept in memory for this page, loaded on first read (e.g. from browser storage),
 * that re-renders every component reading it when it changes.
 */
export function createUserKeyedStore<T>(load: (userId: string) => T | undefined) {
  const values = new Map<string, T | undefined>();
  const listeners = new Set<() => void>();

  const get = (userId: string): T | undefined => {
    if (!values.has(userId)) values.set(userId, load(userId));
    return values.get(userId);
  };
  const set = (userId: string, value: T | undefined): void => {
    values.set(userId, value);
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const useValue = (userId: string): T | undefined =>
    useSyncExternalStore(
      subscribe,
      () => get(userId),
      () => undefined,
    );

  return { get, set, useValue };
}
