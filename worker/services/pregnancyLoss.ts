/**
 * When a pregnancy ends in loss (issue 38). A parent records it in Settings, for the pregnancy or
 * for one baby of several; either can undo it for 14 days. Recording tells nobody: the other parent
 * sees a notice in the app, and the family hears only what the parents themselves write, to whom
 * and how they choose. For the whole pregnancy, the subscription stops renewing (on the owner's
 * account, whoever records it), the owner may take this month's refund in one step, and the
 * parents' addresses leave every newsletter and marketing list for good. What every other area
 * stops is read from the pregnancy's and the baby's state (access.endedInLoss, pregnancyBabies.lostAt).
 */
import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { guestLevelOf } from "../../src/domain/audience";
import { formatPrice, subscriptionCancelAt } from "../../src/domain/billing";
import { longDate } from "../../src/domain/dates";
import type { GuestPrivacyLevel } from "../../src/domain/enums";
import { canUndoLoss, LOSS_ERRORS, LOSS_MESSAGE_MAX_LENGTH, LOSS_TEXTS, lossMessageDraft, lossUndoUntil, type LossMemories } from "../../src/domain/pregnancyLoss";
import { escapeHtml, sanitizePlainText } from "../../src/domain/sanitize";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import { todayIn } from "../../src/domain/timeZones";
import { NOTES_MAX_LENGTH } from "../../src/domain/textLimits";
import {
  calendarEvents,
  eventParticipants,
  marketingSuppressions,
  newsletterSubscribers,
  posts,
  pregnancies,
  pregnancyBabies,
  pregnancyLosses,
  pregnancyParticipants,
  subscriptions,
  users,
  waitingRoomSessions,
} from "../db/schema";
import type { Executor } from "../db";
import { composeMail } from "../infra/mailer";
import { reauthoriseRoom, tellFeed } from "../infra/rooms";
import { announce as announceCalendar } from "./calendar";
import type { PregnancyCaller } from "./caller";
import { billingClient } from "./billing";
import { refundCurrentMonth } from "./cancellationRefund";
import { AppError } from "./errors";
import { callStripe } from "./subscription";

const conflict = (message: string) => new AppError("CONFLICT", "CONFLICT", message);
const badRequest = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
/** Stripe refused or could not be reached: nothing was stored, and the parent is told so plainly. */
const providerFailed = () => new AppError("BAD_GATEWAY", "PROVIDER_FAILED", LOSS_TEXTS.providerFailed);

async function withStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await callStripe(call);
  } catch (error) {
    if (error instanceof AppError && error.appCode === "PROVIDER_FAILED") throw providerFailed();
    throw error;
  }
}

