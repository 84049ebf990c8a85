import { z } from "zod";
import { checkoutOnboardingSchema, checkoutTier, returnPathSchema } from "../../src/domain/billing";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import { SUBSCRIPTION_TIERS } from "../../src/domain/enums";
import { GIFT_CARD_CODE_INPUT_MAX, giftCardPurchaseSchema } from "../../src/domain/giftCards";
import { REFERRAL_INPUT_MAX } from "../../src/domain/referral";
import { parentProcedure, publicProcedure, rateLimited, router, signedInProcedure } from "../trpc/init";
import { SETTINGS_CHECKOUT_RETURN, checkSubscription, customerPortal, startCheckout, verifyCheckoutSession } from "./billing.service";
import { accountCredit, giftCardForSession, redeemGiftCard, startGiftCardCheckout } from "./giftCards.service";
import { cancelSubscription, subscriptionDetails, updateSubscriptionDates, updateSubscriptionTier } from "./subscription.service";

/** Ours: Stripe's ids are well below this. */
const STRIPE_ID_MAX_LENGTH = 255;

const plan = z.enum(SUBSCRIPTION_TIERS);
const stripeSessionId = z.string().trim().min(1).max(STRIPE_ID_MAX_LENGTH);
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
      startCheckout(ctx, ctx.user, {
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
      startCheckout(ctx, ctx.user, {
        tier: checkoutTier(input.plan, input.photoUpgrade),
        successPath: input.successUrl ?? SETTINGS_CHECKOUT_RETURN.success,
        cancelPath: input.cancelUrl ?? SETTINGS_CHECKOUT_RETURN.cancel,
      }),
    ),

  /** verify-session: { verified, payment_status } for the caller's own checkout session. */
  verifySession: signedInProcedure
    .input(z.object({ stripeSessionId }))
    .query(({ ctx, input }) => verifyCheckoutSession(ctx, ctx.user.id, input.stripeSessionId)),

  /** check-subscription: { subscribed, subscription_tier, subscription_end } from our database. */
  checkSubscription: signedInProcedure.query(({ ctx }) => checkSubscription(ctx.db, ctx.user.id)),

  /** The payment provider's customer portal, returning to settings. */
  customerPortal: signedInProcedure.mutation(({ ctx }) => customerPortal(ctx, ctx.user.id)),

  /** The caller's own subscription as settings shows it (plan, trial, renewal, scheduled downgrade), or null. */
  subscription: signedInProcedure.query(({ ctx }) => subscriptionDetails(ctx, ctx.user.id)),

  /** update-subscription on the caller's own subscription: an upgrade applies at once, a downgrade at the period end. */
  updateSubscription: signedInProcedure.input(z.object({ tier: plan })).mutation(({ ctx, input }) => updateSubscriptionTier(ctx, ctx.user.id, input.tier)),

  /**
   * update-subscription-dates: a parent changes the due date or LMP, and the subscription's end follows
   * the new service end. Pregnancy-scoped, so it is refused once the pregnancy is read-only.
   */
  updateSubscriptionDates: parentProcedure
    .input(z.union([z.object({ dueDate: dateOnlySchema }), z.object({ lastMenstrualPeriod: dateOnlySchema })]))
    .mutation(({ ctx, input }) =>
      updateSubscriptionDates(ctx, ctx.pregnancy.id, "dueDate" in input ? { dueDate: input.dueDate } : { lastMenstrualPeriod: input.lastMenstrualPeriod }),
    ),

  /**
   * Cancels the caller's own subscription now and, per the terms, closes its pregnancy (owner only).
   * Not pregnancy-scoped, so an owner can still cancel while the pregnancy is read-only.
   */
  cancelSubscription: signedInProcedure.input(z.object({ confirm: z.literal(true) })).mutation(({ ctx }) => cancelSubscription(ctx, ctx.user.id)),

  /**
   * A gift card checkout (Stripe, payment mode, US dollars). Public: the buyer is anyone (a
   * grandparent without an account); the card belongs to whoever redeems its code.
   */
  createGiftCardCheckout: publicProcedure.use(rateLimited("giftCardCheckout")).input(giftCardPurchaseSchema).mutation(({ ctx, input }) => startGiftCardCheckout(ctx, input)),

  /** The card a paid gift card checkout issued (for its success page), or null until the webhook stores it. */
  giftCardPurchase: publicProcedure.use(rateLimited("giftCardPurchase")).input(z.object({ stripeSessionId })).query(({ ctx, input }) => giftCardForSession(ctx.db, input.stripeSessionId)),

  /** Moves a gift card's balance onto the caller's account as credit, drawn first on invoices. */
  redeemGiftCard: signedInProcedure
    .use(rateLimited("giftCardRedeem"))
    .input(z.object({ code: z.string().max(GIFT_CARD_CODE_INPUT_MAX) }))
    .mutation(({ ctx, input }) => redeemGiftCard(ctx, ctx.user, input.code)),

  /** The caller's account credit (gift card balance not yet drawn by invoices). */
  accountCredit: signedInProcedure.query(({ ctx }) => accountCredit(ctx, ctx.user.id)),
});
