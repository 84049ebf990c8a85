/**
 * The guest's stored pregnancy choice `{ id, ts }` (core spec 4) as a small store, so every screen
 * sends the same choice to `pregnancy.mine` and re-renders when the guest switches. Reading and
 * writing the browser storage is in features/pregnancy/guestChoice.ts.
 */
import { useSyncExternalStore } from "react";
import type { StoredGuestChoice } from "../../domain/pregnancySelection";
import { forgetGuestChoice, readGuestChoice, saveGuestChoice } from "../pregnancy/guestChoice";

const cache = new Map<string, StoredGuestChoice | undefined>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function snapshot(userId: string): StoredGuestChoice | undefined {
  if (!cache.has(userId)) cache.set(userId, readGuestChoice(userId));
  return cache.get(userId);
}

/** Remembers the guest's choice (the switch on /pregnancies). */
export function rememberGuestChoice(userId: string, pregnancyId: string): void {
  saveGuestChoice(userId, pregnancyId);
  cache.set(userId, readGuestChoice(userId));
  emit();
}

/** Removes a choice the server no longer honours (older than 14 days, or no longer a guest role). */
export function dropGuestChoice(userId: string): void {
  if (snapshot(userId) === undefined) return;
  forgetGuestChoice(userId);
  cache.set(userId, undefined);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGuestChoice(userId: string): StoredGuestChoice | undefined {
  return useSyncExternalStore(
    subscribe,
    () => snapshot(userId),
    () => undefined,
  );
}
