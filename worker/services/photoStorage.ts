import { and, eq, sql } from "drizzle-orm";
import { checkGuestQuota, checkStorageLimit } from "../../src/domain/uploads";
import type { Executor, Tx } from "../db";
import { clipUploads, photos, pregnancies, waitingRoomImages } from "../db/schema";

/** The whole upload refused, with the HTTP status and a machine code for the client. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 500,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefusal";
  }
}

/** Who adds pictures to a pregnancy's storage (album photos, waiting-room images). */
export interface Uploader {
  pregnancyId: string;
  userId: string;
  isParent: boolean;
}

export interface Storage {
  used: number;
  limit: number;
}

/**
 * The pregnancy's photo storage; with `lock`, its row stays locked until the transaction ends, so
 * concurrent uploads are checked and counted one after another.
 */
export async function readStorage(db: Executor, pregnancyId: string, lock?: "lock"): Promise<Storage> {
  const query = db.select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new UploadRefusal(400, "NOT_FOUND", "Pregnancy not found");
  return row;
}

/**
 * Album items, waiting-room images and clips on their way that this user added to the pregnancy,
 * as SQL: what their guest quota counts (a clip as the photos its size is estimated at).
 */
export const guestPhotoCountSql = (pregnancyId: string, userId: string) =>
  sql<number>`((select coalesce(sum(${photos.storageUnits}), 0) from ${photos} where ${and(eq(photos.pregnancyId, pregnancyId), eq(photos.uploadedBy, userId))}) + (select count(*) from ${waitingRoomImages} where ${and(eq(waitingRoomImages.pregnancyId, pregnancyId), eq(waitingRoomImages.uploadedBy, userId))}) + (select coalesce(sum(${clipUploads.storageUnits}), 0) from ${clipUploads} where ${and(eq(clipUploads.pregnancyId, pregnancyId), eq(clipUploads.userId, userId))}))::int`;

/** Album photos and waiting-room images this user added to the pregnancy: what their guest quota counts. */
export async function guestPhotoCount(db: Executor, pregnancyId: string, userId: string): Promise<number> {
  const [row] = await db.select({ count: guestPhotoCountSql(pregnancyId, userId) }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  return row?.count ?? 0;
}

/**
 * Refuses pictures that do not fit: in parent mode the plan's limit (core spec 5, 6: each 2 MB
 * estimated as one photo), for a guest their own quota (each picture one photo), so that no guest
 * fills the parents' storage.
 */
export async function assertUploadFits(db: Executor, uploader: Uploader, storage: Storage, adding: { files: number; bytes: number }) {
  if (uploader.isParent) {
    const refusal = checkStorageLimit(storage.used, storage.limit, adding.bytes);
    if (refusal) throw new UploadRefusal(403, "STORAGE_LIMIT_EXCEEDED", refusal);
    return;
  }
  const refusal = checkGuestQuota(await guestPhotoCount(db, uploader.pregnancyId, uploader.userId), adding.files);
  if (refusal) throw new UploadRefusal(403, "GUEST_QUOTA_EXCEEDED", refusal);
}

/** Counts pictures into (or, negative, out of) the pregnancy's storage, never below zero. */
export async function changeStorageUsed(tx: Tx, pregnancyId: string, delta: number) {
  await tx
    .update(pregnancies)
    .set({ photoStorageUsed: sql`greatest(${pregnancies.photoStorageUsed} + ${delta}, 0)` })
    .where(eq(pregnancies.id, pregnancyId));
}

/** Gives back the storage of each item removed (one photo, or what a clip counts as), to its pregnancy. */
export async function releaseStorage(tx: Tx, removed: ReadonlyArray<{ pregnancyId: string; storageUnits?: number }>) {
  const perPregnancy = new Map<string, number>();
  for (const item of removed) perPregnancy.set(item.pregnancyId, (perPregnancy.get(item.pregnancyId) ?? 0) + (item.storageUnits ?? 1));
  for (const [pregnancyId, count] of perPregnancy) if (count > 0) await changeStorageUsed(tx, pregnancyId, -count);
}
