import { describe, expect, it } from "vitest";
import { cancelledDescription } from "../../src/domain/subscription";

describe("cancelledDescription", () => {
  it("says what went back to the card and what went back to the account credit", () => {
    expect(cancelledDescription({ cardCents: 499, creditCents: 500 })).toBe(
      "Your pregnancy is closed. $4.99 is refunded to your card (it can take 5 to 10 business days to show), and $5 of gift card credit is back on your account.",
    );
    expect(cancelledDescription({ cardCents: 999, creditCents: 0 })).toBe("Your pregnancy is closed. $9.99 is refunded to your card (it can take 5 to 10 business days to show).");
    expect(cancelledDescription({ cardCents: 0, creditCents: 999 })).toBe("Your pregnancy is closed. $9.99 of gift card credit is back on your account.");
  });

  it("says nothing is refunded when nothing was paid (a trial)", () => {
    expect(cancelledDescription({ cardCents: 0, creditCents: 0 })).toBe("Your pregnancy is closed. Nothing was paid for this month, so there is nothing to refund.");
  });
});
