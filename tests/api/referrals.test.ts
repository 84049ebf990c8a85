import { describe, expect, it } from "vitest";
import { DEMO_REFERRAL_CODE } from "../../scripts/demo-family";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { REFERRAL_DISCOUNT_PERCENT } from "../../src/domain/billing";

describe("referrals.check", () => {
  const visitor = () => new ApiClient(baseUrl());

  it("finds a seeded code whatever its case, before sign-up", async () => {
    expect(await visitor().trpc.referrals.check.query({ code: DEMO_REFERRAL_CODE.toUpperCase() })).toEqual({ status: "valid", discountPercent: REFERRAL_DISCOUNT_PERCENT });
  });

  it("says not found for a well-formed unknown code and malformed for anything but 8 letters or digits", async () => {
    expect(await visitor().trpc.referrals.check.query({ code: "zzzz9999" })).toEqual({ status: "not_found" });
    for (const code of ["short", "toolong123", "bean-026", "béan2026", ""]) {
      expect(await visitor().trpc.referrals.check.query({ code }), code).toEqual({ status: "malformed" });
    }
  });
});
