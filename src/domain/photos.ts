/**
 * The photo album's rules that need no database: what an upload's metadata and an edit may say,
 * how their text is cleaned (core spec 5), where a photo is served, and the name of a download.
 */
import { z } from "zod";
import { guestPrivacyLevelSchema, itemPrivacyLevelSchema } from "./audience";
import { GUEST_PRIVACY_LEVELS } from "./enums";
import { sanitizeNotes, sanitizePlainText, sanitizeTitle } from "./sanitize";
import { lmpFromDueDate, SUBSCRIPTION_SPAN_DAYS, weeksPregnant } from "./dates";
import { DAYS_PER_WEEK, SECONDS_PER_DAY } from "./units";
import { NOTES_MAX_LENGTH, TITLE_MAX_LENGTH } from "./textLimits";

/** Photo week when none is given. */
export const DEFAULT_WEEK = 24;

/** Photo list page size (core spec 7). */
export const PHOTO_PAGE_SIZE = 50;

/** Ours: tags per photo and characters per tag. */
export const PHOTO_MAX_TAGS = 20;

export const PHOTO_TAG_MAX_LENGTH = 50;

/** Ours: people tagged on one photo. */
export const PHOTO_MAX_GUEST_TAGS = 50;

/** Photos are dated by pregnancy week, from the LMP (week 0) to the end of service (week 52). */
export const PHOTO_LAST_WEEK = SUBSCRIPTION_SPAN_DAYS / DAYS_PER_WEEK;

/** The week a photo taken today belongs to: the pregnancy's current week, within the album's weeks. */
export const photoWeekOn = (dueDate: string, today: string): number => Math.min(PHOTO_LAST_WEEK, weeksPregnant(lmpFromDueDate(dueDate), today));

/** Ours: the album grid's thumbnails (made by the browser, or by the Worker when it cannot): longest side and JPEG quality. */
export const PHOTO_THUMBNAIL_MAX_PX = 480;

export const PHOTO_THUMBNAIL_QUALITY = 0.8;

/** Ours: the longest side of the JPEG display copy the Worker makes of a HEIC/HEIF, and its quality. */
export const PHOTO_DISPLAY_MAX_PX = 2048;

export const PHOTO_DISPLAY_QUALITY = 0.85;

/**
 * Ours: the largest picture (width x height) the Worker decodes to make a display copy or a
 * thumbnail. A 12 MP phone photo (4032 x 3024) fits in the Worker's 128 MB with room to spare
 * (README, "Photos every browser shows"); a larger one is stored and served as sent, its grid
 * thumbnail the browser-made one when there is one.
 */
export const PHOTO_DECODE_MAX_PIXELS = 16_800_000;

/**
 * Ours: the largest JPEG or WebP (width x height) the Worker decodes to make a thumbnail the
 * browser did not send. jSquash's decoders hand over RGBA as a copy, so the picture is held twice
 * (8 bytes a pixel): a 3072 x 2048 one peaks at about 57 MB, the HEIC path's size; a 12 MP one
 * would take 109 MB of the Worker's 128 MB (README, "Photos every browser shows").
 */
export const PHOTO_RGBA_DECODE_MAX_PIXELS = 6_300_000;

/**
 * Photo copies (issue 39): the upload stores the original and answers; the display copy and the
 * thumbnail the Worker owes a photo are made by the queue consumer (worker/services/photoCopies.ts),
 * one message per photo. The queue's name is wrangler.toml's.
 */
export const PHOTO_COPIES_QUEUE = "babysteps-photo-copies";

export interface PhotoCopyMessage {
  photoId: string;
}

/**
 * Ours: the wait before each retry of a photo's copies, in seconds (an R2 or database hiccup, then
 * an outage); its length is the queue's max_retries in wrangler.toml, after which the message goes
 * to the dead-letter queue.
 */
export const PHOTO_COPY_RETRY_DELAYS_SECONDS = [10, 30, 120, 600, 1800] as const;

export const PHOTO_COPY_MAX_RETRIES = PHOTO_COPY_RETRY_DELAYS_SECONDS.length;

/** The wait after a delivery's `attempts`-th attempt failed (a queue message's attempts count from 1). */
export const photoCopyRetryDelay = (attempts: number): number => PHOTO_COPY_RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), PHOTO_COPY_MAX_RETRIES) - 1] ?? PHOTO_COPY_RETRY_DELAYS_SECONDS[0];

/**
 * Ours: a photo still owed copies this long after they were asked for (past the whole retry
 * schedule, about 43 minutes) has its message sent again by the cron's sweep: its send failed after
 * the upload's commit, or the message was lost.
 */
export const PHOTO_COPIES_RESWEEP_SECONDS = 3600;

/** Ours: what the album shows in place of a photo whose copies are being made. */
export const PHOTO_PREPARING_TEXT = "Preparing photo…";

