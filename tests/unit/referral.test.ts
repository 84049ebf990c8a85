import { describe, expect, it } from "vitest";
import {
  isValidReferralFormat,
  normalizeReferralCode,
  REFERRAL_MESSAGES,
  referralBlocksSubmit,
  referralInput,
} from "../../src/domain/referral";

describe("referral codes", () => {
  it("normalises to trimmed lowercase", () => {
    expect(normalizeReferralCode("  AbC12345 ")).toBe("abc12345");
  });

  it("keeps at most 8 lowercase characters while typing", () => {
    expect(referralInput("ABCDEFGHIJ")).toBe("abcdefgh");
    expect(referralInput("Ab")).toBe("ab");
  });

  it("accepts exactly 8 letters or digits", () => {
    expect(isValidReferralFormat("abc12345")).toBe(true);
    expect(isValidReferralFormat(" ABC12345 ")).toBe(true);
    expect(isValidReferralFormat("abc1234")).toBe(false);
    expect(isValidReferralFormat("abc123456")).toBe(false);
    expect(isValidReferralFormat("abc-1234")).toBe(false);
    expect(isValidReferralFormat("abc 1234")).toBe(false);
    expect(isValidReferralFormat("abcdéfgh")).toBe(false);
    expect(isValidReferralFormat("")).toBe(false);
  });

  it("blocks submitting only after a check found the code invalid", () => {
    expect(referralBlocksSubmit("invalid")).toBe(true);
    for (const state of ["idle", "validating", "valid"] as const) expect(referralBlocksSubmit(state)).toBe(false);
  });

  it("uses the spec's texts", () => {
    expect(REFERRAL_MESSAGES).toEqual({
      invalidFormat: "Referral code must be 8 alphanumeric characters",
      validating: "Validating...",
      valid: "Valid referral code!",
      notFound: "Referral code not found",
      unableToValidate: "Unable to validate referral code",
    });
  });
});