/** The pregnancy's running subscription (the owner's), if any. */
async function runningSubscription(db: Executor, pregnancyId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, stripeSubscriptionId: subscriptions.stripeSubscriptionId, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, pregnancyId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/** The standing (not undone) loss records of the pregnancy, the pregnancy's own first. */
const standingLosses = (db: Executor, pregnancyId: string) =>
  db
    .select({
      id: pregnancyLosses.id,
      babyId: pregnancyLosses.babyId,
      babyName: pregnancyBabies.name,
      recordedByUserId: pregnancyLosses.recordedByUserId,
      recordedByName: pregnancyLosses.recordedByName,
      recordedAt: pregnancyLosses.recordedAt,
      noticeDismissedAt: pregnancyLosses.noticeDismissedAt,
      refundedAt: pregnancyLosses.refundedAt,
      refundCardCents: pregnancyLosses.refundCardCents,
      refundCreditCents: pregnancyLosses.refundCreditCents,
    })
    .from(pregnancyLosses)
    .leftJoin(pregnancyBabies, eq(pregnancyBabies.id, pregnancyLosses.babyId))
    .where(and(eq(pregnancyLosses.pregnancyId, pregnancyId), isNull(pregnancyLosses.undoneAt)))
    .orderBy(sql`${pregnancyLosses.babyId} is not null`, asc(pregnancyLosses.recordedAt));

/**
 * Everything the Settings page shows the parents: what was recorded and until when it can be
 * undone, the babies to choose from, the celebrations still to come, who can be told, what the
 * family keeps, and the subscription. Four reads that do not wait on each other.
 */
export async function lossOverview(caller: PregnancyCaller) {
  const { db, access } = caller;
  const pregnancyId = access.id;
  const [losses, babies, people, celebrations, [pregnancy], subscription] = await Promise.all([
    standingLosses(db, pregnancyId),
    db
      .select({ id: pregnancyBabies.id, name: pregnancyBabies.name, born: sql<boolean>`${pregnancyBabies.bornAnnouncedAt} is not null`, lost: sql<boolean>`${pregnancyBabies.lostAt} is not null` })
      .from(pregnancyBabies)
      .where(eq(pregnancyBabies.pregnancyId, pregnancyId))
      .orderBy(asc(pregnancyBabies.birthOrder)),
    db
      .select({ userId: pregnancyParticipants.userId, firstName: users.firstName, lastName: users.lastName, title: pregnancyParticipants.title, privacyLevel: pregnancyParticipants.privacyLevel })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), eq(pregnancyParticipants.role, "guest")))
      .orderBy(asc(users.firstName)),
    db
      .select({ id: calendarEvents.id, title: calendarEvents.title, date: calendarEvents.date, invited: sql<number>`(select count(*)::int from ${eventParticipants} where ${eventParticipants.eventId} = ${calendarEvents.id})` })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.category, "celebration"), eq(calendarEvents.isArchived, false), gte(calendarEvents.date, access.today)))
      .orderBy(asc(calendarEvents.date)),
    db.select({ memories: pregnancies.lossMemories }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)),
    runningSubscription(db, pregnancyId),
  ]);
  const now = caller.now;
  const lostBaby = losses.find((loss) => loss.babyId !== null)?.babyName ?? null;
  const ownerName = subscription ? await ownerNameOf(db, subscription.userId) : null;
  return {
    losses: losses.map((loss) => ({
      id: loss.id,
      babyId: loss.babyId,
      babyName: loss.babyName,
      recordedByName: loss.recordedByName,
      recordedOn: longDate(todayIn(access.timeZone, loss.recordedAt)),
      undoUntil: canUndoLoss(loss.recordedAt, now) ? longDate(todayIn(access.timeZone, lossUndoUntil(loss.recordedAt))) : null,
      refund: loss.refundedAt ? { cardCents: loss.refundCardCents ?? 0, creditCents: loss.refundCreditCents ?? 0 } : null,
    })),
    babies,
    people: people.flatMap((p) => (p.userId ? [{ userId: p.userId, name: [p.firstName, p.lastName].filter(Boolean).join(" "), title: p.title, circle: p.privacyLevel }] : [])),
    celebrations: access.endedInLoss ? celebrations : [],
    memories: pregnancy?.memories ?? "shared",
    draft: lossMessageDraft(access.endedInLoss ? null : lostBaby),
    billing: !access.endedInLoss
      ? null
      : { running: subscription !== null, stopped: subscription?.cancelAtPeriodEnd ?? false, isPayer: subscription?.userId === caller.user.id, payerName: ownerName },
    supportUrl: caller.env.SUPPORT_RESOURCES_URL || null,
  };
}

async function ownerNameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, name: users.name }).from(users).where(eq(users.id, userId));
  return row?.firstName || row?.name || "The account holder";
}

/** The caller's name as the other parent's notice reads it. */
const callerName = (caller: PregnancyCaller) => caller.user.firstName || caller.user.name;

/**
 * Records a loss. For one baby of several, that baby alone is set apart (at least one other must
 * remain, else it is the pregnancy). For the pregnancy, the subscription is first told to stop
 * renewing (a refusal stores nothing), then the record, the pregnancy's state and the parents'
 * marketing suppression commit together; an open waiting room closes quietly.
 */
