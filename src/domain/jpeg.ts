/**
 * Removes metadata from a JPEG before it is stored (ARCHITECTURE: photos), by walking its segments:
 * no decoding, no native code, the compressed image data copied byte for byte.
 *
 * Kept: the frame, tables, restart interval and scans (the picture itself), the JFIF header without
 * its embedded thumbnail, an ICC colour profile (colours, nothing personal) and the Adobe segment
 * (it says how to turn the samples into colours). Dropped: Exif and XMP (APP1: GPS position,
 * camera, times, an embedded preview that may show what was cropped away), every other APPn
 * (IPTC captions, MPF side images), comments, and anything after the end-of-image marker (phones
 * append depth maps and second pictures there).
 *
 * Orientation is the one Exif value kept, in a freshly written Exif block holding nothing else:
 * phones store pictures sideways and rely on it, browsers apply it when they draw the image, and the
 * thumbnail the browser makes is drawn upright from it. Turning the pixels instead would mean
 * decoding and re-encoding (a quality loss and native code); dropping it would show portraits on
 * their side. A picture whose orientation is normal (1) comes out with no Exif block at all.
 */
import { fail, ok, type Result } from "./result";

const MARKER_PREFIX = 0xff;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const RST_FIRST = 0xd0;
const RST_LAST = 0xd7;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
/** Inside scan data, 0xFF 0x00 is a stuffed 0xFF byte, not a marker. */
const STUFFED_ZERO = 0x00;

const MARKER_BYTES = 2;
const LENGTH_BYTES = 2;
const BYTE_BITS = 8;
const BYTE_MASK = 0xff;

const JFIF_ID = "JFIF\0";
/** JFIF header without a thumbnail: identifier, version (2), units (1), densities (2 + 2), thumbnail size (1 + 1). */
const JFIF_HEADER_BYTES = JFIF_ID.length + 2 + 1 + 4 + 2;
const JFIF_THUMBNAIL_SIZE_OFFSET = JFIF_HEADER_BYTES - 2;
const ICC_ID = "ICC_PROFILE\0";
const ADOBE_ID = "Adobe";
const EXIF_ID = "Exif\0\0";

/** TIFF structure inside the Exif block (byte order mark, the number 42, the first IFD's offset). */
const TIFF_LITTLE_ENDIAN = "II";
const TIFF_BIG_ENDIAN = "MM";
const TIFF_MAGIC = 42;
const TIFF_HEADER_BYTES = 8;
const IFD_COUNT_BYTES = 2;
const IFD_ENTRY_BYTES = 12;
const IFD_NEXT_OFFSET_BYTES = 4;
const TIFF_SHORT = 3;
const ORIENTATION_TAG = 0x0112;
const ORIENTATION_NORMAL = 1;
const ORIENTATION_MAX = 8;

export const JPEG_MARKERS = { SOI, EOI, SOS, APP0, APP1, APP2, APP14, COM } as const;

export type JpegProblem = "not-a-jpeg" | "truncated";

export interface JpegSegment {
  marker: number;
  /** The bytes after the length field. */
  payload: Uint8Array;
  /** For a scan: the entropy-coded data that follows its header. */
  scanData?: Uint8Array;
}

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  bytes.length >= offset + length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : "";
const startsWith = (payload: Uint8Array, id: string) => ascii(payload, 0, id.length) === id;
const isStandalone = (marker: number) => marker === TEM || (marker >= RST_FIRST && marker <= RST_LAST);

/** Where a scan's entropy-coded data ends: at the first marker that is not a stuffed byte or a restart. */
function scanEnd(bytes: Uint8Array, start: number): number {
  let i = start;
  while (i < bytes.length) {
    // Jump to the next 0xFF natively: scans are most of a photo's bytes.
    i = bytes.indexOf(MARKER_PREFIX, i);
    if (i === -1) return bytes.length;
    const next = bytes[i + 1];
    if (next === undefined) return bytes.length;
    if (next === STUFFED_ZERO || (next >= RST_FIRST && next <= RST_LAST)) i += 2;
    else if (next === MARKER_PREFIX) i += 1;
    else return i;
  }
  return bytes.length;
}

/**
 * The segments from SOI to EOI, in order (EOI itself not listed). A file that ends inside a scan
 * without EOI still counts (browsers show what arrived); one that ends inside a segment does not.
 */
export function readJpegSegments(bytes: Uint8Array): Result<JpegSegment[], JpegProblem> {
  if (bytes[0] !== MARKER_PREFIX || bytes[1] !== SOI) return fail("not-a-jpeg");
  const segments: JpegSegment[] = [];
  let i = MARKER_BYTES;
  while (i < bytes.length) {
    if (bytes[i] !== MARKER_PREFIX) return fail("truncated");
    while (bytes[i] === MARKER_PREFIX) i += 1;
    const marker = bytes[i];
    if (marker === undefined) return fail("truncated");
    i += 1;
    if (marker === EOI) return ok(segments);
    if (isStandalone(marker)) {
      segments.push({ marker, payload: new Uint8Array() });
      continue;
    }
    if (i + LENGTH_BYTES > bytes.length) return fail("truncated");
    const length = ((bytes[i] ?? 0) << BYTE_BITS) | (bytes[i + 1] ?? 0);
    const end = i + length;
    if (length < LENGTH_BYTES || end > bytes.length) return fail("truncated");
    const payload = bytes.subarray(i + LENGTH_BYTES, end);
    if (marker === SOS) {
      const dataEnd = scanEnd(bytes, end);
      segments.push({ marker, payload, scanData: bytes.subarray(end, dataEnd) });
      i = dataEnd;
    } else {
      segments.push({ marker, payload });
      i = end;
    }
  }
  // Ended inside a scan without EOI: keep what is there.
  return segments.some((s) => s.marker === SOS) ? ok(segments) : fail("truncated");
}

