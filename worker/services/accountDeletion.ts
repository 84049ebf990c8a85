import { and, eq, ne } from "drizzle-orm";
import { ACCOUNT_DELETION_CODE_MS, ACCOUNT_DELETION_MESSAGES, type AccountDeletionPhotos } from "../../src/domain/accountDeletion";
import { babyPredictions, clipUploads, photos, pregnancies, pregnancyParticipants, users, verifications, waitingRoomImages } from "../db/schema";
import { hashCode, randomCode } from "../infra/codes";
import { composeMail } from "../infra/mailer";
import { reauthoriseRoom, tellFeed } from "../infra/rooms";
import { deleteObjectsUnder, userPrefix } from "../infra/storage";
import type { UserCaller } from "./caller";
import { abortUploads, takeClipUploads } from "./clipUpload";
import { AppError } from "./errors";
import { releaseStorage } from "./photoStorage";
import { removeObjects } from "./photos";

/** The verification row that holds an account's deletion code (better-auth's table, our identifier). */
const codeSubject = (userId: string) => `account-deletion:${userId}`;

/** Mails a fresh 6-digit code to the account's address; a new code replaces the last one. */
export async function sendDeletionCode(caller: UserCaller): Promise<{ sentTo: string }> {
  const identifier = codeSubject(caller.user.id);
  const code = randomCode();
  const value = await hashCode(identifier, code);
  await caller.db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({ id: crypto.randomUUID(), identifier, value, expiresAt: new Date(Date.now() + ACCOUNT_DELETION_CODE_MS) });
  });
  await caller.mailer.send(composeMail(caller.user.email, ACCOUNT_DELETION_MESSAGES.codeSubject, [...ACCOUNT_DELETION_MESSAGES.code(code)]));
  return { sentTo: caller.user.email };
}

/**
 * Deletes the caller's account once the mailed code matches: the waiting-room pictures they sent
 * and, if they chose so, the photos they uploaded (objects, and the storage they took given back);
 * their avatar; then the user row, which takes with it their sessions (every device is signed out),
 * sign-in, participations and everything they wrote (every such table cascades on the user). Photos
 * they chose to keep stay in each album, with storage and objects, their uploader set to null (a
 * former member). An owner of an open pregnancy is refused: the family would be left without one.
 */
export async function deleteAccount(caller: UserCaller, input: { code: string; photos: AccountDeletionPhotos }): Promise<{ deleted: true }> {
  const { db, env, user } = caller;
  const identifier = codeSubject(user.id);
  const [stored] = await db.select({ value: verifications.value, expiresAt: verifications.expiresAt }).from(verifications).where(eq(verifications.identifier, identifier));
  if (!stored || stored.expiresAt.getTime() < Date.now() || stored.value !== (await hashCode(identifier, input.code))) {
    throw new AppError("BAD_REQUEST", "INVALID_CODE", ACCOUNT_DELETION_MESSAGES.wrongCode);
  }
  const [owned] = await db
    .select({ title: pregnancies.title })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, user.id), eq(pregnancyParticipants.role, "owner"), eq(pregnancyParticipants.status, "active"), ne(pregnancies.status, "closed")))
    .limit(1);
  if (owned) throw new AppError("FORBIDDEN", "OWNS_PREGNANCY", ACCOUNT_DELETION_MESSAGES.ownsPregnancy(owned.title));

  const rooms = await db.select({ pregnancyId: pregnancyParticipants.pregnancyId }).from(pregnancyParticipants).where(eq(pregnancyParticipants.userId, user.id));
  let openUploads: Array<{ key: string; r2UploadId: string }> = [];
  const removed = await db.transaction(async (tx) => {
    // Deleted here, not by the schema (it sets kept photos' uploader to null), so storage is given back.
    const uploads =
      input.photos === "remove"
        ? await tx.delete(photos).where(eq(photos.uploadedBy, user.id)).returning({ pregnancyId: photos.pregnancyId, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath, displayPath: photos.displayPath, storageUnits: photos.storageUnits })
        : [];
    const images = await tx.select({ pregnancyId: waitingRoomImages.pregnancyId, storagePath: waitingRoomImages.storagePath }).from(waitingRoomImages).where(eq(waitingRoomImages.uploadedBy, user.id));
    await releaseStorage(tx, [...uploads, ...images]);
    // Clips still on their way: their storage comes back here, before the user row's cascade.
    openUploads = await takeClipUploads(tx, eq(clipUploads.userId, user.id));
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    // Set null rather than cascade in the schema; a player's own guesses go with them.
    await tx.delete(babyPredictions).where(eq(babyPredictions.predictorId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    return [...uploads.flatMap((upload) => [upload.storagePath, upload.thumbnailPath, upload.displayPath]), ...images.map((image) => image.storagePath)];
  });
  await Promise.all([removeObjects(env.PHOTOS, removed), abortUploads(env.PHOTOS, openUploads)]);
  await deleteObjectsUnder(env.PHOTOS, userPrefix(user.id));
  // Open sockets close now, and everyone else's album and feed drop what this account added (or show its kept photos as a former member's).
  await Promise.all(rooms.map(({ pregnancyId }) => Promise.all([reauthoriseRoom(env, pregnancyId, [user.id]), tellFeed(env, pregnancyId, "photos"), tellFeed(env, pregnancyId, "posts")])));
  await caller.mailer.send(composeMail(user.email, ACCOUNT_DELETION_MESSAGES.deletedSubject, ACCOUNT_DELETION_MESSAGES.deleted(input.photos)));
  return { deleted: true };
}
