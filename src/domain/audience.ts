/**
 * Who sees an item (photo, post, event) by its privacy level (ARCHITECTURE: audience rules).
 * Guest levels are ordered closest first: immediate-family > extended-family > close-friends >
 * friends > acquaintances. An item at level L is visible to parents and to guests at L or closer;
 * 'parents-only' items to parents alone. An item may instead name its audience groups (circles):
 * then exactly the guests in those circles see it, whatever their order.
 */
import { z } from "zod";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS, type GuestPrivacyLevel, type ItemPrivacyLevel, type ParticipantRole } from "./enums";
import { isParentRole } from "./permissions";

/** Ours: a guest inviting someone closer than themselves (nobody grants more than they hold). */
export const INVITE_LEVEL_NOT_ALLOWED_MESSAGE = "You can invite people at your own privacy level or a more distant one.";

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

export function canSeeItem(viewer: Viewer, itemPrivacyLevel: ItemPrivacyLevel, audienceGroups: readonly string[] = []): boolean {
  if (isParentRole(viewer.role)) return true;
  if (audienceGroups.length > 0) return audienceGroups.includes(guestLevelOf(viewer));
  if (!isGuestPrivacyLevel(itemPrivacyLevel)) return false;
  return visibleItemLevels(guestLevelOf(viewer)).includes(itemPrivacyLevel);
}

export interface ItemAudience {
  privacyLevel: ItemPrivacyLevel;
  audienceGroups: GuestPrivacyLevel[];
}

/**
 * What is stored for an item shared with a privacy level or with audience groups (secure-photo-upload
 * takes either). Groups win when both are given; they are kept in circle order without repeats,
 * and the level stored beside them is the widest group, so lists and filters by level still read well.
 */
export function resolveAudience(privacyLevel: ItemPrivacyLevel | undefined, audienceGroups: readonly GuestPrivacyLevel[] | undefined, fallback: ItemPrivacyLevel): ItemAudience {
  const groups = GUEST_PRIVACY_LEVELS.filter((level) => audienceGroups?.includes(level));
  const widest = groups.at(-1);
  if (widest) return { privacyLevel: widest, audienceGroups: groups };
  return { privacyLevel: privacyLevel ?? fallback, audienceGroups: [] };
}
