import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_STRIPE } from "../../scripts/stack";
import { formatPrice, PLANS, subscriptionCancelAt, UNLIMITED_PHOTO_SENTINEL } from "../../src/domain/billing";
import { addDays, addYears, DATE_MESSAGES, dueDateFromLmp, READ_ONLY_YEARS, serviceEndDate, todayIso } from "../../src/domain/dates";
import { ROOM_REAUTHORISE_CLOSE_CODE } from "../../src/domain/pregnancyRoom";
import { devStripeObjects, pregnancies, pregnancyParticipants, subscriptions } from "../../worker/db/schema";
import { stripeSignatureHeader } from "../../worker/dev/fakeStripeProtocol";
import { providerStripe, subscribedUser } from "../support/checkout";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { signUp } from "../support/families";
import { PNG_1X1 } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { callProcedure } from "../support/raw-trpc";
import { connect, feedOf } from "../support/room";
import { cancelledDescription, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_TOASTS } from "../../src/domain/subscription";
import { MS_PER_SECOND, SECONDS_PER_DAY } from "../../src/domain/units";

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const nowSeconds = () => Math.floor(Date.now() / MS_PER_SECOND);
/** Roughly one monthly billing period. */
const BILLING_MONTH_SECONDS = 30 * SECONDS_PER_DAY;

async function subscriptionRowOf(userId: string) {
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row) throw new Error(`No subscription for ${userId}`);
  return row;
}

async function pregnancyRow(pregnancyId: string) {
  const [row] = await testDb.db.select().from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  if (!row) throw new Error(`No pregnancy ${pregnancyId}`);
  return row;
}

/** The subscription as the fake Stripe holds it (what the SDK would retrieve). */
async function providerSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
  const [row] = await testDb.db.select({ data: devStripeObjects.data }).from(devStripeObjects).where(eq(devStripeObjects.id, subscriptionId));
  if (!row) throw new Error(`The fake Stripe has no ${subscriptionId}`);
  return row.data as unknown as Stripe.Subscription;
}

/**
 * A paying family: the owner paid through the fake checkout and created the pregnancy with
 * create_pregnancy_complete; a guest is added to it directly (the invitation flow has its own tests).
 */
async function payingFamily(label: string, plan: "basic" | "premium" = "basic") {
  const owner = await subscribedUser(label, { plan });
  const dueDate = addDays(todayIso(), 150);
  const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { dueDate }, isGuestConversion: false });
  const guest = await signUp(`${label}guest`);
  await testDb.db.insert(pregnancyParticipants).values({ pregnancyId, userId: guest.userId, role: "guest", status: "active" });
  const subscriptionId = (await subscriptionRowOf(owner.userId)).stripeSubscriptionId!;
  return { owner, guest, pregnancyId, dueDate, subscriptionId };
}

/** Signs and posts an event to the webhook exactly as Stripe does. */
async function deliver(client: ApiClient, type: string, object: unknown) {
  const payload = JSON.stringify({ id: `evt_test_${crypto.randomUUID().replaceAll("-", "")}`, object: "event", api_version: Stripe.API_VERSION, created: nowSeconds(), type, data: { object }, livemode: false });
  const response = await client.fetch("/api/billing/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, nowSeconds()) },
    body: payload,
  });
  expect(response.status).toBe(200);
}

