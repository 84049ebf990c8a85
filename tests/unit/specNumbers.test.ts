import { describe, expect, it } from "vitest";
import { BASIC_PLAN_PRICE_CENTS, discountedCents, formatPrice, PHOTO_UPGRADE_PRICE_CENTS, PLANS, PREMIUM_PLAN_PRICE_CENTS, RETURNING_FAMILY_DISCOUNT_PERCENT, REFERRAL_DISCOUNT_PERCENT, subscriptionTermMonths, UNLIMITED_PHOTO_SENTINEL } from "../../src/domain/billing";
import { BYTES_PER_MB } from "../../src/domain/units";
import { GUEST_CHOICE_MEMORY_MS } from "../../src/domain/pregnancySelection";
import { PHOTO_ESTIMATE_BYTES, PHOTO_MAX_FILE_BYTES, PHOTO_WARN_FILE_BYTES } from "../../src/domain/uploads";
import { SUBSCRIPTION_SPAN_DAYS } from "../../src/domain/dates";

describe("plans", () => {
  it("prices basic at $9.99 with 400 photos and premium at $15.99 unlimited", () => {
    expect(PLANS.basic).toMatchObject({ tier: "basic", priceCents: 999, priceDollars: 9.99, photoLimit: 400 });
    expect(PLANS.premium).toMatchObject({ tier: "premium", priceCents: 1599, priceDollars: 15.99, photoLimit: UNLIMITED_PHOTO_SENTINEL });
    expect(UNLIMITED_PHOTO_SENTINEL).toBe(999999);
  });

  it("keeps premium equal to basic plus the $6 photo upgrade", () => {
    expect(BASIC_PLAN_PRICE_CENTS + PHOTO_UPGRADE_PRICE_CENTS).toBe(PREMIUM_PLAN_PRICE_CENTS);
  });

  it("formats prices the way the copy writes them", () => {
    expect(formatPrice(999)).toBe("$9.99");
    expect(formatPrice(1599)).toBe("$15.99");
    expect(formatPrice(600)).toBe("$6");
    expect(formatPrice(1000)).toBe("$10");
    expect(formatPrice(1050)).toBe("$10.50");
  });

  it("applies the 30% and 25% discounts to the cent", () => {
    expect(discountedCents(999, RETURNING_FAMILY_DISCOUNT_PERCENT)).toBe(699);
    expect(discountedCents(999, REFERRAL_DISCOUNT_PERCENT)).toBe(749);
    expect(discountedCents(999, 0)).toBe(999);
  });
});

describe("subscription term", () => {
  it("spans 364 days from the LMP to the service end (52 weeks)", () => {
    expect(SUBSCRIPTION_SPAN_DAYS).toBe(364);
  });

  it("counts started calendar months from the sign-up week to the service end", () => {
    expect(subscriptionTermMonths()).toBe(12);
    expect(subscriptionTermMonths(0)).toBe(12);
    expect(subscriptionTermMonths(9)).toBe(10);
    expect(subscriptionTermMonths(40)).toBe(3);
    expect(subscriptionTermMonths(52)).toBe(0);
    expect(subscriptionTermMonths(60)).toBe(0);
  });
});

describe("derived sizes and durations", () => {
  it("uses binary megabytes", () => {
    expect(PHOTO_MAX_FILE_BYTES).toBe(10 * BYTES_PER_MB);
    expect(PHOTO_WARN_FILE_BYTES).toBe(5 * BYTES_PER_MB);
    expect(PHOTO_ESTIMATE_BYTES).toBe(2 * 1024 * 1024);
  });

  it("remembers a guest choice for 14 days", () => {
    expect(GUEST_CHOICE_MEMORY_MS).toBe(14 * 24 * 60 * 60 * 1000);
  });
});
