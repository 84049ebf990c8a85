/**
 * Photo copies off the request path (issue 39): an upload stores the original and answers; what
 * the Worker owes the photo (a HEIC/HEIF's JPEG display copy, a thumbnail the browser did not send)
 * is made here, by the queue consumer, one photo at a time, so one batch holds one decode's memory.
 * The photo's row says the copies are pending (`copies_requested_at`) until they are stored; the
 * album shows a placeholder meanwhile and refetches when the feed says photos changed.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { IMAGE_TYPES, type ImageKind } from "../../src/domain/uploads";
import { PHOTO_COPIES_RESWEEP_SECONDS, type PhotoCopyMessage, photoCopyRetryDelay, photoUrls } from "../../src/domain/photos";
import type { Db } from "../db";
import { photos } from "../db/schema";
import type { Bindings } from "../env";
import { type DisplayImages, heifDisplayImages, pictureThumbnail, thumbnailWanted } from "../infra/imageCodecs";
import { trackError } from "../infra/errorTracker";
import { logEvent } from "../infra/log";
import { tellFeed } from "../infra/rooms";
import { newImageName, photoKey } from "../infra/storage";
import { removeObjects } from "./photos";

/**
 * Whether the Worker owes an upload copies: a HEIC/HEIF always (its display copy), a JPEG or WebP
 * that came without a thumbnail when its header says it is larger than one and decodable. A PNG
 * serves as its own thumbnail: its decoder's memory would stay with the isolate (codecModules.ts).
 */
export function owesCopies(kind: ImageKind, bytes: Uint8Array, hasThumbnail: boolean): boolean {
  if (kind === "heic") return true;
  if (kind === "png" || hasThumbnail) return false;
  return thumbnailWanted(bytes, kind) === true;
}

/**
 * What the Worker makes of a picture (worker/infra/imageCodecs.ts): a HEIC/HEIF's display copy,
 * and a thumbnail when asked, of a HEIC/HEIF or of a large JPEG or WebP. Nothing past the decode
 * limits, or when it cannot be decoded: the picture is then served as sent.
 */
export async function workerImages(pregnancyId: string, { kind, bytes }: { kind: ImageKind; bytes: Uint8Array }, withThumbnail: boolean): Promise<DisplayImages | null> {
  if (kind === "png" || (kind !== "heic" && !withThumbnail)) return null;
  try {
    const made = kind === "heic" ? await heifDisplayImages(bytes, withThumbnail) : await pictureThumbnail(bytes, kind);
    if (typeof made !== "string") return made;
    if (made !== "small") logEvent("info", "no picture made of an upload", { pregnancyId, kind, reason: made });
  } catch (error) {
    logEvent("error", "making a picture of an upload failed", { pregnancyId, kind, error: String(error) });
  }
  return null;
}

const kindOf = (mime: string): ImageKind | null => Object.values(IMAGE_TYPES).find((type) => type.mime === mime)?.kind ?? null;

/** Sends one message per photo owed copies; a failed send leaves them to the sweep (`resweepPhotoCopies`). */
export async function requestPhotoCopies(env: Pick<Bindings, "PHOTO_COPIES">, photoIds: string[]): Promise<void> {
  if (photoIds.length === 0) return;
  try {
    await env.PHOTO_COPIES.sendBatch(photoIds.map((photoId) => ({ body: { photoId } satisfies PhotoCopyMessage })));
  } catch (error) {
    logEvent("error", "photo copies not enqueued", { photoIds, error: String(error) });
  }
}

/**
 * Makes and stores one photo's copies, then marks them made and tells the album. Idempotent: a
 * photo whose copies are made (a redelivered message) or that is gone is left alone, and when the
 * row changed meanwhile (deleted, or another delivery finished first) the objects written here are
 * removed again, so no copy is ever stored twice. Storage counts photos, not copies: untouched.
 * Throws when R2 or the database fails, for the queue to retry.
 */
