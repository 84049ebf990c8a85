/**
 * Video clips in the album (issue 41): MP4, MOV and WebM up to 5 minutes and 1 GB, counted in the
 * pregnancy's storage by the spec's own estimate (one photo per started 2 MB), uploaded in parts
 * so that a dropped connection resumes where it stopped. The real type comes from the bytes.
 */
import { BYTES_PER_MB, MS_PER_DAY, MS_PER_MINUTE, MS_PER_SECOND } from "./units";
import { checkUploadFile, estimatePhotoCount, PHOTO_MAX_FILES, UPLOAD_MESSAGES, type UploadCandidate } from "./uploads";

export const CLIP_MAX_MB = 1024;

export const CLIP_MAX_BYTES = CLIP_MAX_MB * BYTES_PER_MB;

export const CLIP_MAX_MINUTES = 5;

const SECONDS_PER_MINUTE = MS_PER_MINUTE / MS_PER_SECOND;

export const CLIP_MAX_DURATION_MS = CLIP_MAX_MINUTES * MS_PER_MINUTE;

/**
 * Ours: every part but the last has this size. R2 wants parts of at least 5 MiB, all the same but
 * the last; Cloudflare takes bodies up to 100 MB. A small part loses little to a dropped connection.
 */
export const CLIP_PART_BYTES = 5 * BYTES_PER_MB;

/** Ours: an upload nobody has sent a part to for this long is aborted by the retention job, its storage given back. */
export const CLIP_UPLOAD_ABANDONED_AFTER_MS = 2 * MS_PER_DAY;

/** The display copy made in the browser is at most 1080p: its longest side. */
export const CLIP_DISPLAY_MAX_SIDE = 1920;

/** Ours: a display copy may differ from its original's length by a frame or two of rounding, not more. */
export const CLIP_DISPLAY_DURATION_TOLERANCE_MS = 1000;

export type ClipKind = "mp4" | "quicktime" | "webm";

export interface ClipType {
  kind: ClipKind;
  mime: string;
  extension: string;
}

export const CLIP_TYPES: Readonly<Record<ClipKind, ClipType>> = {
  mp4: { kind: "mp4", mime: "video/mp4", extension: "mp4" },
  quicktime: { kind: "quicktime", mime: "video/quicktime", extension: "mov" },
  webm: { kind: "webm", mime: "video/webm", extension: "webm" },
};

/** Declared types and extensions the picker offers before the bytes are read. */
const DECLARED_CLIP_TYPES = new Map<string, ClipKind>([
  ["video/mp4", "mp4"],
  ["video/quicktime", "quicktime"],
  ["video/webm", "webm"],
  ["video/x-m4v", "mp4"],
]);
const CLIP_EXTENSIONS = new Map<string, ClipKind>([
  ["mp4", "mp4"],
  ["m4v", "mp4"],
  ["mov", "quicktime"],
  ["qt", "quicktime"],
  ["webm", "webm"],
]);

/** What the album's file picker offers: the photo types and these. */
export const CLIP_ACCEPT = "video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm";

/** Bytes needed to recognise a clip's container (an ISO file's brand ends at 12). */
export const CLIP_HEADER_BYTES = 12;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
/** Still-image brands (HEIC/HEIF/AVIF) are photos, not clips. */
const IMAGE_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif", "avis"]);
const FTYP_OFFSET = 4;
const BRAND_OFFSET = 8;
const FOURCC = 4;

const ascii = (bytes: Uint8Array, offset: number, length: number) => (bytes.length >= offset + length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : "");

/** A clip's container from its first bytes, or null when it is not one we take. */
export function detectClipType(bytes: Uint8Array): ClipType | null {
  if (EBML_MAGIC.every((byte, i) => bytes[i] === byte)) return CLIP_TYPES.webm;
  if (ascii(bytes, FTYP_OFFSET, FOURCC) !== "ftyp") return null;
  const brand = ascii(bytes, BRAND_OFFSET, FOURCC);
  if (IMAGE_BRANDS.has(brand)) return null;
  return brand === "qt  " ? CLIP_TYPES.quicktime : CLIP_TYPES.mp4;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
};

/** Whether a picked file is meant as a clip, by its declared type or, without one, its name. */
export function isDeclaredClip(file: { name: string; type?: string }): boolean {
  if (file.type) return file.type.toLowerCase().startsWith("video/") || DECLARED_CLIP_TYPES.has(file.type.toLowerCase());
  return CLIP_EXTENSIONS.has(extensionOf(file.name));
}

