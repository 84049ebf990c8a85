/**
 * Photo upload rules (core spec 5): at most 20 files, jpeg/jpg/png/webp/heic, 10 MB each (warning
 * above 5 MB), and in parent mode a storage check counting each 2 MB as one photo.
 * The real type comes from the file's first bytes, never from its declared type alone.
 */
import { BYTES_PER_MB } from "./units";
import { UNLIMITED_PHOTO_SENTINEL } from "./billing";

export const PHOTO_MAX_FILES = 20;

export const PHOTO_MAX_FILE_MB = 10;

export const PHOTO_MAX_FILE_BYTES = PHOTO_MAX_FILE_MB * BYTES_PER_MB;

/** Files above this size get a "may take longer" warning. */
export const PHOTO_WARN_FILE_MB = 5;

export const PHOTO_WARN_FILE_BYTES = PHOTO_WARN_FILE_MB * BYTES_PER_MB;

/** The storage check counts each 2 MB of an upload as one photo (rounded up). */
export const PHOTO_ESTIMATE_MB = 2;

export const PHOTO_ESTIMATE_BYTES = PHOTO_ESTIMATE_MB * BYTES_PER_MB;

/** Ours: a browser-made thumbnail is small; anything bigger is ignored. */
export const PHOTO_THUMBNAIL_MAX_BYTES = BYTES_PER_MB / 2;

/** Ours: room for the metadata field and the multipart framing of a batch. */
export const PHOTO_UPLOAD_OVERHEAD_BYTES = BYTES_PER_MB;

/**
 * Cloudflare refuses request bodies above 100 MB (Free and Pro plans); counted in decimal
 * megabytes so the bound holds whichever way "MB" is read.
 */
export const CLOUDFLARE_MAX_BODY_BYTES = 100 * 1000 * 1000;

/**
 * Ours: the largest batch body worth reading: 20 files and their thumbnails at their limits, but
 * never more than Cloudflare lets through. The browser sends one file per request, far below it.
 */
export const PHOTO_UPLOAD_MAX_BODY_BYTES = Math.min(PHOTO_MAX_FILES * (PHOTO_MAX_FILE_BYTES + PHOTO_THUMBNAIL_MAX_BYTES) + PHOTO_UPLOAD_OVERHEAD_BYTES, CLOUDFLARE_MAX_BODY_BYTES);

/**
 * Ours: photos one guest may add to a pregnancy, album and waiting room together. Guests are not
 * held to the plan's storage limit (core spec 6: that check is for parent mode), so without this
 * one guest could fill the parents' storage.
 */
export const GUEST_PHOTO_QUOTA = 50;

/** Ours: avatars are small pictures. */
export const AVATAR_MAX_BYTES = 5 * BYTES_PER_MB;

export type ImageKind = "jpeg" | "png" | "webp" | "heic";

export interface ImageType {
  kind: ImageKind;
  mime: string;
  /** Extension used for stored file names. */
  extension: string;
}

export const IMAGE_TYPES: Readonly<Record<ImageKind, ImageType>> = {
  jpeg: { kind: "jpeg", mime: "image/jpeg", extension: "jpg" },
  png: { kind: "png", mime: "image/png", extension: "png" },
  webp: { kind: "webp", mime: "image/webp", extension: "webp" },
  heic: { kind: "heic", mime: "image/heic", extension: "heic" },
};

