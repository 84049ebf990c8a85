/**
 * A stored picture's size and a JPEG's orientation, read from the headers without decoding: the
 * Worker checks a picture against its decode limit before it decodes one (worker/infra/imageCodecs.ts).
 */
import { viewOf } from "./bytes";
import { ORIENTATION_NORMAL } from "./exif";
import { readJpegSegments, segmentsOrientation } from "./jpeg";
import { readWebpChunks, type WebpChunk } from "./webp";

export interface PictureSize {
  width: number;
  height: number;
}

/** Start-of-frame markers: SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const SOF_FIRST = 0xc0;
const SOF_LAST = 0xcf;
const NOT_SOF = new Set([0xc4, 0xc8, 0xcc]);
/** A frame header: sample precision (1 byte), then height and width (2 bytes each, big-endian). */
const SOF_HEIGHT_OFFSET = 1;
const SOF_WIDTH_OFFSET = 3;
const SOF_MIN_BYTES = 5;

function jpegSize(bytes: Uint8Array): PictureSize | null {
  const read = readJpegSegments(bytes);
  if (!read.ok) return null;
  const frame = read.value.find((s) => s.marker >= SOF_FIRST && s.marker <= SOF_LAST && !NOT_SOF.has(s.marker) && s.payload.length >= SOF_MIN_BYTES);
  if (!frame) return null;
  const view = viewOf(frame.payload);
  return { width: view.getUint16(SOF_WIDTH_OFFSET), height: view.getUint16(SOF_HEIGHT_OFFSET) };
}

/** VP8X: flags and reserved (4 bytes), then canvas width - 1 and height - 1, 3 bytes each, little-endian. */
const VP8X_WIDTH_OFFSET = 4;
const VP8X_MIN_BYTES = 10;
/** VP8 (lossy): a 3-byte frame tag, the start code 9d 01 2a, then width and height, 14 bits each (2 bits of scale above). */
const VP8_START_CODE = [0x9d, 0x01, 0x2a];
const VP8_START_OFFSET = 3;
const VP8_WIDTH_OFFSET = 6;
const VP8_MIN_BYTES = 10;
/** VP8L (lossless): the signature 0x2f, then width - 1 and height - 1, 14 bits each, little-endian. */
const VP8L_SIGNATURE = 0x2f;
const VP8L_MIN_BYTES = 5;
const FOURTEEN_BITS = 0x3fff;
const FOURTEEN = 14;

const uint24 = (data: Uint8Array, at: number) => (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8) | ((data[at + 2] ?? 0) << 16);

function webpFrameSize({ type, data }: WebpChunk): PictureSize | null {
  if (type === "VP8X" && data.length >= VP8X_MIN_BYTES) return { width: uint24(data, VP8X_WIDTH_OFFSET) + 1, height: uint24(data, VP8X_WIDTH_OFFSET + 3) + 1 };
  if (type === "VP8 " && data.length >= VP8_MIN_BYTES && VP8_START_CODE.every((byte, i) => data[VP8_START_OFFSET + i] === byte)) {
    const view = viewOf(data);
    return { width: view.getUint16(VP8_WIDTH_OFFSET, true) & FOURTEEN_BITS, height: view.getUint16(VP8_WIDTH_OFFSET + 2, true) & FOURTEEN_BITS };
  }
  if (type === "VP8L" && data.length >= VP8L_MIN_BYTES && data[0] === VP8L_SIGNATURE) {
    const bits = viewOf(data).getUint32(1, true);
    return { width: (bits & FOURTEEN_BITS) + 1, height: ((bits >>> FOURTEEN) & FOURTEEN_BITS) + 1 };
  }
  return null;
}

function webpSize(bytes: Uint8Array): PictureSize | null {
  const read = readWebpChunks(bytes);
  // The first chunk says: VP8X (extended, its canvas), or the single frame itself.
  const first = read.ok ? read.value[0] : undefined;
  return first ? webpFrameSize(first) : null;
}

const READERS: Readonly<Record<"jpeg" | "webp", (bytes: Uint8Array) => PictureSize | null>> = { jpeg: jpegSize, webp: webpSize };

/** A JPEG's or WebP's width and height by its header, or null when it has none that reads. */
export const pictureSize = (bytes: Uint8Array, kind: "jpeg" | "webp"): PictureSize | null => READERS[kind](bytes);

/** The Exif orientation (1-8) a JPEG asks for, normal when it says nothing readable. */
export function jpegOrientation(bytes: Uint8Array): number {
  const read = readJpegSegments(bytes);
  return read.ok ? segmentsOrientation(read.value) : ORIENTATION_NORMAL;
}
