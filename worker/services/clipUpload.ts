import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { DEFAULT_PHOTO_PRIVACY_LEVEL, resolveAudience } from "../../src/domain/audience";
import { inspectClip, type ClipLayout } from "../../src/domain/clipContainer";
import {
  CLIP_DISPLAY_DURATION_TOLERANCE_MS,
  CLIP_DISPLAY_MAX_SIDE,
  CLIP_MAX_BYTES,
  CLIP_MAX_DURATION_MS,
  CLIP_MESSAGES,
  CLIP_PART_BYTES,
  CLIP_TYPES,
  CLIP_UPLOAD_ABANDONED_AFTER_MS,
  clipPartCount,
  clipPartRange,
  clipStorageUnits,
  type ClipUploadState,
} from "../../src/domain/clips";
import { concat } from "../../src/domain/bytes";
import { cleanPart, type ClipCleaning, clipCleaning, partSlices, type ClipUploadPlan, type PartCheck } from "../../src/domain/clipUploadPlan";
import type { ClipUploadRole } from "../../src/domain/enums";
import { cleanPhotoText, PHOTO_TOASTS, type PhotoUploadMetadata, photoUrls } from "../../src/domain/photos";
import { PHOTO_THUMBNAIL_MAX_BYTES } from "../../src/domain/uploads";
import type { Executor, Tx } from "../db";
import { clipUploads, photoGuestTags, photos } from "../db/schema";
import { logEvent } from "../infra/log";
import { newImageName, photoKey, prepareImageUpload } from "../infra/storage";
import type { PregnancyCaller, RequestScope } from "./caller";
import { assertMetadataInPregnancy, type IncomingFile, type UploadResult } from "./photoUpload";
import { announcePhotos, removeObjects } from "./photos";
import { assertUploadFits, changeStorageUsed, readStorage, releaseStorage, UploadRefusal } from "./photoStorage";

/** What the browser sends to start (or find again) one file's upload. */
export interface ClipUploadStart {
  role: ClipUploadRole;
  fileName: string;
  /** Which file of the dialog's batch, for the messages ('File N: ...'). */
  fileNumber: number;
  size: number;
  fingerprint: string;
  layout: ClipLayout;
  /** The structure regions' bytes, in file order. */
  structure: Uint8Array<ArrayBuffer>;
}


type UploadRow = typeof clipUploads.$inferSelect;

const refusal = (status: 400 | 403 | 500, code: string, message: string) => new UploadRefusal(status, code, message);
const notFound = () => refusal(400, "NOT_FOUND", "This upload is not one of yours");

/** What an upload's answer is made of (`stateOf`). */
const stateColumns = { id: clipUploads.id, size: clipUploads.size, partsStored: clipUploads.partsStored, durationMs: clipUploads.durationMs };

const stateOf = (row: Pick<UploadRow, "id" | "size" | "partsStored" | "durationMs">): ClipUploadState => ({
  uploadId: row.id,
  partBytes: CLIP_PART_BYTES,
  partsStored: row.partsStored,
  parts: clipPartCount(row.size),
  durationMs: row.durationMs,
});

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => hex(await crypto.subtle.digest("SHA-256", bytes));

const isH264 = (codec: string | undefined) => codec === "avc1" || codec === "avc3";

/** A display copy is what every browser plays: an MP4 with H.264 up to 1080p and, if any sound, AAC. */
function isDisplayCopy(plan: Pick<ClipUploadPlan, "container" | "video" | "audio">): boolean {
  const { video, audio } = plan;
  if (plan.container !== "mp4" || !video || !isH264(video.codec)) return false;
  if (Math.max(video.width ?? 0, video.height ?? 0) > CLIP_DISPLAY_MAX_SIDE) return false;
  return audio === null || audio.codec === "mp4a";
}

const ownUpload = (caller: PregnancyCaller, uploadId: string): SQL => and(eq(clipUploads.id, uploadId), eq(clipUploads.pregnancyId, caller.access.id), eq(clipUploads.userId, caller.user.id)) as SQL;

