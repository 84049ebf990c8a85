/**
 * Managing a running subscription (core spec 4): plan changes, the subscription end following the
 * pregnancy's dates, and cancellation, which per the terms closes the pregnancy immediately.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { isDowngrade, storedPlan, subscriptionCancelAt } from "../../src/domain/billing";
import type { SubscriptionTier } from "../../src/domain/enums";
import { type CancellationRefund, isSubscribedStatus, SUBSCRIBED_STATUSES, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_TOASTS } from "../../src/domain/subscription";
import { pregnancies, pregnancyParticipants, subscriptions } from "../db/schema";
import type { PregnancyCaller, RequestScope, UserCaller } from "./caller";
import { AppError } from "./errors";
import { billingClient, currentSubscription, dateOf } from "./billing";
import { refundCurrentMonth } from "./cancellationRefund";
import { savePregnancyChanges, type PregnancyChanges } from "./pregnancy";
import { reauthoriseRoom, tellFeed } from "../infra/rooms";
import { logEvent } from "../infra/log";
import type { Tx } from "../db";
import { mailClosing, recordClosingNotices } from "./pregnancyClosing";

const providerFailed = (error: unknown) => {
  logEvent("warn", "stripe call failed", { error: String(error) });
  return new AppError("BAD_GATEWAY", "PROVIDER_FAILED", SUBSCRIPTION_MESSAGES.providerFailed);
};

/** Stripe's own failures (refusals, unknown ids, network) become PROVIDER_FAILED; our bugs stay bugs. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw providerFailed(error);
    throw error;
  }
}

/** The caller's subscription that can still be managed (subscribed, known to Stripe). */
async function manageableSubscription(caller: UserCaller) {
  const row = await currentSubscription(caller);
  if (!row || !isSubscribedStatus(row.status) || !row.stripeSubscriptionId) throw new AppError("NOT_FOUND", "NO_SUBSCRIPTION", SUBSCRIPTION_MESSAGES.noSubscription);
  return { ...row, stripeSubscriptionId: row.stripeSubscriptionId };
}

/** What settings shows: the caller's subscription (a subscribed one first) with its pregnancy's service end, or null. */
export async function subscriptionDetails(caller: UserCaller) {
  const row = await currentSubscription(caller);
  if (!row) return null;
  const [pregnancy] = row.pregnancyId
    ? await caller.db.select({ serviceEndDate: pregnancies.serviceEndDate, status: pregnancies.status }).from(pregnancies).where(eq(pregnancies.id, row.pregnancyId))
    : [];
  return {
    status: row.status,
    subscribed: isSubscribedStatus(row.status),
    tier: row.tier,
    pendingTier: row.pendingTier,
    photoStorageLimit: row.photoStorageLimit,
    monthlyCostCents: row.monthlyCostCents,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    canceledAt: row.canceledAt,
    /** The subscription ends with the service (Stripe's cancel_at follows it). */
    serviceEndDate: pregnancy?.status === "active" ? pregnancy.serviceEndDate : null,
  };
}

/**
 * update-subscription: Stripe's price changes now. An upgrade is charged pro rata and applies at
 * once; a downgrade is not charged and the stored plan keeps the higher tier (and its photo limit)
 * until the period ends. The webhook stores the change; the answer says what it will store.
 */
export async function updateSubscriptionTier(caller: UserCaller, tier: SubscriptionTier) {
  const row = await manageableSubscription(caller);
  if (tier === (row.pendingTier ?? row.tier)) throw new AppError("CONFLICT", "ALREADY_ON_PLAN", SUBSCRIPTION_MESSAGES.alreadyOnPlan);
  const { config, stripe } = billingClient(caller);
  const updated = await callStripe(async () => {
    const current = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
    const [item] = current.items.data;
    if (!item) throw new Error(`Subscription ${row.stripeSubscriptionId} has no item`);
    return stripe.subscriptions.update(row.stripeSubscriptionId, {
      items: [{ id: item.id, price: config.prices[tier] }],
      // Only a move above the plan already paid for is charged pro rata; a downgrade (or undoing one) is not.
      proration_behavior: isDowngrade(tier, row.tier) ? "create_prorations" : "none",
    });
  });
  const plan = storedPlan({ currentTier: row.tier, currentPeriodEnd: row.currentPeriodEnd, reportedTier: tier, reportedPeriodEnd: dateOf(updated.items.data[0]?.current_period_end) });
  return { ...plan, scheduled: plan.pendingTier !== null, effectiveAt: plan.pendingTier ? row.currentPeriodEnd : null };
}

/**
 * A read-only pregnancy whose subscription is still active got there by a date typed wrong (before
 * such dates were refused, issue 35): its owner alone may correct the dates, and nothing else.
 */
async function assertDateRepair(caller: PregnancyCaller) {
  const readOnly = new AppError("FORBIDDEN", "READ_ONLY", SUBSCRIPTION_MESSAGES.readOnly);
  if (caller.access.role !== "owner") throw readOnly;
  const [active] = await caller.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, caller.access.id), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .limit(1);
  if (!active) throw readOnly;
}

