/**
 * Removes metadata from a HEIC/HEIF before it is stored, in place: the file keeps its size and its
 * box structure (every offset in it stays right), only metadata bytes are overwritten.
 *
 * A HEIF is a tree of ISO-BMFF boxes. Its pictures are items of the `meta` box, and so is its
 * metadata: an `Exif` item (GPS position, camera, times) and `mime` items (XMP), whose bytes sit
 * where the item location box (`iloc`) says, in `mdat` or in the `meta` box's own `idat`. Those
 * bytes are overwritten: an Exif item with an empty Exif block (no tags), a MIME item with an
 * empty XMP packet and spaces. Boxes that carry nothing but metadata (`udta` and `meta` of an
 * image sequence's tracks, XML boxes, `uuid` boxes such as XMP's, and any other unknown top-level
 * box) become `free` boxes with zeroed contents, which every reader skips.
 *
 * The orientation of a HEIF picture lives in its `irot`/`imir` properties, not in Exif, and is
 * left untouched: phone pictures stay upright.
 */
import { ascii, asciiBytes, concat } from "./bytes";
import { orientationOnlyTiff } from "./exif";
import { type Box, FULL_BOX_HEADER_BYTES, free, METADATA_BOXES, Reader, Unreadable } from "./isoBoxes";
import { fail, ok, type Result } from "./result";

export type HeifProblem = "not-a-heif" | "truncated" | "unsupported";

const NIBBLE_BITS = 4;
const NIBBLE_MASK = 0x0f;
const SPACE = 0x20;

/** Top-level boxes a still image or image sequence is made of; any other top-level box is metadata or unknown. */
const TOP_LEVEL_KEPT = new Set(["ftyp", "meta", "mdat", "moov", "free", "skip", "styp", "sidx", "moof", "mfra"]);
/** Inside an image sequence's movie box: boxes whose children are walked for metadata. */
const MOVIE_CONTAINERS = new Set(["moov", "trak", "mdia"]);
/** Item types whose bytes are metadata: Exif, MIME content (XMP) and URI-typed items. */
const EXIF_ITEM = "Exif";
const MIME_ITEM = "mime";
const URI_ITEM = "uri ";

/** Item id to item type, from the item information box (`iinf`) and its `infe` entries. */
function itemTypes(reader: Reader, iinf: Box): Map<number, string> {
  const version = reader.uint(iinf.dataStart, 1, iinf.end);
  const entries = reader.boxes(iinf.dataStart + FULL_BOX_HEADER_BYTES + (version === 0 ? 2 : 4), iinf.end);
  const types = new Map<number, string>();
  for (const infe of entries.filter((box) => box.type === "infe")) {
    const entryVersion = reader.uint(infe.dataStart, 1, infe.end);
    const at = infe.dataStart + FULL_BOX_HEADER_BYTES;
    // Versions 0 and 1 predate item types: they describe MIME-typed content only, never a picture.
    if (entryVersion < 2) {
      types.set(reader.uint(at, 2, infe.end), MIME_ITEM);
      continue;
    }
    const idBytes = entryVersion === 2 ? 2 : 4;
    const typeAt = at + idBytes + 2;
    reader.uint(typeAt, 4, infe.end);
    types.set(reader.uint(at, idBytes, infe.end), ascii(reader.bytes, typeAt, 4));
  }
  return types;
}

interface Region {
  start: number;
  end: number;
}

/**
 * Where each item's bytes are, from the item location box (`iloc`), as regions of the file.
 * Offsets count from the file's start (construction method 0) or from the `idat` box's data (1);
 * items in other files (a data reference) have no bytes here.
 */