/**
 * Starts a clip's upload, or finds the one this file already started (same fingerprint): checks
 * its size, reads its structure (container, length, codecs) and refuses what is over the limits
 * before any byte of it is stored, plans how each part is checked and cleaned, counts its storage
 * (checked again under the pregnancy's lock) and opens the R2 multipart upload.
 */
export async function startClipUpload(caller: PregnancyCaller, input: ClipUploadStart): Promise<ClipUploadState> {
  const { fileNumber, size } = input;
  if (size > CLIP_MAX_BYTES) throw refusal(400, "FILE_TOO_LARGE", CLIP_MESSAGES.tooLarge(fileNumber, size));
  const [existing] = await caller.db
    .select(stateColumns)
    .from(clipUploads)
    .where(and(eq(clipUploads.pregnancyId, caller.access.id), eq(clipUploads.userId, caller.user.id), eq(clipUploads.fingerprint, input.fingerprint), eq(clipUploads.role, input.role), eq(clipUploads.size, size)));
  if (existing) return stateOf(existing);

  if (input.layout.fileSize !== size) throw refusal(400, "VALIDATION_FAILED", CLIP_MESSAGES.unreadable(fileNumber));
  const inspected = inspectClip(input.layout, input.structure);
  if (!inspected.ok) throw refusal(400, "UNREADABLE_VIDEO", CLIP_MESSAGES.unreadable(fileNumber));
  const inspection = inspected.value;
  if (inspection.durationMs > CLIP_MAX_DURATION_MS) throw refusal(400, "VIDEO_TOO_LONG", CLIP_MESSAGES.tooLong(fileNumber, inspection.durationMs));
  const described = { container: inspection.container, video: inspection.video, audio: inspection.audio };
  if (input.role === "display" && !isDisplayCopy(described)) throw refusal(400, "DISPLAY_COPY_REFUSED", CLIP_MESSAGES.displayCopyRefused);

  const parts: Record<string, PartCheck> = {};
  for (const { partNumber, slices } of partSlices(input.layout, CLIP_PART_BYTES)) {
    const carried = concat(slices.map(({ start, end, structureOffset }) => input.structure.subarray(structureOffset, structureOffset + (end - start))));
    parts[partNumber] = { slices: slices.map(({ start, end }) => [start, end]), sha256: await sha256(carried) };
  }
  const plan: ClipUploadPlan = { ...described, parts, ...clipCleaning(input.layout, input.structure, inspection.sanitizedStructure, inspection.blankRanges) };
  // Counted while it is on its way, a display copy too (so nobody fills R2 with uploads that are
  // never finished); once finished, the family's storage counts only the clip they chose.
  const storageUnits = clipStorageUnits(size);
  const uploader = { pregnancyId: caller.access.id, userId: caller.user.id, isParent: caller.access.isParent };
  const adding = { files: storageUnits, bytes: size };
  await assertUploadFits(caller.db, uploader, await readStorage(caller.db, caller.access.id), adding);

  const type = CLIP_TYPES[inspection.container];
  const key = photoKey(caller.access.id, `${crypto.randomUUID()}.${type.extension}`);
  const multipart = await caller.env.PHOTOS.createMultipartUpload(key, { httpMetadata: { contentType: type.mime }, customMetadata: { uploadedBy: caller.user.id } });
  try {
    const row = await caller.db.transaction(async (tx) => {
      await assertUploadFits(tx, uploader, await readStorage(tx, caller.access.id, "lock"), adding);
      await changeStorageUsed(tx, caller.access.id, storageUnits);
      const [inserted] = await tx
        .insert(clipUploads)
        .values({
          pregnancyId: caller.access.id,
          userId: caller.user.id,
          role: input.role,
          fingerprint: input.fingerprint,
          r2UploadId: multipart.uploadId,
          key,
          fileName: input.fileName,
          mimeType: type.mime,
          size,
          durationMs: Math.round(inspection.durationMs),
          plan,
          storageUnits,
        })
        .returning(stateColumns);
      if (!inserted) throw new Error("clip upload not recorded");
      return inserted;
    });
    return stateOf(row);
  } catch (error) {
    await multipart.abort().catch(() => undefined);
    throw error;
  }
}

