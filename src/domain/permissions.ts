/**
 * The 13 permission flags (core spec 3, 5, 6). Readings chosen (ARCHITECTURE): parents get every
 * flag; guests get reading A (canViewSettings true).
 */
import { z } from "zod";
import { GUEST_PRIVACY_LEVELS, PARENT_ROLES, PERMISSION_FLAGS, type GuestPrivacyLevel, type ParticipantRole, type PermissionFlag, type Permissions } from "./enums";

const allFlags = (value: boolean): Permissions =>
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, value])) as Permissions;

export const PARENT_DEFAULT_PERMISSIONS: Readonly<Permissions> = Object.freeze(allFlags(true));

export const GUEST_DEFAULT_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  canViewSettings: true,
  canEditCalendar: false,
  canUploadPhotos: false,
  canContributePhotos: true,
  canViewCalendarEvents: true,
  canManageRegistry: false,
  canViewRegistry: true,
  canSuggestRegistryItems: true,
  canAccessWaitingRoom: true,
  canPlayBabyGame: true,
  canViewContacts: false,
  canInviteGuests: false,
  canReceiveUpdates: true,
});

export function isParentRole(role: ParticipantRole): role is (typeof PARENT_ROLES)[number] {
  return (PARENT_ROLES as readonly ParticipantRole[]).includes(role);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A stored custom-permissions object made complete (core spec 5). Boolean values are kept;
 * missing or non-boolean ones default: canViewSettings and canViewCalendarEvents true,
 * canContributePhotos the opposite of canUploadPhotos, canSuggestRegistryItems equal to
 * canViewRegistry, the rest false. A missing or non-object value gives the guest defaults.
 */
export function normalizePermissions(custom: unknown): Permissions {
  if (!isRecord(custom)) return { ...GUEST_DEFAULT_PERMISSIONS };
  const given = (flag: PermissionFlag): boolean | undefined => {
    const value = custom[flag];
    return typeof value === "boolean" ? value : undefined;
  };
  const result = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, given(flag) ?? false])) as Permissions;
  result.canViewSettings = given("canViewSettings") ?? true;
  result.canViewCalendarEvents = given("canViewCalendarEvents") ?? true;
  result.canContributePhotos = given("canContributePhotos") ?? !result.canUploadPhotos;
  result.canSuggestRegistryItems = given("canSuggestRegistryItems") ?? result.canViewRegistry;
  return result;
}

/** Parents have every flag; guests have their normalised custom flags, or the guest defaults. */
export function effectivePermissions(role: ParticipantRole, custom: unknown): Permissions {
  return isParentRole(role) ? { ...PARENT_DEFAULT_PERMISSIONS } : normalizePermissions(custom);
}

/** The participant's title, else 'Parent' or 'Guest' (core spec 6). */
export function displayTitle(title: string | null | undefined, role: ParticipantRole): string {
  const trimmed = title?.trim();
  if (trimmed) return trimmed;
  return isParentRole(role) ? "Parent" : "Guest";
}

/** A partial custom-permissions object as a parent edits it: known flags only, booleans only. */
export const customPermissionsSchema = z.strictObject(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<PermissionFlag, z.ZodOptional<z.ZodBoolean>>,
);

/** Who is inviting a guest: a parent, or a guest trusted with canInviteGuests. */
export interface Inviter {
  isParent: boolean;
  /** A guest's own level; none counts as the farthest. */
  privacyLevel: string | null;
  permissions: Permissions;
}

const levelRank = (level: string | null) => {
  const rank = GUEST_PRIVACY_LEVELS.indexOf(level as GuestPrivacyLevel);
  return rank < 0 ? GUEST_PRIVACY_LEVELS.length - 1 : rank;
};

/**
 * Nobody grants more than they hold: a guest invites at their own privacy level or a farther one
 * (one that sees less), never closer. Parents invite at any level.
 */
export const mayInviteAtLevel = (inviter: Inviter, level: GuestPrivacyLevel): boolean => inviter.isParent || levelRank(level) >= levelRank(inviter.privacyLevel);

/** The flags an invitation grants: the guest defaults, less any the inviting guest does not hold. */
export function invitedGuestPermissions(inviter: Inviter): Permissions {
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, GUEST_DEFAULT_PERMISSIONS[flag] && (inviter.isParent || inviter.permissions[flag])])) as Permissions;
}
