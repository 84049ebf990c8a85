import { describe, expect, it } from "vitest";
import { drawCreditFirst, generateGiftCardCode, GIFT_CARD_CODE_ALPHABET, GIFT_CARD_MONTH_OPTIONS, giftCardDescription, giftCardPurchaseSchema, giftCardValueCents, normalizeGiftCardCode } from "../../src/domain/giftCards";
import { PLANS } from "../../src/domain/billing";

const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

describe("generateGiftCardCode", () => {
  it("makes 4 groups of 4 symbols from the unambiguous alphabet", () => {
    for (let i = 0; i < 200; i++) expect(generateGiftCardCode()).toMatch(CODE_FORMAT);
    expect(GIFT_CARD_CODE_ALPHABET).toHaveLength(32);
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it("maps each random byte to a symbol without bias (byte mod 32)", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 32 + i);
    expect(generateGiftCardCode(() => bytes)).toBe("ABCD-EFGH-JKLM-NPQR");
    expect(generateGiftCardCode(() => new Uint8Array(16).fill(255))).toBe("9999-9999-9999-9999");
  });

  it("does not repeat itself", () => {
    const codes = new Set(Array.from({ length: 1000 }, () => generateGiftCardCode()));
    expect(codes.size).toBe(1000);
  });
});

describe("normalizeGiftCardCode", () => {
  it("ignores case, spaces and dashes", () => {
    for (const typed of ["abcd-efgh-jkmn-pqrs", " ABCD EFGH JKMN PQRS ", "abcdefghjkmnpqrs", "AbCd-EfGh JkMn-PqRs"]) {
      expect(normalizeGiftCardCode(typed), typed).toBe("ABCD-EFGH-JKMN-PQRS");
    }
  });

  it("round-trips generated codes", () => {
    const code = generateGiftCardCode();
    expect(normalizeGiftCardCode(code.toLowerCase().replaceAll("-", " "))).toBe(code);
  });

  it("refuses what cannot be a code", () => {
    for (const typed of ["", "ABCD-EFGH-JKMN", "ABCD-EFGH-JKMN-PQRSX", "ABCD-EFGH-JKMN-PQR0", "ABCD-EFGH-JKMN-PQRI", "ABCD_EFGH_JKMN_PQRS"]) {
      expect(normalizeGiftCardCode(typed), typed).toBeNull();
    }
  });
});

describe("gift card value", () => {
  it("is whole months of the plan's price, Base being Basic", () => {
    expect(giftCardValueCents("base", 1)).toBe(PLANS.basic.priceCents);
    expect(giftCardValueCents("base", 3)).toBe(3 * PLANS.basic.priceCents);
    expect(giftCardValueCents("premium", 12)).toBe(12 * PLANS.premium.priceCents);
    expect(giftCardDescription("base", 3)).toBe("Basic, 3 months ($29.97)");
    expect(giftCardDescription("premium", 1)).toBe("Premium, 1 month ($15.99)");
  });

  it("accepts only the offered months and plans", () => {
    const valid = { planType: "premium", months: GIFT_CARD_MONTH_OPTIONS[1], purchaserEmail: "buyer@example.test" };
    expect(giftCardPurchaseSchema.safeParse(valid).success).toBe(true);
    expect(giftCardPurchaseSchema.safeParse({ ...valid, months: 2 }).success).toBe(false);
    expect(giftCardPurchaseSchema.safeParse({ ...valid, planType: "basic" }).success).toBe(false);
    expect(giftCardPurchaseSchema.safeParse({ ...valid, purchaserEmail: "nope" }).success).toBe(false);
    expect(giftCardPurchaseSchema.safeParse({ ...valid, message: "x".repeat(501) }).success).toBe(false);
  });
});

describe("drawCreditFirst", () => {
  it("draws the credit first and leaves the rest on the account", () => {
    expect(drawCreditFirst(999, 2997)).toEqual({ appliedCents: 999, amountDueCents: 0, remainingCreditCents: 1998 });
    expect(drawCreditFirst(1599, 999)).toEqual({ appliedCents: 999, amountDueCents: 600, remainingCreditCents: 0 });
    expect(drawCreditFirst(0, 999)).toEqual({ appliedCents: 0, amountDueCents: 0, remainingCreditCents: 999 });
    expect(drawCreditFirst(999, 0)).toEqual({ appliedCents: 0, amountDueCents: 999, remainingCreditCents: 0 });
  });
});
