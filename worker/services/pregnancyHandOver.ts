/**
 * Handing a pregnancy to its partner: the owner's way out that leaves the family its pregnancy.
 * After it the former owner is the partner, free to leave or delete their account.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { HAND_OVER_MESSAGES } from "../../src/domain/pregnancyHandOver";
import { BILLABLE_STATUSES } from "../../src/domain/subscription";
import { pregnancies, pregnancyParticipants, subscriptions, users } from "../db/schema";
import { composeMail } from "../infra/mailer";
import { reauthoriseRoom } from "../infra/rooms";
import { billingClient } from "./billing";
import type { PregnancyCaller } from "./caller";
import { AppError } from "./errors";
import { callStripe } from "./subscription";


/**
 * The owner makes the pregnancy's partner its owner. The partner must be active with an account of
 * their own. Stripe is told first (a refusal changes nothing): the paying customer's email and name
 * become the new owner's, so Stripe's billing mail and the portal reach them, and the
 * subscription's metadata names them. The card on file is the customer's and keeps paying until the
 * new owner changes it. Then roles swap and the subscription rows move, in one transaction; both
 * parents are told by mail (recorded in it); their sockets reconnect with their new role.
 */
export async function handOverOwnership(caller: PregnancyCaller, input: { participantId: string }): Promise<{ newOwner: { participantId: string; name: string } }> {
  const { db, env, access, user } = caller;
  const [target] = await db
    .select({ participantId: pregnancyParticipants.id, role: pregnancyParticipants.role, status: pregnancyParticipants.status, userId: users.id, email: users.email, name: users.name })
    .from(pregnancyParticipants)
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.id, input.participantId), eq(pregnancyParticipants.pregnancyId, access.id)));
  if (!target) throw new AppError("NOT_FOUND", "NOT_FOUND", "Participant not found");
  const { userId, email, name } = target;
  if (target.role !== "partner" || target.status !== "active" || !userId || !email || !name) throw new AppError("BAD_REQUEST", "NOT_A_PARTNER", HAND_OVER_MESSAGES.notAPartner);

  const [pregnancy] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, access.id));
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const billable = await db
    .select({ customerId: subscriptions.stripeCustomerId, subscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, access.id), inArray(subscriptions.status, [...BILLABLE_STATUSES]), isNotNull(subscriptions.stripeSubscriptionId)));
  if (billable.length > 0) {
    // One paying subscription per person: Billing shows and manages one, and a second would go unseen.
    const [ownPlan] = await db.select({ id: subscriptions.id }).from(subscriptions).where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...BILLABLE_STATUSES]))).limit(1);
    if (ownPlan) throw new AppError("CONFLICT", "PARTNER_ALREADY_PAYS", HAND_OVER_MESSAGES.partnerAlreadyPays(name));
    const { stripe } = billingClient(caller);
    for (const { customerId, subscriptionId } of billable) {
      if (customerId) await callStripe(() => stripe.customers.update(customerId, { email, name, metadata: { userId } }));
      if (subscriptionId) await callStripe(() => stripe.subscriptions.update(subscriptionId, { metadata: { userId } }));
    }
  }

  await db.transaction(async (tx) => {
    // In this order: a pregnancy has one owner at any moment (a unique index holds to it).
    await tx.update(pregnancyParticipants).set({ role: "partner" }).where(eq(pregnancyParticipants.id, access.participantId));
    await tx.update(pregnancyParticipants).set({ role: "owner" }).where(eq(pregnancyParticipants.id, target.participantId));
    await tx.update(subscriptions).set({ userId }).where(eq(subscriptions.pregnancyId, access.id));
    await caller.outbox.sendMany(
      [
        { mail: composeMail(email, HAND_OVER_MESSAGES.newOwnerSubject(pregnancy.title), [...HAND_OVER_MESSAGES.newOwner(user.name, pregnancy.title)], { label: "Open Billing", url: `${caller.origin}/settings#billing` }), options: { recipientUserId: userId } },
        { mail: composeMail(user.email, HAND_OVER_MESSAGES.formerOwnerSubject(pregnancy.title), [...HAND_OVER_MESSAGES.formerOwner(name, pregnancy.title)]), options: { recipientUserId: user.id } },
      ],
      tx,
    );
  });
  await reauthoriseRoom(env, access.id, [user.id, userId]);
  return { newOwner: { participantId: target.participantId, name } };
}