/**
 * update-subscription-dates: the pregnancy's new dates are saved first; then the subscription's end
 * (Stripe's cancel_at) moves to the new service end. A Stripe failure leaves the dates saved and
 * answers with the spec's warning.
 */
export async function updateSubscriptionDates(
  caller: PregnancyCaller,
  dates: { dueDate: string } | { lastMenstrualPeriod: string },
  details: Pick<PregnancyChanges, "title" | "timeZone"> = {},
) {
  const pregnancyId = caller.access.id;
  const repairing = caller.access.serviceState === "read-only";
  if (repairing) await assertDateRepair(caller);
  // The form's other details are saved with the dates, in one transaction: all or nothing (a repair changes the dates alone).
  const pregnancy = await savePregnancyChanges(caller, repairing ? { dates } : { ...details, dates });
  // The auto-dated milestones moved with the dates: open calendars reload.
  await tellFeed(caller.env, pregnancyId, "calendar");
  const [row] = await caller.db
    .select({ stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, pregnancyId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const subscriptionId = row?.stripeSubscriptionId;
  if (!subscriptionId) return { pregnancy, stripeSync: "no-subscription" as const, warning: null };
  try {
    await callStripe(() => billingClient(caller).stripe.subscriptions.update(subscriptionId, { cancel_at: subscriptionCancelAt(pregnancy.serviceEndDate) }));
    return { pregnancy, stripeSync: "synced" as const, warning: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { pregnancy, stripeSync: "failed" as const, warning: SUBSCRIPTION_TOASTS.syncedWithWarnings };
  }
}

/**
 * Cancellation (terms, core spec 4): Stripe ends the subscription now, then the subscription row and
 * the pregnancy's closing commit together, so partner and guests lose access at once. Only the
 * pregnancy's owner (who pays for it) may do this. The same write that closes the pregnancy tells
 * the partner and every guest (a notice each, issue 35) and records their mails.
 */
export async function cancelSubscription(caller: UserCaller) {
  const row = await manageableSubscription(caller);
  const pregnancyId = row.pregnancyId;
  if (pregnancyId) {
    const [owner] = await caller.db
      .select({ id: pregnancyParticipants.id })
      .from(pregnancyParticipants)
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.userId, caller.user.id), eq(pregnancyParticipants.role, "owner"), eq(pregnancyParticipants.status, "active")))
      .limit(1);
    if (!owner) throw new AppError("FORBIDDEN", "ACCESS_DENIED", SUBSCRIPTION_MESSAGES.onlyOwnerCancels);
  }
  const { refund } = await endSubscription(caller, row, async (tx, closedId, closedAt) => {
    const told = await recordClosingNotices(tx, closedId, closedAt, caller.user);
    if (told) await mailClosing(caller, told, tx);
    return told;
  });
  // Partner and guests lose access at once: their open sockets too.
  if (pregnancyId) await reauthoriseRoom(caller.env, pregnancyId);
  return { success: true as const, closedPregnancyId: pregnancyId, refund };
}

/**
 * The one way a subscription is cancelled, so whatever cancelling entails happens alike for the
 * owner's cancellation in settings and for deleting the pregnancy (worker/services/pregnancyDeletion.ts):
 * this month's payment is given back (cancellationRefund.ts), Stripe ends the subscription now, then
 * the row and the pregnancy's closing commit together. `whenClosed` runs inside that transaction
 * only when this write is the one that closed the pregnancy (a conditional update), so what it
 * decides happens once. Answers what was refunded, and what `whenClosed` answered.
 */
export async function endSubscription<T>(
  scope: RequestScope,
  row: { id: string; pregnancyId: string | null; stripeSubscriptionId: string },
  whenClosed?: (tx: Tx, pregnancyId: string, closedAt: Date) => Promise<T>,
): Promise<{ refund: CancellationRefund; closed: T | null }> {
  const { stripe } = billingClient(scope);
  const refund = await callStripe(async () => {
    const subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId, { expand: ["latest_invoice"] });
    const refunded = await refundCurrentMonth(stripe, subscription);
    // Already ended in Stripe (from its portal, or by an earlier try whose commit here failed): only our side is left.
    if (subscription.status !== "canceled") await stripe.subscriptions.cancel(subscription.id);
    return refunded;
  });
  const now = scope.now;
  const pregnancyId = row.pregnancyId;
  const closed = await scope.db.transaction(async (tx) => {
    await tx.update(subscriptions).set({ status: "canceled", canceledAt: now, cancelAtPeriodEnd: false, pendingTier: null }).where(eq(subscriptions.id, row.id));
    if (!pregnancyId) return null;
    const [closing] = await tx
      .update(pregnancies)
      .set({ status: "closed", closedAt: now })
      .where(and(eq(pregnancies.id, pregnancyId), eq(pregnancies.status, "active")))
      .returning({ id: pregnancies.id });
    return closing && whenClosed ? whenClosed(tx, closing.id, now) : null;
  });
  return { refund, closed };
}
