/**
 * A video clip's container (MP4, QuickTime, WebM) cut into regions, so a clip of up to 1 GB can be
 * stripped of its location, camera and software on its way into storage by a Worker that only ever
 * holds one part of it (issue 41). The approach is the HEIC rewrite's (heif.ts): metadata is
 * overwritten in place, so sizes and offsets stay and the media bytes are never touched.
 *
 * 1. The browser reads box (ISO-BMFF) or element (EBML) headers only, and declares a layout: the
 *    file as contiguous regions, `structure` (headers and whole non-media boxes: `ftyp`, `moov`,
 *    `uuid`, WebM's Info, Tracks, Tags...), `media` (an `mdat` payload, a Cluster's blocks) and
 *    `blank` (payloads of `free`/`skip`/`wide` boxes, written as zeros).
 * 2. The server is sent the structure bytes. `inspectClip` walks them again the same way the browser
 *    did, so a layout that does not follow from its own structure bytes is refused; then reads
 *    duration and codecs, and computes the sanitized structure (metadata boxes turned `free`, Tags
 *    and Attachments turned EBML Void) and the byte ranges of timed-metadata samples (a phone's or
 *    an action camera's GPS track) inside media regions, which are zeroed too.
 * 3. `planParts` says which structure slices each uploaded part overlaps (the server checks them
 *    against the declared bytes), and `sanitizePart` writes the sanitized slices over a part.
 *
 * Problems: `not-a-clip` for neither an ISO file starting with `ftyp` nor an EBML WebM, for a
 * malformed layout, and for structure bytes that do not give the declared layout; `truncated` for
 * a box or element reaching past the end (and for fewer structure bytes than declared);
 * `unsupported` for fragmented MP4, several movies, Matroska that is not WebM, unknown sizes where
 * WebM allows none; `too-much-structure` above CLIP_MAX_STRUCTURE_BYTES or CLIP_MAX_REGIONS.
 */
import { ascii, concat, viewOf } from "./bytes";
import { type Box, BOX_HEADER_BYTES, free, FULL_BOX_HEADER_BYTES, LARGE_BOX_HEADER_BYTES, METADATA_BOXES, Reader, uint64, Unreadable } from "./isoBoxes";
import { z } from "zod";
import { fail, ok, type Result } from "./result";
import { BYTES_PER_MB, MS_PER_SECOND } from "./units";

export type ClipContainer = "mp4" | "quicktime" | "webm";
export type ClipRegionKind = "structure" | "media" | "blank";
/** A stretch of the file, `end` exclusive; a layout's regions are contiguous, sorted and cover the file. */
export interface ClipRegion {
  start: number;
  end: number;
  kind: ClipRegionKind;
}
export interface ClipLayout {
  container: ClipContainer;
  fileSize: number;
  regions: ClipRegion[];
}
export type ClipProblem = "not-a-clip" | "truncated" | "unsupported" | "too-much-structure";
export interface ClipTrackInfo {
  /** The sample entry's four-character code as stored ("avc1", "hvc1", "mp4a"), or WebM's CodecID ("V_VP9", "A_OPUS"). */
  codec: string;
  width?: number;
  height?: number;
}
export interface ClipInspection {
  container: ClipContainer;
  /** The movie header's duration, or WebM's Info Duration; for a WebM without one, the last block's time (one frame short). */
  durationMs: number;
  /** The first video track. */
  video: ClipTrackInfo | null;
  /** The first audio track. */
  audio: ClipTrackInfo | null;
  /** The structure bytes with their metadata overwritten: the same length. */
  sanitizedStructure: Uint8Array;
  /** Absolute file ranges inside media regions to zero (timed-metadata samples), sorted and merged. */
  blankRanges: ByteRange[];
}
export interface ByteRange {
  start: number;
  end: number;
}
export interface ClipPartPlan {
  /** 1-based, as R2's multipart parts. */
  partNumber: number;
  start: number;
  end: number;
  /** The structure slices this part overlaps: absolute range and where the slice sits in the structure bytes. */
  structure: Array<{ start: number; end: number; structureOffset: number }>;
  /** The blank regions intersecting this part (written as zeros). */
  blank: ByteRange[];
}

/** A 5-minute 4K phone clip's movie box is a few MB; a structure far beyond that is refused. */
export const CLIP_MAX_STRUCTURE_BYTES = 48 * BYTES_PER_MB;
/**
 * A WebM from a browser's MediaRecorder has Clusters of unknown size, whose end is found by
 * walking their blocks, so each block's header is a structure region of its own (about 80 a second
 * of video with audio). This bounds the layout a server accepts, and the boxes or elements walked.
 */
export const CLIP_MAX_REGIONS = 250_000;

/** A layout as the server receives it (inspectClip checks the rest: contiguity, coverage, the structure bytes). */
export const clipLayoutSchema = z.object({
  container: z.enum(["mp4", "quicktime", "webm"]),
  fileSize: z.number().int().positive(),
  regions: z
    .array(z.object({ start: z.number().int().nonnegative(), end: z.number().int().positive(), kind: z.enum(["structure", "media", "blank"]) }))
    .min(1)
    .max(CLIP_MAX_REGIONS),
});

/** The bytes the browser reads at once while walking headers (a File.slice each). */
const READ_AHEAD_BYTES = 16 * 1024;