describe("a due date typed wrong (issue 35)", () => {
  it("a date whose service end has already passed is refused before anything is stored, naming the dates; title and zone ride in the same write", async () => {
    const { owner, pregnancyId, dueDate } = await payingFamily("typo");
    const before = await pregnancyRow(pregnancyId);
    const typo = addYears(dueDate, -1);
    const typoEnd = serviceEndDate(typo);
    // Only a year slipped, but its 12 weeks after the birth are already over.
    expect(typoEnd < todayIso()).toBe(true);
    const refusal = { data: { code: "BAD_REQUEST", appCode: "SERVICE_END_PASSED" }, message: DATE_MESSAGES.serviceEndPassed(typo, typoEnd) };
    await expect(owner.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, dueDate: typo, title: "Renamed in the same write" })).rejects.toMatchObject(refusal);
    await expect(owner.client.trpc.pregnancy.update.mutate({ pregnancyId, dates: { dueDate: typo } })).rejects.toMatchObject(refusal);
    expect(await pregnancyRow(pregnancyId)).toMatchObject({ dueDate: before.dueDate, serviceEndDate: before.serviceEndDate, title: before.title });

    // A sensible date saves, with the title and zone sent alongside.
    const corrected = addDays(dueDate, 3);
    const saved = await owner.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, dueDate: corrected, title: "Bean's year", timeZone: "Pacific/Auckland" });
    expect(saved.pregnancy).toMatchObject({ dueDate: corrected, title: "Bean's year" });
    expect(await pregnancyRow(pregnancyId)).toMatchObject({ dueDate: corrected, timeZone: "Pacific/Auckland" });
  });

  it("a pregnancy already read-only this way, its subscription active, can have its dates corrected by its owner only", async () => {
    const { owner, guest, pregnancyId, dueDate } = await payingFamily("repair");
    const partner = await signUp("repairpartner");
    await testDb.db.insert(pregnancyParticipants).values({ pregnancyId, userId: partner.userId, role: "partner", status: "active" });
    const other = await payingFamily("repairother");
    const stranger = await signUp("repairstranger");
    // As the typo left it before the refusal existed.
    const typo = addYears(dueDate, -1);
    await testDb.db.update(pregnancies).set({ dueDate: typo, serviceEndDate: serviceEndDate(typo) }).where(eq(pregnancies.id, pregnancyId));
    const fix = { pregnancyId, dueDate };

    await expect(partner.client.trpc.billing.updateSubscriptionDates.mutate(fix)).rejects.toMatchObject({ data: { appCode: "READ_ONLY" } });
    await expect(guest.client.trpc.billing.updateSubscriptionDates.mutate(fix)).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(other.owner.client.trpc.billing.updateSubscriptionDates.mutate(fix)).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(stranger.client.trpc.billing.updateSubscriptionDates.mutate(fix)).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    // Anything else stays read-only, the owner's too; a repair changes the dates and nothing else.
    await expect(owner.client.trpc.pregnancy.update.mutate({ pregnancyId, title: "Not now" })).rejects.toMatchObject({ data: { appCode: "READ_ONLY" } });
    expect((await pregnancyRow(pregnancyId)).dueDate).toBe(typo);

    const repaired = await owner.client.trpc.billing.updateSubscriptionDates.mutate({ ...fix, title: "Ignored while read-only" });
    expect(repaired.pregnancy).toMatchObject({ dueDate, serviceEndDate: serviceEndDate(dueDate) });
    expect((await pregnancyRow(pregnancyId)).title).not.toBe("Ignored while read-only");
    // Open again: ordinary changes go through.
    await owner.client.trpc.pregnancy.update.mutate({ pregnancyId, title: "Open again" });
    expect((await pregnancyRow(pregnancyId)).title).toBe("Open again");
  });

  it("without an active subscription a read-only pregnancy stays read-only, for its owner too", async () => {
    const { owner, pregnancyId, dueDate } = await payingFamily("repairlapsed");
    const typo = addYears(dueDate, -1);
    await testDb.db.update(pregnancies).set({ dueDate: typo, serviceEndDate: serviceEndDate(typo) }).where(eq(pregnancies.id, pregnancyId));
    await testDb.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.pregnancyId, pregnancyId));
    await expect(owner.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, dueDate })).rejects.toMatchObject({ data: { appCode: "READ_ONLY" } });
    expect((await pregnancyRow(pregnancyId)).dueDate).toBe(typo);
  });
});

