import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_PHOTO_PRIVACY_LEVEL, resolveAudience } from "../../src/domain/audience";
import { PHOTO_THUMBNAIL_MAX_BYTES } from "../../src/domain/constants";
import { PHOTO_TOASTS } from "../../src/domain/errors";
import { stripJpegMetadata } from "../../src/domain/jpeg";
import { cleanPhotoText, photoUrls, type PhotoUploadMetadata } from "../../src/domain/photos";
import { ok } from "../../src/domain/result";
import { checkStorageLimit, checkUploadFile, UPLOAD_MESSAGES, type ImageType } from "../../src/domain/uploads";
import { calendarEvents, photoGuestTags, photos, pregnancies } from "../db/schema";
import { checkImageUpload, newImageName, photoKey } from "../services/storage";
import { announcePhotos, notParticipants, removeObjects, strangers, type PhotoCaller } from "./photos.service";
import { logEvent } from "../services/log";

/** A part of the multipart body (a File from formData). */
export interface IncomingFile {
  name: string;
  /** Declared type; the stored type comes from the bytes. */
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** One file's outcome (secure-photo-upload): one bad file does not fail the others. */
export interface UploadResult {
  success: boolean;
  photoId: string | null;
  url: string | null;
  thumbnailUrl: string | null;
  /** The storage key (pregnancies/<id>/photos/...): for the record only, nothing serves by it. */
  path: string | null;
  filename: string;
  errors: string[];
  warnings: string[];
}

/** The whole batch refused, with the HTTP status and a machine code for the client. */
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

interface StoredObject {
  key: string;
  bytes: Uint8Array;
  type: ImageType;
}

interface Accepted {
  photoId: string;
  /** Bytes as sent: what the storage estimate counts. */
  originalSize: number;
  original: StoredObject;
  thumbnail: StoredObject | null;
  result: UploadResult;
}

const failed = (filename: string, errors: string[], warnings: string[] = []): UploadResult => ({ success: false, photoId: null, url: null, thumbnailUrl: null, path: null, filename, errors, warnings });

/** JPEGs lose their metadata before anything is stored (src/domain/jpeg.ts); other types are stored as sent. */
const storedBytes = (bytes: Uint8Array, type: ImageType) => (type.kind === "jpeg" ? stripJpegMetadata(bytes) : ok(bytes));

/** A browser-made thumbnail: a small JPEG, PNG or WebP by its content; anything else is ignored. */
async function acceptThumbnail(pregnancyId: string, part: IncomingFile | null): Promise<StoredObject | null | "ignored"> {
  if (!part) return null;
  const bytes = new Uint8Array(await part.arrayBuffer());
  if (bytes.byteLength === 0) return null;
  const check = checkImageUpload(bytes, PHOTO_THUMBNAIL_MAX_BYTES);
  if (!check.ok || check.type.kind === "heic") return "ignored";
  const stored = storedBytes(bytes, check.type);
  if (!stored.ok) return "ignored";
  return { key: photoKey(pregnancyId, newImageName(check.type.extension)), bytes: stored.value, type: check.type };
}

/** Checks one file by its content and size and prepares what would be stored, or says why not. */
async function prepare(pregnancyId: string, file: IncomingFile, thumbnailPart: IncomingFile | null, fileNumber: number): Promise<Accepted | UploadResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkUploadFile({ name: file.name, size: bytes.byteLength, type: file.type, bytes }, fileNumber);
  if (!check.type || check.errors.length > 0) return failed(file.name, check.errors, check.warnings);
  const stored = storedBytes(bytes, check.type);
  if (!stored.ok) return failed(file.name, [UPLOAD_MESSAGES.unreadable(fileNumber)], check.warnings);
  const thumbnail = await acceptThumbnail(pregnancyId, thumbnailPart);
  const warnings = thumbnail === "ignored" ? [...check.warnings, UPLOAD_MESSAGES.thumbnailIgnored(fileNumber)] : check.warnings;
  const photoId = crypto.randomUUID();
  const original = { key: photoKey(pregnancyId, newImageName(check.type.extension)), bytes: stored.value, type: check.type };
  const urls = photoUrls(pregnancyId, photoId);
  const storedThumbnail = thumbnail === "ignored" ? null : thumbnail;
  return {
    photoId,
    originalSize: bytes.byteLength,
    original,
    thumbnail: storedThumbnail,
    result: { success: true, photoId, url: urls.url, thumbnailUrl: storedThumbnail ? urls.thumbnailUrl : urls.url, path: original.key, filename: file.name, errors: [], warnings },
  };
}

const isAccepted = (outcome: Accepted | UploadResult): outcome is Accepted => "original" in outcome;

async function assertMetadataInPregnancy(caller: PhotoCaller, metadata: PhotoUploadMetadata) {
  const pregnancyId = caller.access.id;
  if (metadata.eventId) {
    const [event] = await caller.db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, metadata.eventId), eq(calendarEvents.pregnancyId, pregnancyId)));
    if (!event) throw new UploadRefusal(400, "VALIDATION_FAILED", "The event is not one of this pregnancy");
  }
  if ((await strangers(caller.db, pregnancyId, metadata.guestTags)).length > 0) {
    const refusal = notParticipants();
    throw new UploadRefusal(400, "VALIDATION_FAILED", refusal.message);
  }
}

