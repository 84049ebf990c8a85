import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import { checkoutDiscount, checkoutPageNote, type CheckoutDiscount, type CheckoutOnboardingData, couponId, onboardingFromMetadata, onboardingMetadata, storedPlan, successPathWithSessionId, TRIAL_DAYS } from "../../src/domain/billing";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, type SubscriptionTier } from "../../src/domain/enums";
import { REFERRAL_MESSAGES, normalizeReferralCode } from "../../src/domain/referral";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import type { Db, Tx } from "../db";
import { giftCards, pregnancies, referrals, stripeEvents, subscriptions } from "../db/schema";
import { billingConfig, createStripe, tierForPrice, type BillingConfig } from "../infra/stripe";
import type { RequestScope, UserCaller } from "./caller";
import { AppError } from "./errors";
import { giftCardMail, issueGiftCard, paidGiftCardOf, type IssuedGiftCard, type PaidGiftCard } from "./giftCardIssue";
import { checkReferralCode } from "./referrals";
import { MS_PER_SECOND } from "../../src/domain/units";

/** Where a settings checkout returns (the checkout opens in a new tab, so it lands in settings). */
export const SETTINGS_CHECKOUT_RETURN = { success: "/settings?payment=success", cancel: "/settings?payment_status=cancelled" } as const;
const PORTAL_RETURN_PATH = "/settings";

/** The billing configuration and a Stripe client; locally the fake Stripe lives on our own origin. */
export function billingClient(scope: RequestScope): { config: BillingConfig; stripe: Stripe } {
  const config = billingConfig(scope.env);
  return { config, stripe: createStripe(config, scope.origin) };
}

export const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);
export const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * MS_PER_SECOND) : null);

/** The caller's subscription that counts: a subscribed one first, then the most recent (with the session's check, services/access.ts LiveSession). */
export async function currentSubscription(caller: UserCaller) {
  const [row] = await caller.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, caller.user.id), caller.liveSession.stands))
    .orderBy(desc(inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])), desc(subscriptions.createdAt))
    .limit(1);
  await caller.liveSession.confirm(row !== undefined);
  return row;
}

/**
 * The same customer is reused once the provider knows the user: their last subscription's, else the
 * one a redeemed gift card credited (so a later checkout's invoices draw that credit). One statement,
 * the session's check included (services/access.ts LiveSession).
 */
export async function knownCustomerId(caller: UserCaller): Promise<string | null> {
  const { db } = caller;
  const userId = caller.user.id;
  const subscribed = db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const credited = db
    .select({ customerId: giftCards.stripeCustomerId })
    .from(giftCards)
    .where(and(eq(giftCards.redeemedByUserId, userId), isNotNull(giftCards.stripeCustomerId)))
    .orderBy(desc(giftCards.redeemedAt))
    .limit(1);
  const {
    rows: [row],
  } = await db.execute<{ signed_in: boolean; customer_id: string | null }>(sql`select ${caller.liveSession.stands} as signed_in, coalesce((${subscribed}), (${credited})) as customer_id`);
  await caller.liveSession.confirm(row?.signed_in === true);
  return row?.customer_id ?? null;
}

/** A returning family: this user had a subscription that has ended. */
async function isReturningFamily(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "canceled")))
    .limit(1);
  return row !== undefined;
}

/** Coupons have stable ids (couponId), so each discount is created once and reused. */
async function ensureCoupon(stripe: Stripe, discount: CheckoutDiscount): Promise<string> {
  const id = couponId(discount);
  try {
    return (await stripe.coupons.retrieve(id)).id;
  } catch (error) {
    if (!isMissing(error)) throw error;
    return (await stripe.coupons.create({ id, percent_off: discount.percentOff, duration: discount.duration, name: `${discount.percentOff}% off` })).id;
  }
}

export interface CheckoutRequest {
  tier: SubscriptionTier;
  referralCode?: string;
  successPath: string;
  cancelPath: string;
  onboarding?: CheckoutOnboardingData;
}

/**
 * A subscription checkout for the signed-in user: the plan's price, the 7-day trial, one discount
 * (returning family or referral), and the wizard's data staged in the session's metadata. The
 * webhook, not this call, creates the subscription.
 */
