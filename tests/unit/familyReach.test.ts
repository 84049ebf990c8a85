import { describe, expect, it } from "vitest";
import type { GuestPrivacyLevel, ItemPrivacyLevel } from "../../src/domain/enums";
import { GUEST_RELATIONSHIPS } from "../../src/domain/enums";
import { circleSeesSentence, initialGuestAudience, isSuggestedLevel, itemReach, joinWords, SUGGESTED_PRIVACY_LEVELS, withRelationship, type FamilyMember } from "../../src/domain/familyReach";
import { mayInviteAtLevel } from "../../src/domain/permissions";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";

const label = (level: ItemPrivacyLevel) => level;

describe("the level suggested for a relationship", () => {
  it("follows the issue's table and suggests nothing for 'other'", () => {
    expect(SUGGESTED_PRIVACY_LEVELS).toEqual({ grandparent: "immediate-family", sibling: "immediate-family", "aunt-uncle": "extended-family", cousin: "extended-family", friend: "friends", other: null });
    expect(Object.keys(SUGGESTED_PRIVACY_LEVELS).sort()).toEqual([...GUEST_RELATIONSHIPS].sort());
  });

  it("starts at the spec's default and takes the suggestion when a relationship is picked", () => {
    const start = initialGuestAudience();
    expect(start).toEqual({ relationship: "", privacyLevel: "friends", levelChosen: false });
    const grandma = withRelationship(start, "grandparent");
    expect(grandma).toEqual({ relationship: "grandparent", privacyLevel: "immediate-family", levelChosen: false });
    expect(isSuggestedLevel(grandma)).toBe(true);
    expect(withRelationship(grandma, "cousin").privacyLevel).toBe("extended-family");
    // No suggestion: back to the default.
    expect(withRelationship(grandma, "other")).toEqual({ relationship: "other", privacyLevel: "friends", levelChosen: false });
    expect(isSuggestedLevel(withRelationship(grandma, "other"))).toBe(false);
  });

  it("never overrides a level picked by hand", () => {
    const chosen = { relationship: "" as const, privacyLevel: "acquaintances" as GuestPrivacyLevel, levelChosen: true };
    expect(withRelationship(chosen, "grandparent")).toEqual({ relationship: "grandparent", privacyLevel: "acquaintances", levelChosen: true });
    expect(isSuggestedLevel({ relationship: "grandparent", privacyLevel: "immediate-family", levelChosen: true })).toBe(false);
  });

  it("keeps to the levels an inviting guest may give", () => {
    const allowed = (level: GuestPrivacyLevel) => mayInviteAtLevel({ isParent: false, privacyLevel: "extended-family", permissions: GUEST_DEFAULT_PERMISSIONS }, level);
    expect(withRelationship(initialGuestAudience(allowed), "grandparent", allowed).privacyLevel).toBe("extended-family");
    const farthest = (level: GuestPrivacyLevel) => level === "acquaintances";
    expect(initialGuestAudience(farthest).privacyLevel).toBe("acquaintances");
  });
});

describe("what a circle sees", () => {
  it("immediate family sees photos and posts shared by default", () => {
    expect(circleSeesSentence("immediate-family", label)).toBe("They see photos and posts shared by default, and events you share with immediate-family or a wider circle.");
  });

  it("a farther circle is told it misses the default photos and posts", () => {
    expect(circleSeesSentence("friends", label)).toBe("They see the photos, posts and events you share with friends or a wider circle, not photos and posts shared by default (immediate-family).");
  });
});

describe("who an item reaches", () => {
  const family: FamilyMember[] = [
    { userId: "me", role: "owner", status: "active", privacyLevel: null, firstName: "Olivia" },
    { userId: "n", role: "partner", status: "active", privacyLevel: null, firstName: "Noah" },
    { userId: "g", role: "guest", status: "active", privacyLevel: "immediate-family", firstName: "Helen" },
    { userId: "m", role: "guest", status: "active", privacyLevel: "extended-family", firstName: "Maya" },
    { userId: "s", role: "guest", status: "active", privacyLevel: "friends", firstName: "Sam" },
    { userId: null, role: "guest", status: "invited", privacyLevel: "immediate-family", firstName: "Pending" },
  ];

  it("names the other parent and the guests when few, counts them when more", () => {
    const joined = family.filter((member) => member.status === "active");
    expect(itemReach(joined, "me", "parents-only")).toBe("Reaches Noah.");
    expect(itemReach(joined, "me", "immediate-family")).toBe("Reaches Noah and Helen.");
    expect(itemReach(joined, "me", "extended-family")).toBe("Reaches Noah, Helen and Maya.");
    expect(itemReach(joined, "me", "acquaintances")).toBe("Reaches Noah and 3 guests.");
    expect(itemReach(family, "me", "immediate-family", ["friends"])).toBe("Reaches Noah and Sam.");
  });

  it("says so when it reaches nobody else", () => {
    expect(itemReach(family.slice(0, 1), "me", "friends")).toBe("Reaches only you.");
  });

  it("names the invited people who will see it once they join (those whose circle it reaches)", () => {
    const invited: FamilyMember[] = [
      family[0]!,
      { userId: null, role: "guest", status: "invited", privacyLevel: "immediate-family", firstName: "Rose" },
      { userId: null, role: "partner", status: "invited", privacyLevel: null, firstName: "Leo" },
      { userId: null, role: "guest", status: "invited", privacyLevel: "friends", firstName: "Tom" },
    ];
    expect(itemReach(invited, "me", "parents-only")).toBe("Reaches only you; Leo will see it after joining.");
    expect(itemReach(invited, "me", "immediate-family")).toBe("Reaches only you; Rose and Leo will see it after joining.");
    expect(itemReach(invited, "me", "friends")).toBe("Reaches only you; 3 invited people will see it after joining.");
    expect(itemReach(family, "me", "immediate-family")).toBe("Reaches Noah and Helen; Pending will see it after joining.");
  });

  it("joins words as a sentence does", () => {
    expect([joinWords([]), joinWords(["a"]), joinWords(["a", "b"]), joinWords(["a", "b", "c"])]).toEqual(["", "a", "a and b", "a, b and c"]);
  });
});