/** Photos a clip is counted as in the pregnancy's storage and a guest's quota: one per started 2 MB (a 100 MB clip counts as 50). */
export const clipStorageUnits = (bytes: number) => Math.max(1, estimatePhotoCount(bytes));

/** "4:05" for a length in milliseconds, as the album and the messages show it. */
export function formatClipLength(ms: number): string {
  const seconds = Math.round(ms / MS_PER_SECOND);
  return `${Math.floor(seconds / SECONDS_PER_MINUTE)}:${String(seconds % SECONDS_PER_MINUTE).padStart(2, "0")}`;
}

/** Where an upload stands, as the server answers each of its requests. */
export interface ClipUploadState {
  uploadId: string;
  partBytes: number;
  partsStored: number;
  parts: number;
  durationMs: number;
}

/** How many parts a clip of `bytes` is sent in. */
export const clipPartCount = (bytes: number) => Math.max(1, Math.ceil(bytes / CLIP_PART_BYTES));

/** Where part `partNumber` (from 1) of a clip of `bytes` begins and ends. */
export function clipPartRange(bytes: number, partNumber: number): { start: number; end: number } {
  const start = (partNumber - 1) * CLIP_PART_BYTES;
  return { start, end: Math.min(bytes, start + CLIP_PART_BYTES) };
}

/** Messages in the words of the spec's photo messages ('File N: ...'), and our own. */
export const CLIP_MESSAGES = {
  /** Beside the spec's 'File N: File too large (X MB). Maximum 10MB allowed.' */
  tooLarge: (fileNumber: number, bytes: number) => `File ${fileNumber}: Video too large (${(bytes / BYTES_PER_MB).toFixed(1)} MB). Maximum 1 GB allowed.`,
  tooLong: (fileNumber: number, ms: number) => `File ${fileNumber}: Video too long (${formatClipLength(ms)}). Maximum ${CLIP_MAX_MINUTES} minutes allowed.`,
  unreadable: (fileNumber: number) => `File ${fileNumber}: The video could not be read`,
  /** What the upload dialog states under its picker. */
  limits: `Photos up to 10 MB; videos (MP4, MOV, WebM) up to ${CLIP_MAX_MINUTES} minutes and 1 GB.`,
  /** Shown with a clip no display copy could be made of (the uploading browser could not decode it). */
  mayNotPlay: "This video may not play on every device. You can download it to watch.",
  /** A part sent out of turn: the client asks again where to go on from. */
  partOutOfOrder: "That part is not the next one this upload expects.",
  partWrongSize: "That part is not the size this upload expects.",
  partMismatch: "That part does not match the file this upload started with.",
  notFinished: "This upload has not received all its parts yet.",
  displayCopyRefused: "The display copy must be an H.264 MP4 of the same video, up to 1080p.",
  unsupportedType: UPLOAD_MESSAGES.unsupportedType,
} as const;

export interface AlbumFileCheck {
  /** A clip (by its first bytes, or by what it was declared as when they are not given) or a photo. */
  kind: "photo" | "clip";
  errors: string[];
  warnings: string[];
}

/** One file the album's dialog was given (numbered from 1): a clip by its container and size, else a photo by the spec's rules. */
export function checkAlbumFile(file: UploadCandidate, fileNumber: number): AlbumFileCheck {
  const clip = file.bytes ? detectClipType(file.bytes) !== null : isDeclaredClip(file);
  if (!clip) {
    const { errors, warnings } = checkUploadFile(file, fileNumber);
    return { kind: "photo", errors, warnings };
  }
  return { kind: "clip", errors: file.size > CLIP_MAX_BYTES ? [CLIP_MESSAGES.tooLarge(fileNumber, file.size)] : [], warnings: [] };
}

/** The dialog's batch: at most 20 files (nothing else is checked beyond that), each a photo or a clip. */
export function checkAlbumBatch(files: readonly UploadCandidate[]): { tooMany: boolean; files: AlbumFileCheck[] } {
  if (files.length > PHOTO_MAX_FILES) return { tooMany: true, files: [] };
  return { tooMany: false, files: files.map((file, index) => checkAlbumFile(file, index + 1)) };
}
