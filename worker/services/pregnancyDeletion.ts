/**
 * Deleting a whole pregnancy: by its owner (their way out that takes everything with it), and by
 * the retention job once its read-only years are over (worker/services/retention.ts).
 */
import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { PREGNANCY_DELETION_MESSAGES, titleConfirms } from "../../src/domain/pregnancyDeletion";
import { BILLABLE_STATUSES, type CancellationRefund } from "../../src/domain/subscription";
import { clipUploads, pregnancies, pregnancyParticipants, subscriptions, users } from "../db/schema";
import { logEvent } from "../infra/log";
import { composeMail, type Mail } from "../infra/mailer";
import { reauthoriseRoom } from "../infra/rooms";
import { deleteObjectsUnder, pregnancyPrefix } from "../infra/storage";
import type { PregnancyCaller, RequestScope, UserCaller } from "./caller";
import { abortUploads } from "./clipUpload";
import { AppError } from "./errors";
import { endSubscription } from "./subscription";

/**
 * Deletes a pregnancy and everything in it: its R2 objects (photos, thumbnails, waiting-room
 * images), then its row (with its clips still on their way, whose R2 uploads are aborted), which every pregnancy table references with ON DELETE CASCADE (the few
 * records kept for accounting, subscriptions and conversion events, keep their row with the link
 * set to null), then the objects once more, in case an upload landed in between. Safe to repeat.
 */
export async function deletePregnancy(scope: Pick<RequestScope, "db" | "env" | "outbox">, pregnancyId: string, farewells: readonly Mail[] = []): Promise<{ objects: number }> {
  const prefix = pregnancyPrefix(pregnancyId);
  let objects = await deleteObjectsUnder(scope.env.PHOTOS, prefix);
  let openUploads: Array<{ key: string; r2UploadId: string }> = [];
  await scope.db.transaction(async (tx) => {
    // The pregnancy's subscription rows are locked first, in the order a Stripe webhook takes
    // (subscription, then pregnancy): the cascade alone would take them the other way round, and
    // the webhook of the cancellation just made could meet it halfway in a deadlock.
    await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.pregnancyId, pregnancyId)).for("update");
    // Clips still on their way are not objects yet: their R2 uploads are aborted once this commits.
    openUploads = await tx.delete(clipUploads).where(eq(clipUploads.pregnancyId, pregnancyId)).returning({ key: clipUploads.key, r2UploadId: clipUploads.r2UploadId });
    await tx.delete(pregnancies).where(eq(pregnancies.id, pregnancyId));
    // Told in the same commit as the deletion: never a mail for a pregnancy still there, never a deletion untold.
    await scope.outbox.sendMany(
      farewells.map((mail) => ({ mail })),
      tx,
    );
  });
  await abortUploads(scope.env.PHOTOS, openUploads);
  objects += await deleteObjectsUnder(scope.env.PHOTOS, prefix);
  return { objects };
}

/**
 * The cancelled pregnancies the caller owns: closed to everything but their deletion (and, for a
 * while, their download), and kept until their retention ends unless the owner deletes them now.
 */
export async function closedPregnanciesOwned(caller: UserCaller) {
  const rows = await caller.db
    .select({ pregnancyId: pregnancies.id, title: pregnancies.title, closedAt: pregnancies.closedAt, serviceEndDate: pregnancies.serviceEndDate })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, caller.user.id), eq(pregnancyParticipants.role, "owner"), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "closed"), caller.liveSession.stands))
    .orderBy(asc(pregnancies.closedAt));
  await caller.liveSession.confirm(rows.length > 0);
  return rows;
}

/**
 * The owner deletes their pregnancy, confirmed by its title. Any subscription Stripe may still
 * charge is cancelled first, through the one cancellation path, so a refusal from Stripe stops
 * here with nothing deleted and nobody is billed for a pregnancy that no longer exists. Then the
 * pregnancy goes with every row and object, with the mails telling the partner and guests, and
 * every open socket closes. Runs in read-only state too (its procedure says so): the way out must stay open.
 */
export async function deleteOwnedPregnancy(caller: PregnancyCaller, input: { confirmTitle: string }): Promise<{ deleted: true; subscriptionCancelled: boolean; refund: CancellationRefund }> {
  const { db, env, access, user } = caller;
  const [pregnancy] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, access.id));
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  if (!titleConfirms(input.confirmTitle, pregnancy.title)) throw new AppError("BAD_REQUEST", "TITLE_MISMATCH", PREGNANCY_DELETION_MESSAGES.titleMismatch);

  const billable = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, access.id), inArray(subscriptions.status, [...BILLABLE_STATUSES]), isNotNull(subscriptions.stripeSubscriptionId)));
  const refund: CancellationRefund = { cardCents: 0, creditCents: 0 };
  for (const row of billable) {
    if (!row.stripeSubscriptionId) continue;
    const { refund: given } = await endSubscription(caller, { ...row, stripeSubscriptionId: row.stripeSubscriptionId });
    refund.cardCents += given.cardCents;
    refund.creditCents += given.creditCents;
  }

  // Read before the rows go: who to tell.
  const members = await db
    .select({ email: users.email })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, access.id), eq(pregnancyParticipants.status, "active"), ne(pregnancyParticipants.userId, user.id)));
  const subject = PREGNANCY_DELETION_MESSAGES.deletedSubject(pregnancy.title);
  const farewells = [
    ...members.map((member) => composeMail(member.email, subject, [...PREGNANCY_DELETION_MESSAGES.deletedForMember(user.name, pregnancy.title)])),
    composeMail(user.email, subject, [...PREGNANCY_DELETION_MESSAGES.deletedForOwner(pregnancy.title)]),
  ];
  const { objects } = await deletePregnancy(caller, access.id, farewells);
  logEvent("info", "pregnancy deleted by its owner", { pregnancyId: access.id, objects, subscriptionsCancelled: billable.length });
  // Everyone's sockets close now; reconnecting finds no pregnancy to join.
  await reauthoriseRoom(env, access.id);
  return { deleted: true, subscriptionCancelled: billable.length > 0, refund };
}
