/**
 * Checkout rules (onboarding spec 1, 3 and 9; core spec 4 and 9): which plan a checkout buys, which
 * discount applies, what is due, and how a plan change reaches the stored subscription. Prices and
 * limits all come from constants.ts.
 */
import { z } from "zod";
import { MS_PER_DAY, MS_PER_SECOND, NAME_MAX_LENGTH, PLANS, RETURNING_FAMILY_DISCOUNT_PERCENT, TRIAL_DAYS, discountedCents } from "./constants";
import { addDays } from "./dates";
import { dateOnlySchema } from "./dateSchema";
import { ONBOARDING_GENDERS, SUBSCRIPTION_TIERS, type SubscriptionTier } from "./enums";

/** Premium is Basic plus the +$6/month photo upgrade: the wizard's upgrade toggle buys Premium. */
export function checkoutTier(plan: SubscriptionTier, photoUpgrade = false): SubscriptionTier {
  return plan === "premium" || photoUpgrade ? "premium" : "basic";
}

/** A coupon as the payment provider knows it: a percentage for the first month or for good. */
export interface CheckoutDiscount {
  reason: "referral" | "returning-family";
  percentOff: number;
  duration: "once" | "forever";
}

/**
 * One discount per checkout (the provider takes one coupon). The returning-family discount is larger
 * and lasts, so it wins over a referral; a referral is never valid on Premium.
 */
export function checkoutDiscount(input: { tier: SubscriptionTier; referralPercent: number | null; returningFamily: boolean }): CheckoutDiscount | null {
  if (input.returningFamily) return { reason: "returning-family", percentOff: RETURNING_FAMILY_DISCOUNT_PERCENT, duration: "forever" };
  if (input.referralPercent !== null && input.tier === "basic") return { reason: "referral", percentOff: input.referralPercent, duration: "once" };
  return null;
}

/** A stable coupon id per discount, so the same coupon is reused instead of created per checkout. */
export function couponId(discount: CheckoutDiscount): string {
  return `${discount.reason}-${discount.percentOff}-${discount.duration}`;
}

export interface OrderSummary {
  tier: SubscriptionTier;
  planName: string;
  monthlyCents: number;
  /** First month after the trial, with the discount. */
  firstMonthCents: number;
  /** Later months: the discount only lasts when its duration is 'forever'. */
  laterMonthCents: number;
  trialDays: number;
  /** Nothing is charged until the trial ends. */
  dueTodayCents: number;
}

/** What the price depends on in a discount (its reason does not change the amounts). */
export type SummaryDiscount = Pick<CheckoutDiscount, "percentOff" | "duration">;

export function orderSummary(tier: SubscriptionTier, discount: SummaryDiscount | null, trialDays: number = TRIAL_DAYS): OrderSummary {
  const plan = PLANS[tier];
  const firstMonthCents = discount ? discountedCents(plan.priceCents, discount.percentOff) : plan.priceCents;
  return {
    tier,
    planName: plan.name,
    monthlyCents: plan.priceCents,
    firstMonthCents,
    laterMonthCents: discount?.duration === "forever" ? firstMonthCents : plan.priceCents,
    trialDays,
    dueTodayCents: trialDays > 0 ? 0 : firstMonthCents,
  };
}

/** When a trial started at `start` ends. */
export function trialEndsAt(start: Date, trialDays: number = TRIAL_DAYS): Date {
  return new Date(start.getTime() + trialDays * MS_PER_DAY);
}

/** What the stored subscription holds after the provider reports a plan. */
export interface StoredPlan {
  tier: SubscriptionTier;
  /** A scheduled downgrade: the current tier lasts until the period end. */
  pendingTier: SubscriptionTier | null;
  photoStorageLimit: number;
  monthlyCostCents: number;
}

const tierRank = (tier: SubscriptionTier) => SUBSCRIPTION_TIERS.indexOf(tier);

/** Moving from one plan to a cheaper one (Premium to Basic). */
export const isDowngrade = (from: SubscriptionTier, to: SubscriptionTier) => tierRank(to) < tierRank(from);

