/**
 * Exif's TIFF structure, as far as metadata removal needs it: reading the orientation and writing
 * a block that holds the orientation and nothing else. JPEG, PNG and WebP all carry the same TIFF
 * data (a JPEG behind an "Exif\0\0" identifier, PNG and WebP usually without it).
 */
import { ascii, asciiBytes, concat, viewOf } from "./bytes";

/** The identifier before the TIFF data in a JPEG's APP1 segment (some PNG and WebP writers copy it). */
export const EXIF_ID = "Exif\0\0";

const TIFF_LITTLE_ENDIAN = "II";
const TIFF_BIG_ENDIAN = "MM";
const TIFF_MAGIC = 42;
const TIFF_HEADER_BYTES = 8;
const IFD_COUNT_BYTES = 2;
const IFD_ENTRY_BYTES = 12;
const IFD_NEXT_OFFSET_BYTES = 4;
const TIFF_SHORT = 3;
const ORIENTATION_TAG = 0x0112;
export const ORIENTATION_NORMAL = 1;
const ORIENTATION_MAX = 8;

/** The TIFF data of an Exif block, with or without the "Exif\0\0" identifier before it. */
export const withoutExifId = (exif: Uint8Array) => (ascii(exif, 0, EXIF_ID.length) === EXIF_ID ? exif.subarray(EXIF_ID.length) : exif);

/** The orientation (1-8) in Exif's first IFD, or null when it has none or cannot be read. */
export function tiffOrientation(tiff: Uint8Array): number | null {
  const order = ascii(tiff, 0, 2);
  if (order !== TIFF_LITTLE_ENDIAN && order !== TIFF_BIG_ENDIAN) return null;
  const view = viewOf(tiff);
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

/** The orientation an image asks for, or normal when it says nothing readable. */
export const orientationOf = (exif: Uint8Array) => tiffOrientation(withoutExifId(exif)) ?? ORIENTATION_NORMAL;

/** TIFF data that says only how the picture is turned (big-endian, one IFD, one entry), or none at all with `orientation` null. */
export function orientationOnlyTiff(orientation: number | null): Uint8Array {
  const entries = orientation === null ? 0 : 1;
  const tiff = new Uint8Array(TIFF_HEADER_BYTES + IFD_COUNT_BYTES + entries * IFD_ENTRY_BYTES + IFD_NEXT_OFFSET_BYTES);
  const view = viewOf(tiff);
  tiff.set(asciiBytes(TIFF_BIG_ENDIAN));
  view.setUint16(2, TIFF_MAGIC);
  view.setUint32(4, TIFF_HEADER_BYTES);
  view.setUint16(TIFF_HEADER_BYTES, entries);
  if (orientation !== null) {
    const entry = TIFF_HEADER_BYTES + IFD_COUNT_BYTES;
    view.setUint16(entry, ORIENTATION_TAG);
    view.setUint16(entry + 2, TIFF_SHORT);
    view.setUint32(entry + 4, 1);
    view.setUint16(entry + 8, orientation);
  }
  // The next-IFD offset stays 0: there is no second IFD (no thumbnail).
  return tiff;
}

/** The same with the "Exif\0\0" identifier in front, as a JPEG's APP1 segment holds it. */
export const orientationOnlyExif = (orientation: number) => concat([asciiBytes(EXIF_ID), orientationOnlyTiff(orientation)]);
