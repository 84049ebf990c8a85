/**
 * The per-user guest pregnancy choice kept in the browser (core spec 3 and 4): `{ id, ts }`. The
 * server decides whether it still counts (younger than 14 days, still an active guest role) and
 * answers `dropStoredChoice` when it does not; the client then removes it.
 */
import { isUuid } from "../../domain/messaging";
import type { StoredGuestChoice } from "../../domain/pregnancySelection";

export const guestChoiceKey = (userId: string) => `guest-pregnancy-choice:${userId}`;

export function readGuestChoice(userId: string): StoredGuestChoice | undefined {
  try {
    const raw = window.localStorage.getItem(guestChoiceKey(userId));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object" && "id" in parsed && "ts" in parsed) {
      const { id, ts } = parsed;
      if (isUuid(id) && typeof ts === "number" && Number.isInteger(ts) && ts >= 0) return { id, ts };
    }
  } catch {
    // Unreadable or unavailable storage counts as no choice.
  }
  forgetGuestChoice(userId);
  return undefined;
}

export function saveGuestChoice(userId: string, id: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(guestChoiceKey(userId), JSON.stringify({ id, ts: now } satisfies StoredGuestChoice));
  } catch {
    // The choice is a convenience; without storage the soonest due date is used.
  }
}

export function forgetGuestChoice(userId: string): void {
  try {
    window.localStorage.removeItem(guestChoiceKey(userId));
  } catch {
    // Nothing stored, nothing to remove.
  }
}