/** Ours: how long a browser may keep a photo or an avatar in its private cache. */
export const PHOTO_CACHE_SECONDS = 3600;

export const AVATAR_CACHE_SECONDS = SECONDS_PER_DAY;

export const PHOTO_TOASTS = {
  userOrPregnancyNotFound: "User or pregnancy not found",
  uploadBlocked: "Upload blocked",
  invalidFiles: "Invalid files",
  uploadFailed: "Upload failed",
  /** Its description lists the first 3 failures. */
  someUploadsFailed: "Some uploads failed",
  deleteFailed: "Delete failed",
  actionFailed: "Action failed",
  commentFailed: "Comment failed",
  updateFailed: "Update failed",
  guestTagsUpdated: "Guest tags updated",
  guestTagsFailed: "Failed to update guest tags",
} as const;

/** Raw text may carry markup that sanitising removes, so inputs allow some room over the stored limit. */
const RAW_TEXT_FACTOR = 4;
const rawText = (max: number) => z.string().max(max * RAW_TEXT_FACTOR);

export const photoWeekSchema = z.number().int().min(0).max(PHOTO_LAST_WEEK);
export const photoTagsSchema = z.array(rawText(PHOTO_TAG_MAX_LENGTH)).max(PHOTO_MAX_TAGS);
export const audienceGroupsSchema = z.array(guestPrivacyLevelSchema).max(GUEST_PRIVACY_LEVELS.length);
export const guestTagIdsSchema = z.array(z.uuid()).max(PHOTO_MAX_GUEST_TAGS);

/** What an uploader or a parent may change on a photo (the edit form, photos.update). */
export const photoDetailsSchema = z.object({
  title: rawText(TITLE_MAX_LENGTH).optional(),
  description: rawText(NOTES_MAX_LENGTH).optional(),
  altText: rawText(NOTES_MAX_LENGTH).optional(),
  tags: photoTagsSchema.optional(),
  week: photoWeekSchema.optional(),
  privacyLevel: itemPrivacyLevelSchema.optional(),
  /** Instead of a level: exactly these circles see the photo (see resolveAudience). */
  audienceGroups: audienceGroupsSchema.optional(),
});
export type PhotoDetails = z.infer<typeof photoDetailsSchema>;

/** The upload's `metadata` field (secure-photo-upload), applied to every file of the batch. */
export const photoUploadMetadataSchema = photoDetailsSchema.extend({
  week: photoWeekSchema.default(DEFAULT_WEEK),
  eventId: z.uuid().nullish(),
  /** Participant ids of this pregnancy shown on the photo. */
  guestTags: guestTagIdsSchema.default([]),
});
export type PhotoUploadMetadata = z.infer<typeof photoUploadMetadataSchema>;

/** Tags as stored: plain text, lower case, single spaces, no empties, no repeats, in the given order. */
export function cleanTags(tags: readonly string[]): string[] {
  const cleaned = tags.map((tag) => sanitizePlainText(tag, PHOTO_TAG_MAX_LENGTH).toLowerCase().replace(/\s+/g, " ").trim()).filter((tag) => tag !== "");
  return [...new Set(cleaned)];
}

export interface CleanPhotoText {
  title?: string | null;
  description?: string | null;
  altText?: string | null;
  tags?: string[];
}

/** Sanitises the given text fields (titles plain and cut at 200, descriptions and alt text at 2000); empty becomes null. */
export function cleanPhotoText(details: Pick<PhotoDetails, "title" | "description" | "altText" | "tags">): CleanPhotoText {
  const cleaned: CleanPhotoText = {};
  if (details.title !== undefined) cleaned.title = sanitizeTitle(details.title) || null;
  if (details.description !== undefined) cleaned.description = sanitizeNotes(details.description) || null;
  if (details.altText !== undefined) cleaned.altText = sanitizeNotes(details.altText) || null;
  if (details.tags !== undefined) cleaned.tags = cleanTags(details.tags);
  return cleaned;
}

/** What a photo says to a screen reader: its alt text, else its title, else its week. */
export const photoAltText = (photo: { altText: string | null; title: string | null; week: number }) => photo.altText || photo.title || `Photo from week ${photo.week}`;

/** The authorised routes that serve a photo; the album never sees a storage key it could use. */
export function photoUrls(pregnancyId: string, photoId: string) {
  const url = `/api/photos/${pregnancyId}/${photoId}`;
  return { url, thumbnailUrl: `${url}/thumbnail`, downloadUrl: `${url}?download=1` };
}

const DOWNLOAD_NAME_MAX_LENGTH = 60;

/**
 * A download's file name: the title in plain ASCII words joined by hyphens (safe in a header and on
 * every file system), else 'photo-week-N', with the stored type's extension.
 */
export function downloadFileName(title: string | null, week: number, extension: string): string {
  const slug = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, DOWNLOAD_NAME_MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
  return `${slug || `photo-week-${week}`}.${extension}`;
}
