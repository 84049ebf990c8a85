import { describe, expect, it } from "vitest";
import { PERMISSION_FLAGS, type Permissions } from "../../src/domain/enums";
import {
  customPermissionsSchema,
  displayTitle,
  effectivePermissions,
  GUEST_DEFAULT_PERMISSIONS,
  invitedGuestPermissions,
  isParentRole,
  mayInviteAtLevel,
  normalizePermissions,
  PARENT_DEFAULT_PERMISSIONS,
} from "../../src/domain/permissions";

const trueFlags = (permissions: Permissions) => PERMISSION_FLAGS.filter((flag) => permissions[flag]);

describe("default permissions", () => {
  it("gives parents all thirteen flags", () => {
    expect(PERMISSION_FLAGS).toHaveLength(13);
    expect(trueFlags(PARENT_DEFAULT_PERMISSIONS)).toEqual([...PERMISSION_FLAGS]);
  });

  it("gives guests reading A", () => {
    expect(trueFlags(GUEST_DEFAULT_PERMISSIONS)).toEqual([
      "canViewSettings",
      "canContributePhotos",
      "canViewCalendarEvents",
      "canViewRegistry",
      "canSuggestRegistryItems",
      "canAccessWaitingRoom",
      "canPlayBabyGame",
      "canReceiveUpdates",
    ]);
    expect(Object.keys(GUEST_DEFAULT_PERMISSIONS).sort()).toEqual([...PERMISSION_FLAGS].sort());
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(PARENT_DEFAULT_PERMISSIONS)).toBe(true);
    expect(Object.isFrozen(GUEST_DEFAULT_PERMISSIONS)).toBe(true);
  });
});

describe("normalizePermissions", () => {
  it("gives the guest set for a missing or non-object value", () => {
    for (const custom of [undefined, null, "x", 1, true, [], ["canViewSettings"]]) {
      expect(normalizePermissions(custom)).toEqual(GUEST_DEFAULT_PERMISSIONS);
    }
  });

  it("returns a fresh object each time", () => {
    const a = normalizePermissions(null);
    a.canEditCalendar = true;
    expect(normalizePermissions(null).canEditCalendar).toBe(false);
    expect(GUEST_DEFAULT_PERMISSIONS.canEditCalendar).toBe(false);
  });

  it("fills an empty object with the rule's defaults", () => {
    expect(trueFlags(normalizePermissions({}))).toEqual(["canViewSettings", "canContributePhotos", "canViewCalendarEvents"]);
  });

  it("keeps given booleans, including false for the true-by-default flags", () => {
    const result = normalizePermissions({ canViewSettings: false, canViewCalendarEvents: false, canEditCalendar: true });
    expect(result.canViewSettings).toBe(false);
    expect(result.canViewCalendarEvents).toBe(false);
    expect(result.canEditCalendar).toBe(true);
  });

  it("defaults canContributePhotos to the opposite of canUploadPhotos", () => {
    expect(normalizePermissions({ canUploadPhotos: true }).canContributePhotos).toBe(false);
    expect(normalizePermissions({ canUploadPhotos: false }).canContributePhotos).toBe(true);
    expect(normalizePermissions({ canUploadPhotos: true, canContributePhotos: true }).canContributePhotos).toBe(true);
  });

  it("defaults canSuggestRegistryItems to canViewRegistry", () => {
    expect(normalizePermissions({ canViewRegistry: true }).canSuggestRegistryItems).toBe(true);
    expect(normalizePermissions({ canViewRegistry: false }).canSuggestRegistryItems).toBe(false);
    expect(normalizePermissions({ canViewRegistry: true, canSuggestRegistryItems: false }).canSuggestRegistryItems).toBe(false);
  });

  it("ignores non-boolean values and unknown keys", () => {
    const result = normalizePermissions({ canViewSettings: "false", canEditCalendar: 1, canUploadPhotos: "yes", isAdmin: true });
    expect(result.canViewSettings).toBe(true);
    expect(result.canEditCalendar).toBe(false);
    expect(result.canContributePhotos).toBe(true);
    expect(result).not.toHaveProperty("isAdmin");
  });

  it("keeps a complete stored set as is", () => {
    const stored = { ...GUEST_DEFAULT_PERMISSIONS, canEditCalendar: true, canPlayBabyGame: false };
    expect(normalizePermissions(stored)).toEqual(stored);
  });
});

