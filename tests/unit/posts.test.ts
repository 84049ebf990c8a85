import { describe, expect, it } from "vitest";
import { canSeeItem } from "../../src/domain/audience";
import { GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS } from "../../src/domain/enums";
import { audienceGroupsOf, normalizePostLink, postPrivacyLevel, privacyLevelForGroups } from "../../src/domain/posts";
import { isBlankPostContent } from "../../src/domain/richText";

describe("post audience groups", () => {
  it("are exactly the guest levels the audience rule lets see the post", () => {
    for (const level of ITEM_PRIVACY_LEVELS) {
      const seeing = GUEST_PRIVACY_LEVELS.filter((guest) => canSeeItem({ role: "guest", privacyLevel: guest }, level));
      expect(audienceGroupsOf(level), level).toEqual(seeing);
    }
  });

  it("map back to the level they came from, and any choice to its furthest group", () => {
    for (const level of ITEM_PRIVACY_LEVELS) expect(privacyLevelForGroups(audienceGroupsOf(level))).toBe(level);
    expect(privacyLevelForGroups(["friends", "immediate-family"])).toBe("friends");
    expect(privacyLevelForGroups([])).toBe("parents-only");
  });

  it("give way to a level when both are given, and the default is immediate family", () => {
    expect(postPrivacyLevel({ privacyLevel: "acquaintances", audienceGroups: ["immediate-family"] })).toBe("acquaintances");
    expect(postPrivacyLevel({ audienceGroups: ["extended-family"] })).toBe("extended-family");
    expect(postPrivacyLevel({})).toBe("immediate-family");
  });
});

describe("post content and links", () => {
  it("counts markup without text as blank", () => {
    expect(isBlankPostContent("<p><br></p><ul><li> </li></ul>")).toBe(true);
    expect(isBlankPostContent("<script>alert(1)</script>&nbsp;")).toBe(true);
    expect(isBlankPostContent("<p><b>Hi</b></p>")).toBe(false);
  });

  it("stores links as https and refuses other schemes", () => {
    expect(normalizePostLink("http://example.com/a")).toEqual({ ok: true, value: "https://example.com/a" });
    expect(normalizePostLink("example.com")).toEqual({ ok: true, value: "https://example.com" });
    expect(normalizePostLink("javascript:alert(1)")).toEqual({ ok: false, error: "invalid_url" });
  });
});
