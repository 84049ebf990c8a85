import { describe, expect, it } from "vitest";
import { allowedCreateAccountStep, CREATE_ACCOUNT_STEP_TITLES, parseCreateAccountStep } from "../../src/features/create-account/steps";

describe("create-account steps", () => {
  it("has the spec's five titles", () => {
    expect(CREATE_ACCOUNT_STEP_TITLES).toEqual(["Create Account", "Verify Email", "Account Type", "Choose Plan", "Payment"]);
  });

  it("reads ?step=1..5 and falls back to 1", () => {
    expect(parseCreateAccountStep("3")).toBe(3);
    expect(parseCreateAccountStep(5)).toBe(5);
    expect(parseCreateAccountStep("6")).toBe(1);
    expect(parseCreateAccountStep("2.5")).toBe(1);
    expect(parseCreateAccountStep(undefined)).toBe(1);
  });

  it("keeps visitors where their account is", () => {
    expect(allowedCreateAccountStep(3, null)).toBe(1);
    expect(allowedCreateAccountStep(1, { emailVerified: false })).toBe(2);
    expect(allowedCreateAccountStep(1, { emailVerified: true })).toBe(3);
    expect(allowedCreateAccountStep(2, { emailVerified: true })).toBe(2);
    expect(allowedCreateAccountStep(4, { emailVerified: false })).toBe(4);
  });
});
