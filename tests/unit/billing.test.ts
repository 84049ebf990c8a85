import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { afterTrialLines, checkoutDiscount, checkoutOnboardingSchema, checkoutPageNote, discountText, onboardingFromMetadata, referralNotForPremium, wizardPlanName, checkoutTier, couponId, onboardingMetadata, orderSummary, PHOTO_UPGRADE_PRICE_CENTS, PLANS, REFERRAL_DISCOUNT_PERCENT, RETURNING_FAMILY_DISCOUNT_PERCENT, returnPathSchema, storedPlan, successPathWithSessionId, TRIAL_DAYS, trialEndsAt, UNLIMITED_PHOTO_SENTINEL } from "../../src/domain/billing";
import { parseStripeForm, stripeSignatureHeader } from "../../worker/dev/fakeStripeProtocol";
import { MS_PER_DAY } from "../../src/domain/units";

describe("plans and discounts", () => {
  it("sells Premium for the photo upgrade (Basic + $6 = $15.99)", () => {
    expect(checkoutTier("basic")).toBe("basic");
    expect(checkoutTier("basic", true)).toBe("premium");
    expect(checkoutTier("premium", false)).toBe("premium");
    expect(PLANS.basic.priceCents + PHOTO_UPGRADE_PRICE_CENTS).toBe(PLANS.premium.priceCents);
  });

  it("gives a referral 25% off the first month of Basic only, and a returning family 30% for good", () => {
    expect(checkoutDiscount({ tier: "basic", referralPercent: REFERRAL_DISCOUNT_PERCENT, returningFamily: false })).toEqual({ reason: "referral", percentOff: 25, duration: "once" });
    expect(checkoutDiscount({ tier: "premium", referralPercent: REFERRAL_DISCOUNT_PERCENT, returningFamily: false })).toBeNull();
    expect(checkoutDiscount({ tier: "basic", referralPercent: null, returningFamily: false })).toBeNull();
    const returning = { reason: "returning-family", percentOff: RETURNING_FAMILY_DISCOUNT_PERCENT, duration: "forever" };
    expect(checkoutDiscount({ tier: "premium", referralPercent: null, returningFamily: true })).toEqual(returning);
    expect(checkoutDiscount({ tier: "basic", referralPercent: REFERRAL_DISCOUNT_PERCENT, returningFamily: true })).toEqual(returning);
  });

  it("names each coupon by what it gives, so it is created once", () => {
    expect(couponId({ reason: "referral", percentOff: 25, duration: "once" })).toBe("referral-25-once");
    expect(couponId({ reason: "returning-family", percentOff: 30, duration: "forever" })).toBe("returning-family-30-forever");
  });

  it("sums up an order: nothing due today during the trial, the discount on the first month or every month", () => {
    expect(orderSummary("basic", null)).toEqual({ tier: "basic", planName: "Basic", monthlyCents: 999, firstMonthCents: 999, laterMonthCents: 999, trialDays: TRIAL_DAYS, dueTodayCents: 0 });
    expect(orderSummary("basic", { percentOff: 25, duration: "once" })).toMatchObject({ firstMonthCents: 749, laterMonthCents: 999 });
    expect(orderSummary("premium", { percentOff: 30, duration: "forever" })).toMatchObject({ firstMonthCents: 1119, laterMonthCents: 1119 });
    expect(orderSummary("premium", null, 0)).toMatchObject({ dueTodayCents: 1599 });
  });

  it("says what follows the trial: the monthly price, and a first-month line only when a discount changes it", () => {
    expect(afterTrialLines(orderSummary("premium", null))).toEqual(["After the trial, $15.99/month"]);
    expect(afterTrialLines(orderSummary("basic", { percentOff: 25, duration: "once" }))).toEqual(["After the trial, $9.99/month", "Your first month after the trial: $7.49"]);
    expect(afterTrialLines(orderSummary("premium", { percentOff: 30, duration: "forever" }))).toEqual(["After the trial, $11.19/month"]);
  });

  it("ends the trial 7 days after it starts", () => {
    const start = new Date("2026-05-01T10:00:00Z");
    expect(trialEndsAt(start).getTime() - start.getTime()).toBe(TRIAL_DAYS * MS_PER_DAY);
  });
});