class Refusal extends Error {
  constructor(readonly problem: ClipProblem) {
    super(problem);
  }
}

const refuse = (problem: ClipProblem): never => {
  throw new Refusal(problem);
};

function attempt<T>(run: () => T): Result<T, ClipProblem> {
  try {
    return ok(run());
  } catch (error) {
    if (error instanceof Refusal || error instanceof Unreadable) return fail(error.problem);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The walk: one generator reads the headers for both sides. It yields the byte ranges it needs and
// is handed their bytes: from the file in the browser (readClipLayout), from the declared
// structure bytes on the server (inspectClip), where a range outside them refuses the layout.
// ---------------------------------------------------------------------------------------------

type Walker<T> = Generator<ByteRange, T, Uint8Array>;

/** The bytes [start, end), which must lie before `limit`. */
function* bytesAt(start: number, end: number, limit: number): Walker<Uint8Array> {
  if (end > limit) refuse("truncated");
  return yield { start, end };
}

/** Regions as they are found, merged with the previous one when of the same kind; and the boxes or elements walked, counted. */
class Regions {
  readonly list: ClipRegion[] = [];
  private structureBytes = 0;
  private walked = 0;

  /** One more box or element read: a file of countless tiny ones is refused, not walked. */
  walk() {
    if (++this.walked > CLIP_MAX_REGIONS) refuse("too-much-structure");
  }

  add(kind: ClipRegionKind, start: number, end: number) {
    if (end <= start) return;
    if (kind === "structure") {
      this.structureBytes += end - start;
      if (this.structureBytes > CLIP_MAX_STRUCTURE_BYTES) refuse("too-much-structure");
    }
    const last = this.list.at(-1);
    if (last && last.kind === kind && last.end === start) last.end = end;
    else if (this.list.push({ start, end, kind }) > CLIP_MAX_REGIONS) refuse("too-much-structure");
  }
}

interface IsoWalk {
  container: "mp4" | "quicktime";
  regions: ClipRegion[];
  /** The top-level boxes, at their absolute offsets. */
  boxes: Box[];
}

interface EbmlElement {
  id: number;
  start: number;
  dataStart: number;
  end: number;
}

interface WebmWalk {
  container: "webm";
  regions: ClipRegion[];
  /** The Segment's children other than Clusters (wholly structure). */
  elements: EbmlElement[];
  /** The last Cluster's Timestamp, and the latest block time in it (only where its blocks were walked). */
  lastClusterTime: number;
  lastBlockTime: number;
}

type Walk = IsoWalk | WebmWalk;

const EBML_MAGIC = 0x1a45dfa3;

function* walkClip(fileSize: number): Walker<Walk> {
  const head = yield* bytesAt(0, BOX_HEADER_BYTES, fileSize);
  if (viewOf(head).getUint32(0) === EBML_MAGIC) return yield* walkWebm(fileSize);
  if (ascii(head, 4, 4) === "ftyp") return yield* walkIso(fileSize);
  return refuse("not-a-clip");
}

// ---------------------------------------------------------------------------------------------
// ISO-BMFF (MP4, QuickTime)
// ---------------------------------------------------------------------------------------------

/** Top-level boxes whose payload is written as zeros. */
const BLANK_BOXES = new Set(["free", "skip", "wide"]);
const QUICKTIME_BRAND = "qt  ";
/** Major brands of still pictures (HEIF, AVIF), which share the box format but are no clips. */
const PICTURE_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "mif1", "msf1", "avif", "avis"]);

function* walkIso(fileSize: number): Walker<IsoWalk> {
  const regions = new Regions();
  const boxes: Box[] = [];
  let container: IsoWalk["container"] = "mp4";
  let movies = 0;
  for (let at = 0; at < fileSize; ) {
    regions.walk();
    const header = viewOf(yield* bytesAt(at, at + BOX_HEADER_BYTES, fileSize));
    const size32 = header.getUint32(0);
    const type = String.fromCharCode(header.getUint8(4), header.getUint8(5), header.getUint8(6), header.getUint8(7));
    let headerBytes = BOX_HEADER_BYTES;
    let size = size32 === 0 ? fileSize - at : size32;
    if (size32 === 1) {
      const large = viewOf(yield* bytesAt(at + BOX_HEADER_BYTES, at + LARGE_BOX_HEADER_BYTES, fileSize));
      size = uint64(large.getUint32(0), large.getUint32(4));
      headerBytes = LARGE_BOX_HEADER_BYTES;
    }
    if (size < headerBytes) refuse("not-a-clip");
    const end = at + size;
    if (end > fileSize) refuse("truncated");
    const box = { type, start: at, contentStart: at + headerBytes, dataStart: at + headerBytes, end };
    if (at === 0) {
      const brand = yield* isoBrand(box);
      if (PICTURE_BRANDS.has(brand)) refuse("not-a-clip");
      container = brand === QUICKTIME_BRAND ? "quicktime" : "mp4";
    }
    if (type === "moof") refuse("unsupported");
    if (type === "moov" && ++movies > 1) refuse("unsupported");
    const payload: ClipRegionKind | null = type === "mdat" ? "media" : BLANK_BOXES.has(type) ? "blank" : null;
    regions.add("structure", at, payload ? box.contentStart : end);
    if (payload) regions.add(payload, box.contentStart, end);
    boxes.push(box);
    at = end;
  }
  // A movie whose `moov` never came is cut short (a recording that was not finished, a partial copy).
  if (movies === 0) refuse("truncated");
  return { container, regions: regions.list, boxes };
}

