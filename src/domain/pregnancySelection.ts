import { MS_PER_DAY } from "./units";

/** A stored guest pregnancy choice is honoured while younger than this. */
export const GUEST_CHOICE_MEMORY_DAYS = 14;

export const GUEST_CHOICE_MEMORY_MS = GUEST_CHOICE_MEMORY_DAYS * MS_PER_DAY;

export interface GuestPregnancyOption {
  id: string;
  dueDate: string;
}

export interface StoredGuestChoice {
  id: string;
  /** When the choice was stored, in epoch milliseconds. */
  ts: number;
}

export interface GuestSelection {
  selectedId: string | null;
  /** True when a stored choice was present but expired or no longer a valid guest role: the client removes it. */
  dropStoredChoice: boolean;
}

/**
 * Core spec section 4: the URL's `preg` wins; else a stored choice younger than 14 days that is still
 * a valid guest pregnancy; else the soonest due date (else the first).
 */
export function selectGuestPregnancy(
  options: readonly GuestPregnancyOption[],
  preg: string | undefined,
  stored: StoredGuestChoice | undefined,
  now: number,
): GuestSelection {
  const valid = (id: string | undefined) => (id ? options.some((o) => o.id === id) : false);
  const storedValid = stored !== undefined && now - stored.ts < GUEST_CHOICE_MEMORY_MS && valid(stored.id);
  const dropStoredChoice = stored !== undefined && !storedValid;
  if (preg && valid(preg)) return { selectedId: preg, dropStoredChoice };
  if (storedValid) return { selectedId: stored.id, dropStoredChoice };
  const soonest = [...options].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  return { selectedId: soonest?.id ?? null, dropStoredChoice };
}