function itemRegions(reader: Reader, iloc: Box, idat: Box | undefined): Map<number, Region[]> {
  const { end } = iloc;
  let at = iloc.dataStart;
  const version = reader.uint(at, 1, end);
  if (version > 2) throw new Unreadable("unsupported");
  at += FULL_BOX_HEADER_BYTES;
  const sizes = reader.uint(at, 1, end);
  const moreSizes = reader.uint(at + 1, 1, end);
  at += 2;
  const offsetSize = sizes >> NIBBLE_BITS;
  const lengthSize = sizes & NIBBLE_MASK;
  const baseOffsetSize = moreSizes >> NIBBLE_BITS;
  const indexSize = version === 0 ? 0 : moreSizes & NIBBLE_MASK;
  const idBytes = version < 2 ? 2 : 4;
  const count = reader.uint(at, idBytes, end);
  at += idBytes;
  const regions = new Map<number, Region[]>();
  for (let n = 0; n < count; n++) {
    const id = reader.uint(at, idBytes, end);
    at += idBytes;
    const constructionMethod = version === 0 ? 0 : reader.uint(at, 2, end) & NIBBLE_MASK;
    if (version !== 0) at += 2;
    const dataReference = reader.uint(at, 2, end);
    const baseOffset = reader.uint(at + 2, baseOffsetSize, end);
    at += 2 + baseOffsetSize;
    const extents = reader.uint(at, 2, end);
    at += 2;
    const itemRegions: Region[] = [];
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = reader.uint(at, offsetSize, end);
      const length = reader.uint(at + offsetSize, lengthSize, end);
      at += offsetSize + lengthSize;
      itemRegions.push(regionOf(reader, constructionMethod, baseOffset + offset, length, idat));
    }
    if (dataReference === 0) regions.set(id, itemRegions);
  }
  return regions;
}

function regionOf(reader: Reader, constructionMethod: number, offset: number, length: number, idat: Box | undefined): Region {
  // A length of 0 means "everything referenced", which metadata never needs.
  if (length === 0) throw new Unreadable("unsupported");
  const base = constructionMethod === 0 ? 0 : constructionMethod === 1 && idat ? idat.dataStart : null;
  if (base === null) throw new Unreadable("unsupported");
  const limit = constructionMethod === 0 ? reader.bytes.length : (idat?.end ?? 0);
  const start = base + offset;
  if (start + length > limit) throw new Unreadable("truncated");
  return { start, end: start + length };
}

/** Writes `payload` across an item's regions in order, then `fill` to their end. */
function overwrite(out: Uint8Array, regions: Region[], payload: Uint8Array, fill: number) {
  let written = 0;
  for (const { start, end } of regions) {
    const part = payload.subarray(written, written + (end - start));
    out.set(part, start);
    out.fill(fill, start + part.length, end);
    written += part.length;
  }
}

/** An Exif item's payload with no tags: the offset of the TIFF header (0), then an empty TIFF structure. */
const EMPTY_EXIF_ITEM = concat([new Uint8Array(4), orientationOnlyTiff(null)]);

/** A MIME item's payload: an XMP packet with nothing in it (then spaces), which XML readers still accept. */
const EMPTY_XMP = asciiBytes('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>');

function freeMovieMetadata(reader: Reader, out: Uint8Array, container: Box) {
  for (const box of reader.boxes(container.dataStart, container.end)) {
    if (METADATA_BOXES.has(box.type)) free(out, box);
    else if (MOVIE_CONTAINERS.has(box.type)) freeMovieMetadata(reader, out, box);
  }
}

function clearItems(reader: Reader, out: Uint8Array, meta: Box) {
  const children = reader.boxes(meta.dataStart + FULL_BOX_HEADER_BYTES, meta.end);
  const find = (type: string) => children.find((box) => box.type === type);
  for (const box of children) if (METADATA_BOXES.has(box.type)) free(out, box);
  const iinf = find("iinf");
  const iloc = find("iloc");
  if (!iinf || !iloc) return;
  const regions = itemRegions(reader, iloc, find("idat"));
  for (const [id, type] of itemTypes(reader, iinf)) {
    const where = regions.get(id);
    if (!where) continue;
    if (type === EXIF_ITEM) overwrite(out, where, EMPTY_EXIF_ITEM, 0);
    else if (type === MIME_ITEM || type === URI_ITEM) overwrite(out, where, EMPTY_XMP, SPACE);
  }
}

/** The HEIF without its metadata (see the top of this file): a copy of the same size. */
export function stripHeifMetadata(bytes: Uint8Array): Result<Uint8Array, HeifProblem> {
  if (ascii(bytes, 4, 4) !== "ftyp") return fail("not-a-heif");
  const reader = new Reader(bytes);
  const out = bytes.slice();
  try {
    for (const box of reader.boxes(0, bytes.length)) {
      if (box.type === "meta") clearItems(reader, out, box);
      else if (box.type === "moov") freeMovieMetadata(reader, out, box);
      else if (!TOP_LEVEL_KEPT.has(box.type)) free(out, box);
    }
    return ok(out);
  } catch (error) {
    if (error instanceof Unreadable) return fail(error.problem);
    throw error;
  }
}
