/**
 * Every image the app stores (album photos and their thumbnails, avatars, waiting-room images)
 * loses its metadata first: location, camera, times, XMP, IPTC and comments never leave the
 * family's hands through a file we serve. Each format is rewritten at the container level, the
 * compressed picture untouched (see jpeg.ts, png.ts, webp.ts, heif.ts); only the orientation is
 * kept, so phone pictures stay upright.
 */
import { stripHeifMetadata } from "./heif";
import { stripJpegMetadata } from "./jpeg";
import { stripPngMetadata } from "./png";
import type { Result } from "./result";
import type { ImageKind } from "./uploads";
import { stripWebpMetadata } from "./webp";

const STRIPPERS: Readonly<Record<ImageKind, (bytes: Uint8Array) => Result<Uint8Array>>> = {
  jpeg: stripJpegMetadata,
  png: stripPngMetadata,
  webp: stripWebpMetadata,
  heic: stripHeifMetadata,
};

/** The image without its metadata, or why it could not be read (then it is not stored at all). */
export const stripImageMetadata = (bytes: Uint8Array, kind: ImageKind): Result<Uint8Array> => STRIPPERS[kind](bytes);