/** The Exif orientation (1-8) in an APP1 payload, or null when it has none or cannot be read. */
export function exifOrientation(payload: Uint8Array): number | null {
  if (!startsWith(payload, EXIF_ID)) return null;
  const tiff = payload.subarray(EXIF_ID.length);
  const order = ascii(tiff, 0, 2);
  if (order !== TIFF_LITTLE_ENDIAN && order !== TIFF_BIG_ENDIAN) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = order === TIFF_LITTLE_ENDIAN;
  if (tiff.length < TIFF_HEADER_BYTES || view.getUint16(2, little) !== TIFF_MAGIC) return null;
  const ifd = view.getUint32(4, little);
  if (ifd + IFD_COUNT_BYTES > tiff.length) return null;
  const entries = view.getUint16(ifd, little);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + IFD_COUNT_BYTES + n * IFD_ENTRY_BYTES;
    if (entry + IFD_ENTRY_BYTES > tiff.length) return null;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    if (view.getUint16(entry + 2, little) !== TIFF_SHORT) return null;
    const value = view.getUint16(entry + 8, little);
    return value >= ORIENTATION_NORMAL && value <= ORIENTATION_MAX ? value : null;
  }
  return null;
}

/** An Exif block that says only how the picture is turned (big-endian TIFF, one IFD, one entry). */
export function orientationOnlyExif(orientation: number): Uint8Array {
  const tiff = new Uint8Array(TIFF_HEADER_BYTES + IFD_COUNT_BYTES + IFD_ENTRY_BYTES + IFD_NEXT_OFFSET_BYTES);
  const view = new DataView(tiff.buffer);
  tiff.set([...TIFF_BIG_ENDIAN].map((c) => c.charCodeAt(0)));
  view.setUint16(2, TIFF_MAGIC);
  view.setUint32(4, TIFF_HEADER_BYTES);
  view.setUint16(TIFF_HEADER_BYTES, 1);
  const entry = TIFF_HEADER_BYTES + IFD_COUNT_BYTES;
  view.setUint16(entry, ORIENTATION_TAG);
  view.setUint16(entry + 2, TIFF_SHORT);
  view.setUint32(entry + 4, 1);
  view.setUint16(entry + 8, orientation);
  // The next-IFD offset stays 0: there is no second IFD (no thumbnail).
  const payload = new Uint8Array(EXIF_ID.length + tiff.length);
  payload.set([...EXIF_ID].map((c) => c.charCodeAt(0)));
  payload.set(tiff, EXIF_ID.length);
  return payload;
}

/** The JFIF header with its thumbnail size set to none and the thumbnail's pixels left out. */
function jfifWithoutThumbnail(payload: Uint8Array): Uint8Array {
  const header = payload.slice(0, JFIF_HEADER_BYTES);
  header[JFIF_THUMBNAIL_SIZE_OFFSET] = 0;
  header[JFIF_THUMBNAIL_SIZE_OFFSET + 1] = 0;
  return header;
}

/** What of a segment is stored: the payload as is, a shortened one, or nothing. */
function keptPayload(segment: JpegSegment): Uint8Array | null {
  const { marker, payload } = segment;
  if (marker === APP0) return startsWith(payload, JFIF_ID) && payload.length >= JFIF_HEADER_BYTES ? jfifWithoutThumbnail(payload) : null;
  if (marker === APP2) return startsWith(payload, ICC_ID) ? payload : null;
  if (marker === APP14) return startsWith(payload, ADOBE_ID) ? payload : null;
  if ((marker >= APP0 && marker <= APP15) || marker === COM) return null;
  return payload;
}

function segmentBytes(marker: number, payload: Uint8Array, scanData?: Uint8Array): Uint8Array[] {
  if (isStandalone(marker)) return [Uint8Array.of(MARKER_PREFIX, marker)];
  const length = payload.length + LENGTH_BYTES;
  return [Uint8Array.of(MARKER_PREFIX, marker, (length >> BYTE_BITS) & BYTE_MASK, length & BYTE_MASK), payload, ...(scanData ? [scanData] : [])];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The JPEG without its metadata (see the top of this file): SOI, kept segments and scans, EOI. */
export function stripJpegMetadata(bytes: Uint8Array): Result<Uint8Array, JpegProblem> {
  const read = readJpegSegments(bytes);
  if (!read.ok) return read;
  const orientation = read.value.filter((s) => s.marker === APP1).map((s) => exifOrientation(s.payload)).find((o) => o !== null) ?? ORIENTATION_NORMAL;
  const kept = read.value.flatMap((segment) => {
    const payload = keptPayload(segment);
    return payload ? [{ marker: segment.marker, payload, scanData: segment.scanData }] : [];
  });
  // JFIF wants its header first and Exif wants to come early: JFIF, then the orientation, then the rest.
  const [first, ...rest] = kept;
  const jfif = first?.marker === APP0 ? [first] : [];
  const others = first?.marker === APP0 ? rest : kept;
  const exif = orientation === ORIENTATION_NORMAL ? [] : [{ marker: APP1, payload: orientationOnlyExif(orientation), scanData: undefined }];
  return ok(
    concat([
      Uint8Array.of(MARKER_PREFIX, SOI),
      ...[...jfif, ...exif, ...others].flatMap((s) => segmentBytes(s.marker, s.payload, s.scanData)),
      Uint8Array.of(MARKER_PREFIX, EOI),
    ]),
  );
}
