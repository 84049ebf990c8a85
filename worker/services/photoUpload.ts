import { and, eq } from "drizzle-orm";
import { DEFAULT_PHOTO_PRIVACY_LEVEL, resolveAudience } from "../../src/domain/audience";
import { stripImageMetadata } from "../../src/domain/imageMetadata";
import { cleanPhotoText, PHOTO_TOASTS, type PhotoUploadMetadata, photoUrls } from "../../src/domain/photos";
import { checkUploadFile, IMAGE_HEADER_BYTES, type ImageType, PHOTO_THUMBNAIL_MAX_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { calendarEvents, photoGuestTags, photos } from "../db/schema";
import { newImageName, photoKey, prepareImageUpload } from "../infra/storage";
import { assertUploadFits, changeStorageUsed, readStorage, UploadRefusal, type Uploader } from "./photoStorage";
import type { PregnancyCaller } from "./caller";
import { announcePhotos, notParticipants, removeObjects, strangers } from "./photos";
import { owesCopies, requestPhotoCopies } from "./photoCopies";
import { logEvent } from "../infra/log";

/** A part of the multipart body (a File from formData). */
export interface IncomingFile {
  name: string;
  /** Declared type; the stored type comes from the bytes. */
  type: string;
  size: number;
  slice(start: number, end: number): Blob;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What one upload request sends: the files, their browser-made thumbnails (null where none) in the same order, and the batch's metadata. */
export interface PhotoBatch {
  files: IncomingFile[];
  thumbnails: Array<IncomingFile | null>;
  metadata: PhotoUploadMetadata;
}

/** One file's outcome (secure-photo-upload): one bad file does not fail the others. */
export interface UploadResult {
  success: boolean;
  photoId: string | null;
  url: string | null;
  thumbnailUrl: string | null;
  /** The Worker is still making its display copy or thumbnail (the album shows a placeholder until the feed says photos changed). */
  copiesPending: boolean;
  /** The storage key (pregnancies/<id>/photos/...): for the record only, nothing serves by it. */
  path: string | null;
  filename: string;
  errors: string[];
  warnings: string[];
}

/** A file that passed the checks on its size and first bytes, not read further yet. */
interface Candidate {
  file: IncomingFile;
  thumbnail: IncomingFile | null;
  fileNumber: number;
  type: ImageType;
  warnings: string[];
}

/** A file whose objects are in R2, waiting for its row. */
interface Stored {
  photoId: string;
  key: string;
  thumbnailKey: string | null;
  /** The Worker owes it copies (a HEIC/HEIF's display copy, a thumbnail): the queue consumer makes them. */
  owesCopies: boolean;
  type: ImageType;
  /** Bytes stored (the original without its metadata). */
  size: number;
  /** Bytes as sent: what the storage estimate counts. */
  sentSize: number;
  result: UploadResult;
}

const failed = (filename: string, errors: string[], warnings: string[] = []): UploadResult => ({ success: false, photoId: null, url: null, thumbnailUrl: null, copiesPending: false, path: null, filename, errors, warnings });

const uploaderOf = (caller: PregnancyCaller): Uploader => ({ pregnancyId: caller.access.id, userId: caller.user.id, isParent: caller.access.isParent });

/** Checks a file by its declared size and its first bytes (the real type), without reading the rest. */
async function check(file: IncomingFile, thumbnail: IncomingFile | null, fileNumber: number): Promise<Candidate | UploadResult> {
  const header = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  const checked = checkUploadFile({ name: file.name, size: file.size, type: file.type, bytes: header }, fileNumber);
  if (!checked.type || checked.errors.length > 0) return failed(file.name, checked.errors, checked.warnings);
  return { file, thumbnail, fileNumber, type: checked.type, warnings: checked.warnings };
}

const isCandidate = (outcome: Candidate | UploadResult): outcome is Candidate => "fileNumber" in outcome;

/** A browser-made thumbnail: a small JPEG, PNG or WebP by its content, without metadata; anything else is ignored. */
async function acceptThumbnail(part: IncomingFile | null): Promise<{ bytes: Uint8Array; type: ImageType } | null | "ignored"> {
  if (!part || part.size === 0) return null;
  if (part.size > PHOTO_THUMBNAIL_MAX_BYTES) return "ignored";
  const prepared = prepareImageUpload(new Uint8Array(await part.arrayBuffer()), PHOTO_THUMBNAIL_MAX_BYTES);
  return prepared.ok && prepared.type.kind !== "heic" ? prepared : "ignored";
}

const put = (caller: PregnancyCaller, photoId: string, key: string, bytes: Uint8Array, type: ImageType) =>
  caller.env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: type.mime }, customMetadata: { uploadedBy: caller.user.id, photoId } });

/**
 * Reads one file, strips its metadata and writes it (and the browser's thumbnail) to R2. Files go
 * one at a time, so a request holds one file's bytes beyond its body; a file whose objects cannot
 * all be written keeps none of them. Nothing is decoded here: copies the Worker owes the photo are
 * made by the queue consumer after the commit (worker/services/photoCopies.ts).
 */