export async function startCheckout(caller: UserCaller, request: CheckoutRequest): Promise<{ url: string }> {
  const { db, origin, user: payer } = caller;
  const current = await currentSubscription(caller);
  if (current && (SUBSCRIBED_STATUSES as readonly SubscriptionStatus[]).includes(current.status)) {
    throw new AppError("CONFLICT", "ALREADY_SUBSCRIBED", "You already have an active subscription");
  }
  let referralPercent: number | null = null;
  if (request.referralCode) {
    const referral = await checkReferralCode(caller, request.referralCode);
    if (referral.status !== "valid") throw new AppError("BAD_REQUEST", "REFERRAL_NOT_FOUND", REFERRAL_MESSAGES.notFound);
    referralPercent = referral.discountPercent;
  }
  const discount = checkoutDiscount({ tier: request.tier, referralPercent, returningFamily: await isReturningFamily(db, payer.id) });
  const { config, stripe } = billingClient(caller);
  const [coupon, customer] = await Promise.all([discount ? ensureCoupon(stripe, discount) : null, knownCustomerId(caller)]);
  const referralCode = discount?.reason === "referral" && request.referralCode ? normalizeReferralCode(request.referralCode) : null;
  const metadata: Record<string, string> = {
    ...(request.onboarding ? onboardingMetadata(request.onboarding) : {}),
    userId: payer.id,
    tier: request.tier,
    // Only a referral that was applied counts as used (the webhook increments it).
    ...(referralCode ? { referralCode } : {}),
    // What the discount was, for the screen after checkout (verify-session) to say.
    ...(discount ? { discountReason: discount.reason, discountPercent: String(discount.percentOff), discountDuration: discount.duration } : {}),
  };
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: config.prices[request.tier], quantity: 1 }],
    client_reference_id: payer.id,
    ...(customer ? { customer } : { customer_email: payer.email }),
    success_url: `${origin}${successPathWithSessionId(request.successPath)}`,
    cancel_url: `${origin}${request.cancelPath}`,
    subscription_data: { trial_period_days: TRIAL_DAYS, metadata: { userId: payer.id, tier: request.tier } },
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    // The wizard sold its 'Complete' card: the provider's page names the tier, so it says both.
    ...(request.onboarding ? { custom_text: { submit: { message: checkoutPageNote(request.tier, discount, referralCode) } } } : {}),
    metadata,
  });
  if (!session.url) throw new AppError("INTERNAL_SERVER_ERROR", "NO_CHECKOUT_URL", "No checkout URL received");
  return { url: session.url };
}

/**
 * verify-session: only the user the session was created for may ask. A trial checkout charges
 * nothing today and counts as paid; `trial` tells it apart, so the next screen can say which happened.
 */
export async function verifyCheckoutSession(caller: UserCaller, sessionId: string): Promise<{ verified: boolean; payment_status: string; trial: boolean; discount: AppliedDiscount | null; answers: CheckoutAnswers }> {
  const { stripe } = billingClient(caller);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) throw new AppError("NOT_FOUND", "NOT_FOUND", "Checkout session not found");
    throw error;
  }
  if (session.client_reference_id !== caller.user.id) throw new AppError("FORBIDDEN", "ACCESS_DENIED");
  const verified = session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");
  // Stripe's word for a checkout whose first charge waits for the end of a trial.
  const metadata = session.metadata ?? {};
  return {
    verified,
    payment_status: verified ? "paid" : session.payment_status,
    trial: verified && session.payment_status === "no_payment_required",
    discount: appliedDiscount(metadata),
    answers: checkoutAnswers(metadata),
  };
}

/** The wizard's answers staged with a checkout, and the plan it bought: a browser without its own copy confirms from these. */
export type CheckoutAnswers = CheckoutOnboardingData & { selectedPlan?: SubscriptionTier };

function checkoutAnswers(metadata: Record<string, string>): CheckoutAnswers {
  const tier = metadata.tier;
  return { ...onboardingFromMetadata(metadata), ...(tier === "basic" || tier === "premium" ? { selectedPlan: tier } : {}) };
}

/** The discount a checkout applied, as startCheckout recorded it in the session's metadata. */
export type AppliedDiscount = CheckoutDiscount & { referralCode: string | null };

function appliedDiscount(metadata: Record<string, string>): AppliedDiscount | null {
  const { discountReason: reason, discountDuration: duration } = metadata;
  const percentOff = Number(metadata.discountPercent);
  if ((reason !== "referral" && reason !== "returning-family") || (duration !== "once" && duration !== "forever") || !Number.isFinite(percentOff)) return null;
  return { reason, percentOff, duration, referralCode: metadata.referralCode ?? null };
}