/** Declared types and extensions the client accepts before the bytes are read. */
const DECLARED_TYPES = new Map<string, ImageKind>([
  ["image/jpeg", "jpeg"],
  ["image/jpg", "jpeg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
  ["image/heic", "heic"],
]);
const EXTENSIONS = new Map<string, ImageKind>([
  ["jpeg", "jpeg"],
  ["jpg", "jpeg"],
  ["png", "png"],
  ["webp", "webp"],
  ["heic", "heic"],
]);

/** Bytes needed to recognise every supported type (HEIC brand ends at 12). */
export const IMAGE_HEADER_BYTES = 12;

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF_OFFSET = 0;
const WEBP_OFFSET = 8;
const FTYP_OFFSET = 4;
const BRAND_OFFSET = 8;
/** ISO-BMFF major brands of HEIC/HEIF still images and sequences. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"]);
const FOURCC_LENGTH = 4;

const bytesEqual = (bytes: Uint8Array, offset: number, expected: readonly number[]) =>
  bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  bytes.length >= offset + length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : "";

/** The image type of a file from its first bytes (magic numbers), or null when unsupported. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytesEqual(bytes, 0, JPEG_SIGNATURE)) return IMAGE_TYPES.jpeg;
  if (bytesEqual(bytes, 0, PNG_SIGNATURE)) return IMAGE_TYPES.png;
  if (ascii(bytes, RIFF_OFFSET, FOURCC_LENGTH) === "RIFF" && ascii(bytes, WEBP_OFFSET, FOURCC_LENGTH) === "WEBP") return IMAGE_TYPES.webp;
  if (ascii(bytes, FTYP_OFFSET, FOURCC_LENGTH) === "ftyp" && HEIC_BRANDS.has(ascii(bytes, BRAND_OFFSET, FOURCC_LENGTH))) return IMAGE_TYPES.heic;
  return null;
}

export interface UploadCandidate {
  name: string;
  /** Size in bytes. */
  size: number;
  /** Declared MIME type (File.type), if known. */
  type?: string;
  /** The file's first bytes (at least IMAGE_HEADER_BYTES); when given, they decide the type. */
  bytes?: Uint8Array;
}

export interface UploadBatchResult {
  ok: boolean;
  errors: string[];
  warnings: string[];
  /** Per file: the detected type (from bytes, else from the declared type or extension), or null. */
  types: (ImageType | null)[];
}

/** Size in MB with one decimal, as the messages show it. */
export const formatMb = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(1);

export const UPLOAD_MESSAGES = {
  tooManyFiles: `Maximum ${PHOTO_MAX_FILES} files allowed at once`,
  unsupportedType: (fileNumber: number, type: string) => `File ${fileNumber}: Unsupported file type (${type})`,
  tooLarge: (fileNumber: number, bytes: number) => `File ${fileNumber}: File too large (${formatMb(bytes)} MB). Maximum ${PHOTO_MAX_FILE_MB}MB allowed.`,
  largeWarning: (fileNumber: number, bytes: number) => `File ${fileNumber}: Large file (${formatMb(bytes)} MB) may take longer to upload`,
  storageExceeded: (used: number, limit: number) => `Upload would exceed storage limit. You have ${used}/${limit} photos used.`,
  /** Ours: a JPEG whose structure breaks off, so its metadata cannot be removed safely. */
  unreadable: (fileNumber: number) => `File ${fileNumber}: The image could not be read`,
  /** Ours: a batch body larger than 20 files and their thumbnails at their limits. */
  batchTooLarge: "The files together are too large to send at once",
  /** Ours: a body whose size is not declared up front is not read at all. */
  lengthRequired: "Send the file with its size (Content-Length)",
  /** Ours: a single image (avatar, waiting-room image) that is none of the accepted types. */
  notAnImage: "That file is not a supported image (JPEG, PNG, WebP or HEIC).",
  /** Ours: a single image whose structure breaks off, so its metadata cannot be removed safely. */
  imageUnreadable: "The image could not be read",
  /** Ours: a single image (avatar, waiting-room image) over its limit. */
  imageTooLarge: (maxBytes: number) => `The image is larger than ${maxBytes / BYTES_PER_MB} MB.`,
  /** Ours, in the words of the storage-limit message: a guest past their own quota. */
  guestQuotaExceeded: (used: number) => `Upload would exceed your guest limit. You have ${used}/${GUEST_PHOTO_QUOTA} photos used.`,
  /** Ours: the file arrived but could not be stored. */
  storeFailed: (fileNumber: number) => `File ${fileNumber}: Upload failed`,
  /** Ours: a thumbnail that is not a small image is dropped; the photo then serves as its own. */
  thumbnailIgnored: (fileNumber: number) => `File ${fileNumber}: Thumbnail ignored, the photo itself will be shown`,
} as const;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
};