/**
 * Core spec 4: a downgrade keeps unlimited photos until the end of the billing period. The provider
 * switches the price at once; we keep the higher tier until a later period starts (its end moves
 * past the stored one). Upgrades apply at once.
 */
export function storedPlan(input: {
  currentTier: SubscriptionTier | null;
  currentPeriodEnd: Date | null;
  reportedTier: SubscriptionTier;
  reportedPeriodEnd: Date | null;
}): StoredPlan {
  const periodMovedOn = input.currentPeriodEnd === null || (input.reportedPeriodEnd !== null && input.reportedPeriodEnd > input.currentPeriodEnd);
  const downgrade = input.currentTier !== null && isDowngrade(input.currentTier, input.reportedTier);
  const tier = downgrade && !periodMovedOn && input.currentTier ? input.currentTier : input.reportedTier;
  return {
    tier,
    pendingTier: tier === input.reportedTier ? null : input.reportedTier,
    photoStorageLimit: PLANS[tier].photoLimit,
    monthlyCostCents: PLANS[tier].priceCents,
  };
}

/**
 * Core spec 4: the subscription ends with the service. Stripe's cancel_at (Unix seconds) for a
 * pregnancy is the end of its service end day in UTC, the last day of full service.
 */
export function subscriptionCancelAt(serviceEnd: string): number {
  return Date.parse(`${addDays(serviceEnd, 1)}T00:00:00Z`) / MS_PER_SECOND;
}

const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** Ours: a return path is short; the app's own routes are far below this. */
export const RETURN_PATH_MAX_LENGTH = 512;

/** A path on our own origin ('/onboarding-parent?payment=cancelled'), never '//host' or a full URL. */
export const returnPathSchema = z.string().max(RETURN_PATH_MAX_LENGTH).regex(SAME_ORIGIN_PATH, "Must be a path on this site");

/** Stripe's template variable in a success URL, replaced by the checkout session's id. */
export const CHECKOUT_SESSION_ID_TEMPLATE = "{CHECKOUT_SESSION_ID}";

/** A success path that carries the session id back: the caller's own placement, else `session_id=`. */
export function successPathWithSessionId(path: string): string {
  if (path.includes(CHECKOUT_SESSION_ID_TEMPLATE)) return path;
  return `${path}${path.includes("?") ? "&" : "?"}session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`;
}

const optionalText = z.string().trim().max(NAME_MAX_LENGTH).optional();
/** Ours: an email address is at most 254 characters (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;
const optionalEmail = z.union([z.email().max(EMAIL_MAX_LENGTH), z.literal("")]).optional();
const optionalDate = z.union([dateOnlySchema, z.literal("")]).optional();

/**
 * The wizard's data sent with a pre-authorised checkout (onboarding spec 3), staged with the payment
 * session. Every field is optional: the guest-to-parent upgrade has no account step. Unknown keys
 * (the password among them, should a client ever send it) are dropped and never reach the provider;
 * the referral code travels beside it as the checkout's own referralCode, since it changes the price.
 */
export const checkoutOnboardingSchema = z.object({
  firstName: optionalText,
  lastName: optionalText,
  email: optionalEmail,
  includePartner: z.boolean().optional(),
  partnerFirstName: optionalText,
  partnerLastName: optionalText,
  partnerEmail: optionalEmail,
  babyName: optionalText,
  dueDate: optionalDate,
  lastMenstrualPeriod: optionalDate,
  serviceEndDate: optionalDate,
  gender: z.enum(ONBOARDING_GENDERS).optional(),
});
export type CheckoutOnboardingData = z.infer<typeof checkoutOnboardingSchema>;

/** The provider's metadata holds strings only: booleans become 'true'/'false', empty fields are left out. */
export function onboardingMetadata(data: CheckoutOnboardingData): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => value !== undefined && value !== "")
      .map(([key, value]) => [key, String(value)]),
  );
}
