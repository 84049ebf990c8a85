/**
 * The per-user mode (core spec 4), kept in memory for this page and saved in the browser under
 * `mode:<userId>`. On each page load the mode starts from `initialUserMode`: a user with parent
 * capability starts in parent mode, everyone else in guest mode (a saved 'parent' without
 * capability becomes guest). Parent to guest is allowed and saved; the app never keeps a user
 * without capability in parent mode.
 */
import { USER_MODES, type UserMode } from "../../domain/enums";
import { initialUserMode } from "../../domain/modes";
import { createUserKeyedStore } from "../../lib/userKeyedStore";

export const modeStorageKey = (userId: string) => `mode:${userId}`;

export interface ModeEntry {
  mode: UserMode;
  /** The capability the entry was decided with; a change of capability decides again. */
  capability: boolean;
}

// Decided afresh on each page load (see above), so nothing is loaded on first read.
const entries = createUserKeyedStore<ModeEntry>(() => undefined);

function isUserMode(value: unknown): value is UserMode {
  return typeof value === "string" && (USER_MODES as readonly string[]).includes(value);
}

/** The mode saved in this browser for the user, if any. */
export function readSavedMode(userId: string): UserMode | null {
  try {
    const saved = window.localStorage.getItem(modeStorageKey(userId));
    return isUserMode(saved) ? saved : null;
  } catch {
    return null;
  }
}

function save(userId: string, mode: UserMode): void {
  try {
    window.localStorage.setItem(modeStorageKey(userId), mode);
  } catch {
    // Without storage the mode still holds for this page.
  }
}

export function setStoredMode(userId: string, mode: UserMode, capability: boolean): void {
  const current = entries.get(userId);
  if (current && current.mode === mode && current.capability === capability) return;
  save(userId, mode);
  entries.set(userId, { mode, capability });
}

export function useModeEntry(userId: string): ModeEntry | undefined {
  return entries.useValue(userId);
}

/** The entry outside React (a route loader deciding the mode before the screen renders). */
export function modeEntry(userId: string): ModeEntry | undefined {
  return entries.get(userId);
}

/**
 * The mode once the capability check has answered: the entry's when it was decided with this
 * capability (and the capability still allows it), else the page load's starting mode.
 */
export function settledMode(entry: ModeEntry | undefined, capability: boolean): UserMode {
  if (entry === undefined || entry.capability !== capability) return initialUserMode(capability);
  return capability ? entry.mode : "guest";
}