export async function recordLoss(caller: PregnancyCaller, input: { babyId?: string | undefined }) {
  const { db, access } = caller;
  const pregnancyId = access.id;
  if (access.endedInLoss) throw conflict(LOSS_ERRORS.alreadyRecorded);
  const now = caller.now;
  if (input.babyId) {
    const babies = await db.select({ id: pregnancyBabies.id, lostAt: pregnancyBabies.lostAt }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
    const baby = babies.find((b) => b.id === input.babyId);
    if (!baby) throw badRequest(LOSS_ERRORS.unknownBaby);
    if (baby.lostAt) throw conflict(LOSS_ERRORS.alreadyRecorded);
    if (!babies.some((b) => b.id !== baby.id && b.lostAt === null)) throw badRequest(LOSS_ERRORS.lastBaby);
    const babyId = baby.id;
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(pregnancyBabies)
        .set({ lostAt: now })
        .where(and(eq(pregnancyBabies.id, babyId), isNull(pregnancyBabies.lostAt)))
        .returning({ id: pregnancyBabies.id });
      if (!marked) throw conflict(LOSS_ERRORS.alreadyRecorded);
      await tx.insert(pregnancyLosses).values({ pregnancyId, babyId, recordedByUserId: caller.user.id, recordedByName: callerName(caller), recordedAt: now });
    });
    await tellEveryArea(caller);
    return { recorded: true as const };
  }
  const subscription = await runningSubscription(db, pregnancyId);
  const stripeId = subscription?.stripeSubscriptionId;
  if (stripeId && !subscription.cancelAtPeriodEnd) {
    await withStripe(() => billingClient(caller).stripe.subscriptions.update(stripeId, { cancel_at_period_end: true }));
  }
  await db.transaction(async (tx) => {
    // The subscription's row first, in the order its Stripe webhook takes (subscription, then
    // pregnancy): the webhook of the change just made to it could otherwise meet this halfway.
    if (subscription) await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, subscription.id)).for("update");
    const [ended] = await tx
      .update(pregnancies)
      .set({ lossRecordedAt: now })
      .where(and(eq(pregnancies.id, pregnancyId), isNull(pregnancies.lossRecordedAt)))
      .returning({ title: pregnancies.title });
    if (!ended) throw conflict(LOSS_ERRORS.alreadyRecorded);
    await tx.insert(pregnancyLosses).values({ pregnancyId, recordedByUserId: caller.user.id, recordedByName: callerName(caller), recordedAt: now });
    if (subscription) await tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription.id));
    await tx.update(waitingRoomSessions).set({ isActive: false, closedAt: now }).where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), eq(waitingRoomSessions.isActive, true)));
    await suppressParentsMarketing(tx, pregnancyId, now);
    // The mail that confirms the billing change goes to the one who pays, recorded here, once.
    const [payerRow] = subscription ? await tx.select({ email: users.email }).from(users).where(eq(users.id, subscription.userId)) : [];
    if (payerRow && subscription) await caller.mailer.send(composeMail(payerRow.email, LOSS_TEXTS.billingMailSubject, LOSS_TEXTS.billingMail(ended.title)), { db: tx, recipientUserId: subscription.userId });
  });
  await tellEveryArea(caller);
  return { recorded: true as const };
}

/** Both parents' addresses leave every newsletter and marketing list, for good (an undo keeps this). */
async function suppressParentsMarketing(tx: Executor, pregnancyId: string, now: Date) {
  const parents = await tx
    .select({ email: sql<string>`lower(${users.email})` })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, ["owner", "partner"])));
  const emails = parents.map((p) => p.email);
  if (emails.length === 0) return;
  await tx
    .insert(marketingSuppressions)
    .values(emails.map((email) => ({ email, reason: "pregnancy-loss" })))
    .onConflictDoNothing();
  await tx
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(inArray(sql`lower(${newsletterSubscribers.email})`, emails));
}

/** Open screens of every member reload what they show (and guests' sockets are checked again). */
async function tellEveryArea(caller: PregnancyCaller) {
  const pregnancyId = caller.access.id;
  await reauthoriseRoom(caller.env, pregnancyId);
  for (const area of ["calendar", "babyGame", "posts", "registry"] as const) caller.waitUntil(tellFeed(caller.env, pregnancyId, area));
}

/**
 * Undoes a loss recorded by mistake, within 14 days: the pregnancy's (or the baby's) content comes
 * back as it was, and the subscription renews again (Stripe first; a refusal changes nothing). The
 * marketing suppression and anything already told stay.
 */
