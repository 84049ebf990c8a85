import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "../../src/domain/accountDeletion";
import { addDays, todayIso } from "../../src/domain/dates";
import { HAND_OVER_MESSAGES } from "../../src/domain/pregnancyHandOver";
import { ROOM_REAUTHORISE_CLOSE_CODE } from "../../src/domain/pregnancyRoom";
import { devStripeObjects, pregnancyParticipants, subscriptions, users } from "../../worker/db/schema";
import { subscribedUser } from "../support/checkout";
import { openTestDb } from "../support/env";
import { signUp } from "../support/families";
import { addGuest } from "../support/photos";
import { callProcedure } from "../support/raw-trpc";
import { connect } from "../support/room";
import { mailsTo } from "../support/outbox";

const { db, close } = openTestDb();
afterAll(close);


async function providerObject<T>(id: string): Promise<T> {
  const [row] = await db.select({ data: devStripeObjects.data }).from(devStripeObjects).where(eq(devStripeObjects.id, id));
  if (!row) throw new Error(`The fake Stripe has no ${id}`);
  return row.data as unknown as T;
}

const roleOf = async (pregnancyId: string, userId: string) =>
  (await db.select({ role: pregnancyParticipants.role }).from(pregnancyParticipants).where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.userId, userId))))[0]?.role;

/** A paying owner's pregnancy with an active partner (own account), a guest and an invited partner-to-be without one. */
async function familyWithPartner(label: string) {
  const owner = await subscribedUser(label);
  const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({ pregnancy: { title: `Handing ${label}`, dueDate: addDays(todayIso(), 120) }, isGuestConversion: false });
  const partner = await signUp(`${label}partner`);
  const [partnerRow] = await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partner.userId, role: "partner", status: "active" }).returning({ id: pregnancyParticipants.id });
  const guest = await addGuest(pregnancyId, `${label}guest`, "immediate-family", { canAccessWaitingRoom: true });
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.pregnancyId, pregnancyId));
  if (!partnerRow || !subscription?.stripeSubscriptionId || !subscription.stripeCustomerId) throw new Error("family not set up");
  return { owner, partner, partnerParticipantId: partnerRow.id, guest, pregnancyId, subscription };
}

