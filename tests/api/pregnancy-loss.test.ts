import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS, subscriptionCancelAt } from "../../src/domain/billing";
import { addDays, todayIso } from "../../src/domain/dates";
import { LOSS_ERRORS, LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { CLOSING_MESSAGES } from "../../src/domain/pregnancyClosing";
import { DEFAULT_PREGNANCY_TITLE } from "../../src/domain/pregnancy";
import { devStripeObjects, marketingSuppressions, newsletterSubscribers, pregnancies, pregnancyBabies, pregnancyLosses, pregnancyParticipants, subscriptions } from "../../worker/db/schema";
import { providerStripe, subscribedUser } from "../support/checkout";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { mailsTo } from "../support/outbox";
import { callProcedure, wasRefused } from "../support/raw-trpc";

let testDb: ReturnType<typeof openTestDb>;
beforeAll(() => {
  testDb = openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

/**
 * A paying family with twins: the owner paid through the fake checkout; the partner, Grandma
 * (immediate family), a friend and a relative later removed joined directly. The current month is
 * paid by card (a renewal), so there is something to refund.
 */
async function payingFamily(label: string) {
  const owner = await subscribedUser(label);
  const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({
    pregnancy: { dueDate: addDays(todayIso(), 120) },
    babies: [{ name: "Bean", gender: "unknown" }, { name: "Sprout", gender: "unknown" }],
    isGuestConversion: false,
  });
  const join = async (who: string, role: "partner" | "guest", privacyLevel: "immediate-family" | "friends" = "friends") => {
    const user = await signUp(`${label}${who}`);
    const [row] = await testDb.db.insert(pregnancyParticipants).values({ pregnancyId, userId: user.userId, role, status: "active", privacyLevel }).returning({ id: pregnancyParticipants.id });
    return { ...user, participantId: row!.id };
  };
  const partner = await join("partner", "partner");
  const grandma = await join("grandma", "guest", "immediate-family");
  const friend = await join("friend", "guest");
  const removed = await join("removed", "guest", "immediate-family");
  await owner.client.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId));
  const subscriptionId = row!.stripeSubscriptionId!;
  const stripe = providerStripe();
  await stripe.rawRequest("POST", `/v1/test_helpers/subscriptions/${subscriptionId}/renew`, {});
  const babies = await testDb.db.select({ id: pregnancyBabies.id, name: pregnancyBabies.name }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId)).orderBy(pregnancyBabies.birthOrder);
  return { owner, partner, grandma, friend, removed, pregnancyId, subscriptionId, customerId: row!.stripeCustomerId!, babies };
}

async function providerSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
  const [row] = await testDb.db.select({ data: devStripeObjects.data }).from(devStripeObjects).where(eq(devStripeObjects.id, subscriptionId));
  return row!.data as unknown as Stripe.Subscription;
}

async function refundsOf(customerId: string) {
  return testDb.db
    .select({ id: devStripeObjects.id })
    .from(devStripeObjects)
    .where(and(eq(devStripeObjects.type, "refund"), sql`${devStripeObjects.data}->>'payment_intent' in (select id from ${devStripeObjects} where type = 'payment_intent' and data->>'customer' = ${customerId})`));
}

/** Mail beyond the sign-up's own code, which every new account gets. */
const mailsBeyondSignUp = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject !== "Confirm your email");

const lossRecordedAt = async (pregnancyId: string) => (await testDb.db.select({ at: pregnancies.lossRecordedAt }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)))[0]?.at ?? null;