/**
 * One part, in turn: checked against the structure it must carry, cleaned (metadata blanked in
 * place), stored in R2 and acknowledged. A part already stored is acknowledged again without
 * being stored twice (its answer was lost); one out of turn is refused with where to go on from.
 */
export async function putClipPart(caller: PregnancyCaller, uploadId: string, partNumber: number, incoming: IncomingPart): Promise<ClipUploadState> {
  // Only this part's check and the cleaning leave the database, however long the plan.
  const [row] = await caller.db
    .select({
      ...stateColumns,
      key: clipUploads.key,
      r2UploadId: clipUploads.r2UploadId,
      check: sql<PartCheck | null>`${clipUploads.plan} -> 'parts' -> ${String(partNumber)}`,
      patches: sql<ClipCleaning["patches"]>`${clipUploads.plan} -> 'patches'`,
      zero: sql<ClipCleaning["zero"]>`${clipUploads.plan} -> 'zero'`,
    })
    .from(clipUploads)
    .where(ownUpload(caller, uploadId));
  if (!row) throw notFound();
  if (partNumber <= row.partsStored) return stateOf(row);
  if (partNumber !== row.partsStored + 1) throw new PartOutOfTurn(stateOf(row));
  const { start, end } = clipPartRange(row.size, partNumber);
  if (partNumber > clipPartCount(row.size) || incoming.length !== end - start) throw wrongSize();
  const cleaning = { patches: row.patches, zero: row.zero };
  const upload = caller.env.PHOTOS.resumeMultipartUpload(row.key, row.r2UploadId);
  let part: R2UploadedPart;
  if (!row.check && !touchesPart(cleaning, start, end)) {
    // Only media, nothing to check or clean: streamed into R2 as it arrives, never held.
    const stream = incoming.stream();
    if (!stream) throw wrongSize();
    part = await upload.uploadPart(partNumber, stream);
  } else {
    const body = await incoming.bytes();
    if (body === "too-large" || body.length !== end - start) throw wrongSize();
    // The structure this part carries must be the structure the upload was inspected with.
    if (row.check && (await sha256(concat(row.check.slices.map(([from, to]) => body.subarray(from - start, to - start))))) !== row.check.sha256) {
      throw refusal(400, "PART_MISMATCH", CLIP_MESSAGES.partMismatch);
    }
    part = await upload.uploadPart(partNumber, cleanPart(cleaning, start, body));
  }
  const [updated] = await caller.db
    .update(clipUploads)
    .set({ partsStored: partNumber, partEtags: sql`array_append(${clipUploads.partEtags}, ${part.etag})` })
    .where(and(ownUpload(caller, uploadId), eq(clipUploads.partsStored, partNumber - 1)))
    .returning(stateColumns);
  // A twin request stored the same bytes under the same number first: its acknowledgement stands.
  return stateOf(updated ?? { ...row, partsStored: partNumber });
}

/** A part as it arrives: its declared length (checked against the part's limit before anything was read), its stream, or its bytes read whole. */
export interface IncomingPart {
  length: number;
  stream: () => ReadableStream<Uint8Array> | null;
  bytes: () => Promise<Uint8Array<ArrayBuffer> | "too-large">;
}

const wrongSize = () => refusal(400, "PART_WRONG_SIZE", CLIP_MESSAGES.partWrongSize);

/** A part's bytes the cleaning writes over (patches) or zeroes. */
const touchesPart = (cleaning: ClipCleaning, start: number, end: number) =>
  cleaning.zero.some((range) => range.start < end && range.end > start) || cleaning.patches.some((patch) => patch.at < end && patch.at + Math.ceil((patch.bytes.length * 3) / 4) > start);