describe("billing.updateSubscription", () => {
  it("schedules a downgrade: Stripe's price changes now, Premium's unlimited photos stay until the period ends", async () => {
    const { owner, pregnancyId, subscriptionId } = await payingFamily("downgrade", "premium");
    const before = await subscriptionRowOf(owner.userId);

    const answer = await owner.client.trpc.billing.updateSubscription.mutate({ tier: "basic" });
    expect(answer).toMatchObject({ tier: "premium", pendingTier: "basic", scheduled: true, photoStorageLimit: UNLIMITED_PHOTO_SENTINEL, effectiveAt: before.currentPeriodEnd });
    expect((await providerSubscription(subscriptionId)).items.data[0]?.price.id).toBe(LOCAL_STRIPE.priceBasic);

    // The webhook (customer.subscription.updated from the fake) stores it.
    await expect.poll(async () => (await subscriptionRowOf(owner.userId)).pendingTier).toBe("basic");
    expect(await subscriptionRowOf(owner.userId)).toMatchObject({ tier: "premium", photoStorageLimit: UNLIMITED_PHOTO_SENTINEL, stripePriceId: LOCAL_STRIPE.priceBasic });
    expect((await pregnancyRow(pregnancyId)).photoStorageLimit).toBe(UNLIMITED_PHOTO_SENTINEL);
    expect(await owner.client.trpc.billing.subscription.query()).toMatchObject({ tier: "premium", pendingTier: "basic", photoStorageLimit: UNLIMITED_PHOTO_SENTINEL });
    await expect(owner.client.trpc.billing.updateSubscription.mutate({ tier: "basic" })).rejects.toMatchObject({ data: { code: "CONFLICT", appCode: "ALREADY_ON_PLAN" } });

    // The next period starts (Stripe's renewal event moves the period end on): now it is Basic with 400 photos.
    const provider = await providerSubscription(subscriptionId);
    const [item] = provider.items.data;
    const renewed = { ...provider, items: { ...provider.items, data: [{ ...item, current_period_start: item!.current_period_end, current_period_end: item!.current_period_end + BILLING_MONTH_SECONDS }] } };
    await deliver(owner.client, "customer.subscription.updated", renewed);
    expect(await subscriptionRowOf(owner.userId)).toMatchObject({ tier: "basic", pendingTier: null, photoStorageLimit: PLANS.basic.photoLimit });
    expect((await pregnancyRow(pregnancyId)).photoStorageLimit).toBe(PLANS.basic.photoLimit);
  });

  it("applies an upgrade at once, to the pregnancy's photo limit too", async () => {
    const { owner, pregnancyId } = await payingFamily("upgrade");
    expect(await owner.client.trpc.billing.updateSubscription.mutate({ tier: "premium" })).toMatchObject({ tier: "premium", pendingTier: null, scheduled: false });
    await expect.poll(async () => (await subscriptionRowOf(owner.userId)).tier).toBe("premium");
    expect((await subscriptionRowOf(owner.userId)).photoStorageLimit).toBe(UNLIMITED_PHOTO_SENTINEL);
    expect((await pregnancyRow(pregnancyId)).photoStorageLimit).toBe(UNLIMITED_PHOTO_SENTINEL);
  });

  it("needs a subscription of the caller's own", async () => {
    const { client } = await signUp("noplan");
    await expect(client.trpc.billing.updateSubscription.mutate({ tier: "premium" })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "NO_SUBSCRIPTION" } });
    expect(await client.trpc.billing.subscription.query()).toBeNull();
  });
});

describe("billing.updateSubscriptionDates", () => {
  it("moves the subscription's end in Stripe to the new service end, and still saves the dates when Stripe fails", async () => {
    const { owner, pregnancyId, subscriptionId } = await payingFamily("dates");
    const newDue = addDays(todayIso(), 170);
    const synced = await owner.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, dueDate: newDue });
    expect(synced).toMatchObject({ stripeSync: "synced", warning: null, pregnancy: { dueDate: newDue, serviceEndDate: serviceEndDate(newDue) } });
    expect((await providerSubscription(subscriptionId)).cancel_at).toBe(subscriptionCancelAt(serviceEndDate(newDue)));

    // A subscription Stripe does not know: the provider answers 404, our dates are saved all the same.
    await testDb.db.update(subscriptions).set({ stripeSubscriptionId: `sub_unknown_${crypto.randomUUID().slice(0, 8)}` }).where(eq(subscriptions.userId, owner.userId));
    const lmp = addDays(todayIso(), -100);
    const warned = await owner.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, lastMenstrualPeriod: lmp });
    expect(warned).toMatchObject({ stripeSync: "failed", warning: SUBSCRIPTION_TOASTS.syncedWithWarnings });
    expect(await pregnancyRow(pregnancyId)).toMatchObject({ lastMenstrualPeriod: lmp, dueDate: dueDateFromLmp(lmp), serviceEndDate: serviceEndDate(dueDateFromLmp(lmp)) });
    expect((await providerSubscription(subscriptionId)).cancel_at).toBe(subscriptionCancelAt(serviceEndDate(newDue)));
  });

  it("is for the pregnancy's parents only", async () => {
    const { guest, pregnancyId, dueDate } = await payingFamily("datesguest");
    await expect(guest.client.trpc.billing.updateSubscriptionDates.mutate({ pregnancyId, dueDate: addDays(dueDate, 7) })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    expect((await pregnancyRow(pregnancyId)).dueDate).toBe(dueDate);
  });
});