async function store(caller: PregnancyCaller, candidate: Candidate): Promise<Stored | UploadResult> {
  const { file, fileNumber, type } = candidate;
  const stripped = stripImageMetadata(new Uint8Array(await file.arrayBuffer()), type.kind);
  if (!stripped.ok) return failed(file.name, [UPLOAD_MESSAGES.unreadable(fileNumber)], candidate.warnings);
  const thumbnail = await acceptThumbnail(candidate.thumbnail);
  const warnings = thumbnail === "ignored" ? [...candidate.warnings, UPLOAD_MESSAGES.thumbnailIgnored(fileNumber)] : candidate.warnings;
  const browserThumb = thumbnail && thumbnail !== "ignored" ? thumbnail : null;
  const photoId = crypto.randomUUID();
  const key = photoKey(caller.access.id, newImageName(type.extension));
  const thumb = browserThumb ? { ...browserThumb, key: photoKey(caller.access.id, newImageName(browserThumb.type.extension)) } : null;
  const writes = await Promise.allSettled([put(caller, photoId, key, stripped.value, type), ...(thumb ? [put(caller, photoId, thumb.key, thumb.bytes, thumb.type)] : [])]);
  if (writes.some((write) => write.status === "rejected")) {
    await removeObjects(caller.env.PHOTOS, [key, thumb?.key ?? null]);
    return failed(file.name, [UPLOAD_MESSAGES.storeFailed(fileNumber)], warnings);
  }
  const urls = photoUrls(caller.access.id, photoId);
  const owed = owesCopies(type.kind, stripped.value, thumb !== null);
  return {
    photoId,
    key,
    thumbnailKey: thumb?.key ?? null,
    owesCopies: owed,
    type,
    size: stripped.value.byteLength,
    sentSize: file.size,
    result: { success: true, photoId, url: urls.url, thumbnailUrl: thumb ? urls.thumbnailUrl : urls.url, copiesPending: owed, path: key, filename: file.name, errors: [], warnings },
  };
}

const isStored = (outcome: Stored | UploadResult): outcome is Stored => "key" in outcome;

export async function assertMetadataInPregnancy(caller: PregnancyCaller, metadata: PhotoUploadMetadata) {
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

/**
 * secure-photo-upload: checks every file by its size and first bytes, refuses a batch past the
 * plan's limit in parent mode or past a guest's quota, then reads, strips (src/domain/imageMetadata.ts)
 * and writes each file to R2 in turn (outside any transaction: the database serves one transaction
 * at a time locally), and records the photos, their guest tags and the storage used in one
 * transaction, checked again under the pregnancy's lock. If that fails, the objects are removed.
 */
export async function uploadPhotos(caller: PregnancyCaller, { files, thumbnails, metadata }: PhotoBatch): Promise<UploadResult[]> {
  await assertMetadataInPregnancy(caller, metadata);
  const checked = await Promise.all(files.map((file, index) => check(file, thumbnails[index] ?? null, index + 1)));
  const candidates = checked.filter(isCandidate);
  if (candidates.length === 0) return checked.filter((outcome): outcome is UploadResult => !isCandidate(outcome));
  // Checked before writing anything (no wasted writes), and again under the row lock below.
  await assertUploadFits(caller.db, uploaderOf(caller), await readStorage(caller.db, caller.access.id), { files: candidates.length, bytes: candidates.reduce((sum, c) => sum + c.file.size, 0) });

  const outcomes: Array<Stored | UploadResult> = [];
  for (const outcome of checked) outcomes.push(isCandidate(outcome) ? await store(caller, outcome) : outcome);
  const stored = outcomes.filter(isStored);
  if (stored.length > 0) await record(caller, stored, metadata);
  return outcomes.map((outcome) => (isStored(outcome) ? outcome.result : outcome));
}

async function record(caller: PregnancyCaller, stored: Stored[], metadata: PhotoUploadMetadata) {
  const pregnancyId = caller.access.id;
  const text = cleanPhotoText(metadata);
  const audience = resolveAudience(metadata.privacyLevel, metadata.audienceGroups, DEFAULT_PHOTO_PRIVACY_LEVEL);
  const guestTags = [...new Set(metadata.guestTags)];
  try {
    await caller.db.transaction(async (tx) => {
      const storage = await readStorage(tx, pregnancyId, "lock");
      await assertUploadFits(tx, uploaderOf(caller), storage, { files: stored.length, bytes: stored.reduce((sum, s) => sum + s.sentSize, 0) });
      await tx.insert(photos).values(
        stored.map(({ photoId, key, thumbnailKey, owesCopies, type, size }) => {
          const urls = photoUrls(pregnancyId, photoId);
          return {
            id: photoId,
            pregnancyId,
            fileUrl: urls.url,
            storagePath: key,
            thumbnailUrl: thumbnailKey ? urls.thumbnailUrl : null,
            thumbnailPath: thumbnailKey,
            // The clock's own time, not the request's (tests may move that): the cron's sweep compares it with its run.
            copiesRequestedAt: owesCopies ? new Date() : null,
            title: text.title ?? null,
            description: text.description ?? null,
            altText: text.altText ?? null,
            tags: text.tags ?? [],
            week: metadata.week,
            uploadedBy: caller.user.id,
            ...audience,
            eventId: metadata.eventId ?? null,
            fileSize: size,
            mimeType: type.mime,
          };
        }),
      );
      if (guestTags.length > 0) {
        await tx.insert(photoGuestTags).values(stored.flatMap(({ photoId }) => guestTags.map((participantId) => ({ photoId, participantId }))));
      }
      await changeStorageUsed(tx, pregnancyId, stored.length);
    });
  } catch (error) {
    await removeObjects(
      caller.env.PHOTOS,
      stored.flatMap(({ key, thumbnailKey }) => [key, thumbnailKey]),
    );
    if (error instanceof UploadRefusal) throw error;
    logEvent("error", "photo rows not recorded", { pregnancyId, error: String(error) });
    throw new UploadRefusal(500, "UPLOAD_FAILED", PHOTO_TOASTS.uploadFailed);
  }
  // After the commit: a message sent for a row that never committed would find nothing to do.
  await requestPhotoCopies(
    caller.env,
    stored.filter((s) => s.owesCopies).map((s) => s.photoId),
  );
  announcePhotos(caller);
}
