import type { Db } from "../db";
import { waitingRoomImages } from "../db/schema";
import { newImageName, waitingRoomImageKey, type PreparedImage } from "../services/storage";
import { assertUploadFits, changeStorageUsed, readStorage, type Uploader } from "./photoStorage.service";
import { removeObjects } from "./photos.service";

/**
 * Stores an image for the waiting room (already stripped of its metadata) and answers its name,
 * which a message then attaches. It counts like an album photo: refused past the plan's limit in
 * parent mode or past a guest's quota (checked first, and again under the pregnancy's lock), then
 * written to R2 and recorded with one more photo of storage used; if recording fails, the object
 * is removed.
 */
export async function storeWaitingRoomImage(db: Db, bucket: R2Bucket, uploader: Uploader, image: PreparedImage, sentBytes: number): Promise<string> {
  const adding = { files: 1, bytes: sentBytes };
  await assertUploadFits(db, uploader, await readStorage(db, uploader.pregnancyId), adding);
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
