import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_REFERRAL_CODE } from "../../scripts/demo-family";
import { LOCAL_STRIPE } from "../../scripts/stack";
import { referrals, stripeEvents, subscriptions } from "../../worker/db/schema";
import { mountDevRoutes } from "../../worker/dev/routes";
import { stripeSignatureHeader } from "../../worker/dev/fakeStripeProtocol";
import { baseUrl, openTestDb } from "../support/env";
import { CANCEL_PATH, completedEventFor, pay, postWebhook, providerStripe, sessionIdOf, startPreauthCheckout, subscribedUser } from "../support/checkout";
import { signUp } from "../support/families";
import { requestWithoutDatabase } from "../support/node-worker";
import { MS_PER_DAY, SECONDS_PER_MINUTE } from "../../src/domain/units";
import { PLANS, TRIAL_DAYS, UNLIMITED_PHOTO_SENTINEL } from "../../src/domain/billing";

/** Some seconds of slack for clocks between the test, the Worker and the database. */
const CLOCK_SLACK_MS = 60_000;

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

async function subscriptionRowOf(userId: string) {
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("checkout in local mode (real SDK, fake Stripe, signed webhook)", () => {
  it("pays through the dev checkout page and the webhook activates a 7-day trial of Basic", async () => {
    const { client, userId } = await signUp("billing");
    expect(await client.trpc.billing.checkSubscription.query()).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });

    const { url, sessionId } = await startPreauthCheckout(client);
    expect(url).toBe(`${baseUrl()}/dev/checkout/${sessionId}`);
    expect(sessionId).toMatch(/^cs_test_/);
    // The wizard's answers come back with it, for a browser that has no copy of its own.
    expect(await client.trpc.billing.verifySession.query({ stripeSessionId: sessionId })).toEqual({ verified: false, payment_status: "unpaid", trial: false, discount: null, answers: { firstName: "Wren", lastName: "Billing", email: "wren@example.test", includePartner: false, dueDate: "2027-03-01", gender: "surprise", selectedPlan: "basic" } });

    const page = await client.fetch(`/dev/checkout/${sessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Checkout</h1>");
    expect(html).toContain(`${PLANS.basic.name}, $9.99/month`);
    expect(html).toContain(`${TRIAL_DAYS} days`);
    expect(html).toMatch(/Total due today<\/dt>\s*<dd>\$0<\/dd>/);
    // The wizard sold its 'Complete' card: the provider's page says which tier that is.
    expect(html).toContain("Your Complete plan is billed as Basic.");

    const paidAt = Date.now();
    const response = await pay(client, sessionId);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${baseUrl()}/onboarding-parent?session_id=${sessionId}`);

    const row = await subscriptionRowOf(userId);
    expect(row).toMatchObject({ status: "trialing", tier: "basic", photoStorageLimit: PLANS.basic.photoLimit, monthlyCostCents: PLANS.basic.priceCents, pendingTier: null, cancelAtPeriodEnd: false });
    expect(row?.stripeSubscriptionId).toMatch(/^sub_/);
    expect(row?.stripeCustomerId).toMatch(/^cus_/);
    expect(Math.abs(row!.trialEnd!.getTime() - (paidAt + TRIAL_DAYS * MS_PER_DAY))).toBeLessThan(CLOCK_SLACK_MS);

    const status = await client.trpc.billing.checkSubscription.query();
    expect(status).toEqual({ subscribed: true, subscription_tier: "basic", subscription_end: row!.currentPeriodEnd!.toISOString() });
    expect(await client.trpc.billing.verifySession.query({ stripeSessionId: sessionId })).toEqual({ verified: true, payment_status: "paid", trial: true, discount: null, answers: { firstName: "Wren", lastName: "Billing", email: "wren@example.test", includePartner: false, dueDate: "2027-03-01", gender: "surprise", selectedPlan: "basic" } });

    // The session's metadata staged the wizard's data (and nothing else of it, like a password).
    const session = await providerStripe().checkout.sessions.retrieve(sessionId);
    expect(session.metadata).toMatchObject({ firstName: "Wren", dueDate: "2027-03-01", gender: "surprise", includePartner: "false", userId, tier: "basic" });
  });

  it("sells Premium for the photo upgrade, with unlimited photos", async () => {
    const { userId, client } = await subscribedUser("premium", { photoUpgrade: true });
    expect(await subscriptionRowOf(userId)).toMatchObject({ tier: "premium", photoStorageLimit: UNLIMITED_PHOTO_SENTINEL, monthlyCostCents: PLANS.premium.priceCents });
    expect((await client.trpc.billing.checkSubscription.query()).subscription_tier).toBe("premium");
  });

  it("lets only the session's own user verify it", async () => {
    const { sessionId } = await subscribedUser("owner");
    const other = await signUp("someoneelse");
    await expect(other.client.trpc.billing.verifySession.query({ stripeSessionId: sessionId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(other.client.trpc.billing.verifySession.query({ stripeSessionId: "cs_test_nothing_here" })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("applies a referral code as 25% off the first month of Basic and counts its use, but not on Premium", async () => {
    const timesUsed = async () => (await testDb.db.select({ n: referrals.timesUsed }).from(referrals).where(eq(referrals.referralCode, DEMO_REFERRAL_CODE)))[0]?.n;
    const before = await timesUsed();

    const basic = await signUp("referred");
    const { sessionId } = await startPreauthCheckout(basic.client, { referralCode: DEMO_REFERRAL_CODE.toUpperCase() });
    const page = await (await basic.client.fetch(`/dev/checkout/${sessionId}`)).text();
    expect(page).toContain("25% off the first month");
    expect(page).toMatch(/First month<\/dt>\s*<dd>\$7\.49<\/dd>/);
    // Where it applies, the referral's effect is named on the provider's page and after checkout.
    expect(page).toContain(`Your Complete plan is billed as Basic. Referral code ${DEMO_REFERRAL_CODE}: 25% off your first month.`);
    const referred = await providerStripe().checkout.sessions.retrieve(sessionId);
    expect(referred.discounts).toEqual([{ coupon: "referral-25-once", promotion_code: null }]);
    expect(referred.custom_text.submit?.message).toBe(`Your Complete plan is billed as Basic. Referral code ${DEMO_REFERRAL_CODE}: 25% off your first month.`);
    await pay(basic.client, sessionId);
    expect(await timesUsed()).toBe(before! + 1);
    expect((await basic.client.trpc.billing.verifySession.query({ stripeSessionId: sessionId })).discount).toEqual({ reason: "referral", percentOff: 25, duration: "once", referralCode: DEMO_REFERRAL_CODE });

    const premium = await signUp("referredpremium");
    const premiumCheckout = await startPreauthCheckout(premium.client, { plan: "premium", referralCode: DEMO_REFERRAL_CODE });
    const premiumSession = await providerStripe().checkout.sessions.retrieve(premiumCheckout.sessionId);
    expect(premiumSession.discounts).toEqual([]);
    expect(premiumSession.custom_text.submit?.message).toBe("Your Complete plan with unlimited photos is billed as Premium.");
    await pay(premium.client, premiumCheckout.sessionId);
    expect(await timesUsed()).toBe(before! + 1);
    expect((await premium.client.trpc.billing.verifySession.query({ stripeSessionId: premiumCheckout.sessionId })).discount).toBeNull();

    await expect(premium.client.trpc.billing.createCheckout.mutate({ plan: "basic" })).rejects.toMatchObject({ data: { code: "CONFLICT", appCode: "ALREADY_SUBSCRIBED" } });
    const stranger = await signUp("badreferral");
    await expect(startPreauthCheckout(stranger.client, { referralCode: "zzzz9999" })).rejects.toMatchObject({ data: { appCode: "REFERRAL_NOT_FOUND" } });
  });

  it("accepts only same-origin return paths", async () => {
    const { client } = await signUp("paths");
    for (const successUrl of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      await expect(client.trpc.billing.createPreauthCheckout.mutate({ plan: "basic", successUrl, cancelUrl: CANCEL_PATH, onboardingData: {} }), successUrl).rejects.toMatchObject({
        data: { code: "BAD_REQUEST" },
      });
    }
  });

  it("sends Cancel back to the cancel URL without paying", async () => {
    const { client } = await signUp("cancels");
    const { sessionId } = await startPreauthCheckout(client);
    const response = await client.fetch(`/dev/checkout/${sessionId}/cancel`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${baseUrl()}${CANCEL_PATH}`);
    expect(await client.trpc.billing.verifySession.query({ stripeSessionId: sessionId })).toMatchObject({ verified: false, payment_status: "unpaid", trial: false, discount: null });
  });

  it("opens the customer portal only for a user the provider knows", async () => {
    const { client } = await subscribedUser("portal");
    expect(await client.trpc.billing.customerPortal.mutate()).toEqual({ url: `${baseUrl()}/settings` });
    const newcomer = await signUp("noportal");
    await expect(newcomer.client.trpc.billing.customerPortal.mutate()).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "NO_SUBSCRIPTION" } });
  });
});

describe("the webhook", () => {
  it("refuses a tampered body, a wrong secret, a stale timestamp and a missing signature", async () => {
    const { client, sessionId } = await subscribedUser("tamper");
    const payload = JSON.stringify(await completedEventFor(testDb.db, sessionId));
    const tampered = payload.replace('"status":"complete"', '"status":"open"');
    expect(tampered).not.toBe(payload);

    const signedOriginal = await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, nowSeconds());
    expect((await postWebhook(client, tampered, signedOriginal)).status).toBe(400);
    expect((await postWebhook(client, payload, await stripeSignatureHeader(payload, "whsec_not_ours", nowSeconds()))).status).toBe(400);
    const tenMinutesAgo = nowSeconds() - 10 * SECONDS_PER_MINUTE;
    expect((await postWebhook(client, payload, await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, tenMinutesAgo))).status).toBe(400);
    const unsigned = await client.fetch("/api/billing/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: payload });
    expect(unsigned.status).toBe(400);
  });

  it("treats a replayed event as a no-op: the row and the recorded events stay as they are", async () => {
    const { client, userId, sessionId } = await subscribedUser("replay");
    // Something changed the row since the event was handled; a handler that ran twice would undo it.
    await testDb.db.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.userId, userId));
    const before = await subscriptionRowOf(userId);
    const [eventsBefore] = await testDb.db.select({ n: count() }).from(stripeEvents);

    const payload = JSON.stringify(await completedEventFor(testDb.db, sessionId));
    const response = await postWebhook(client, payload, await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, nowSeconds()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "duplicate" });

    expect(await subscriptionRowOf(userId)).toEqual(before);
    const [eventsAfter] = await testDb.db.select({ n: count() }).from(stripeEvents);
    expect(eventsAfter?.n).toBe(eventsBefore?.n);
  });

  it("keeps Premium's unlimited photos after a downgrade until the period ends", async () => {
    const { userId } = await subscribedUser("downgrade", { plan: "premium" });
    const subscriptionId = (await subscriptionRowOf(userId))!.stripeSubscriptionId!;
    await providerStripe().subscriptions.update(subscriptionId, { items: [{ price: LOCAL_STRIPE.priceBasic }] });
    // The fake delivers customer.subscription.updated after answering, as Stripe does.
    await expect.poll(async () => (await subscriptionRowOf(userId))?.pendingTier).toBe("basic");
    expect(await subscriptionRowOf(userId)).toMatchObject({ tier: "premium", photoStorageLimit: UNLIMITED_PHOTO_SENTINEL, stripePriceId: LOCAL_STRIPE.priceBasic });
  });

  it("ends the subscription on customer.subscription.deleted; the family then returns at 30% off", async () => {
    const { client, userId } = await subscribedUser("cancelled");
    const subscriptionId = (await subscriptionRowOf(userId))!.stripeSubscriptionId!;
    await providerStripe().subscriptions.cancel(subscriptionId);
    await expect.poll(async () => (await subscriptionRowOf(userId))?.status).toBe("canceled");
    expect(await client.trpc.billing.checkSubscription.query()).toEqual({ subscribed: false, subscription_tier: null, subscription_end: null });

    const { url } = await client.trpc.billing.createCheckout.mutate({ plan: "basic" });
    const session = await providerStripe().checkout.sessions.retrieve(sessionIdOf(url));
    expect(session.discounts).toEqual([{ coupon: "returning-family-30-forever", promotion_code: null }]);
    // Settings sells Basic by its own name: no wizard card to reconcile on the provider's page.
    expect(session.custom_text.submit).toBeNull();
    expect(session.success_url).toBe(`${baseUrl()}/settings?payment=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.customer).toMatch(/^cus_/);
  });
});

describe("the fake Stripe", () => {
  it("answers only the configured secret key, as Stripe does", async () => {
    await expect(providerStripe("sk_test_wrong").prices.retrieve(LOCAL_STRIPE.priceBasic)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((await providerStripe().prices.retrieve(LOCAL_STRIPE.priceBasic)).unit_amount).toBe(PLANS.basic.priceCents);
  });

  it("and its checkout page do not exist in production", async () => {
    for (const path of ["/dev/stripe/v1/prices/price_x", "/dev/checkout/cs_test_x"]) {
      const response = await requestWithoutDatabase(mountDevRoutes, path, "production");
      expect(response.status, path).toBe(404);
    }
  });
});
