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
import { ascii, concat } from "./bytes";
import { EXIF_ID, ORIENTATION_NORMAL, orientationOnlyExif, tiffOrientation } from "./exif";
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

export const JPEG_MARKERS = { SOI, EOI, SOS, APP0, APP1, APP2, APP14, COM } as const;

export type JpegProblem = "not-a-jpeg" | "truncated";

export interface JpegSegment {
  marker: number;
  /** The bytes after the length field. */
  payload: Uint8Array;
  /** For a scan: the entropy-coded data that follows its header. */
  scanData?: Uint8Array;
}

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
  return startsWith(payload, EXIF_ID) ? tiffOrientation(payload.subarray(EXIF_ID.length)) : null;
}

/** The orientation the first readable Exif block among the segments asks for, normal when none says. */
export const segmentsOrientation = (segments: JpegSegment[]) =>
  segments.filter((s) => s.marker === APP1).map((s) => exifOrientation(s.payload)).find((o) => o !== null) ?? ORIENTATION_NORMAL;

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

/** The JPEG without its metadata (see the top of this file): SOI, kept segments and scans, EOI. */
export function stripJpegMetadata(bytes: Uint8Array): Result<Uint8Array, JpegProblem> {
  const read = readJpegSegments(bytes);
  if (!read.ok) return read;
  const orientation = segmentsOrientation(read.value);
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