/** check-subscription, from our database: the webhook is the source of truth. */
export async function checkSubscription(caller: UserCaller) {
  const row = await currentSubscription(caller);
  const subscribed = row !== undefined && (SUBSCRIBED_STATUSES as readonly SubscriptionStatus[]).includes(row.status);
  return {
    subscribed,
    subscription_tier: subscribed ? row.tier : null,
    subscription_end: subscribed ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

export async function customerPortal(caller: UserCaller): Promise<{ url: string }> {
  const customer = await knownCustomerId(caller);
  if (!customer) throw new AppError("NOT_FOUND", "NO_SUBSCRIPTION", "No subscription to manage");
  const { stripe } = billingClient(caller);
  const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${caller.origin}${PORTAL_RETURN_PATH}` });
  return { url: portal.url };
}

// ---------------------------------------------------------------------------------------------
// Webhook

const isSubscriptionStatus = (status: string): status is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** Writes the provider's subscription into our row (keyed by its Stripe id), keeping a downgrade's tier until the period ends. */
async function syncSubscription(tx: Tx, config: BillingConfig, subscription: Stripe.Subscription, userIdHint: string | null): Promise<boolean> {
  const [item] = subscription.items.data;
  const reportedTier = tierForPrice(config, item?.price.id);
  const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  const userId = existing?.userId ?? userIdHint ?? subscription.metadata.userId;
  // Not one of our plans, or nobody to give it to: nothing of ours to change.
  if (!reportedTier || !userId) return false;
  const periodEnd = dateOf(item?.current_period_end);
  const plan = storedPlan({ currentTier: existing?.tier ?? null, currentPeriodEnd: existing?.currentPeriodEnd ?? null, reportedTier, reportedPeriodEnd: periodEnd });
  const values = {
    status: isSubscriptionStatus(subscription.status) ? subscription.status : "incomplete",
    ...plan,
    stripeCustomerId: idOf(subscription.customer),
    stripePriceId: item?.price.id ?? null,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialEnd: dateOf(subscription.trial_end),
    canceledAt: dateOf(subscription.canceled_at),
  };
  await tx
    .insert(subscriptions)
    .values({ ...values, userId, stripeSubscriptionId: subscription.id })
    .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values });
  // The pregnancy's photo limit follows the plan it is on (an upgrade at once, a downgrade at the period end).
  if (existing?.pregnancyId) await tx.update(pregnancies).set({ photoStorageLimit: plan.photoStorageLimit }).where(eq(pregnancies.id, existing.pregnancyId));
  return true;
}

export type WebhookOutcome = "processed" | "ignored" | "duplicate";

/**
 * Applies one verified event. Provider state is read first (no network call holds a transaction
 * open); then the event id and every change commit together, so a replayed event finds its id
 * already recorded and changes nothing.
 */
export async function handleStripeEvent(scope: RequestScope, event: Stripe.Event): Promise<WebhookOutcome> {
  const { config, stripe } = billingClient(scope);
  let subscription: Stripe.Subscription | null = null;
  let userIdHint: string | null = null;
  let referralCode: string | null = null;
  let paidGiftCard: PaidGiftCard | null = null;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      paidGiftCard = paidGiftCardOf(session);
      if (session.mode === "subscription" && session.subscription) {
        subscription = await stripe.subscriptions.retrieve(idOf(session.subscription));
        userIdHint = session.client_reference_id;
        referralCode = session.metadata?.referralCode ?? null;
      }
      break;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      subscription = event.data.object;
      break;
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionId = event.data.object.parent?.subscription_details?.subscription;
      if (subscriptionId) subscription = await stripe.subscriptions.retrieve(idOf(subscriptionId));
      break;
    }
  }
  const result = await scope.db.transaction(async (tx): Promise<{ outcome: WebhookOutcome; giftCard: IssuedGiftCard | null }> => {
    const [recorded] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!recorded) return { outcome: "duplicate", giftCard: null };
    const giftCard = paidGiftCard && (await issueGiftCard(tx, paidGiftCard));
    // The code's mail is recorded with the card, once: the event's row makes a resent webhook a duplicate.
    if (giftCard && paidGiftCard) await scope.mailer.send(giftCardMail(scope.origin, giftCard, paidGiftCard.purchase), { db: tx, topic: "gift-card", key: `gift-card:${giftCard.id}` });
    const changed = subscription !== null && (await syncSubscription(tx, config, subscription, userIdHint));
    if (changed && referralCode) {
      await tx
        .update(referrals)
        .set({ timesUsed: sql`${referrals.timesUsed} + 1` })
        .where(eq(referrals.referralCode, referralCode));
    }
    return { outcome: changed || giftCard ? "processed" : "ignored", giftCard };
  });
  return result.outcome;
}
