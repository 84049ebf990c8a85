/**
 * Reading ISO base media file format boxes (ISO/IEC 14496-12: HEIF, MP4, QuickTime), shared by the
 * HEIF rewrite (heif.ts) and the clips' container (clipContainer.ts), and turning a box into `free`.
 */
import { ascii, asciiBytes, viewOf } from "./bytes";

export type BoxProblem = "truncated" | "unsupported";

export interface Box {
  type: string;
  start: number;
  /** Where the box's contents begin (after the size, type and any 64-bit size). */
  contentStart: number;
  /** Where its data begins (after a `uuid` box's 16-byte user type, else as contentStart). */
  dataStart: number;
  end: number;
}

/** Thrown while reading; the callers turn it into their Result. */
export class Unreadable extends Error {
  constructor(readonly problem: BoxProblem) {
    super(problem);
  }
}

export const FULL_BOX_HEADER_BYTES = 4;
export const BOX_HEADER_BYTES = 8;
export const LARGE_BOX_HEADER_BYTES = 16;
const UUID_BYTES = 16;
/** Boxes holding only metadata (inside a HEIF's `meta`, a movie or its tracks): location, camera, XMP. */
export const METADATA_BOXES = new Set(["udta", "meta", "xml ", "bxml", "uuid"]);
const UINT32_RANGE = 2 ** 32;
/** The high half of a 64-bit size or offset above which the number would not be exact in JavaScript. */
const MAX_SAFE_HIGH = Math.floor(Number.MAX_SAFE_INTEGER / UINT32_RANGE);

/** A 64-bit big-endian number from its halves, refused where JavaScript would round it. */
export function uint64(high: number, low: number): number {
  if (high > MAX_SAFE_HIGH) throw new Unreadable("unsupported");
  return high * UINT32_RANGE + low;
}

/** The bytes a file's boxes are read from, with bounds checked on every read. */
export class Reader {
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = viewOf(bytes);
  }

  /** An unsigned big-endian number of 0, 1, 2, 4 or 8 bytes at `at` (checked against `end`). */
  uint(at: number, size: number, end = this.bytes.length): number {
    if (at + size > end) throw new Unreadable("truncated");
    switch (size) {
      case 0:
        return 0;
      case 1:
        return this.view.getUint8(at);
      case 2:
        return this.view.getUint16(at);
      case 4:
        return this.view.getUint32(at);
      case 8:
        return uint64(this.view.getUint32(at), this.view.getUint32(at + 4));
      default:
        throw new Unreadable("unsupported");
    }
  }

  /** The four-character code at `at`. */
  type(at: number, end = this.bytes.length): string {
    if (at + 4 > end) throw new Unreadable("truncated");
    return ascii(this.bytes, at, 4);
  }

  /** The boxes laid one after another from `start` to `end`. */
  boxes(start: number, end: number): Box[] {
    const boxes: Box[] = [];
    let at = start;
    while (at + BOX_HEADER_BYTES <= end) {
      const size32 = this.uint(at, 4, end);
      const type = ascii(this.bytes, at + 4, 4);
      const largeSize = size32 === 1;
      const size = largeSize ? this.uint(at + 8, 8, end) : size32 === 0 ? end - at : size32;
      const contentStart = at + (largeSize ? LARGE_BOX_HEADER_BYTES : BOX_HEADER_BYTES);
      const dataStart = contentStart + (type === "uuid" ? UUID_BYTES : 0);
      if (dataStart > at + size || at + size > end) throw new Unreadable("truncated");
      boxes.push({ type, start: at, contentStart, dataStart, end: at + size });
      at += size;
    }
    return boxes;
  }
}

/** A box turned into a `free` box with zeroed contents: readers skip it, sizes and offsets stay. */
export function free(out: Uint8Array, box: Box) {
  out.set(asciiBytes("free"), box.start + 4);
  out.fill(0, box.contentStart, box.end);
}