describe("pregnancy.handOver", () => {
  it("swaps the roles, moves the subscription and its Stripe customer to the partner, and frees the former owner to delete their account", async () => {
    const family = await familyWithPartner("handover");
    const { owner, partner, pregnancyId, subscription } = family;
    const sockets = await Promise.all([connect(pregnancyId, owner.client), connect(pregnancyId, partner.client), connect(pregnancyId, family.guest.client)]);

    const [partnerUser] = await db.select({ name: users.name }).from(users).where(eq(users.id, partner.userId));
    expect(await owner.client.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId: family.partnerParticipantId })).toEqual({
      newOwner: { participantId: family.partnerParticipantId, name: partnerUser!.name },
    });

    expect(await roleOf(pregnancyId, partner.userId)).toBe("owner");
    expect(await roleOf(pregnancyId, owner.userId)).toBe("partner");
    expect((await partner.client.trpc.pregnancy.access.query({ pregnancyId })).role).toBe("owner");
    expect((await owner.client.trpc.pregnancy.access.query({ pregnancyId })).role).toBe("partner");
    // Both parents' sockets reconnect with their new role; the guest's stays open.
    expect(await sockets[0].closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
    expect(await sockets[1].closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
    expect(sockets[2].socket.readyState).toBe(sockets[2].socket.OPEN);
    sockets[2].socket.close();

    // Billing is the new owner's: our row, Stripe's customer (where its mail and portal go) and the subscription's metadata.
    const [moved] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(moved).toMatchObject({ userId: partner.userId, status: subscription.status });
    const customer = await providerObject<Stripe.Customer>(subscription.stripeCustomerId!);
    expect(customer).toMatchObject({ email: partner.email.toLowerCase(), name: partnerUser!.name, metadata: { userId: partner.userId } });
    expect((await providerObject<Stripe.Subscription>(subscription.stripeSubscriptionId!)).metadata.userId).toBe(partner.userId);

    // The new owner manages billing; the former owner has nothing left to manage.
    expect(await partner.client.trpc.billing.subscription.query()).toMatchObject({ subscribed: true, tier: subscription.tier });
    expect((await partner.client.trpc.billing.customerPortal.mutate()).url).toEqual(expect.any(String));
    expect(await partner.client.trpc.billing.updateSubscription.mutate({ tier: "premium" })).toMatchObject({ tier: "premium", scheduled: false });
    expect(await owner.client.trpc.billing.subscription.query()).toBeNull();
    await expect(owner.client.trpc.billing.cancelSubscription.mutate({ confirm: true })).rejects.toMatchObject({ data: { appCode: "NO_SUBSCRIPTION" } });

    // Both are told.
    expect((await mailsTo(partner.email)).map((mail) => mail.subject)).toContain(HAND_OVER_MESSAGES.newOwnerSubject(`Handing handover`));
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toContain(HAND_OVER_MESSAGES.formerOwnerSubject(`Handing handover`));

    // The former owner, now the partner, can delete their account; the pregnancy stays with its new owner.
    await owner.client.trpc.account.deletion.sendCode.mutate();
    const code = (await mailsTo(owner.email)).find((mail) => mail.subject === ACCOUNT_DELETION_MESSAGES.codeSubject)?.text.match(/\b(\d{6})\b/)?.[1];
    expect(await owner.client.trpc.account.deletion.confirm.mutate({ code: code!, photos: "keep" })).toEqual({ deleted: true });
    expect((await partner.client.trpc.pregnancy.details.query({ pregnancyId })).id).toBe(pregnancyId);
    expect((await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, subscription.id)))[0]?.userId).toBe(partner.userId);
  });

  it("is the owner's alone, and only to the active partner with an account of their own and no subscription of their own", async () => {
    const family = await familyWithPartner("handoverrefused");
    const { owner, partner, guest, pregnancyId } = family;
    const input = { pregnancyId, participantId: family.partnerParticipantId };
    const stranger = await signUp("handoverstranger");
    // The partner cannot take it, nor a guest, nor a stranger.
    for (const client of [partner.client, guest.client, stranger.client]) {
      expect(await callProcedure(client, "pregnancy.handOver", "mutation", input)).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
    }
    // Not to a guest, nor to an invited partner who has not joined with an account, nor to someone of another pregnancy.
    const [invited] = await db
      .insert(pregnancyParticipants)
      .values({ pregnancyId, role: "guest", status: "invited", invitedEmail: "not.yet@example.test" })
      .returning({ id: pregnancyParticipants.id });
    await db.delete(pregnancyParticipants).where(eq(pregnancyParticipants.id, family.partnerParticipantId));
    const [unlinked] = await db.insert(pregnancyParticipants).values({ pregnancyId, role: "partner", status: "invited", invitedEmail: "partner.later@example.test" }).returning({ id: pregnancyParticipants.id });
    for (const participantId of [guest.participantId, invited!.id, unlinked!.id]) {
      await expect(owner.client.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "NOT_A_PARTNER" }, message: HAND_OVER_MESSAGES.notAPartner });
    }
    const elsewhere = await familyWithPartner("handoverelsewhere");
    await expect(owner.client.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId: elsewhere.partnerParticipantId })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    // Nor to a partner who pays for a subscription of their own: they would hold two, one unseen.
    const payingPartner = await subscribedUser("handoverpayingpartner");
    const [paying] = await db.insert(pregnancyParticipants).values({ pregnancyId, userId: payingPartner.userId, role: "partner", status: "active" }).returning({ id: pregnancyParticipants.id });
    await expect(owner.client.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId: paying!.id })).rejects.toMatchObject({
      data: { code: "CONFLICT", appCode: "PARTNER_ALREADY_PAYS" },
      message: HAND_OVER_MESSAGES.partnerAlreadyPays("Test handoverpayingpartner"),
    });

    expect(await roleOf(pregnancyId, owner.userId)).toBe("owner");
    expect((await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, family.subscription.id)))[0]?.userId).toBe(owner.userId);
    expect((await providerObject<Stripe.Customer>(family.subscription.stripeCustomerId!)).email).not.toBe(partner.email.toLowerCase());
  });
});