/** A part sent out of turn: the answer says where the upload goes on from. */
export class PartOutOfTurn extends Error {
  constructor(readonly state: ClipUploadState) {
    super(CLIP_MESSAGES.partOutOfOrder);
  }
}

export interface ClipFinish {
  originalId: string;
  displayId: string | null;
  poster: IncomingFile | null;
  metadata: PhotoUploadMetadata;
}

/** Completes an R2 multipart upload; one completed by an earlier try of the same request is already there. */
async function completeObject(bucket: R2Bucket, row: UploadRow) {
  try {
    await bucket.resumeMultipartUpload(row.key, row.r2UploadId).complete(row.partEtags.map((etag, index) => ({ partNumber: index + 1, etag })));
  } catch (error) {
    if (!(await bucket.head(row.key))) throw error;
  }
}

/**
 * Puts a fully sent clip in the album: its original, the browser's display copy (checked by its
 * bytes when it started) and poster, with the photo's metadata, tags and audience; the uploads'
 * storage becomes the clip's. Refused: an upload not the caller's or not finished.
 */
export async function finishClip(caller: PregnancyCaller, input: ClipFinish): Promise<UploadResult> {
  await assertMetadataInPregnancy(caller, input.metadata);
  const ids = [input.originalId, ...(input.displayId ? [input.displayId] : [])];
  const rows = await caller.db
    .select()
    .from(clipUploads)
    .where(and(inArray(clipUploads.id, ids), eq(clipUploads.pregnancyId, caller.access.id), eq(clipUploads.userId, caller.user.id)));
  const original = rows.find((row) => row.id === input.originalId && row.role === "original");
  const display = input.displayId ? rows.find((row) => row.id === input.displayId && row.role === "display") : null;
  if (!original || display === undefined) throw notFound();
  for (const row of [original, ...(display ? [display] : [])]) {
    if (row.partsStored !== clipPartCount(row.size)) throw refusal(400, "NOT_FINISHED", CLIP_MESSAGES.notFinished);
  }
  if (display && Math.abs(display.durationMs - original.durationMs) > CLIP_DISPLAY_DURATION_TOLERANCE_MS) throw refusal(400, "DISPLAY_COPY_REFUSED", CLIP_MESSAGES.displayCopyRefused);
  const poster = input.poster && input.poster.size > 0 && input.poster.size <= PHOTO_THUMBNAIL_MAX_BYTES ? prepareImageUpload(new Uint8Array(await input.poster.arrayBuffer()), PHOTO_THUMBNAIL_MAX_BYTES) : null;
  const posterImage = poster?.ok && poster.type.kind !== "heic" ? poster : null;

  const bucket = caller.env.PHOTOS;
  await Promise.all([original, ...(display ? [display] : [])].map((row) => completeObject(bucket, row)));
  const photoId = crypto.randomUUID();
  const posterKey = posterImage ? photoKey(caller.access.id, newImageName(posterImage.type.extension)) : null;
  if (posterImage && posterKey) await bucket.put(posterKey, posterImage.bytes, { httpMetadata: { contentType: posterImage.type.mime }, customMetadata: { uploadedBy: caller.user.id, photoId } });

  const pregnancyId = caller.access.id;
  const text = cleanPhotoText(input.metadata);
  const audience = resolveAudience(input.metadata.privacyLevel, input.metadata.audienceGroups, DEFAULT_PHOTO_PRIVACY_LEVEL);
  const urls = photoUrls(pregnancyId, photoId);
  try {
    await caller.db.transaction(async (tx) => {
      await tx.insert(photos).values({
        id: photoId,
        pregnancyId,
        kind: "clip",
        fileUrl: urls.url,
        storagePath: original.key,
        displayPath: display?.key ?? null,
        thumbnailUrl: posterKey ? urls.thumbnailUrl : null,
        thumbnailPath: posterKey,
        title: text.title ?? null,
        description: text.description ?? null,
        altText: text.altText ?? null,
        tags: text.tags ?? [],
        week: input.metadata.week,
        uploadedBy: caller.user.id,
        ...audience,
        eventId: input.metadata.eventId ?? null,
        durationMs: original.durationMs,
        storageUnits: original.storageUnits,
        fileSize: original.size,
        mimeType: original.mimeType,
      });
      const guestTags = [...new Set(input.metadata.guestTags)];
      if (guestTags.length > 0) await tx.insert(photoGuestTags).values(guestTags.map((participantId) => ({ photoId, participantId })));
      // The original's storage is now the clip's; the display copy's is given back.
      await tx.delete(clipUploads).where(inArray(clipUploads.id, ids));
      if (display) await releaseStorage(tx, [display]);
    });
  } catch (error) {
    logEvent("error", "clip row not recorded", { pregnancyId, error: String(error) });
    await discardUploads(caller.db, bucket, inArray(clipUploads.id, ids), "completed");
    await removeObjects(bucket, [posterKey]);
    throw refusal(500, "UPLOAD_FAILED", PHOTO_TOASTS.uploadFailed);
  }
  announcePhotos(caller);
  return { success: true, photoId, url: urls.url, thumbnailUrl: posterKey ? urls.thumbnailUrl : null, copiesPending: false, path: original.key, filename: original.fileName, errors: [], warnings: [] };
}