describe("billing.cancelSubscription", () => {
  it("needs an explicit confirmation, then cancels in Stripe and closes the pregnancy at once: the guest is refused", async () => {
    const { owner, guest, pregnancyId, subscriptionId } = await payingFamily("cancel");
    expect((await guest.client.trpc.pregnancy.details.query({ pregnancyId })).id).toBe(pregnancyId);
    expect(await callProcedure(owner.client, "billing.cancelSubscription", "mutation", { confirm: false })).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    expect(await callProcedure(owner.client, "billing.cancelSubscription", "mutation", {})).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    // Only the payer's own subscription can be cancelled: the guest has none.
    await expect(guest.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "NO_SUBSCRIPTION" } });
    expect((await pregnancyRow(pregnancyId)).status).toBe("active");
    const guestRoom = await connect(pregnancyId, guest.client);
    const guestFeed = await connect(feedOf(pregnancyId), guest.client);

    // Cancelled in its trial: nothing was paid, nothing is refunded.
    expect(await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).toEqual({ success: true, closedPregnancyId: pregnancyId, refund: { cardCents: 0, creditCents: 0 } });
    expect(await refundsOf(await customerOf(owner.userId))).toEqual([]);
    // The guest's open sockets close with the pregnancy, and cannot be opened again.
    expect(await guestRoom.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
    expect(await guestFeed.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
    await expect(connect(pregnancyId, guest.client)).rejects.toThrow("refused 403");
    expect(await pregnancyRow(pregnancyId)).toMatchObject({ status: "closed", closedAt: expect.any(Date) });
    expect(await subscriptionRowOf(owner.userId)).toMatchObject({ status: "canceled", canceledAt: expect.any(Date) });
    expect((await providerSubscription(subscriptionId)).status).toBe("canceled");

    await expect(guest.client.trpc.pregnancy.details.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(owner.client.trpc.pregnancy.details.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
    expect((await owner.client.trpc.pregnancy.mine.query()).parentPregnancy).toBeNull();
    expect((await guest.client.trpc.pregnancy.mine.query()).guestPregnancies).toEqual([]);
    expect(await owner.client.trpc.billing.checkSubscription.query()).toMatchObject({ subscribed: false });
    // The photo routes use the same access check.
    expect((await guest.client.fetch(`/api/photos/${pregnancyId}/${crypto.randomUUID()}`)).status).toBe(403);
  });

  it("is refused to a payer whose pregnancy someone else owns", async () => {
    const { owner, pregnancyId } = await payingFamily("cancelnotowner");
    await testDb.db.update(pregnancyParticipants).set({ role: "partner" }).where(eq(pregnancyParticipants.userId, owner.userId));
    await expect(owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).rejects.toMatchObject({ message: SUBSCRIPTION_MESSAGES.onlyOwnerCancels, data: { code: "FORBIDDEN" } });
    expect((await pregnancyRow(pregnancyId)).status).toBe("active");
  });
});

/** Stripe's test clock, as the fake offers it: the period ends now and its invoice is billed (the trial becomes a paid month). */
async function renew(subscriptionId: string): Promise<Stripe.Invoice> {
  const stripe = providerStripe();
  const renewed = (await stripe.rawRequest("POST", `/v1/test_helpers/subscriptions/${subscriptionId}/renew`, {})) as unknown as Stripe.Subscription;
  return stripe.invoices.retrieve(String(renewed.latest_invoice));
}

async function customerOf(userId: string): Promise<string> {
  const customerId = (await subscriptionRowOf(userId)).stripeCustomerId;
  if (!customerId) throw new Error(`No Stripe customer for ${userId}`);
  return customerId;
}

/** The card payment intent of an invoice, through its invoice payments (API "clover"). */
async function paymentIntentOf(invoiceId: string): Promise<string> {
  const { data } = await providerStripe().invoicePayments.list({ invoice: invoiceId, status: "paid" });
  expect(data).toHaveLength(1);
  return String(data[0]!.payment.payment_intent);
}

/** Every refund the fake Stripe made for this customer's payment intents. */
async function refundsOf(customerId: string): Promise<Stripe.Refund[]> {
  const rows = await testDb.db
    .select({ data: devStripeObjects.data })
    .from(devStripeObjects)
    .where(
      and(
        eq(devStripeObjects.type, "refund"),
        sql`${devStripeObjects.data}->>'payment_intent' in (select id from ${devStripeObjects} where type = 'payment_intent' and data->>'customer' = ${customerId})`,
      ),
    );
  return rows.map((row) => row.data as unknown as Stripe.Refund);
}

async function balanceOf(customerId: string): Promise<number> {
  const customer = await providerStripe().customers.retrieve(customerId);
  if (customer.deleted) throw new Error(`${customerId} was deleted`);
  return customer.balance;
}

describe("the refund on cancellation (terms: the current billing month)", () => {
  it("refunds exactly the current month's card payment to the card, never an earlier month, and once only", async () => {
    const { owner, subscriptionId } = await payingFamily("refundcard");
    const earlier = await renew(subscriptionId);
    const current = await renew(subscriptionId);
    expect(current).toMatchObject({ status: "paid", total: PLANS.basic.priceCents, amount_paid: PLANS.basic.priceCents });
    const customerId = await customerOf(owner.userId);

    const answer = await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true });
    expect(answer.refund).toEqual({ cardCents: PLANS.basic.priceCents, creditCents: 0 });
    expect(cancelledDescription(answer.refund)).toContain(`${formatPrice(PLANS.basic.priceCents)} is refunded to your card`);
    const refunds = await refundsOf(customerId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: PLANS.basic.priceCents, payment_intent: await paymentIntentOf(current.id), status: "succeeded", metadata: { invoice: current.id } });
    expect(refunds.map((refund) => refund.payment_intent)).not.toContain(await paymentIntentOf(earlier.id));
    expect((await providerSubscription(subscriptionId)).status).toBe("canceled");

    // Cancelling again finds nothing to cancel and refunds nothing more.
    await expect(owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "NO_SUBSCRIPTION" } });
    expect(await refundsOf(customerId)).toHaveLength(1);
  });

  it("gives the gift card credit the invoice drew back to the balance, and the rest to the card", async () => {
    const { owner, subscriptionId } = await payingFamily("refundcredit");
    const customerId = await customerOf(owner.userId);
    const creditCents = 500;
    await providerStripe().customers.createBalanceTransaction(customerId, { amount: -creditCents, currency: "usd", description: "Gift card" });
    const invoice = await renew(subscriptionId);
    expect(invoice).toMatchObject({ starting_balance: -creditCents, ending_balance: 0, amount_paid: PLANS.basic.priceCents - creditCents });
    expect(await balanceOf(customerId)).toBe(0);

    const answer = await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true });
    expect(answer.refund).toEqual({ cardCents: PLANS.basic.priceCents - creditCents, creditCents });
    expect(await balanceOf(customerId)).toBe(-creditCents);
    expect((await refundsOf(customerId)).map((refund) => refund.amount)).toEqual([PLANS.basic.priceCents - creditCents]);
  });

  it("a retry after an earlier try refunded but did not cancel gives nothing back twice", async () => {
    const { owner, subscriptionId } = await payingFamily("refundretry");
    const customerId = await customerOf(owner.userId);
    await providerStripe().customers.createBalanceTransaction(customerId, { amount: -300, currency: "usd" });
    const invoice = await renew(subscriptionId);
    const [payment] = (await providerStripe().invoicePayments.list({ invoice: invoice.id })).data;
    // What an earlier try sent, under the same keys, before its cancel failed.
    await providerStripe().refunds.create({ payment_intent: String(payment!.payment.payment_intent), amount: payment!.amount_paid! }, { idempotencyKey: `cancellation-refund-${payment!.id}` });
    await providerStripe().customers.createBalanceTransaction(customerId, { amount: -300, currency: "usd" }, { idempotencyKey: `cancellation-credit-${invoice.id}` });
    expect(await balanceOf(customerId)).toBe(-300);

    expect((await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).refund).toEqual({ cardCents: PLANS.basic.priceCents - 300, creditCents: 300 });
    expect(await refundsOf(customerId)).toHaveLength(1);
    expect(await balanceOf(customerId)).toBe(-300);
  });

  it("a retry days later, when Stripe has forgotten the keys, still gives nothing back twice", async () => {
    const { owner, subscriptionId } = await payingFamily("refundlateretry");
    const customerId = await customerOf(owner.userId);
    await providerStripe().customers.createBalanceTransaction(customerId, { amount: -300, currency: "usd" });
    const invoice = await renew(subscriptionId);
    const [payment] = (await providerStripe().invoicePayments.list({ invoice: invoice.id })).data;
    // An earlier try's refund and credit, their idempotency keys long expired: only the metadata remains.
    await providerStripe().refunds.create({ payment_intent: String(payment!.payment.payment_intent), amount: payment!.amount_paid! });
    await providerStripe().customers.createBalanceTransaction(customerId, { amount: -300, currency: "usd", metadata: { invoice: invoice.id, cause: "cancellation" } });
    expect(await balanceOf(customerId)).toBe(-300);

    expect((await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).refund).toEqual({ cardCents: PLANS.basic.priceCents - 300, creditCents: 300 });
    expect(await refundsOf(customerId)).toHaveLength(1);
    expect(await balanceOf(customerId)).toBe(-300);
  });

  it("a payment support already refunded in full does not stop the cancellation", async () => {
    const { owner, pregnancyId, subscriptionId } = await payingFamily("refundsupport");
    const invoice = await renew(subscriptionId);
    await providerStripe().refunds.create({ payment_intent: await paymentIntentOf(invoice.id) });

    expect((await owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).refund).toEqual({ cardCents: PLANS.basic.priceCents, creditCents: 0 });
    expect(await refundsOf(await customerOf(owner.userId))).toHaveLength(1);
    expect((await pregnancyRow(pregnancyId)).status).toBe("closed");
  });
});

