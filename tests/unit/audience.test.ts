import { describe, expect, it } from "vitest";
import {
  canSeeItem,
  DEFAULT_EVENT_PRIVACY_LEVEL,
  DEFAULT_GUEST_PRIVACY_LEVEL,
  DEFAULT_PHOTO_PRIVACY_LEVEL,
  guestLevelOf,
  itemPrivacyLevelSchema,
  resolveAudience,
  visibleItemLevels,
} from "../../src/domain/audience";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS } from "../../src/domain/enums";

describe("visibleItemLevels", () => {
  it("lists the guest's own level and every further one", () => {
    expect(visibleItemLevels("immediate-family")).toEqual([...GUEST_PRIVACY_LEVELS]);
    expect(visibleItemLevels("close-friends")).toEqual(["close-friends", "friends", "acquaintances"]);
    expect(visibleItemLevels("friends")).toEqual(["friends", "acquaintances"]);
    expect(visibleItemLevels("acquaintances")).toEqual(["acquaintances"]);
  });

  it("never lists parents-only", () => {
    for (const level of GUEST_PRIVACY_LEVELS) expect(visibleItemLevels(level)).not.toContain("parents-only");
  });
});

describe("canSeeItem", () => {
  it("lets parents see every level", () => {
    for (const role of ["owner", "partner"] as const) {
      for (const level of ITEM_PRIVACY_LEVELS) expect(canSeeItem({ role, privacyLevel: null }, level)).toBe(true);
    }
  });

  it("lets a friends-level guest see friends and acquaintances items only", () => {
    const friend = { role: "guest" as const, privacyLevel: "friends" };
    expect(canSeeItem(friend, "friends")).toBe(true);
    expect(canSeeItem(friend, "acquaintances")).toBe(true);
    expect(canSeeItem(friend, "close-friends")).toBe(false);
    expect(canSeeItem(friend, "extended-family")).toBe(false);
    expect(canSeeItem(friend, "immediate-family")).toBe(false);
    expect(canSeeItem(friend, "parents-only")).toBe(false);
  });

  it("keeps parents-only items from even the closest guests", () => {
    expect(canSeeItem({ role: "guest", privacyLevel: "immediate-family" }, "parents-only")).toBe(false);
    expect(canSeeItem({ role: "guest", privacyLevel: "immediate-family" }, "immediate-family")).toBe(true);
  });

  it("treats a guest without a known level as a friend", () => {
    expect(guestLevelOf({ role: "guest", privacyLevel: null })).toBe("friends");
    expect(guestLevelOf({ role: "guest", privacyLevel: "best-friends" })).toBe("friends");
    expect(canSeeItem({ role: "guest", privacyLevel: null }, "friends")).toBe(true);
    expect(canSeeItem({ role: "guest", privacyLevel: null }, "close-friends")).toBe(false);
  });
});

describe("audience groups", () => {
  it("show an item to exactly the named circles, whatever their order, and still to parents", () => {
    const at = (privacyLevel: string) => ({ role: "guest" as const, privacyLevel });
    const groups = ["immediate-family", "friends"];
    expect(canSeeItem(at("immediate-family"), "friends", groups)).toBe(true);
    expect(canSeeItem(at("friends"), "friends", groups)).toBe(true);
    expect(canSeeItem(at("extended-family"), "friends", groups)).toBe(false);
    expect(canSeeItem(at("close-friends"), "friends", groups)).toBe(false);
    expect(canSeeItem(at("acquaintances"), "friends", groups)).toBe(false);
    expect(canSeeItem({ role: "partner", privacyLevel: null }, "friends", groups)).toBe(true);
    // No groups: the level decides.
    expect(canSeeItem(at("close-friends"), "friends", [])).toBe(true);
  });

  it("are stored in circle order without repeats beside their widest circle, and win over a level", () => {
    expect(resolveAudience("parents-only", ["friends", "immediate-family", "friends"], "immediate-family")).toEqual({ privacyLevel: "friends", audienceGroups: ["immediate-family", "friends"] });
    expect(resolveAudience("close-friends", [], "immediate-family")).toEqual({ privacyLevel: "close-friends", audienceGroups: [] });
    expect(resolveAudience(undefined, undefined, "immediate-family")).toEqual({ privacyLevel: "immediate-family", audienceGroups: [] });
  });
});

describe("defaults and schema", () => {
  it("uses the spec's default levels", () => {
    expect(DEFAULT_GUEST_PRIVACY_LEVEL).toBe("friends");
    expect(DEFAULT_PHOTO_PRIVACY_LEVEL).toBe("immediate-family");
    expect(DEFAULT_EVENT_PRIVACY_LEVEL).toBe("parents-only");
  });

  it("validates item levels", () => {
    expect(itemPrivacyLevelSchema.safeParse("parents-only").success).toBe(true);
    expect(itemPrivacyLevelSchema.safeParse("everyone").success).toBe(false);
  });
});