/** Parent-mode uploads are blocked past the storage limit (core spec 5, 6); guests contribute without the check. */
function assertWithinStorage(caller: PhotoCaller, storage: { used: number; limit: number }, totalBytes: number) {
  if (!caller.access.isParent) return;
  const refusal = checkStorageLimit(storage.used, storage.limit, totalBytes);
  if (refusal) throw new UploadRefusal(403, "STORAGE_LIMIT_EXCEEDED", refusal);
}

async function readStorage(caller: PhotoCaller) {
  const [row] = await caller.db.select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit }).from(pregnancies).where(eq(pregnancies.id, caller.access.id));
  if (!row) throw new UploadRefusal(400, "NOT_FOUND", "Pregnancy not found");
  return row;
}

const put = (caller: PhotoCaller, photoId: string, object: StoredObject) =>
  caller.env.PHOTOS.put(object.key, object.bytes, { httpMetadata: { contentType: object.type.mime }, customMetadata: { uploadedBy: caller.userId, photoId } });

/** Writes one file's objects; a file whose objects cannot all be written keeps none of them. */
async function store(caller: PhotoCaller, accepted: Accepted, fileNumber: number): Promise<Accepted | UploadResult> {
  const objects = [accepted.original, ...(accepted.thumbnail ? [accepted.thumbnail] : [])];
  const writes = await Promise.allSettled(objects.map((object) => put(caller, accepted.photoId, object)));
  if (writes.every((write) => write.status === "fulfilled")) return accepted;
  await removeObjects(
    caller.env.PHOTOS,
    objects.map((object) => object.key),
  );
  return failed(accepted.result.filename, [UPLOAD_MESSAGES.storeFailed(fileNumber)], accepted.result.warnings);
}

/**
 * secure-photo-upload: checks every file by content and size, strips JPEG metadata, refuses a
 * parent-mode batch past the storage limit, writes the objects to R2 (outside any transaction:
 * the database serves one transaction at a time locally), then records the photos, their guest
 * tags and the storage used in one transaction. If that fails, the objects are removed again.
 */
export async function uploadPhotos(caller: PhotoCaller, files: IncomingFile[], thumbnails: Array<IncomingFile | null>, metadata: PhotoUploadMetadata): Promise<UploadResult[]> {
  await assertMetadataInPregnancy(caller, metadata);
  const prepared = await Promise.all(files.map((file, index) => prepare(caller.access.id, file, thumbnails[index] ?? null, index + 1)));
  const accepted = prepared.filter(isAccepted);
  if (accepted.length === 0) return prepared.map((outcome) => (isAccepted(outcome) ? outcome.result : outcome));
  // Checked before writing anything (no wasted writes), and again under the row lock below.
  assertWithinStorage(caller, await readStorage(caller), accepted.reduce((sum, a) => sum + a.originalSize, 0));

  const outcomes = await Promise.all(prepared.map((outcome, index) => (isAccepted(outcome) ? store(caller, outcome, index + 1) : outcome)));
  const stored = outcomes.filter(isAccepted);
  if (stored.length > 0) await record(caller, stored, metadata);
  return outcomes.map((outcome) => (isAccepted(outcome) ? outcome.result : outcome));
}

async function record(caller: PhotoCaller, stored: Accepted[], metadata: PhotoUploadMetadata) {
  const pregnancyId = caller.access.id;
  const text = cleanPhotoText(metadata);
  const audience = resolveAudience(metadata.privacyLevel, metadata.audienceGroups, DEFAULT_PHOTO_PRIVACY_LEVEL);
  const guestTags = [...new Set(metadata.guestTags)];
  try {
    await caller.db.transaction(async (tx) => {
      const [storage] = await tx
        .select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit })
        .from(pregnancies)
        .where(eq(pregnancies.id, pregnancyId))
        .for("update");
      if (!storage) throw new UploadRefusal(400, "NOT_FOUND", "Pregnancy not found");
      assertWithinStorage(
        caller,
        storage,
        stored.reduce((sum, a) => sum + a.originalSize, 0),
      );
      await tx.insert(photos).values(
        stored.map(({ photoId, original, thumbnail }) => {
          const urls = photoUrls(pregnancyId, photoId);
          return {
            id: photoId,
            pregnancyId,
            fileUrl: urls.url,
            storagePath: original.key,
            thumbnailUrl: thumbnail ? urls.thumbnailUrl : null,
            thumbnailPath: thumbnail?.key ?? null,
            title: text.title ?? null,
            description: text.description ?? null,
            altText: text.altText ?? null,
            tags: text.tags ?? [],
            week: metadata.week,
            uploadedBy: caller.userId,
            ...audience,
            eventId: metadata.eventId ?? null,
            fileSize: original.bytes.byteLength,
            mimeType: original.type.mime,
          };
        }),
      );
      if (guestTags.length > 0) {
        await tx.insert(photoGuestTags).values(stored.flatMap(({ photoId }) => guestTags.map((participantId) => ({ photoId, participantId }))));
      }
      await tx
        .update(pregnancies)
        .set({ photoStorageUsed: sql`${pregnancies.photoStorageUsed} + ${stored.length}` })
        .where(eq(pregnancies.id, pregnancyId));
    });
  } catch (error) {
    await removeObjects(
      caller.env.PHOTOS,
      stored.flatMap(({ original, thumbnail }) => [original.key, thumbnail?.key ?? null]),
    );
    if (error instanceof UploadRefusal) throw error;
    logEvent("error", "photo rows not recorded", { pregnancyId, error: String(error) });
    throw new UploadRefusal(500, "UPLOAD_FAILED", PHOTO_TOASTS.uploadFailed);
  }
  announcePhotos(caller);
}