/** The major brand of the first box, which must be `ftyp`. */
function* isoBrand(ftyp: Box): Walker<string> {
  if (ftyp.type !== "ftyp" || ftyp.end - ftyp.contentStart < 4) refuse("not-a-clip");
  return ascii(yield* bytesAt(ftyp.contentStart, ftyp.contentStart + 4, ftyp.end), 0, 4);
}

// ---------------------------------------------------------------------------------------------
// EBML (WebM)
// ---------------------------------------------------------------------------------------------

const ID = {
  docType: 0x4282,
  segment: 0x18538067,
  cluster: 0x1f43b675,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  title: 0x7ba9,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  seekHead: 0x114d9b74,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  void: 0xec,
  crc32: 0xbf,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  position: 0xa7,
  prevSize: 0xab,
  encryptedBlock: 0xaf,
  silentTracks: 0x5854,
} as const;

/** The Segment's children kept as they are; any other (Tags, Attachments, anything unknown) becomes Void. */
const SEGMENT_KEPT = new Set<number>([ID.info, ID.tracks, ID.seekHead, ID.cues, ID.chapters, ID.void, ID.crc32]);
/** What a Cluster holds: an unknown-size Cluster ends at the first element that is none of these. */
const CLUSTER_CHILDREN = new Set<number>([ID.timestamp, ID.simpleBlock, ID.blockGroup, ID.position, ID.prevSize, ID.encryptedBlock, ID.silentTracks, ID.void, ID.crc32]);
const TRACK_VIDEO = 1;
const TRACK_AUDIO = 2;
const DEFAULT_TIMESTAMP_SCALE_NS = 1_000_000;
const NS_PER_MS = 1_000_000;
/** An EBML header is a few dozen bytes; anything far larger is not one. */
const MAX_EBML_HEADER_BYTES = 4096;
/** Track number (a one-byte vint here), timecode (int16) and flags: a block's own header. */
const BLOCK_HEADER_BYTES = 3;
const BYTE = 256;
const MAX_ID_BYTES = 4;
const MAX_SIZE_BYTES = 8;

/** The length of a vint from its first byte (the position of its marker bit), 0 where none is set. */
const vintLength = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23);

/** A vint's value without its marker, or null for "unknown" (all value bits set). */
function vintValue(bytes: Uint8Array, at: number, length: number): number | null {
  let value = bytes[at]! & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * BYTE + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  if (allOnes) return null;
  if (value > Number.MAX_SAFE_INTEGER) refuse("unsupported");
  return value;
}

/** An unsigned big-endian number; an element ID read this way keeps its marker bits (0x1A45DFA3 and so on). */
function bigEndian(bytes: Uint8Array, at: number, length: number): number {
  let id = 0;
  for (let i = 0; i < length; i++) id = id * BYTE + bytes[at + i]!;
  return id;
}

interface ElementHeader {
  id: number;
  start: number;
  dataStart: number;
  /** Null for an unknown size. */
  size: number | null;
}

/** An element's ID and size, read a field at a time so nothing beyond the header is asked for. */
function* elementHeader(at: number, limit: number): Walker<ElementHeader> {
  const idLength = vintLength((yield* bytesAt(at, at + 1, limit))[0]!);
  if (idLength === 0 || idLength > MAX_ID_BYTES) refuse("not-a-clip");
  const id = bigEndian(yield* bytesAt(at, at + idLength, limit), 0, idLength);
  const sizeAt = at + idLength;
  const sizeLength = vintLength((yield* bytesAt(sizeAt, sizeAt + 1, limit))[0]!);
  if (sizeLength === 0) refuse("not-a-clip");
  const size = vintValue(yield* bytesAt(sizeAt, sizeAt + sizeLength, limit), 0, sizeLength);
  return { id, start: at, dataStart: sizeAt + sizeLength, size };
}

/** The end of an element of known size, within its parent. */
function knownEnd(header: ElementHeader, limit: number): number {
  if (header.size === null) return refuse("unsupported");
  const end = header.dataStart + header.size;
  if (end > limit) refuse("truncated");
  return end;
}

/** The children of an element whose bytes are all at hand (structure), from `start` to `end`. */
function ebmlChildren(bytes: Uint8Array, start: number, end: number): EbmlElement[] {
  const children: EbmlElement[] = [];
  for (let at = start; at < end; ) {
    const idLength = vintLength(bytes[at]!);
    if (idLength === 0 || idLength > MAX_ID_BYTES || at + idLength >= end) refuse("not-a-clip");
    const sizeAt = at + idLength;
    const sizeLength = vintLength(bytes[sizeAt]!);
    if (sizeLength === 0 || sizeAt + sizeLength > end) refuse("not-a-clip");
    const size = vintValue(bytes, sizeAt, sizeLength);
    const dataStart = sizeAt + sizeLength;
    const elementEnd = size === null ? refuse("unsupported") : dataStart + size;
    if (elementEnd > end) refuse("truncated");
    children.push({ id: bigEndian(bytes, at, idLength), start: at, dataStart, end: elementEnd });
    at = elementEnd;
  }
  return children;
}

