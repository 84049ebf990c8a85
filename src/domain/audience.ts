/**
 * Who sees an item (photo, post, event) by its privacy level (ARCHITECTURE: audience rules).
 * Guest levels are ordered closest first: immediate-family > extended-family > close-friends >
 * friends > acquaintances. An item at level L is visible to parents and to guests at L or closer;
 * 'parents-only' items to parents alone.
 */
import { z } from "zod";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS, type GuestPrivacyLevel, type ItemPrivacyLevel, type ParticipantRole } from "./enums";
import { isParentRole } from "./permissions";

/** A guest invited without a level is a friend (core spec 3). */
export const DEFAULT_GUEST_PRIVACY_LEVEL: GuestPrivacyLevel = "friends";
/** Photos default to immediate family (core spec 5). */
export const DEFAULT_PHOTO_PRIVACY_LEVEL: ItemPrivacyLevel = "immediate-family";
/** Calendar events default to parents only (core spec 3). */
export const DEFAULT_EVENT_PRIVACY_LEVEL: ItemPrivacyLevel = "parents-only";

export const guestPrivacyLevelSchema = z.enum(GUEST_PRIVACY_LEVELS);
export const itemPrivacyLevelSchema = z.enum(ITEM_PRIVACY_LEVELS);

export function isGuestPrivacyLevel(value: unknown): value is GuestPrivacyLevel {
  return (GUEST_PRIVACY_LEVELS as readonly unknown[]).includes(value);
}

/** The item levels a guest at `level` may see: their own and every further one (for SQL IN). */
export function visibleItemLevels(level: GuestPrivacyLevel): GuestPrivacyLevel[] {
  return GUEST_PRIVACY_LEVELS.slice(GUEST_PRIVACY_LEVELS.indexOf(level));
}

export interface Viewer {
  role: ParticipantRole;
  /** The guest's level; null or unknown counts as the default (friends). Ignored for parents. */
  privacyLevel: string | null;
}

/** The level a guest is treated as, whatever is stored. */
export function guestLevelOf(viewer: Viewer): GuestPrivacyLevel {
  return isGuestPrivacyLevel(viewer.privacyLevel) ? viewer.privacyLevel : DEFAULT_GUEST_PRIVACY_LEVEL;
}

export function canSeeItem(viewer: Viewer, itemPrivacyLevel: ItemPrivacyLevel): boolean {
  if (isParentRole(viewer.role)) return true;
  if (!isGuestPrivacyLevel(itemPrivacyLevel)) return false;
  return visibleItemLevels(guestLevelOf(viewer)).includes(itemPrivacyLevel);
}
