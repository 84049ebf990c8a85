import { z } from "zod";
import { checkoutOnboardingSchema, checkoutTier, returnPathSchema } from "../../src/domain/billing";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { SUBSCRIPTION_TIERS } from "../../src/domain/enums";
import { REFERRAL_INPUT_MAX } from "../../src/domain/referral";
import { parentProcedure, router, signedInProcedure } from "../trpc/init";
import { SETTINGS_CHECKOUT_RETURN, checkSubscription, customerPortal, startCheckout, verifyCheckoutSession } from "../services/billing";
import { cancelSubscription, subscriptionDetails, updateSubscriptionDates, updateSubscriptionTier } from "../services/subscription";
import { rawText, stripeSessionId } from "./inputs";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { timeZoneSchema } from "../../src/domain/timeZones";

const plan = z.enum(SUBSCRIPTION_TIERS);
/** The pregnancy form's other fields, saved with new dates in the same write. */
const formDetails = { title: rawText(TITLE_MAX_LENGTH).optional(), timeZone: timeZoneSchema.optional() };
/** The wizard's plan card: Basic, with the +$6/month photo upgrade making it Premium. */
const planChoice = { plan, photoUpgrade: z.boolean().optional() };

/**
 * Checkout, verification, subscription state and the customer portal (onboarding spec 7). All need a
 * signed-in user: the wizard creates the account in step 2 and signs it in, long before payment in
 * step 8, so a checkout always belongs to a known user and only that user can verify it.
 */
export const billingRouter = router({
  /** create-preauth-checkout: the wizard's payment step; the onboarding data is staged with the session. */
  createPreauthCheckout: signedInProcedure
    .input(
      z.object({
        ...planChoice,
        referralCode: z.string().trim().max(REFERRAL_INPUT_MAX).optional(),
        successUrl: returnPathSchema,
        cancelUrl: returnPathSchema,
        onboardingData: checkoutOnboardingSchema,
      }),
    )
    .mutation(({ ctx, input }) =>
      startCheckout(ctx.caller, {
        tier: checkoutTier(input.plan, input.photoUpgrade),
        referralCode: input.referralCode || undefined,
        successPath: input.successUrl,
        cancelPath: input.cancelUrl,
        onboarding: input.onboardingData,
      }),
    ),

  /** create-checkout: a signed-in user subscribing from the app (opened in a new tab; returns to settings by default). */
  createCheckout: signedInProcedure
    .input(z.object({ ...planChoice, successUrl: returnPathSchema.optional(), cancelUrl: returnPathSchema.optional() }))
    .mutation(({ ctx, input }) =>
      startCheckout(ctx.caller, {
        tier: checkoutTier(input.plan, input.photoUpgrade),
        successPath: input.successUrl ?? SETTINGS_CHECKOUT_RETURN.success,
        cancelPath: input.cancelUrl ?? SETTINGS_CHECKOUT_RETURN.cancel,
      }),
    ),

  /** verify-session: { verified, payment_status } for the caller's own checkout session. */
  verifySession: signedInProcedure
    .input(z.object({ stripeSessionId }))
    .query(({ ctx, input }) => verifyCheckoutSession(ctx.caller, input.stripeSessionId)),

  /** check-subscription: { subscribed, subscription_tier, subscription_end } from our database. */
  checkSubscription: signedInProcedure.query(({ ctx }) => checkSubscription(ctx.caller)),

  /** The payment provider's customer portal, returning to settings. */
  customerPortal: signedInProcedure.mutation(({ ctx }) => customerPortal(ctx.caller)),

  /** The caller's own subscription as settings shows it (plan, trial, renewal, scheduled downgrade), or null. */
  subscription: signedInProcedure.query(({ ctx }) => subscriptionDetails(ctx.caller)),

  /** update-subscription on the caller's own subscription: an upgrade applies at once, a downgrade at the period end. */
  updateSubscription: signedInProcedure.input(z.object({ tier: plan })).mutation(({ ctx, input }) => updateSubscriptionTier(ctx.caller, input.tier)),

  /**
   * update-subscription-dates: a parent changes the due date or LMP, and the subscription's end follows
   * the new service end. Pregnancy-scoped, so it is refused once the pregnancy is read-only.
   */
  updateSubscriptionDates: parentProcedure
    // A read-only pregnancy's owner may still correct dates typed wrong while the subscription is active (the service checks).
    .meta({ access: "parent", runsWhenReadOnly: true })
    .input(z.union([z.object({ dueDate: dateOnlySchema, ...formDetails }), z.object({ lastMenstrualPeriod: dateOnlySchema, ...formDetails })]))
    .mutation(({ ctx, input: { title, timeZone, ...dates } }) =>
      updateSubscriptionDates(ctx.caller, "dueDate" in dates ? { dueDate: dates.dueDate } : { lastMenstrualPeriod: dates.lastMenstrualPeriod }, { title, timeZone }),
    ),

  /**
   * Cancels the caller's own subscription now and, per the terms, closes its pregnancy (owner only).
   * Not pregnancy-scoped, so an owner can still cancel while the pregnancy is read-only.
   */
  cancelSubscription: signedInProcedure.input(z.object({ confirm: z.literal(true) })).mutation(({ ctx }) => cancelSubscription(ctx.caller)),
});