describe("storedPlan: a downgrade keeps unlimited photos until the period ends", () => {
  const periodEnd = new Date("2026-06-01T00:00:00Z");
  const nextPeriodEnd = new Date("2026-07-01T00:00:00Z");

  it("applies a first plan and an upgrade at once", () => {
    expect(storedPlan({ currentTier: null, currentPeriodEnd: null, reportedTier: "basic", reportedPeriodEnd: periodEnd })).toEqual({
      tier: "basic",
      pendingTier: null,
      photoStorageLimit: PLANS.basic.photoLimit,
      monthlyCostCents: PLANS.basic.priceCents,
    });
    expect(storedPlan({ currentTier: "basic", currentPeriodEnd: periodEnd, reportedTier: "premium", reportedPeriodEnd: periodEnd })).toMatchObject({ tier: "premium", pendingTier: null, photoStorageLimit: UNLIMITED_PHOTO_SENTINEL });
  });

  it("schedules a downgrade within the period and applies it once the next period starts", () => {
    expect(storedPlan({ currentTier: "premium", currentPeriodEnd: periodEnd, reportedTier: "basic", reportedPeriodEnd: periodEnd })).toMatchObject({ tier: "premium", pendingTier: "basic", photoStorageLimit: UNLIMITED_PHOTO_SENTINEL });
    expect(storedPlan({ currentTier: "premium", currentPeriodEnd: periodEnd, reportedTier: "basic", reportedPeriodEnd: nextPeriodEnd })).toMatchObject({ tier: "basic", pendingTier: null, photoStorageLimit: PLANS.basic.photoLimit });
  });
});

