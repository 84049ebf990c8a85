import { describe, expect, it } from "vitest";
import { EARLY_ACCESS_MS, earlyAccessExpiresAt, guestToParentTarget, initialUserMode, isEarlyAccessActive } from "../../src/domain/modes";

describe("initialUserMode", () => {
  it("starts users with parent capability in parent mode, everyone else as guest", () => {
    expect(initialUserMode(true)).toBe("parent");
    expect(initialUserMode(false)).toBe("guest");
  });
});

describe("guestToParentTarget", () => {
  const check = (hasParentCapability: boolean, hasPregnancyAccess: boolean, hasActiveSubscription: boolean) => ({
    hasParentCapability,
    hasPregnancyAccess,
    hasActiveSubscription,
  });

  it("switches a capable user", () => {
    expect(guestToParentTarget(check(true, false, false))).toBe("parent-mode");
  });

  it("sends users with access or a subscription to /setup-pregnancy", () => {
    expect(guestToParentTarget(check(false, true, false))).toBe("/setup-pregnancy");
    expect(guestToParentTarget(check(false, false, true))).toBe("/setup-pregnancy");
  });

  it("sends everyone else, and failed checks, to /onboarding-parent", () => {
    expect(guestToParentTarget(check(false, false, false))).toBe("/onboarding-parent");
    expect(guestToParentTarget(null)).toBe("/onboarding-parent");
  });
});

describe("early access", () => {
  it("lasts 24 hours and ends at its expiry", () => {
    const now = Date.UTC(2025, 0, 1);
    const expiresAt = earlyAccessExpiresAt(now);
    expect(expiresAt - now).toBe(24 * 60 * 60 * 1000);
    expect(EARLY_ACCESS_MS).toBe(expiresAt - now);
    expect(isEarlyAccessActive(expiresAt, expiresAt - 1)).toBe(true);
    expect(isEarlyAccessActive(expiresAt, expiresAt)).toBe(false);
  });
});