/** The caller gives up on an upload (cancelled in the dialog): its parts go and its storage comes back. */
export async function cancelClipUpload(caller: PregnancyCaller, uploadId: string): Promise<void> {
  if ((await discardUploads(caller.db, caller.env.PHOTOS, ownUpload(caller, uploadId))) === 0) throw notFound();
}

/** Deletes the upload rows `where` picks in the caller's transaction and gives their storage back; their R2 uploads are the caller's to abort after the commit. */
export async function takeClipUploads(tx: Tx, where: SQL): Promise<Array<{ key: string; r2UploadId: string }>> {
  const rows = await tx.delete(clipUploads).where(where).returning({ pregnancyId: clipUploads.pregnancyId, key: clipUploads.key, r2UploadId: clipUploads.r2UploadId, storageUnits: clipUploads.storageUnits });
  await releaseStorage(tx, rows);
  return rows;
}

/**
 * Deletes the upload rows `where` picks, giving their storage back, then removes what they stored:
 * the open R2 multipart uploads are aborted (their parts go), or, for uploads already completed
 * into objects, the objects. Returns how many went.
 */
export async function discardUploads(db: Executor, bucket: R2Bucket, where: SQL, state: "open" | "completed" = "open"): Promise<number> {
  const removed = await db.transaction((tx) => takeClipUploads(tx, where));
  await abortUploads(bucket, removed, state);
  return removed.length;
}

/** Aborts R2 multipart uploads whose rows are gone (or removes their objects once completed); a failure is logged, R2's own lifecycle ends them within a week. */
export async function abortUploads(bucket: R2Bucket, uploads: ReadonlyArray<{ key: string; r2UploadId: string }>, state: "open" | "completed" = "open"): Promise<void> {
  if (state === "completed") return removeObjects(bucket, uploads.map((upload) => upload.key));
  const failures = (await Promise.allSettled(uploads.map((upload) => bucket.resumeMultipartUpload(upload.key, upload.r2UploadId).abort()))).filter((outcome) => outcome.status === "rejected");
  if (failures.length > 0) logEvent("error", "clip uploads not aborted", { count: failures.length });
}

/** The retention job: uploads nobody has sent a part to for CLIP_UPLOAD_ABANDONED_AFTER_MS are aborted and their storage given back. */
export async function abortAbandonedClipUploads(scope: RequestScope, now: Date): Promise<number> {
  return discardUploads(scope.db, scope.env.PHOTOS, lt(clipUploads.updatedAt, new Date(now.getTime() - CLIP_UPLOAD_ABANDONED_AFTER_MS)));
}
