/**
 * Removes metadata from a WebP before it is stored, by walking its RIFF chunks: no decoding, the
 * compressed image data copied byte for byte.
 *
 * Kept, by an allowlist: the extended-format header (`VP8X`), the colour profile, animation, alpha
 * and the image data itself (`VP8 `, `VP8L`). Dropped: `EXIF` (GPS position, camera), `XMP `, any
 * other chunk, and whatever follows the RIFF data. The `VP8X` flags are set to match: no XMP, and
 * Exif only when an orientation is kept (as in a JPEG, src/domain/jpeg.ts: the one value kept, in
 * an `EXIF` chunk holding nothing else).
 */
import { ascii, asciiBytes, concat, viewOf } from "./bytes";
import { ORIENTATION_NORMAL, orientationOf, orientationOnlyTiff } from "./exif";
import { fail, ok, type Result } from "./result";

export type WebpProblem = "not-a-webp" | "truncated";

const RIFF_HEADER_BYTES = 12;
/** The RIFF size counts everything after itself: from the "WEBP" form type on. */
const RIFF_SIZE_EXCLUDES = 8;
const CHUNK_HEADER_BYTES = 8;
const VP8X = "VP8X";
const EXIF = "EXIF";
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

const KEPT = new Set([VP8X, "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]);

export interface WebpChunk {
  type: string;
  data: Uint8Array;
}

/** The chunks inside the RIFF form, in order. */
export function readWebpChunks(bytes: Uint8Array): Result<WebpChunk[], WebpProblem> {
  if (ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return fail("not-a-webp");
  const view = viewOf(bytes);
  const end = RIFF_SIZE_EXCLUDES + view.getUint32(4, true);
  if (end > bytes.length) return fail("truncated");
  const chunks: WebpChunk[] = [];
  let at = RIFF_HEADER_BYTES;
  while (at + CHUNK_HEADER_BYTES <= end) {
    const size = view.getUint32(at + 4, true);
    const dataStart = at + CHUNK_HEADER_BYTES;
    if (dataStart + size > end) return fail("truncated");
    chunks.push({ type: ascii(bytes, at, 4), data: bytes.subarray(dataStart, dataStart + size) });
    // Chunks are padded to an even length.
    at = dataStart + size + (size % 2);
  }
  return chunks.length > 0 ? ok(chunks) : fail("truncated");
}

function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(CHUNK_HEADER_BYTES + data.length + (data.length % 2));
  out.set(asciiBytes(type));
  viewOf(out).setUint32(4, data.length, true);
  out.set(data, CHUNK_HEADER_BYTES);
  return out;
}

/** The WebP without its metadata (see the top of this file). */
export function stripWebpMetadata(bytes: Uint8Array): Result<Uint8Array, WebpProblem> {
  const read = readWebpChunks(bytes);
  if (!read.ok) return read;
  const exif = read.value.find((chunk) => chunk.type === EXIF);
  const orientation = exif ? orientationOf(exif.data) : ORIENTATION_NORMAL;
  // Only the extended format (VP8X) can carry Exif at all.
  const keepsExif = orientation !== ORIENTATION_NORMAL && read.value[0]?.type === VP8X;
  const kept = read.value.flatMap((chunk): WebpChunk[] => {
    if (chunk === exif) return keepsExif ? [{ type: EXIF, data: orientationOnlyTiff(orientation) }] : [];
    if (!KEPT.has(chunk.type)) return [];
    if (chunk.type !== VP8X) return [chunk];
    const header = chunk.data.slice();
    header[0] = ((header[0] ?? 0) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG)) | (keepsExif ? VP8X_EXIF_FLAG : 0);
    return [{ type: VP8X, data: header }];
  });
  const body = concat([asciiBytes("WEBP"), ...kept.map((chunk) => webpChunk(chunk.type, chunk.data))]);
  const out = concat([asciiBytes("RIFF"), new Uint8Array(4), body]);
  viewOf(out).setUint32(4, body.length, true);
  return ok(out);
}