/** Type from what the browser declared, or the name's extension when it declared nothing. */
function declaredType(file: UploadCandidate): ImageType | null {
  const kind = file.type ? DECLARED_TYPES.get(file.type.toLowerCase()) : EXTENSIONS.get(extensionOf(file.name));
  return kind ? IMAGE_TYPES[kind] : null;
}

/** What the unsupported-type message names: the declared type, else the extension. */
const shownType = (file: UploadCandidate) => file.type || extensionOf(file.name) || "unknown";

export interface UploadFileCheck {
  /** The detected type (from bytes, else from the declared type or extension), or null. */
  type: ImageType | null;
  errors: string[];
  warnings: string[];
}

/**
 * One file of a batch (numbered from 1): its type and size. Exactly 10 MB is allowed; the warning
 * starts above 5 MB. The client checks before sending, the server again on what arrived.
 */
export function checkUploadFile(file: UploadCandidate, fileNumber: number): UploadFileCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  const type = file.bytes ? detectImageType(file.bytes) : declaredType(file);
  if (!type) errors.push(UPLOAD_MESSAGES.unsupportedType(fileNumber, shownType(file)));
  if (file.size > PHOTO_MAX_FILE_BYTES) errors.push(UPLOAD_MESSAGES.tooLarge(fileNumber, file.size));
  else if (file.size > PHOTO_WARN_FILE_BYTES) warnings.push(UPLOAD_MESSAGES.largeWarning(fileNumber, file.size));
  return { type, errors, warnings };
}

/** Checks a batch before upload: count first (nothing else is checked beyond 20 files), then each file. */
export function validateUploadBatch(files: readonly UploadCandidate[]): UploadBatchResult {
  if (files.length > PHOTO_MAX_FILES) {
    return { ok: false, errors: [UPLOAD_MESSAGES.tooManyFiles], warnings: [], types: files.map(() => null) };
  }
  const checks = files.map((file, index) => checkUploadFile(file, index + 1));
  const errors = checks.flatMap((check) => check.errors);
  return { ok: errors.length === 0, errors, warnings: checks.flatMap((check) => check.warnings), types: checks.map((check) => check.type) };
}

/** Photos an upload is counted as: one per started 2 MB. */
export function estimatePhotoCount(totalBytes: number): number {
  return Math.ceil(Math.max(0, totalBytes) / PHOTO_ESTIMATE_BYTES);
}

/** A limit at or above 999999 means unlimited. */
export function isUnlimited(limit: number): boolean {
  return limit >= UNLIMITED_PHOTO_SENTINEL;
}

/**
 * Null when the upload fits, else the spec's message. Blocked when used + estimated photos exceeds
 * the limit (reaching it exactly is allowed). Applies in parent mode only (the caller decides).
 */
export function checkStorageLimit(used: number, limit: number, totalBytes: number): string | null {
  if (isUnlimited(limit)) return null;
  return used + estimatePhotoCount(totalBytes) > limit ? UPLOAD_MESSAGES.storageExceeded(used, limit) : null;
}

/** Ours: what a guest reads where they upload, so the quota is no surprise. */
export const guestQuotaNote = (used: number) => `Guests can add up to ${GUEST_PHOTO_QUOTA} photos, in the album and the waiting room together. You have added ${used}.`;

/**
 * Null when a guest's `adding` photos fit their quota, else the message. Each stored photo or
 * waiting-room image counts as one, as the pregnancy's storage counts them; reaching the quota
 * exactly is allowed.
 */
export function checkGuestQuota(used: number, adding: number): string | null {
  return used + adding > GUEST_PHOTO_QUOTA ? UPLOAD_MESSAGES.guestQuotaExceeded(used) : null;
}
