import { describe, expect, it } from "vitest";
import { landingAfterDeletion, refundNote, titleConfirms } from "../../src/domain/pregnancyDeletion";

describe("titleConfirms", () => {
  it("takes the title as shown, with stray spaces at the ends or between words", () => {
    expect(titleConfirms("Our Little Bean's Journey", "Our Little Bean's Journey")).toBe(true);
    expect(titleConfirms("  Our Little  Bean's Journey ", "Our Little Bean's Journey")).toBe(true);
  });

  it("refuses anything else: another title, another case, a part of it, nothing", () => {
    expect(titleConfirms("our little bean's journey", "Our Little Bean's Journey")).toBe(false);
    expect(titleConfirms("Our Little Bean", "Our Little Bean's Journey")).toBe(false);
    expect(titleConfirms("", "")).toBe(false);
    expect(titleConfirms("   ", "Our Little Bean's Journey")).toBe(false);
  });
});

describe("landingAfterDeletion", () => {
  it("goes to another pregnancy the owner is a parent of, else one they follow, else the way to start one", () => {
    expect(landingAfterDeletion({ parentPregnancy: { id: "p" }, guestPregnancies: [{ id: "g" }] })).toBe("/dashboard");
    expect(landingAfterDeletion({ parentPregnancy: null, guestPregnancies: [{ id: "g" }] })).toBe("/pregnancies");
    expect(landingAfterDeletion({ parentPregnancy: null, guestPregnancies: [] })).toBe("/become-parent");
  });
});

describe("refundNote", () => {
  it("says what came back and where, and nothing when nothing did", () => {
    expect(refundNote({ cardCents: 1499, creditCents: 0 })).toBe("This month's payment: $14.99 refunded to your card.");
    expect(refundNote({ cardCents: 500, creditCents: 999 })).toBe("This month's payment: $5 refunded to your card, and $9.99 of gift card credit back on your account.");
    expect(refundNote({ cardCents: 0, creditCents: 0 })).toBeUndefined();
  });
});
