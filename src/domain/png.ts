/**
 * Removes metadata from a PNG before it is stored, by walking its chunks: no decoding, the
 * compressed image data copied byte for byte.
 *
 * Kept, by an allowlist: the chunks that make the picture (header, palette, image data, end), the
 * ones that say how to show it (transparency, colour space and profile, gamma, significant bits,
 * background, histogram, suggested palette, pixel size, HDR levels) and the animation chunks of
 * APNG. Everything else goes: Exif (`eXIf`: GPS position, camera), text (`tEXt`, `zTXt`, `iTXt`:
 * comments, XMP, IPTC, the software that made it), the modification time, private chunks, and
 * whatever follows the end chunk.
 *
 * As in a JPEG (src/domain/jpeg.ts), the Exif orientation is the one value kept, in an `eXIf`
 * chunk holding nothing else, where the original was: browsers turn the picture by it.
 */
import { ascii, asciiBytes, concat, viewOf } from "./bytes";
import { ORIENTATION_NORMAL, orientationOf, orientationOnlyTiff } from "./exif";
import { fail, ok, type Result } from "./result";

export type PngProblem = "not-a-png" | "truncated";

export const PNG_SIGNATURE: readonly number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const LENGTH_BYTES = 4;
const TYPE_BYTES = 4;
const CRC_BYTES = 4;
/** Chunk lengths are at most 2^31 - 1. */
const MAX_CHUNK_LENGTH = 0x7fffffff;
const IEND = "IEND";
const EXIF = "eXIf";

const KEPT = new Set(["IHDR", "PLTE", "IDAT", IEND, "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "mDCV", "cLLI", "bKGD", "hIST", "sPLT", "pHYs", "acTL", "fcTL", "fdAT"]);

export interface PngChunk {
  type: string;
  data: Uint8Array;
  /** The whole chunk as it was: length, type, data and CRC. */
  raw: Uint8Array;
}

/** The chunks from the signature to IEND (inclusive); a file without IEND is cut off. */
export function readPngChunks(bytes: Uint8Array): Result<PngChunk[], PngProblem> {
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return fail("not-a-png");
  const view = viewOf(bytes);
  const chunks: PngChunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at + LENGTH_BYTES + TYPE_BYTES <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + LENGTH_BYTES + TYPE_BYTES + length + CRC_BYTES;
    if (length > MAX_CHUNK_LENGTH || end > bytes.length) return fail("truncated");
    const type = ascii(bytes, at + LENGTH_BYTES, TYPE_BYTES);
    const dataStart = at + LENGTH_BYTES + TYPE_BYTES;
    chunks.push({ type, data: bytes.subarray(dataStart, dataStart + length), raw: bytes.subarray(at, end) });
    if (type === IEND) return ok(chunks);
    at = end;
  }
  return fail("truncated");
}

const CRC_POLYNOMIAL = 0xedb88320;
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? CRC_POLYNOMIAL ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG computes it over a chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = concat([asciiBytes(type), data]);
  const out = new Uint8Array(LENGTH_BYTES + typeAndData.length + CRC_BYTES);
  const view = viewOf(out);
  view.setUint32(0, data.length);
  out.set(typeAndData, LENGTH_BYTES);
  view.setUint32(LENGTH_BYTES + typeAndData.length, crc32(typeAndData));
  return out;
}

/** The PNG without its metadata (see the top of this file). */
export function stripPngMetadata(bytes: Uint8Array): Result<Uint8Array, PngProblem> {
  const read = readPngChunks(bytes);
  if (!read.ok) return read;
  // PNG allows one eXIf chunk: the first one counts.
  const exif = read.value.find((chunk) => chunk.type === EXIF);
  const kept = read.value.flatMap((chunk) => {
    if (chunk === exif) {
      const orientation = orientationOf(chunk.data);
      return orientation === ORIENTATION_NORMAL ? [] : [pngChunk(EXIF, orientationOnlyTiff(orientation))];
    }
    return KEPT.has(chunk.type) ? [chunk.raw] : [];
  });
  return ok(concat([Uint8Array.from(PNG_SIGNATURE), ...kept]));
}