describe("recording a loss (issue 38)", () => {
  it("stops the subscription renewing on the owner's account when the partner records it; the refund is the owner's, in one step, recorded once; an undo renews again", async () => {
    const family = await payingFamily("lossbilling");
    const scope = { pregnancyId: family.pregnancyId };
    await family.partner.client.trpc.pregnancyLoss.record.mutate(scope);

    expect(await lossRecordedAt(family.pregnancyId)).not.toBeNull();
    expect((await providerSubscription(family.subscriptionId)).cancel_at_period_end).toBe(true);
    const [row] = await testDb.db.select({ cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, family.subscriptionId));
    expect(row).toEqual({ cancelAtPeriodEnd: true, status: "active" });
    // The kind mail goes to the one who pays; nobody else hears anything, and no closing notice goes out.
    expect((await mailsTo(family.owner.email)).filter((mail) => mail.subject === LOSS_TEXTS.billingMailSubject)).toHaveLength(1);
    for (const person of [family.partner, family.grandma, family.friend]) {
      expect((await mailsTo(person.email)).map((mail) => mail.subject)).not.toContain(LOSS_TEXTS.billingMailSubject);
      expect((await mailsTo(person.email)).map((mail) => mail.subject)).not.toContain(CLOSING_MESSAGES.closedHeading(DEFAULT_PREGNANCY_TITLE));
    }
    expect((await family.grandma.client.trpc.account.modeContext.query()).closingNotices).toEqual([]);
    expect(await mailsBeyondSignUp(family.grandma.email)).toEqual([]);

    // The owner is told in the app, calmly, by the one who recorded it.
    const ownerDetails = await family.owner.client.trpc.pregnancy.details.query(scope);
    expect(ownerDetails.endedInLoss).toBe(true);
    expect(ownerDetails.lossNotice).toMatchObject({ by: expect.any(String), babyName: null });
    expect((await family.partner.client.trpc.pregnancy.details.query(scope)).lossNotice).toBeNull();

    // The partner sees the subscription stopped, and cannot take the owner's refund.
    const partnerView = await family.partner.client.trpc.pregnancyLoss.overview.query(scope);
    expect(partnerView.billing).toMatchObject({ running: true, stopped: true, isPayer: false });
    await expect(family.partner.client.trpc.pregnancyLoss.refund.mutate(scope)).rejects.toMatchObject({ message: LOSS_ERRORS.ownerOnlyRefund });
    expect(await refundsOf(family.customerId)).toHaveLength(0);

    const { refund } = await family.owner.client.trpc.pregnancyLoss.refund.mutate(scope);
    expect(refund).toEqual({ cardCents: PLANS.basic.priceCents, creditCents: 0 });
    expect(await refundsOf(family.customerId)).toHaveLength(1);
    const [recorded] = await testDb.db.select().from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId));
    expect(recorded).toMatchObject({ refundCardCents: PLANS.basic.priceCents, refundCreditCents: 0, babyId: null });
    expect(recorded?.refundedAt).not.toBeNull();
    await expect(family.owner.client.trpc.pregnancyLoss.refund.mutate(scope)).rejects.toMatchObject({ message: LOSS_ERRORS.alreadyRefunded });
    expect(await refundsOf(family.customerId)).toHaveLength(1);
    expect((await mailsTo(family.owner.email)).filter((mail) => mail.subject === LOSS_TEXTS.refundMailSubject)).toHaveLength(1);

    // Undone within 14 days: the subscription ends with the service again, as before.
    await family.owner.client.trpc.pregnancyLoss.undo.mutate({ ...scope, lossId: recorded!.id });
    expect(await lossRecordedAt(family.pregnancyId)).toBeNull();
    const resumed = await providerSubscription(family.subscriptionId);
    const [dates] = await testDb.db.select({ serviceEndDate: pregnancies.serviceEndDate }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId));
    expect(resumed.cancel_at_period_end).toBe(false);
    expect(resumed.cancel_at).toBe(subscriptionCancelAt(dates!.serviceEndDate));
  });

  it("suppresses newsletters and marketing to both parents for good, also after an undo", async () => {
    const family = await payingFamily("lossmarketing");
    const scope = { pregnancyId: family.pregnancyId };
    await testDb.db.insert(newsletterSubscribers).values({ email: family.owner.email.toLowerCase(), firstName: "Olivia", confirmedAt: new Date() });
    await family.owner.client.trpc.pregnancyLoss.record.mutate(scope);

    const parents = [family.owner.email.toLowerCase(), family.partner.email.toLowerCase()];
    const suppressed = async () => (await testDb.db.select({ email: marketingSuppressions.email }).from(marketingSuppressions).where(inArray(marketingSuppressions.email, parents))).map((r) => r.email).sort();
    expect(await suppressed()).toEqual([...parents].sort());
    const [subscriber] = await testDb.db.select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, parents[0]!));
    expect(subscriber?.unsubscribedAt).not.toBeNull();

    const [loss] = await testDb.db.select({ id: pregnancyLosses.id }).from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId));
    await family.owner.client.trpc.pregnancyLoss.undo.mutate({ ...scope, lossId: loss!.id });
    expect(await suppressed()).toEqual([...parents].sort());

    // Signing up again through the public form sends nothing to a suppressed address.
    const before = (await mailsTo(family.partner.email)).length;
    const response = await fetch(new URL("/api/newsletter/subscribe", baseUrl()), {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl() },
      body: JSON.stringify({ firstName: "Noah", email: family.partner.email }),
    });
    expect(response.status).toBeLessThan(300);
    expect(await mailsTo(family.partner.email)).toHaveLength(before);
  });

  it("drops the due date and the pregnancy milestones from a relative's subscribed calendar, and brings them back on an undo", async () => {
    const family = await payingFamily("losscalendar");
    const scope = { pregnancyId: family.pregnancyId };
    await family.owner.client.trpc.calendar.milestones.add.mutate({ ...scope, keys: ["due-date"] });
    const { url } = await family.grandma.client.trpc.calendar.feed.get.query(scope);
    const feed = async () => (await fetch(new URL(new URL(url).pathname, baseUrl()))).text();
    expect(await feed()).toContain("SUMMARY:Due date");

    await family.owner.client.trpc.pregnancyLoss.record.mutate(scope);
    expect(await feed()).not.toContain("SUMMARY:Due date");
    const [loss] = await testDb.db.select({ id: pregnancyLosses.id }).from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId));
    await family.owner.client.trpc.pregnancyLoss.undo.mutate({ ...scope, lossId: loss!.id });
    expect(await feed()).toContain("SUMMARY:Due date");
  });

  it("for one twin: the other baby alone is spoken of, the last one cannot be set apart, and an undo brings both back", async () => {
    const family = await payingFamily("losstwin");
    const scope = { pregnancyId: family.pregnancyId };
    const [bean, sprout] = family.babies;
    await family.owner.client.trpc.pregnancyLoss.record.mutate({ ...scope, babyId: bean!.id });
    expect(await lossRecordedAt(family.pregnancyId)).toBeNull();
    expect((await family.grandma.client.trpc.pregnancy.details.query(scope)).babies.map((b) => b.name)).toEqual(["Sprout"]);
    expect((await family.grandma.client.trpc.dashboard.summary.query(scope)).babies.map((b) => b.name)).toEqual(["Sprout"]);
    expect((await family.partner.client.trpc.pregnancy.details.query(scope)).lossNotice).toMatchObject({ babyName: "Bean" });
    // Billing is untouched for one baby.
    expect((await providerSubscription(family.subscriptionId)).cancel_at_period_end).toBe(false);
    await expect(family.owner.client.trpc.pregnancyLoss.record.mutate({ ...scope, babyId: sprout!.id })).rejects.toMatchObject({ message: LOSS_ERRORS.lastBaby });

    const [loss] = await testDb.db.select({ id: pregnancyLosses.id }).from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId));
    await family.partner.client.trpc.pregnancyLoss.undo.mutate({ ...scope, lossId: loss!.id });
    expect((await family.grandma.client.trpc.pregnancy.details.query(scope)).babies.map((b) => b.name)).toEqual(["Bean", "Sprout"]);
  });

  it("refuses a guest, a removed relative, a stranger and another family, to record, undo or tell, storing nothing", async () => {
    const family = await payingFamily("lossattack");
    const other = await createOtherFamily();
    const stranger = await signUp("lossstranger");
    const scope = { pregnancyId: family.pregnancyId };
    const attackers: Array<[string, ApiClient]> = [
      ["guest", family.grandma.client],
      ["removed relative", family.removed.client],
      ["stranger", stranger.client],
      ["other family", other.owner],
    ];
    for (const [who, client] of attackers) {
      for (const input of [scope, { ...scope, babyId: family.babies[0]!.id }, { ...scope, mode: "parent" }]) {
        expect(wasRefused(await callProcedure(client, "pregnancyLoss.record", "mutation", input)), who).toBe(true);
      }
      const tell = { ...scope, content: "Words", circles: ["friends"], userIds: [], inApp: true, byMail: true, noReplies: false };
      expect(wasRefused(await callProcedure(client, "pregnancyLoss.tell", "mutation", tell)), who).toBe(true);
      expect(wasRefused(await callProcedure(client, "pregnancyLoss.overview", "query", scope)), who).toBe(true);
    }
    expect(await lossRecordedAt(family.pregnancyId)).toBeNull();
    expect(await testDb.db.select().from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId))).toEqual([]);
    // The other family's own pregnancy id does not reach this one either.
    expect(wasRefused(await callProcedure(other.owner, "pregnancyLoss.record", "mutation", { pregnancyId: family.pregnancyId, babyId: family.babies[0]!.id }))).toBe(true);

    await family.owner.client.trpc.pregnancyLoss.record.mutate(scope);
    const [loss] = await testDb.db.select({ id: pregnancyLosses.id }).from(pregnancyLosses).where(eq(pregnancyLosses.pregnancyId, family.pregnancyId));
    for (const [who, client] of attackers) {
      for (const path of ["pregnancyLoss.undo", "pregnancyLoss.dismissNotice"]) {
        expect(wasRefused(await callProcedure(client, path, "mutation", { ...scope, lossId: loss!.id })), `${who} ${path}`).toBe(true);
      }
      expect(wasRefused(await callProcedure(client, "pregnancyLoss.refund", "mutation", scope)), who).toBe(true);
      expect(wasRefused(await callProcedure(client, "pregnancyLoss.setMemories", "mutation", { ...scope, memories: "shared" })), who).toBe(true);
    }
    // Another family cannot undo this loss through its own pregnancy either.
    expect(await callProcedure(other.owner, "pregnancyLoss.undo", "mutation", { pregnancyId: other.pregnancyId, lossId: loss!.id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await lossRecordedAt(family.pregnancyId)).not.toBeNull();
    expect(await refundsOf(family.customerId)).toHaveLength(0);
  });

  it("tells only those the parents chose, in their words, with no replies when asked; guests then keep what the parents decide", async () => {
    const family = await payingFamily("losstell");
    const scope = { pregnancyId: family.pregnancyId };
    await family.owner.client.trpc.pregnancyLoss.record.mutate(scope);
    const words = "We lost our baby on Tuesday.\n\nThank you <b>for</b> your love.";
    const { told } = await family.owner.client.trpc.pregnancyLoss.tell.mutate({ ...scope, content: words, circles: ["immediate-family"], userIds: [], inApp: true, byMail: true, noReplies: true });
    expect(told).toBe(1);
    const [mail] = (await mailsTo(family.grandma.email)).filter((m) => m.subject.startsWith("A message from"));
    expect(mail?.text).toContain("We lost our baby on Tuesday.");
    expect(mail?.text).toContain(LOSS_TEXTS.noRepliesLine);
    expect(await mailsBeyondSignUp(family.friend.email)).toEqual([]);
    expect(await mailsBeyondSignUp(family.removed.email)).toEqual([]);
    const grandmaPosts = await family.grandma.client.trpc.posts.list.query(scope);
    const message = grandmaPosts.posts.find((post) => post.content.includes("We lost our baby"));
    // Stored as typed, escaped: the brackets are text, never a tag.
    expect(message?.content).toContain("Thank you &lt;b");
    expect(message?.content).not.toContain("<b>");
    expect((await family.friend.client.trpc.posts.list.query(scope)).posts.some((post) => post.content.includes("We lost our baby"))).toBe(false);

    // Only the two of us: guests no longer reach the pregnancy; read-only: they look but add nothing.
    await family.owner.client.trpc.pregnancyLoss.setMemories.mutate({ ...scope, memories: "parents-only" });
    expect(wasRefused(await callProcedure(family.grandma.client, "posts.list", "query", scope))).toBe(true);
    await family.owner.client.trpc.pregnancyLoss.setMemories.mutate({ ...scope, memories: "read-only" });
    expect((await family.grandma.client.trpc.posts.list.query(scope)).posts.length).toBeGreaterThan(0);
    expect(await callProcedure(family.grandma.client, "posts.create", "mutation", { ...scope, id: crypto.randomUUID(), content: "<p>Hello</p>" })).toMatchObject({ ok: false, appCode: "READ_ONLY" });
  });
});
