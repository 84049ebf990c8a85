import { and, eq, lt, notExists } from "drizzle-orm";
import type { Db } from "../db";
import { waitingRoomImages, waitingRoomMessages } from "../db/schema";
import { newImageName, waitingRoomImageKey, type PreparedImage } from "../infra/storage";
import { IMAGE_TYPES } from "../../src/domain/uploads";
import type { PregnancyCaller } from "./caller";
import { assertUploadFits, changeStorageUsed, readStorage, releaseStorage, type Uploader } from "./photoStorage";
import { removeObjects } from "./photos";
import { workerImages } from "./photoCopies";
import { UNSENT_ROOM_IMAGE_MS } from "../../src/domain/waitingRoom";

/**
 * Stores an image for the waiting room (already stripped of its metadata) and answers its name,
 * which a message then attaches. It counts like an album photo: refused past the plan's limit in
 * parent mode or past a guest's quota (checked first, and again under the pregnancy's lock), then
 * written to R2 and recorded with one more photo of storage used; if recording fails, the object
 * is removed. A HEIC/HEIF is stored as its JPEG display copy instead (when it can be decoded), so
 * every browser shows it: a chat picture needs no original kept beside it.
 */
export async function storeWaitingRoomImage(caller: PregnancyCaller, { image: sent, sentBytes }: { image: PreparedImage; sentBytes: number }): Promise<string> {
  const { db, env } = caller;
  const bucket = env.PHOTOS;
  const uploader: Uploader = { pregnancyId: caller.access.id, userId: caller.user.id, isParent: caller.access.isParent };
  const adding = { files: 1, bytes: sentBytes };
  await assertUploadFits(db, uploader, await readStorage(db, uploader.pregnancyId), adding);
  const copy = sent.type.kind === "heic" ? await workerImages(uploader.pregnancyId, { kind: sent.type.kind, bytes: sent.bytes }, false) : null;
  const image = copy?.display ? { type: IMAGE_TYPES.jpeg, bytes: copy.display } : sent;
  const name = newImageName(image.type.extension);
  const key = waitingRoomImageKey(uploader.pregnancyId, name);
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type.mime }, customMetadata: { uploadedBy: uploader.userId } });
  try {
    await db.transaction(async (tx) => {
      await assertUploadFits(tx, uploader, await readStorage(tx, uploader.pregnancyId, "lock"), adding);
      await tx.insert(waitingRoomImages).values({ pregnancyId: uploader.pregnancyId, storagePath: key, uploadedBy: uploader.userId, fileSize: image.bytes.byteLength });
      await changeStorageUsed(tx, uploader.pregnancyId, 1);
    });
  } catch (error) {
    await removeObjects(bucket, [key]);
    throw error;
  }
  return name;
}

/**
 * Deletes images uploaded to a waiting room more than a day before `now` that no message shows
 * (attached, then removed before sending): their rows and their photos of storage in one
 * transaction, then their R2 objects.
 */
export async function removeUnsentImages(db: Db, bucket: R2Bucket, now: Date): Promise<number> {
  const removed = await db.transaction(async (tx) => {
    const shown = tx.select({ storagePath: waitingRoomMessages.storagePath }).from(waitingRoomMessages).where(eq(waitingRoomMessages.storagePath, waitingRoomImages.storagePath));
    const rows = await tx
      .delete(waitingRoomImages)
      .where(and(lt(waitingRoomImages.createdAt, new Date(now.getTime() - UNSENT_ROOM_IMAGE_MS)), notExists(shown)))
      .returning({ pregnancyId: waitingRoomImages.pregnancyId, storagePath: waitingRoomImages.storagePath });
    await releaseStorage(tx, rows);
    return rows;
  });
  await removeObjects(
    bucket,
    removed.map((row) => row.storagePath),
  );
  return removed.length;
}
