import { count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_STRIPE } from "../../scripts/stack";
import type { GiftCardPlan } from "../../src/domain/enums";
import type { GiftCardMonths } from "../../src/domain/giftCards";
import { giftCards, subscriptions } from "../../worker/db/schema";
import { stripeSignatureHeader } from "../../worker/dev/fakeStripeProtocol";
import { ApiClient } from "../support/client";
import { completedEventFor, pay, postWebhook, providerStripe, sessionIdOf, startPreauthCheckout, subscribedUser } from "../support/checkout";
import { baseUrl, openTestDb } from "../support/env";
import { signUp, uniqueEmail } from "../support/families";
import { GIFT_CARD_MESSAGES } from "../../src/domain/giftCards";
import { PLANS } from "../../src/domain/billing";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

const cardsOfSession = (sessionId: string) => testDb.db.select().from(giftCards).where(eq(giftCards.stripeCheckoutSessionId, sessionId));
const mailsTo = async (email: string) => ((await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[]).filter((mail) => mail.to === email);

/** Someone without an account buys a card and pays on the dev checkout page. */
async function buyGiftCard(planType: GiftCardPlan, months: GiftCardMonths, extra: { recipientName?: string; message?: string } = {}) {
  const buyer = new ApiClient(baseUrl());
  const purchaserEmail = uniqueEmail("giftbuyer");
  const { url } = await buyer.trpc.giftCards.createCheckout.mutate({ planType, months, purchaserEmail, ...extra });
  const sessionId = sessionIdOf(url);
  const paid = await pay(buyer, sessionId);
  expect(paid.status).toBe(303);
  const card = await buyer.trpc.giftCards.purchase.query({ stripeSessionId: sessionId });
  if (!card) throw new Error(`No gift card for ${sessionId}`);
  return { buyer, purchaserEmail, url, sessionId, paid, card };
}

/** Stripe's test clock, as the fake offers it: the subscription's period ends now and its invoice is billed. */
async function renew(userId: string): Promise<Stripe.Invoice> {
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const stripe = providerStripe();
  const renewed = (await stripe.rawRequest("POST", `/v1/test_helpers/subscriptions/${row!.stripeSubscriptionId!}/renew`, {})) as unknown as Stripe.Subscription;
  return stripe.invoices.retrieve(String(renewed.latest_invoice));
}

describe("buying a gift card", () => {
  it("sells it through a one-time US-dollar checkout to a buyer without an account; the webhook issues the card and mails its code", async () => {
    const buyer = new ApiClient(baseUrl());
    const purchaserEmail = uniqueEmail("giftbuyer");
    const { url } = await buyer.trpc.giftCards.createCheckout.mutate({ planType: "base", months: 3, purchaserEmail, recipientName: "Ada", message: "For the little one" });
    const sessionId = sessionIdOf(url);
    expect(url).toBe(`${baseUrl()}/dev/checkout/${sessionId}`);
    expect(await buyer.trpc.giftCards.purchase.query({ stripeSessionId: sessionId })).toBeNull();

    const session = await providerStripe().checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ mode: "payment", currency: "usd", amount_total: 3 * PLANS.basic.priceCents, customer_email: purchaserEmail });
    const page = await (await buyer.fetch(`/dev/checkout/${sessionId}`)).text();
    expect(page).toContain("Basic, 3 months ($29.97)");
    expect(page).toMatch(/Total due today<\/dt>\s*<dd>\$29\.97<\/dd>/);

    const paid = await pay(buyer, sessionId);
    expect(paid.headers.get("location")).toBe(`${baseUrl()}/giftcards/success?session_id=${sessionId}`);

    const cards = await cardsOfSession(sessionId);
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({ plan: "base", balanceCents: 2997, initialBalanceCents: 2997, purchaserEmail, recipientName: "Ada", message: "For the little one", redeemedAt: null });
    expect(card!.code).toMatch(CODE_FORMAT);
    expect(await buyer.trpc.giftCards.purchase.query({ stripeSessionId: sessionId })).toEqual({ code: card!.code, plan: "base", valueCents: 2997, recipientName: "Ada", purchaserEmail });

    const mails = await mailsTo(purchaserEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your BabySteps gift card");
    expect(mails[0]!.text).toContain(`Gift card code: ${card!.code}`);
    expect(mails[0]!.text).toContain("never expire, have no fees, are in U.S. dollars and are not refundable");
  });

  it("issues exactly one card per checkout, even when the webhook is replayed or the payment reported again", async () => {
    const { buyer, sessionId, purchaserEmail } = await buyGiftCard("premium", 1);
    const event = await completedEventFor(testDb.db, sessionId);
    const send = async (body: Record<string, unknown>) => {
      const payload = JSON.stringify(body);
      return postWebhook(buyer, payload, await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, Math.floor(Date.now() / 1000)));
    };

    const replay = await send(event);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    // Stripe may report the same payment under a new event id: the session's card already exists.
    const again = await send({ ...event, id: `${String(event.id)}_again` });
    expect(await again.json()).toEqual({ received: true, outcome: "ignored" });

    const [cards] = await testDb.db.select({ n: count() }).from(giftCards).where(eq(giftCards.stripeCheckoutSessionId, sessionId));
    expect(cards?.n).toBe(1);
    expect(await mailsTo(purchaserEmail)).toHaveLength(1);
  });

  it("shows a card only for its own checkout session, and sells only the values on offer", async () => {
    const anyone = new ApiClient(baseUrl());
    expect(await anyone.trpc.giftCards.purchase.query({ stripeSessionId: "cs_test_not_a_real_session" })).toBeNull();
    const input = { planType: "base" as const, purchaserEmail: uniqueEmail("giftbuyer") };
    await expect(anyone.trpc.giftCards.createCheckout.mutate({ ...input, months: 2 as GiftCardMonths })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(anyone.trpc.giftCards.createCheckout.mutate({ ...input, months: 1, purchaserEmail: "not-an-email" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});

describe("redeeming a gift card", () => {
  it("moves the balance onto the account's credit once, for one user only", async () => {
    const { card } = await buyGiftCard("base", 3);
    const redeemer = await subscribedUser("giftredeemer");
    expect(await redeemer.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 0 });

    // Case, spaces and dashes do not matter.
    const typed = card.code.toLowerCase().replaceAll("-", " ");
    expect(await redeemer.client.trpc.giftCards.redeem.mutate({ code: typed })).toEqual({ creditedCents: 2997, plan: "base", creditCents: 2997 });
    expect(await redeemer.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 2997 });

    const [row] = await testDb.db.select().from(giftCards).where(eq(giftCards.code, card.code));
    expect(row).toMatchObject({ balanceCents: 0, initialBalanceCents: 2997, redeemedByUserId: redeemer.userId });
    expect(row!.redeemedAt).toBeInstanceOf(Date);
    expect(row!.stripeBalanceTransactionId).toMatch(/^cbtxn_/);
    const customer = await providerStripe().customers.retrieve(row!.stripeCustomerId!);
    expect(customer.deleted ? null : customer.balance).toBe(-2997);

    const alreadyRedeemed = { data: { code: "CONFLICT", appCode: "GIFT_CARD_REDEEMED" }, message: GIFT_CARD_MESSAGES.alreadyRedeemed };
    await expect(redeemer.client.trpc.giftCards.redeem.mutate({ code: card.code })).rejects.toMatchObject(alreadyRedeemed);
    const second = await signUp("secondredeemer");
    await expect(second.client.trpc.giftCards.redeem.mutate({ code: card.code })).rejects.toMatchObject(alreadyRedeemed);
    expect(await second.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 0 });
    expect(await redeemer.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 2997 });

    const notFound = { data: { code: "NOT_FOUND", appCode: "GIFT_CARD_NOT_FOUND" }, message: GIFT_CARD_MESSAGES.notFound };
    for (const code of ["AAAA-BBBB-CCCC-DDDD", "not a code"]) {
      await expect(second.client.trpc.giftCards.redeem.mutate({ code })).rejects.toMatchObject(notFound);
    }
  });

  it("lets invoices draw the credit first and keeps what is left on the account", async () => {
    const { card } = await buyGiftCard("base", 3);
    const family = await subscribedUser("giftrenewal");
    await family.client.trpc.giftCards.redeem.mutate({ code: card.code });

    const invoice = await renew(family.userId);
    expect(invoice).toMatchObject({ total: PLANS.basic.priceCents, amount_due: 0, starting_balance: -2997, ending_balance: -2997 + PLANS.basic.priceCents });
    expect(await family.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 2997 - PLANS.basic.priceCents });
    // The renewal reached the webhook: the trial is over and the subscription is active.
    await expect.poll(async () => (await testDb.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.userId, family.userId)))[0]?.status).toBe("active");
  });

  it("credits a user with no subscription yet, and their later checkout's invoices draw it", async () => {
    const { card } = await buyGiftCard("base", 1);
    const newcomer = await signUp("giftfirst");
    expect(await newcomer.client.trpc.giftCards.redeem.mutate({ code: card.code })).toMatchObject({ creditCents: PLANS.basic.priceCents });
    const [row] = await testDb.db.select().from(giftCards).where(eq(giftCards.code, card.code));

    const { sessionId } = await startPreauthCheckout(newcomer.client, { plan: "premium" });
    expect((await providerStripe().checkout.sessions.retrieve(sessionId)).customer).toBe(row!.stripeCustomerId);
    await pay(newcomer.client, sessionId);

    const invoice = await renew(newcomer.userId);
    expect(invoice).toMatchObject({ total: PLANS.premium.priceCents, amount_due: PLANS.premium.priceCents - PLANS.basic.priceCents, ending_balance: 0 });
    expect(await newcomer.client.trpc.giftCards.credit.query()).toEqual({ creditCents: 0 });
  });
});