describe("account lifetime", () => {
  it("after the service end every write is refused with a clear message while reads work; after 7 years nothing is readable", async () => {
    const { owner, guest, pregnancyId } = await payingFamily("readonly");
    const serviceEnd = addDays(todayIso(), -1);
    await testDb.db.update(pregnancies).set({ serviceEndDate: serviceEnd }).where(eq(pregnancies.id, pregnancyId));

    expect((await owner.client.trpc.pregnancy.details.query({ pregnancyId })).serviceEndDate).toBe(serviceEnd);
    expect((await guest.client.trpc.pregnancy.details.query({ pregnancyId })).id).toBe(pregnancyId);
    expect(await owner.client.trpc.dashboard.summary.query({ pregnancyId })).toMatchObject({ upcomingEvents: [], latestPhotos: [] });
    expect(await owner.client.trpc.posts.list.query({ pregnancyId })).toEqual({ posts: [], nextCursor: null });
    const readOnly = { message: SUBSCRIPTION_MESSAGES.readOnly, data: { code: "FORBIDDEN", appCode: "READ_ONLY" } };
    await expect(owner.client.trpc.pregnancy.update.mutate({ pregnancyId, title: "Changed" })).rejects.toMatchObject(readOnly);
    await expect(owner.client.trpc.pregnancy.addBaby.mutate({ pregnancyId, gender: "unknown" })).rejects.toMatchObject(readOnly);
    await expect(owner.client.trpc.posts.create.mutate({ pregnancyId, id: crypto.randomUUID(), content: "<p>Too late</p>" })).rejects.toMatchObject(readOnly);
    // New dates only through billing's date change, where the owner of a still-paid pregnancy may correct a typo (tested above).
    await expect(owner.client.trpc.pregnancy.update.mutate({ pregnancyId, dates: { dueDate: addDays(todayIso(), 100) } })).rejects.toMatchObject(readOnly);
    const upload = await postPhotos(owner.client, pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
    expect(upload.status).toBe(403);
    expect(await upload.json()).toMatchObject({ error: "READ_ONLY" });
    expect((await pregnancyRow(pregnancyId)).title).not.toBe("Changed");
    // Billing and account procedures are not pregnancy-scoped.
    expect(await owner.client.trpc.billing.subscription.query()).toMatchObject({ subscribed: true, serviceEndDate: serviceEnd });
    await owner.client.trpc.account.updateProfile.mutate({ firstName: "Still", lastName: "Here" });

    // The last read-only day was yesterday.
    await testDb.db.update(pregnancies).set({ serviceEndDate: addYears(serviceEnd, -READ_ONLY_YEARS) }).where(eq(pregnancies.id, pregnancyId));
    await expect(owner.client.trpc.pregnancy.details.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
    await expect(guest.client.trpc.pregnancy.details.query({ pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });
});