const ebmlUint = (bytes: Uint8Array, element: EbmlElement) => {
  if (element.end - element.dataStart > MAX_SIZE_BYTES) refuse("not-a-clip");
  return bigEndian(bytes, element.dataStart, element.end - element.dataStart);
};

function* walkWebm(fileSize: number): Walker<WebmWalk> {
  const regions = new Regions();
  const ebml = yield* elementHeader(0, fileSize);
  const ebmlEnd = knownEnd(ebml, fileSize);
  if (ebmlEnd > MAX_EBML_HEADER_BYTES) refuse("not-a-clip");
  const header = yield* bytesAt(0, ebmlEnd, fileSize);
  const docType = ebmlChildren(header, ebml.dataStart, ebmlEnd).find((child) => child.id === ID.docType);
  if (!docType || ascii(header, docType.dataStart, docType.end - docType.dataStart).replace(/\0+$/, "") !== "webm") refuse("unsupported");
  const segment = yield* elementHeader(ebmlEnd, fileSize);
  if (segment.id !== ID.segment) refuse("not-a-clip");
  const segmentEnd = segment.size === null ? fileSize : knownEnd(segment, fileSize);
  if (segmentEnd !== fileSize) refuse("unsupported");
  regions.add("structure", 0, segment.dataStart);
  const walk: WebmWalk = { container: "webm", regions: regions.list, elements: [], lastClusterTime: 0, lastBlockTime: 0 };
  for (let at = segment.dataStart; at < segmentEnd; ) {
    regions.walk();
    const child = yield* elementHeader(at, segmentEnd);
    if (child.id === ID.cluster) {
      at = yield* walkCluster(child, segmentEnd, regions, walk);
      continue;
    }
    const end = knownEnd(child, segmentEnd);
    regions.add("structure", at, end);
    walk.elements.push({ id: child.id, start: at, dataStart: child.dataStart, end });
    at = end;
  }
  return walk;
}

/**
 * A Cluster: its header and first child (the Timestamp, in every muxer) are structure. Of known
 * size, the rest is media. Of unknown size (MediaRecorder), its children are walked to find its
 * end: each block's element header and own header (track, time, flags) are structure, its frame
 * media. Returns where the Cluster ends.
 */
function* walkCluster(cluster: ElementHeader, segmentEnd: number, regions: Regions, walk: WebmWalk): Walker<number> {
  regions.add("structure", cluster.start, cluster.dataStart);
  walk.lastBlockTime = 0;
  if (cluster.size !== null) {
    const end = knownEnd(cluster, segmentEnd);
    const media = end > cluster.dataStart ? yield* clusterChild(yield* elementHeader(cluster.dataStart, end), end, regions, walk, false) : end;
    regions.add("media", media, end);
    return end;
  }
  let at = cluster.dataStart;
  while (at < segmentEnd) {
    regions.walk();
    const child = yield* elementHeader(at, segmentEnd);
    if (!CLUSTER_CHILDREN.has(child.id)) break;
    at = yield* clusterChild(child, segmentEnd, regions, walk, true);
  }
  return at;
}

/** One child of a Cluster, with its regions (a block's own header among them where `blockHeaders`); returns its end. */
function* clusterChild(child: ElementHeader, limit: number, regions: Regions, walk: WebmWalk, blockHeaders: boolean): Walker<number> {
  const end = knownEnd(child, limit);
  if (child.id === ID.simpleBlock && blockHeaders) {
    const trackLength = vintLength((yield* bytesAt(child.dataStart, child.dataStart + 1, end))[0]!);
    if (trackLength === 0) refuse("not-a-clip");
    const headerEnd = child.dataStart + trackLength + BLOCK_HEADER_BYTES;
    const block = viewOf(yield* bytesAt(child.dataStart, headerEnd, end));
    walk.lastBlockTime = Math.max(walk.lastBlockTime, block.getInt16(trackLength));
    regions.add("structure", child.start, headerEnd);
    regions.add("media", headerEnd, end);
  } else if (child.id === ID.simpleBlock || child.id === ID.blockGroup || child.id === ID.encryptedBlock) {
    regions.add("structure", child.start, child.dataStart);
    regions.add("media", child.dataStart, end);
  } else {
    if (child.id === ID.timestamp) {
      const bytes = yield* bytesAt(child.dataStart, end, end);
      walk.lastClusterTime = ebmlUint(bytes, { id: child.id, start: 0, dataStart: 0, end: bytes.length });
    }
    regions.add("structure", child.start, end);
  }
  return end;
}

// ---------------------------------------------------------------------------------------------
// The browser's side
// ---------------------------------------------------------------------------------------------

