/**
 * The guest's stored pregnancy choice `{ id, ts }` (core spec 4) as a small store, so every screen
 * sends the same choice to `pregnancy.mine` and re-renders when the guest switches. Reading and
 * writing the browser storage is in ./guestChoice.ts.
 */
import type { StoredGuestChoice } from "../../domain/pregnancySelection";
import { createUserKeyedStore } from "../../lib/userKeyedStore";
import { forgetGuestChoice, readGuestChoice, saveGuestChoice } from "./guestChoice";

const choices = createUserKeyedStore<StoredGuestChoice>(readGuestChoice);

/** Remembers the guest's choice (the switch on /pregnancies). */
export function rememberGuestChoice(userId: string, pregnancyId: string): void {
  saveGuestChoice(userId, pregnancyId);
  choices.set(userId, readGuestChoice(userId));
}

/** Removes a choice the server no longer honours (older than 14 days, or no longer a guest role). */
export function dropGuestChoice(userId: string): void {
  if (choices.get(userId) === undefined) return;
  forgetGuestChoice(userId);
  choices.set(userId, undefined);
}

export function useGuestChoice(userId: string): StoredGuestChoice | undefined {
  return choices.useValue(userId);
}

/** The choice outside React (a route loader asking for the pregnancies before the screen renders). */
export function storedGuestChoice(userId: string): StoredGuestChoice | undefined {
  return choices.get(userId);
}