export async function undoLoss(caller: PregnancyCaller, lossId: string) {
  const { db, access } = caller;
  const pregnancyId = access.id;
  const [loss] = await db
    .select({ id: pregnancyLosses.id, babyId: pregnancyLosses.babyId, recordedAt: pregnancyLosses.recordedAt })
    .from(pregnancyLosses)
    .where(and(eq(pregnancyLosses.id, lossId), eq(pregnancyLosses.pregnancyId, pregnancyId), isNull(pregnancyLosses.undoneAt)));
  if (!loss) throw new AppError("NOT_FOUND", "NOT_FOUND", LOSS_ERRORS.notRecorded);
  if (!canUndoLoss(loss.recordedAt, caller.now)) throw new AppError("FORBIDDEN", "UNDO_EXPIRED", LOSS_ERRORS.undoExpired);
  if (loss.babyId === null) {
    const subscription = await runningSubscription(db, pregnancyId);
    const stripeId = subscription?.stripeSubscriptionId;
    if (stripeId && subscription.cancelAtPeriodEnd) {
      const [dates] = await db.select({ serviceEndDate: pregnancies.serviceEndDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
      // Renewing again means the subscription ends with the service, as it did before.
      if (dates) await withStripe(() => billingClient(caller).stripe.subscriptions.update(stripeId, { cancel_at: subscriptionCancelAt(dates.serviceEndDate) }));
    }
    await db.transaction(async (tx) => {
      // The subscription first, as its webhook takes them (recordLoss says why).
      if (subscription) await tx.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, subscription.id));
      const [undone] = await tx.update(pregnancyLosses).set({ undoneAt: caller.now }).where(and(eq(pregnancyLosses.id, loss.id), isNull(pregnancyLosses.undoneAt))).returning({ id: pregnancyLosses.id });
      if (!undone) throw new AppError("NOT_FOUND", "NOT_FOUND", LOSS_ERRORS.notRecorded);
      await tx.update(pregnancies).set({ lossRecordedAt: null, lossMemories: "shared" }).where(eq(pregnancies.id, pregnancyId));
    });
  } else {
    const babyId = loss.babyId;
    await db.transaction(async (tx) => {
      const [undone] = await tx.update(pregnancyLosses).set({ undoneAt: caller.now }).where(and(eq(pregnancyLosses.id, loss.id), isNull(pregnancyLosses.undoneAt))).returning({ id: pregnancyLosses.id });
      if (!undone) throw new AppError("NOT_FOUND", "NOT_FOUND", LOSS_ERRORS.notRecorded);
      await tx.update(pregnancyBabies).set({ lostAt: null }).where(eq(pregnancyBabies.id, babyId));
    });
  }
  await tellEveryArea(caller);
  return { undone: true as const };
}

/** What the family keeps of the album, posts and messages; guests' open screens are checked again at once. */
export async function setLossMemories(caller: PregnancyCaller, memories: LossMemories) {
  if (!caller.access.endedInLoss) throw badRequest(LOSS_ERRORS.noLoss);
  await caller.db.update(pregnancies).set({ lossMemories: memories }).where(eq(pregnancies.id, caller.access.id));
  await reauthoriseRoom(caller.env, caller.access.id);
  return { memories };
}

/** The parents' words as post HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
function messageHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}

export interface LossMessageInput {
  content: string;
  circles: GuestPrivacyLevel[];
  userIds: string[];
  inApp: boolean;
  byMail: boolean;
  noReplies: boolean;
}

/**
 * Tells the family in the parents' own words, only those chosen (circles, or people one by one),
 * in the app (a post of its own kind, with no likes or comments when asked) and/or by mail. The
 * recipients are decided in the write that stores the message, so each is mailed once.
 */
export async function tellFamily(caller: PregnancyCaller, input: LossMessageInput) {
  const { db, access } = caller;
  const pregnancyId = access.id;
  const text = sanitizePlainText(input.content.replace(/\r\n?/g, "\n"), LOSS_MESSAGE_MAX_LENGTH).trim();
  if (!text) throw badRequest(LOSS_TEXTS.writeSomething);
  if (input.circles.length === 0 && input.userIds.length === 0) throw badRequest(LOSS_TEXTS.chooseSomeone);
  if (!input.inApp && !input.byMail) throw badRequest(LOSS_TEXTS.chooseHow);
  const [standing] = await standingLosses(db, pregnancyId);
  if (!standing) throw badRequest(LOSS_ERRORS.noLoss);
  const told = await db.transaction(async (tx) => {
    const guests = await tx
      .select({ userId: pregnancyParticipants.userId, email: users.email, privacyLevel: pregnancyParticipants.privacyLevel })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), eq(pregnancyParticipants.role, "guest")));
    const chosen = guests.filter((g) => g.userId !== null && (input.userIds.includes(g.userId) || input.circles.includes(guestLevelOf({ role: "guest", privacyLevel: g.privacyLevel }))));
    // Only people of this pregnancy can be named: anyone else is dropped, never stored.
    const people = input.userIds.filter((id) => guests.some((g) => g.userId === id));
    if (input.inApp) {
      await tx.insert(posts).values({
        pregnancyId,
        authorId: caller.user.id,
        content: messageHtml(text),
        privacyLevel: "parents-only",
        audienceGroups: input.circles,
        audienceUserIds: people,
        repliesAllowed: !input.noReplies,
        kind: "loss-message",
      });
    }
    if (input.byMail) {
      const paragraphs = [...text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean), ...(input.noReplies ? [LOSS_TEXTS.noRepliesLine] : [])];
      const subject = LOSS_TEXTS.mailSubject(callerName(caller));
      await caller.outbox.sendMany(
        chosen.map((guest) => ({ mail: composeMail(guest.email, subject, paragraphs), options: { topic: "family" as const, recipientUserId: guest.userId, pregnancyId } })),
        tx,
      );
    }
    return chosen;
  });
  if (input.inApp) caller.waitUntil(tellFeed(caller.env, pregnancyId, "posts"));
  return { told: told.length };
}