/** Reads the layout from box/element headers only, through `read(start, end)` (the browser passes File.slice().arrayBuffer()). */
export async function readClipLayout(read: (start: number, end: number) => Promise<Uint8Array>, fileSize: number): Promise<Result<ClipLayout, ClipProblem>> {
  if (!Number.isSafeInteger(fileSize) || fileSize < BOX_HEADER_BYTES) return fail("not-a-clip");
  const walker = walkClip(fileSize);
  let cached: { start: number; bytes: Uint8Array } = { start: 0, bytes: new Uint8Array(0) };
  try {
    let step = walker.next();
    while (!step.done) {
      const { start, end } = step.value;
      if (start < cached.start || end > cached.start + cached.bytes.length) {
        const readEnd = Math.min(fileSize, Math.max(end, start + READ_AHEAD_BYTES));
        const bytes = await read(start, readEnd);
        if (bytes.length !== readEnd - start) return fail("truncated");
        cached = { start, bytes };
      }
      step = walker.next(cached.bytes.subarray(start - cached.start, end - cached.start));
    }
    const { container, regions } = step.value;
    return ok({ container, fileSize, regions });
  } catch (error) {
    if (error instanceof Refusal || error instanceof Unreadable) return fail(error.problem);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// The server's side
// ---------------------------------------------------------------------------------------------

/** Where each region's bytes begin in the structure bytes (the structure before it, for the others). */
function structureOffsets(regions: readonly ClipRegion[]): number[] {
  const offsets: number[] = [];
  let total = 0;
  for (const region of regions) {
    offsets.push(total);
    if (region.kind === "structure") total += region.end - region.start;
  }
  return offsets;
}

/** The index of the first range ending after `at` (ranges sorted and disjoint). */
function firstEndingAfter(ranges: readonly ByteRange[], at: number): number {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ranges[middle]!.end <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

const KINDS = new Set<string>(["structure", "media", "blank"]);

/** The structure's total length, once the layout is checked: contiguous, covering the file, within the bounds. */
function checkLayout(layout: ClipLayout): number {
  const { fileSize, regions } = layout;
  if (!Number.isSafeInteger(fileSize) || fileSize <= 0 || regions.length === 0) refuse("not-a-clip");
  if (regions.length > CLIP_MAX_REGIONS) refuse("too-much-structure");
  let at = 0;
  let structureBytes = 0;
  for (const { start, end, kind } of regions) {
    if (start !== at || !Number.isSafeInteger(end) || end <= start || !KINDS.has(kind)) refuse("not-a-clip");
    if (kind === "structure") structureBytes += end - start;
    at = end;
  }
  if (at !== fileSize) refuse("not-a-clip");
  if (structureBytes > CLIP_MAX_STRUCTURE_BYTES) refuse("too-much-structure");
  return structureBytes;
}

/** The walk over the declared structure bytes: a range outside them means the layout is not this file's. */
function walkStructure(layout: ClipLayout, structure: Uint8Array, offsets: readonly number[]): Walk {
  const { regions } = layout;
  const walker = walkClip(layout.fileSize);
  let step = walker.next();
  while (!step.done) {
    const { start, end } = step.value;
    const index = firstEndingAfter(regions, start);
    const region = regions[index];
    if (!region || region.kind !== "structure" || end > region.end) return refuse("not-a-clip");
    const offset = offsets[index]! + start - region.start;
    step = walker.next(structure.subarray(offset, offset + end - start));
  }
  return step.value;
}

const sameRegions = (a: readonly ClipRegion[], b: readonly ClipRegion[]) =>
  a.length === b.length && a.every((region, i) => region.start === b[i]!.start && region.end === b[i]!.end && region.kind === b[i]!.kind);

/** Server side: checks a layout the browser declared (contiguous, covering the file, structure total <= CLIP_MAX_STRUCTURE_BYTES) and the structure bytes against it, and parses them. */
export function inspectClip(layout: ClipLayout, structure: Uint8Array): Result<ClipInspection, ClipProblem> {
  return attempt(() => {
    const structureBytes = checkLayout(layout);
    if (structure.length !== structureBytes) refuse(structure.length < structureBytes ? "truncated" : "not-a-clip");
    const offsets = structureOffsets(layout.regions);
    const walk = walkStructure(layout, structure, offsets);
    if (walk.container !== layout.container || !sameRegions(walk.regions, layout.regions)) refuse("not-a-clip");
    const sanitizedStructure = structure.slice();
    /** A whole-structure stretch of the file (a top-level box, a Segment child) in both copies. */
    const slice = (start: number, end: number) => {
      const index = firstEndingAfter(layout.regions, start);
      const offset = offsets[index]! + start - layout.regions[index]!.start;
      return { bytes: structure.subarray(offset, offset + end - start), out: sanitizedStructure.subarray(offset, offset + end - start) };
    };
    const parsed = walk.container === "webm" ? inspectWebm(walk, slice) : inspectIso(walk, slice, layout.regions);
    return { container: walk.container, sanitizedStructure, ...parsed };
  });
}

type Slice = (start: number, end: number) => { bytes: Uint8Array; out: Uint8Array };
type Parsed = Pick<ClipInspection, "durationMs" | "video" | "audio" | "blankRanges">;

// ISO-BMFF: the movie.

/** The movie's children kept besides its tracks: `udta`, `meta`, `uuid` and anything unknown become `free`. */
const MOVIE_KEPT = new Set(["mvhd", "iods"]);
/** A zlib-compressed movie box (old QuickTime), which cannot be read in place. */
const COMPRESSED_MOVIE = "cmov";
/** Boxes inside the movie whose children are walked for metadata boxes. */
const MOVIE_CONTAINERS = new Set(["mdia", "minf", "dinf", "stbl", "edts"]);
/** Sample entries of timed metadata (Apple's, GoPro's GPMF, Google's camera motion, Sony's): GPS tracks among them. */
const TIMED_METADATA_ENTRIES = new Set(["mebx", "gpmd", "camm", "rtmd", "mett", "metx", "urim"]);
const METADATA_HANDLERS = new Set(["meta", "camm"]);
const VISUAL_SIZE_OFFSET = 24;

function inspectIso(walk: IsoWalk, slice: Slice, regions: readonly ClipRegion[]): Parsed {
  const parsed: Parsed = { durationMs: 0, video: null, audio: null, blankRanges: [] };
  const samples: ByteRange[] = [];
  for (const box of walk.boxes) {
    if (box.type === "moov") {
      const { bytes, out } = slice(box.start, box.end);
      inspectMovie(new Reader(bytes), out, box.contentStart - box.start, parsed, samples);
    } else if (box.type !== "ftyp" && box.type !== "mdat" && !BLANK_BOXES.has(box.type)) {
      // Top-level `uuid` (XMP), `meta`, `udta` and anything unknown: conservative, as heif.ts.
      free(slice(box.start, box.end).out, { ...box, start: 0, contentStart: box.contentStart - box.start, dataStart: box.dataStart - box.start, end: box.end - box.start });
    }
  }
  parsed.blankRanges = insideMedia(samples, regions);
  return parsed;
}

/** Frees the metadata boxes among the children of [start, end), and walks into movie containers. */
function freeMetadata(reader: Reader, out: Uint8Array, start: number, end: number) {
  for (const box of reader.boxes(start, end)) {
    if (METADATA_BOXES.has(box.type)) free(out, box);
    else if (MOVIE_CONTAINERS.has(box.type)) freeMetadata(reader, out, box.dataStart, box.end);
  }
}

function inspectMovie(reader: Reader, out: Uint8Array, contentStart: number, parsed: Parsed, samples: ByteRange[]) {
  const children = reader.boxes(contentStart, reader.bytes.length);
  const mvhd = children.find((box) => box.type === "mvhd") ?? refuse("not-a-clip");
  const version = reader.uint(mvhd.dataStart, 1, mvhd.end);
  const timesAt = mvhd.dataStart + FULL_BOX_HEADER_BYTES + (version === 1 ? 16 : 8);
  const timescale = reader.uint(timesAt, 4, mvhd.end);
  const duration = reader.uint(timesAt + 4, version === 1 ? 8 : 4, mvhd.end);
  if (timescale === 0) refuse("not-a-clip");
  parsed.durationMs = Math.round((duration / timescale) * MS_PER_SECOND);
  for (const box of children) {
    if (box.type === "trak") inspectTrack(reader, out, box, parsed, samples);
    else if (box.type === COMPRESSED_MOVIE) refuse("unsupported");
    else if (!MOVIE_KEPT.has(box.type)) free(out, box);
  }
}

const childOf = (reader: Reader, parent: Box | undefined, type: string) => (parent ? reader.boxes(parent.dataStart, parent.end).find((box) => box.type === type) : undefined);

function inspectTrack(reader: Reader, out: Uint8Array, trak: Box, parsed: Parsed, samples: ByteRange[]) {
  const mdia = childOf(reader, trak, "mdia");
  const hdlr = childOf(reader, mdia, "hdlr");
  const handler = hdlr ? reader.type(hdlr.dataStart + FULL_BOX_HEADER_BYTES + 4, hdlr.end) : "";
  const stbl = childOf(reader, childOf(reader, mdia, "minf"), "stbl");
  const stsd = childOf(reader, stbl, "stsd");
  const entry = stsd ? reader.boxes(stsd.dataStart + FULL_BOX_HEADER_BYTES + 4, stsd.end)[0] : undefined;
  if (METADATA_HANDLERS.has(handler) || (entry && TIMED_METADATA_ENTRIES.has(entry.type))) {
    if (stbl) addSampleRanges(reader, stbl, samples);
    free(out, trak);
    return;
  }
  freeMetadata(reader, out, trak.dataStart, trak.end);
  if (!entry) return;
  if (handler === "vide" && !parsed.video) {
    const at = entry.dataStart + VISUAL_SIZE_OFFSET;
    parsed.video = { codec: entry.type, width: reader.uint(at, 2, entry.end), height: reader.uint(at + 2, 2, entry.end) };
  } else if (handler === "soun" && !parsed.audio) parsed.audio = { codec: entry.type };
}

/** Adds where a track's samples are in the file, chunk by chunk, from its sample tables (stsc, stsz/stz2, stco/co64). */
function addSampleRanges(reader: Reader, stbl: Box, ranges: ByteRange[]) {
  const find = (type: string) => childOf(reader, stbl, type);
  const stsc = find("stsc");
  const offsets = find("stco") ?? find("co64");
  const sizes = sampleSizes(reader, find("stsz"), find("stz2"));
  if (!stsc || !offsets || !sizes) return;
  const offsetBytes = offsets.type === "co64" ? 8 : 4;
  const chunkCount = reader.uint(offsets.dataStart + FULL_BOX_HEADER_BYTES, 4, offsets.end);
  const entryCount = reader.uint(stsc.dataStart + FULL_BOX_HEADER_BYTES, 4, stsc.end);
  const stscAt = (entry: number, field: number) => reader.uint(stsc.dataStart + FULL_BOX_HEADER_BYTES + 4 + entry * 12 + field * 4, 4, stsc.end);
  let entry = 0;
  let sample = 0;
  for (let chunk = 1; chunk <= chunkCount && sample < sizes.count; chunk++) {
    while (entry + 1 < entryCount && stscAt(entry + 1, 0) <= chunk) entry++;
    const perChunk = Math.min(stscAt(entry, 1), sizes.count - sample);
    const start = reader.uint(offsets.dataStart + FULL_BOX_HEADER_BYTES + 4 + (chunk - 1) * offsetBytes, offsetBytes, offsets.end);
    let length = 0;
    if (sizes.constant > 0) length = sizes.constant * perChunk;
    else for (let n = 0; n < perChunk; n++) length += sizes.at(sample + n);
    sample += perChunk;
    const last = ranges.at(-1);
    if (last && last.end === start) last.end += length;
    else if (length > 0) ranges.push({ start, end: start + length });
  }
}

interface SampleSizes {
  count: number;
  /** The size of every sample, or 0 when they are listed. */
  constant: number;
  at: (sample: number) => number;
}

function sampleSizes(reader: Reader, stsz: Box | undefined, stz2: Box | undefined): SampleSizes | null {
  if (stsz) {
    const at = stsz.dataStart + FULL_BOX_HEADER_BYTES;
    const constant = reader.uint(at, 4, stsz.end);
    return { constant, count: reader.uint(at + 4, 4, stsz.end), at: (sample) => reader.uint(at + 8 + sample * 4, 4, stsz.end) };
  }
  if (!stz2) return null;
  const at = stz2.dataStart + FULL_BOX_HEADER_BYTES;
  const fieldBits = reader.uint(at + 3, 1, stz2.end);
  if (fieldBits !== 4 && fieldBits !== 8 && fieldBits !== 16) refuse("unsupported");
  const table = at + 8;
  const size = (sample: number) => {
    if (fieldBits !== 4) return reader.uint(table + sample * (fieldBits / 8), fieldBits / 8, stz2.end);
    const byte = reader.uint(table + (sample >> 1), 1, stz2.end);
    return sample % 2 === 0 ? byte >> 4 : byte & 0x0f;
  };
  return { constant: 0, count: reader.uint(at + 4, 4, stz2.end), at: size };
}

/** The ranges sorted, merged and cut to the media regions (samples live in `mdat`; nothing else is zeroed this way). */
/** Ranges sorted, with touching or overlapping ones joined. */
export function mergeRanges(ranges: readonly ByteRange[]): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

function insideMedia(ranges: ByteRange[], regions: readonly ClipRegion[]): ByteRange[] {
  const media = regions.filter((region) => region.kind === "media");
  const merged = mergeRanges(ranges);
  const inside: ByteRange[] = [];
  for (const range of merged) {
    for (let m = firstEndingAfter(media, range.start); m < media.length && media[m]!.start < range.end; m++) {
      const start = Math.max(range.start, media[m]!.start);
      const end = Math.min(range.end, media[m]!.end);
      const last = inside.at(-1);
      if (last && last.end === start) last.end = end;
      else inside.push({ start, end });
    }
  }
  return inside;
}

// WebM: Info, Tracks, and Void over what is metadata.

/** An element turned into an EBML Void of the same total length with zeroed contents (the EBML counterpart of `free`). */
function voidElement(out: Uint8Array, start: number, end: number) {
  const length = end - start;
  const sizeLength = Math.min(MAX_SIZE_BYTES, length - 1);
  let payload = length - 1 - sizeLength;
  out.fill(0, start, end);
  out[start] = ID.void;
  for (let i = sizeLength; i >= 1; i--) {
    out[start + i] = (payload % BYTE) | (i === 1 ? 0x80 >> (sizeLength - 1) : 0);
    payload = Math.floor(payload / BYTE);
  }
}

function inspectWebm(walk: WebmWalk, slice: Slice): Parsed {
  const parsed: Parsed = { durationMs: 0, video: null, audio: null, blankRanges: [] };
  let scale = DEFAULT_TIMESTAMP_SCALE_NS;
  let duration: number | null = null;
  for (const element of walk.elements) {
    const { bytes, out } = slice(element.start, element.end);
    const dataStart = element.dataStart - element.start;
    if (!SEGMENT_KEPT.has(element.id)) voidElement(out, 0, bytes.length);
    else if (element.id === ID.info) {
      for (const child of ebmlChildren(bytes, dataStart, bytes.length)) {
        if (child.id === ID.timestampScale) scale = ebmlUint(bytes, child);
        else if (child.id === ID.duration) duration = ebmlFloat(bytes, child);
        else if (child.id === ID.title) voidElement(out, child.start, child.end);
      }
    } else if (element.id === ID.tracks) {
      for (const entry of ebmlChildren(bytes, dataStart, bytes.length)) if (entry.id === ID.trackEntry) webmTrack(bytes, entry, parsed);
    }
  }
  const ticks = duration ?? walk.lastClusterTime + walk.lastBlockTime;
  parsed.durationMs = Math.round((ticks * scale) / NS_PER_MS);
  return parsed;
}

function ebmlFloat(bytes: Uint8Array, element: EbmlElement): number {
  const view = viewOf(bytes);
  const length = element.end - element.dataStart;
  if (length === 4) return view.getFloat32(element.dataStart);
  if (length === 8) return view.getFloat64(element.dataStart);
  return refuse("not-a-clip");
}

function webmTrack(bytes: Uint8Array, entry: EbmlElement, parsed: Parsed) {
  let type = 0;
  const info: ClipTrackInfo = { codec: "" };
  for (const child of ebmlChildren(bytes, entry.dataStart, entry.end)) {
    if (child.id === ID.trackType) type = ebmlUint(bytes, child);
    else if (child.id === ID.codecId) info.codec = ascii(bytes, child.dataStart, child.end - child.dataStart).replace(/\0+$/, "");
    else if (child.id === ID.video) {
      for (const field of ebmlChildren(bytes, child.dataStart, child.end)) {
        if (field.id === ID.pixelWidth) info.width = ebmlUint(bytes, field);
        else if (field.id === ID.pixelHeight) info.height = ebmlUint(bytes, field);
      }
    }
  }
  if (type === TRACK_VIDEO && !parsed.video) parsed.video = info;
  else if (type === TRACK_AUDIO && !parsed.audio) parsed.audio = { codec: info.codec };
}

// ---------------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------------

/** The parts a file of `fileSize` is cut into at `partBytes`, and for each part the structure slices it overlaps (absolute [start,end) and the offset of that slice inside `structure`) and the blank regions intersecting it. */
export function planParts(layout: ClipLayout, partBytes: number): ClipPartPlan[] {
  if (!Number.isSafeInteger(partBytes) || partBytes <= 0) throw new RangeError("partBytes must be a positive integer");
  const { regions, fileSize } = layout;
  const offsets = structureOffsets(regions);
  const plans: ClipPartPlan[] = [];
  let first = 0;
  for (let start = 0; start < fileSize; start += partBytes) {
    const end = Math.min(start + partBytes, fileSize);
    while (first < regions.length && regions[first]!.end <= start) first++;
    const plan: ClipPartPlan = { partNumber: plans.length + 1, start, end, structure: [], blank: [] };
    for (let i = first; i < regions.length && regions[i]!.start < end; i++) {
      const region = regions[i]!;
      const sliceStart = Math.max(start, region.start);
      const sliceEnd = Math.min(end, region.end);
      if (region.kind === "structure") plan.structure.push({ start: sliceStart, end: sliceEnd, structureOffset: offsets[i]! + sliceStart - region.start });
      else if (region.kind === "blank") plan.blank.push({ start: sliceStart, end: sliceEnd });
    }
    plans.push(plan);
  }
  return plans;
}

/** Applies the inspection to one part's bytes (in place or copy): sanitized structure slices written over, blank regions and blankRanges zeroed. Does not verify; the server hashes the original slices first. */
export function sanitizePart(layout: ClipLayout, inspection: Pick<ClipInspection, "sanitizedStructure" | "blankRanges">, part: { start: number; bytes: Uint8Array }): Uint8Array {
  const { regions } = layout;
  const start = part.start;
  const end = start + part.bytes.length;
  if (start < 0 || end > layout.fileSize) throw new RangeError("the part lies outside the file");
  const out = part.bytes.slice();
  const offsets = structureOffsets(regions);
  for (let i = firstEndingAfter(regions, start); i < regions.length && regions[i]!.start < end; i++) {
    const region = regions[i]!;
    const sliceStart = Math.max(start, region.start);
    const sliceEnd = Math.min(end, region.end);
    if (region.kind === "structure") {
      const offset = offsets[i]! + sliceStart - region.start;
      out.set(inspection.sanitizedStructure.subarray(offset, offset + sliceEnd - sliceStart), sliceStart - start);
    } else if (region.kind === "blank") out.fill(0, sliceStart - start, sliceEnd - start);
  }
  const ranges = inspection.blankRanges;
  for (let i = firstEndingAfter(ranges, start); i < ranges.length && ranges[i]!.start < end; i++) {
    out.fill(0, Math.max(start, ranges[i]!.start) - start, Math.min(end, ranges[i]!.end) - start);
  }
  return out;
}

/**
 * The bytes the browser sends when the upload starts: its structure regions, in file order. Regions
 * close together (a recording's block headers) are read in one slice each, as the layout was.
 */
export async function readClipStructure(read: (start: number, end: number) => Promise<Uint8Array>, layout: ClipLayout): Promise<Uint8Array> {
  const structure = layout.regions.filter((region) => region.kind === "structure");
  const parts: Uint8Array[] = [];
  for (let first = 0; first < structure.length; ) {
    let last = first;
    while (last + 1 < structure.length && structure[last + 1]!.start - structure[last]!.end <= READ_AHEAD_BYTES) last++;
    const start = structure[first]!.start;
    const bytes = await read(start, structure[last]!.end);
    for (let i = first; i <= last; i++) parts.push(bytes.subarray(structure[i]!.start - start, structure[i]!.end - start));
    first = last + 1;
  }
  return concat(parts);
}
