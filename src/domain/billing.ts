/**
 * Checkout rules (onboarding spec 1, 3 and 9; core spec 4 and 9): which plan a checkout buys, which
 * discount applies, what is due, and how a plan change reaches the stored subscription, with the
 * plans, prices and limits themselves.
 */
import { z } from "zod";
import { addDays, SUBSCRIPTION_SPAN_DAYS } from "./dates";
import { dateOnlySchema } from "./dateSchema";
import { ONBOARDING_GENDERS, SUBSCRIPTION_TIERS, type SubscriptionTier } from "./enums";
import { AVERAGE_DAYS_PER_MONTH, CENTS_PER_DOLLAR, DAYS_PER_WEEK, MS_PER_DAY, MS_PER_SECOND, PERCENT } from "./units";
import { NAME_MAX_LENGTH } from "./textLimits";
import { MAX_SETUP_BABIES } from "./pregnancy";

export const BASIC_PLAN_PRICE_CENTS = 999;

export const BASIC_PLAN_PRICE_DOLLARS = BASIC_PLAN_PRICE_CENTS / CENTS_PER_DOLLAR;

export const PREMIUM_PLAN_PRICE_CENTS = 1599;

export const PREMIUM_PLAN_PRICE_DOLLARS = PREMIUM_PLAN_PRICE_CENTS / CENTS_PER_DOLLAR;

/** Premium is sold as Basic plus unlimited photos at +$6/month. */
export const PHOTO_UPGRADE_PRICE_CENTS = 600;

/** Free trial; no payment required to start. */
export const TRIAL_DAYS = 7;

export const RETURNING_FAMILY_DISCOUNT_PERCENT = 30;

/** Referral code: 25% off the first month, not valid for Premium. */
export const REFERRAL_DISCOUNT_PERCENT = 25;

/** A photo storage limit at or above this counts as unlimited. */
export const UNLIMITED_PHOTO_SENTINEL = 999999;

export const BASIC_PLAN_PHOTO_LIMIT = 400;

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  priceCents: number;
  priceDollars: number;
  /** Photo count limit; UNLIMITED_PHOTO_SENTINEL for unlimited. */
  photoLimit: number;
  /** What the plan adds, in the spec's words (onboarding spec 1). */
  features: readonly string[];
}

export const PLANS = {
  basic: {
    tier: "basic",
    name: "Basic",
    priceCents: BASIC_PLAN_PRICE_CENTS,
    priceDollars: BASIC_PLAN_PRICE_DOLLARS,
    photoLimit: BASIC_PLAN_PHOTO_LIMIT,
    features: [`Up to ${BASIC_PLAN_PHOTO_LIMIT} photos`],
  },
  premium: {
    tier: "premium",
    name: "Premium",
    priceCents: PREMIUM_PLAN_PRICE_CENTS,
    priceDollars: PREMIUM_PLAN_PRICE_DOLLARS,
    photoLimit: UNLIMITED_PHOTO_SENTINEL,
    features: ["Unlimited photos", "Priority support", "Advanced photo organization", "Print options"],
  },
} as const satisfies Record<SubscriptionTier, Plan>;

/** The parent wizard's single plan card (onboarding spec 1); checkout and billing say Basic or Premium. */
export const WIZARD_PLAN_NAME = "Complete";

/**
 * Both names of what the wizard sells, where its card meets the tier (the order summary, checkout,
 * the confirmation): 'Complete plan (Basic)', 'Complete plan with unlimited photos (Premium)'.
 */
export function wizardPlanName(tier: SubscriptionTier): string {
  return `${WIZARD_PLAN_NAME} plan${tier === "premium" ? " with unlimited photos" : ""} (${PLANS[tier].name})`;
}