export async function makePhotoCopies(db: Db, env: Pick<Bindings, "PHOTOS" | "PregnancyRoom">, photoId: string): Promise<"made" | "nothing-owed"> {
  const [row] = await db
    .select({
      pregnancyId: photos.pregnancyId,
      storagePath: photos.storagePath,
      thumbnailPath: photos.thumbnailPath,
      displayPath: photos.displayPath,
      mimeType: photos.mimeType,
      requestedAt: photos.copiesRequestedAt,
    })
    .from(photos)
    .where(eq(photos.id, photoId));
  if (!row?.requestedAt) return "nothing-owed";
  const kind = kindOf(row.mimeType);
  // Only what is missing is made and kept: a copy stored earlier is never replaced (and so orphaned).
  const wantsThumbnail = row.thumbnailPath === null;
  const wantsDisplay = kind === "heic" && row.displayPath === null;
  const original = kind && (wantsThumbnail || wantsDisplay) ? await env.PHOTOS.get(row.storagePath) : null;
  const copies = kind && original ? await workerImages(row.pregnancyId, { kind, bytes: new Uint8Array(await original.arrayBuffer()) }, wantsThumbnail) : null;
  const named = (bytes: Uint8Array | null | undefined) => (bytes ? { bytes, key: photoKey(row.pregnancyId, newImageName(IMAGE_TYPES.jpeg.extension)) } : null);
  const thumbnail = named(copies?.thumbnail);
  const display = wantsDisplay ? named(copies?.display) : null;
  const written = [thumbnail, display].filter((copy) => copy !== null);
  const writes = await Promise.allSettled(
    written.map((copy) => env.PHOTOS.put(copy.key, copy.bytes, { httpMetadata: { contentType: IMAGE_TYPES.jpeg.mime }, customMetadata: { photoId } })),
  );
  const keys = written.map((copy) => copy.key);
  if (writes.some((write) => write.status === "rejected")) {
    await removeObjects(env.PHOTOS, keys);
    throw new Error("photo copies not stored");
  }
  let updated: Array<{ id: string }>;
  try {
    updated = await db
      .update(photos)
      .set({
        copiesRequestedAt: null,
        ...(thumbnail ? { thumbnailPath: thumbnail.key, thumbnailUrl: photoUrls(row.pregnancyId, photoId).thumbnailUrl } : {}),
        ...(display ? { displayPath: display.key } : {}),
      })
      .where(and(eq(photos.id, photoId), isNotNull(photos.copiesRequestedAt)))
      .returning({ id: photos.id });
  } catch (error) {
    await removeObjects(env.PHOTOS, keys);
    throw error;
  }
  if (updated.length === 0) {
    await removeObjects(env.PHOTOS, keys);
    return "nothing-owed";
  }
  await tellFeed(env, row.pregnancyId, "photos");
  return "made";
}

/** The photo-copies queue's consumer: each message in turn; a thrown error retries it later, each time later still. */
export async function consumePhotoCopies(db: Db, env: Bindings, batch: MessageBatch<PhotoCopyMessage>): Promise<void> {
  for (const message of batch.messages) {
    try {
      await makePhotoCopies(db, env, message.body.photoId);
      message.ack();
    } catch (error) {
      logEvent("error", "photo copies failed", { photoId: message.body.photoId, attempts: message.attempts, error: String(error) });
      trackError(error, undefined);
      message.retry({ delaySeconds: photoCopyRetryDelay(message.attempts) });
    }
  }
}

/**
 * After the last attempt (the dead-letter queue): the photo is served as sent from now on, rather
 * than shown as being prepared for ever.
 */
export async function abandonPhotoCopies(db: Db, env: Pick<Bindings, "PregnancyRoom">, { photoId }: PhotoCopyMessage): Promise<void> {
  const [abandoned] = await db.update(photos).set({ copiesRequestedAt: null }).where(and(eq(photos.id, photoId), isNotNull(photos.copiesRequestedAt))).returning({ pregnancyId: photos.pregnancyId });
  if (abandoned) await tellFeed(env, abandoned.pregnancyId, "photos");
}

/**
 * The cron's sweep: photos still owed copies long after they were asked for (past the whole retry
 * schedule: their message was never sent, or was lost) are asked for again.
 */
export async function resweepPhotoCopies(db: Db, env: Pick<Bindings, "PHOTO_COPIES">, now: Date): Promise<void> {
  const due = await db
    .update(photos)
    .set({ copiesRequestedAt: now })
    .where(lt(photos.copiesRequestedAt, sql`${now.toISOString()}::timestamptz - make_interval(secs => ${PHOTO_COPIES_RESWEEP_SECONDS})`))
    .returning({ id: photos.id });
  await requestPhotoCopies(
    env,
    due.map((photo) => photo.id),
  );
}