/**
 * Cancels one upcoming celebration (a baby shower): the event goes, and its invitees are told,
 * with the parents' note when they wrote one; without `tellInvited` nobody is mailed.
 */
export async function cancelCelebration(caller: PregnancyCaller, input: { eventId: string; tellInvited: boolean; note?: string | undefined }) {
  const { db, access } = caller;
  if (!access.endedInLoss) throw badRequest(LOSS_ERRORS.noLoss);
  const note = input.note ? sanitizePlainText(input.note, NOTES_MAX_LENGTH).trim() : "";
  const cancelled = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: calendarEvents.id, title: calendarEvents.title, date: calendarEvents.date })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, input.eventId), eq(calendarEvents.pregnancyId, access.id), eq(calendarEvents.category, "celebration"), gte(calendarEvents.date, access.today)))
      .for("update");
    if (!event) throw badRequest(LOSS_ERRORS.notCelebration);
    const invited = await tx
      .select({ email: users.email, userId: users.id })
      .from(eventParticipants)
      .innerJoin(users, eq(users.id, eventParticipants.userId))
      .where(and(eq(eventParticipants.eventId, event.id), ne(eventParticipants.userId, caller.user.id)));
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
    const told = input.tellInvited ? invited : [];
    const paragraphs = [LOSS_TEXTS.eventCancelledLine(event.title, longDate(event.date)), ...(note ? [note] : [])];
    await caller.outbox.sendMany(
      told.map((person) => ({ mail: composeMail(person.email, LOSS_TEXTS.eventCancelledSubject(event.title), paragraphs), options: { topic: "family" as const, recipientUserId: person.userId, pregnancyId: access.id } })),
      tx,
    );
    return told.length;
  });
  announceCalendar(caller, access.id);
  return { cancelled: true as const, told: cancelled };
}

/**
 * This month's refund, in one step, for the one who pays: what the cancellation policy gives back
 * (cancellationRefund.ts), without ending anything else. Recorded on the loss; taken once.
 */
export async function refundLossMonth(caller: PregnancyCaller) {
  const { db, access } = caller;
  if (!access.endedInLoss) throw badRequest(LOSS_ERRORS.noLoss);
  const [loss] = await standingLosses(db, access.id);
  if (!loss || loss.babyId !== null) throw badRequest(LOSS_ERRORS.noLoss);
  if (loss.refundedAt) throw conflict(LOSS_ERRORS.alreadyRefunded);
  const [subscription] = await db
    .select({ userId: subscriptions.userId, stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, access.id), or(inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]), eq(subscriptions.status, "canceled"))))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!subscription || subscription.userId !== caller.user.id) throw new AppError("FORBIDDEN", "ACCESS_DENIED", LOSS_ERRORS.ownerOnlyRefund);
  const stripeId = subscription.stripeSubscriptionId;
  if (!stripeId) throw badRequest(LOSS_TEXTS.billingNone);
  const { stripe } = billingClient(caller);
  const refund = await withStripe(async () => refundCurrentMonth(stripe, await stripe.subscriptions.retrieve(stripeId, { expand: ["latest_invoice"] })));
  const total = refund.cardCents + refund.creditCents;
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(pregnancyLosses)
      .set({ refundedAt: caller.now, refundCardCents: refund.cardCents, refundCreditCents: refund.creditCents })
      .where(and(eq(pregnancyLosses.id, loss.id), isNull(pregnancyLosses.refundedAt)))
      .returning({ id: pregnancyLosses.id });
    if (recorded && total > 0) await caller.mailer.send(composeMail(caller.user.email, LOSS_TEXTS.refundMailSubject, LOSS_TEXTS.refundMail(formatPrice(total))), { db: tx, recipientUserId: caller.user.id, key: `loss-refund:${loss.id}` });
  });
  return { refund };
}

/** The other parent closed the notice. */
export async function dismissLossNotice(caller: PregnancyCaller, lossId: string) {
  const rows = await caller.db
    .update(pregnancyLosses)
    .set({ noticeDismissedAt: caller.now })
    .where(and(eq(pregnancyLosses.id, lossId), eq(pregnancyLosses.pregnancyId, caller.access.id), isNull(pregnancyLosses.noticeDismissedAt)))
    .returning({ id: pregnancyLosses.id });
  return { dismissed: rows.length > 0 };
}