describe("effectivePermissions", () => {
  it("gives owners and partners every flag whatever is stored", () => {
    const stored = { canViewSettings: false };
    expect(effectivePermissions("owner", stored)).toEqual(PARENT_DEFAULT_PERMISSIONS);
    expect(effectivePermissions("partner", null)).toEqual(PARENT_DEFAULT_PERMISSIONS);
  });

  it("gives guests their normalised flags or the guest defaults", () => {
    expect(effectivePermissions("guest", null)).toEqual(GUEST_DEFAULT_PERMISSIONS);
    expect(effectivePermissions("guest", { canEditCalendar: true }).canEditCalendar).toBe(true);
    expect(effectivePermissions("guest", {}).canViewRegistry).toBe(false);
  });
});

describe("roles and titles", () => {
  it("knows the parent roles", () => {
    expect(isParentRole("owner")).toBe(true);
    expect(isParentRole("partner")).toBe(true);
    expect(isParentRole("guest")).toBe(false);
  });

  it("falls back to 'Parent' or 'Guest' without a title", () => {
    expect(displayTitle("Grandma", "guest")).toBe("Grandma");
    expect(displayTitle("  Dad  ", "partner")).toBe("Dad");
    expect(displayTitle(null, "owner")).toBe("Parent");
    expect(displayTitle("", "partner")).toBe("Parent");
    expect(displayTitle(undefined, "guest")).toBe("Guest");
    expect(displayTitle("   ", "guest")).toBe("Guest");
  });
});

describe("customPermissionsSchema", () => {
  it("accepts any subset of the flags as booleans", () => {
    expect(customPermissionsSchema.parse({})).toEqual({});
    expect(customPermissionsSchema.parse({ canEditCalendar: true, canViewSettings: false })).toEqual({ canEditCalendar: true, canViewSettings: false });
  });

  it("refuses unknown keys and non-booleans", () => {
    expect(customPermissionsSchema.safeParse({ isAdmin: true }).success).toBe(false);
    expect(customPermissionsSchema.safeParse({ canEditCalendar: "true" }).success).toBe(false);
    expect(customPermissionsSchema.safeParse(null).success).toBe(false);
  });
});

describe("nobody grants more than they hold", () => {
  const guest = (privacyLevel: string | null, permissions: Partial<Permissions> = {}) => ({ isParent: false, privacyLevel, permissions: { ...GUEST_DEFAULT_PERMISSIONS, canInviteGuests: true, ...permissions } });
  const parent = { isParent: true, privacyLevel: null, permissions: PARENT_DEFAULT_PERMISSIONS };

  it("a guest invites at their own level or farther, never closer; a parent at any level", () => {
    expect(mayInviteAtLevel(guest("extended-family"), "immediate-family")).toBe(false);
    expect(mayInviteAtLevel(guest("extended-family"), "extended-family")).toBe(true);
    expect(mayInviteAtLevel(guest("extended-family"), "acquaintances")).toBe(true);
    expect(mayInviteAtLevel(guest("acquaintances"), "friends")).toBe(false);
    expect(mayInviteAtLevel(guest(null), "friends")).toBe(false);
    expect(mayInviteAtLevel(guest(null), "acquaintances")).toBe(true);
    expect(mayInviteAtLevel(parent, "immediate-family")).toBe(true);
  });

  it("an invitation grants the guest defaults, less the flags an inviting guest lacks", () => {
    expect(invitedGuestPermissions(parent)).toEqual(GUEST_DEFAULT_PERMISSIONS);
    const granted = invitedGuestPermissions(guest("friends", { canPlayBabyGame: false, canAccessWaitingRoom: false }));
    expect(granted).toEqual({ ...GUEST_DEFAULT_PERMISSIONS, canPlayBabyGame: false, canAccessWaitingRoom: false });
    for (const flag of PERMISSION_FLAGS) if (!GUEST_DEFAULT_PERMISSIONS[flag]) expect(granted[flag], flag).toBe(false);
  });
});