describe("checkout input", () => {
  it("takes only paths on our own origin as return URLs", () => {
    for (const path of ["/onboarding-parent?session_id={CHECKOUT_SESSION_ID}", "/onboarding?step=payment&payment=cancelled", "/settings"]) expect(returnPathSchema.safeParse(path).success, path).toBe(true);
    for (const path of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "settings", "/a b", ""]) expect(returnPathSchema.safeParse(path).success, path).toBe(false);
  });

  it("brings the session id back on success, where the caller put it or as session_id", () => {
    expect(successPathWithSessionId("/onboarding-parent?session_id={CHECKOUT_SESSION_ID}")).toBe("/onboarding-parent?session_id={CHECKOUT_SESSION_ID}");
    expect(successPathWithSessionId("/settings?payment=success")).toBe("/settings?payment=success&session_id={CHECKOUT_SESSION_ID}");
    expect(successPathWithSessionId("/settings")).toBe("/settings?session_id={CHECKOUT_SESSION_ID}");
  });

  it("stages the wizard's fields as string metadata and drops anything else, a password included", () => {
    const parsed = checkoutOnboardingSchema.parse({ firstName: "Ada", lastName: "L", email: "ada@example.test", password: "secret-123", includePartner: true, babyName: "", dueDate: "2027-01-02", gender: "girl", skipCheckout: false });
    expect(parsed).not.toHaveProperty("password");
    expect(onboardingMetadata(parsed)).toEqual({ firstName: "Ada", lastName: "L", email: "ada@example.test", includePartner: "true", dueDate: "2027-01-02", gender: "girl" });
    expect(checkoutOnboardingSchema.safeParse({ dueDate: "2027-02-30" }).success).toBe(false);
    expect(checkoutOnboardingSchema.safeParse({}).success).toBe(true);
  });

  it("stages twins and more as JSON, at most the setup's four babies in all", () => {
    const twins = checkoutOnboardingSchema.parse({ babyName: "Juniper", gender: "girl", moreBabies: [{ name: " Rowan ", gender: "boy" }] });
    expect(onboardingMetadata(twins)).toEqual({ babyName: "Juniper", gender: "girl", moreBabies: '[{"name":"Rowan","gender":"boy"}]' });
    expect(onboardingMetadata(checkoutOnboardingSchema.parse({ moreBabies: [] }))).toEqual({});
    const baby = { name: "", gender: "unknown" };
    expect(checkoutOnboardingSchema.safeParse({ moreBabies: [baby, baby, baby] }).success).toBe(true);
    expect(checkoutOnboardingSchema.safeParse({ moreBabies: [baby, baby, baby, baby] }).success).toBe(false);
  });

  it("reads the staged answers back from the metadata, ignoring the checkout's own keys and anything unreadable", () => {
    const answers = { firstName: "Ada", includePartner: true, partnerFirstName: "Leo", babyName: "Juniper", moreBabies: [{ name: "Rowan", gender: "boy" as const }], dueDate: "2027-01-02", gender: "girl" as const };
    expect(onboardingFromMetadata({ ...onboardingMetadata(answers), userId: "u1", tier: "basic", referralCode: "bean2026" })).toEqual(answers);
    expect(onboardingFromMetadata({ includePartner: "false" })).toEqual({ includePartner: false });
    expect(onboardingFromMetadata({ babyName: "Juniper", moreBabies: "[not json" })).toEqual({ babyName: "Juniper" });
    expect(onboardingFromMetadata({ dueDate: "2027-02-30" })).toEqual({});
  });

  it("names the wizard's card with its tier, and a discount by what it does", () => {
    expect(wizardPlanName("basic")).toBe("Complete plan (Basic)");
    expect(wizardPlanName("premium")).toBe("Complete plan with unlimited photos (Premium)");
    const referral = { reason: "referral", percentOff: REFERRAL_DISCOUNT_PERCENT, duration: "once" } as const;
    expect(discountText(referral, "bean2026")).toBe("Referral code bean2026: 25% off your first month");
    expect(discountText({ reason: "returning-family", percentOff: RETURNING_FAMILY_DISCOUNT_PERCENT, duration: "forever" })).toBe("Returning family: 30% off every month");
    expect(checkoutPageNote("basic", referral, "bean2026")).toBe("Your Complete plan is billed as Basic. Referral code bean2026: 25% off your first month.");
    expect(checkoutPageNote("premium", null)).toBe("Your Complete plan with unlimited photos is billed as Premium.");
    expect(referralNotForPremium("bean2026")).toBe("Referral code bean2026 does not apply with unlimited photos.");
  });
});

describe("the fake Stripe's wire format", () => {
  it("parses the SDK's form encoding into nested objects and lists", () => {
    const form = new URLSearchParams(
      "mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=u1&subscription_data[trial_period_days]=7&subscription_data[metadata][tier]=basic&discounts[0][coupon]=referral-25-once&expand[0]=subscription&expand[1]=customer",
    );
    expect(parseStripeForm(form)).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_1", quantity: "1" }],
      metadata: { userId: "u1" },
      subscription_data: { trial_period_days: "7", metadata: { tier: "basic" } },
      discounts: [{ coupon: "referral-25-once" }],
      expand: ["subscription", "customer"],
    });
  });

  it("signs webhooks exactly as Stripe does, so the SDK's verification accepts them", async () => {
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "invoice.paid", data: { object: { id: "in_1" } } });
    const secret = "whsec_unit_test";
    const timestamp = Math.floor(Date.now() / 1000);
    const header = await stripeSignatureHeader(payload, secret, timestamp);
    const cryptoProvider = Stripe.createSubtleCryptoProvider();
    expect(header).toBe(await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider }));
    const event = await Stripe.webhooks.constructEventAsync(payload, header, secret, undefined, cryptoProvider);
    expect(event.id).toBe("evt_1");
    await expect(Stripe.webhooks.constructEventAsync(payload, await stripeSignatureHeader(payload, "whsec_other", timestamp), secret, undefined, cryptoProvider)).rejects.toThrow();
  });
});