/** "$9.99", "$15.99"; whole amounts without cents ("$6"), as the marketing copy writes them. */
export function formatPrice(cents: number): string {
  const dollars = cents / CENTS_PER_DOLLAR;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** A price after a percentage discount, rounded to the cent (e.g. 30% off $9.99 is 699 cents). */
export function discountedCents(cents: number, percentOff: number): number {
  return Math.round((cents * (PERCENT - percentOff)) / PERCENT);
}

/**
 * How many monthly payments the subscription runs, for price copy.
 *
 * The spec's copy disagrees (footer "10 months", pricing page "13-month subscription"); both are
 * 4-week "months": 280 / 28 = 10 is the pregnancy alone, 364 / 28 = 13 is LMP to service end. The
 * rule that decides is the service end (due date + 84 days), so the term is computed from it in
 * calendar months, each started month being billed: from pregnancy week `startWeek` (0 = the LMP)
 * to service end, rounded up. From the LMP that is 12; signing up in week 9 gives 10.
 */
export function subscriptionTermMonths(startWeek = 0): number {
  const days = Math.max(0, SUBSCRIPTION_SPAN_DAYS - startWeek * DAYS_PER_WEEK);
  return Math.ceil(days / AVERAGE_DAYS_PER_MONTH);
}

export const PAYMENT_POLL_INTERVAL_MS = 3 * MS_PER_SECOND;

export const PAYMENT_POLL_TIMEOUT_MS = 300 * MS_PER_SECOND;

export const CHECKOUT_MESSAGES = {
  checkoutError: "Checkout Error: Failed to start checkout. Please try again.",
  pleaseLogIn: "Please log in to continue",
  startPaymentFailed: "Failed to start payment process",
  noCheckoutUrl: "No checkout URL received",
  initializePaymentFailed: "Failed to initialize payment",
  verificationFailed: "Payment verification failed. Please contact support.",
  paymentCancelled: "Payment Cancelled",
  subscriptionConfirmed: "Subscription confirmed",
  /** Ours: after checkout, the trial began (nothing charged yet). */
  trialStarted: `Trial started: Your ${TRIAL_DAYS}-day free trial has begun. Nothing is charged until it ends.`,
  /** Ours: after checkout, the first payment went through. */
  paymentConfirmed: "Payment confirmed: Your subscription is active.",
} as const;

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

/** What a discount does, naming the referral code it came from: 'Referral code bean2026: 25% off your first month'. */
export function discountText(discount: Pick<CheckoutDiscount, "reason" | "percentOff" | "duration">, referralCode?: string | null): string {
  const effect = `${discount.percentOff}% off ${discount.duration === "once" ? "your first month" : "every month"}`;
  if (discount.reason === "referral") return referralCode ? `Referral code ${referralCode}: ${effect}` : `Referral: ${effect}`;
  return `Returning family: ${effect}`;
}

/** Ours: a referral code typed with the unlimited-photo upgrade, which it does not apply to (onboarding spec 1). */
export const referralNotForPremium = (referralCode: string) => `Referral code ${referralCode} does not apply with unlimited photos.`;

/**
 * The line the provider's hosted checkout shows under its Pay button (Stripe's custom_text), so a
 * parent who chose the wizard's card recognises the plan and sees the referral at work there too.
 */
export function checkoutPageNote(tier: SubscriptionTier, discount: CheckoutDiscount | null, referralCode?: string | null): string {
  const plan = `Your ${WIZARD_PLAN_NAME} plan${tier === "premium" ? " with unlimited photos" : ""} is billed as ${PLANS[tier].name}.`;
  return discount ? `${plan} ${discountText(discount, referralCode)}.` : plan;
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

/**
 * What the trial leads to, as lines: 'After the trial, $15.99/month', and a first-month line only
 * when a discount makes the first month cost something else.
 */
export function afterTrialLines(summary: Pick<OrderSummary, "firstMonthCents" | "laterMonthCents">): string[] {
  const monthly = `After the trial, ${formatPrice(summary.laterMonthCents)}/month`;
  return summary.firstMonthCents === summary.laterMonthCents ? [monthly] : [monthly, `Your first month after the trial: ${formatPrice(summary.firstMonthCents)}`];
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
  moreBabies: z
    .array(z.object({ name: z.string().trim().max(NAME_MAX_LENGTH), gender: z.enum(ONBOARDING_GENDERS) }))
    .max(MAX_SETUP_BABIES - 1)
    .optional(),
  dueDate: optionalDate,
  lastMenstrualPeriod: optionalDate,
  serviceEndDate: optionalDate,
  gender: z.enum(ONBOARDING_GENDERS).optional(),
});
export type CheckoutOnboardingData = z.infer<typeof checkoutOnboardingSchema>;

/**
 * The wizard's answers back from a checkout session's metadata (the inverse of onboardingMetadata),
 * so a browser without the staged copy still has them; anything unreadable is left out.
 */
export function onboardingFromMetadata(metadata: Record<string, string>): CheckoutOnboardingData {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(checkoutOnboardingSchema.shape)) {
    const value = metadata[key];
    if (value !== undefined) fields[key] = value;
  }
  if (fields.includePartner !== undefined) fields.includePartner = fields.includePartner === "true";
  if (typeof fields.moreBabies === "string") {
    try {
      fields.moreBabies = JSON.parse(fields.moreBabies);
    } catch {
      delete fields.moreBabies;
    }
  }
  const parsed = checkoutOnboardingSchema.safeParse(fields);
  return parsed.success ? parsed.data : {};
}

/** The provider's metadata holds strings only: booleans become 'true'/'false', lists JSON, empty fields are left out. */
export function onboardingMetadata(data: CheckoutOnboardingData): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0))
      .map(([key, value]) => [key, typeof value === "object" ? JSON.stringify(value) : String(value)]),
  );
}
