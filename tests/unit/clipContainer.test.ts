import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ascii, asciiBytes, concat } from "../../src/domain/bytes";
import {
  CLIP_MAX_REGIONS,
  CLIP_MAX_STRUCTURE_BYTES,
  type ClipInspection,
  type ClipLayout,
  type ClipTrackInfo,
  clipLayoutSchema,
  inspectClip,
  planParts,
  readClipLayout,
  readClipStructure,
  sanitizePart,
} from "../../src/domain/clipContainer";
import { readClipWithExiftool } from "../support/metadata";

/** The clips of tests/fixtures/README.md, with what ffprobe 5.1 reads from each (format duration, streams). */
interface Clip {
  name: string;
  container: ClipLayout["container"];
  ffprobeMs: number;
  video: ClipTrackInfo;
  audio: ClipTrackInfo;
}
const VIDEO = { width: 160, height: 120 };
const CLIPS: Clip[] = [
  { name: "clip-moov-last.mov", container: "quicktime", ffprobeMs: 2000, video: { codec: "avc1", ...VIDEO }, audio: { codec: "mp4a" } },
  { name: "clip-faststart.mov", container: "quicktime", ffprobeMs: 2000, video: { codec: "avc1", ...VIDEO }, audio: { codec: "mp4a" } },
  { name: "clip.mp4", container: "mp4", ffprobeMs: 2000, video: { codec: "avc1", ...VIDEO }, audio: { codec: "mp4a" } },
  { name: "clip-hevc.mov", container: "quicktime", ffprobeMs: 2000, video: { codec: "hvc1", ...VIDEO }, audio: { codec: "mp4a" } },
  { name: "clip.webm", container: "webm", ffprobeMs: 2008, video: { codec: "V_VP9", ...VIDEO }, audio: { codec: "A_OPUS" } },
  { name: "clip-gpmd.mov", container: "quicktime", ffprobeMs: 2000, video: { codec: "avc1", ...VIDEO }, audio: { codec: "mp4a" } },
];

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures", name)));
const extensionOf = (name: string) => name.split(".").at(-1)!;

function value<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** The browser's reads: File.slice of the bytes, each one counted. */
function fileOf(bytes: Uint8Array) {
  const reads: Array<[number, number]> = [];
  const read = async (start: number, end: number) => {
    reads.push([start, end]);
    return bytes.slice(start, end);
  };
  return { read, reads };
}

const layoutOf = async (bytes: Uint8Array) => value(await readClipLayout(fileOf(bytes).read, bytes.length));
const structureOf = (bytes: Uint8Array, layout: ClipLayout) => concat(layout.regions.filter((r) => r.kind === "structure").map((r) => bytes.subarray(r.start, r.end)));

async function inspect(bytes: Uint8Array) {
  const layout = await layoutOf(bytes);
  const structure = await readClipStructure(fileOf(bytes).read, layout);
  return { layout, structure, inspection: value(inspectClip(layout, structure)) };
}

/**
 * The upload as the server sees it: the file in parts of `partBytes`; each part's structure slices
 * checked against the structure bytes sent first, then the part sanitized; the parts joined.
 */
async function uploadInParts(bytes: Uint8Array, partBytes: number) {
  const { layout, structure, inspection } = await inspect(bytes);
  const plans = planParts(layout, partBytes);
  const parts = plans.map((plan) => {
    const part = bytes.slice(plan.start, plan.end);
    for (const slice of plan.structure) {
      expect(part.subarray(slice.start - plan.start, slice.end - plan.start)).toEqual(structure.subarray(slice.structureOffset, slice.structureOffset + slice.end - slice.start));
    }
    return sanitizePart(layout, inspection, { start: plan.start, bytes: part });
  });
  return { layout, inspection, plans, stored: concat(parts) };
}

/** exiftool lines that tell where, or with what, a clip was recorded. */
const PRIVATE = /GPS|Location|Coordinates|\bMake\b|Model\b|Software|©xyz|GoPro|Creator/i;
const privateLines = (lines: string[]) => lines.filter((line) => PRIVATE.test(line.split(":")[0]!));

/** The top-level boxes of an ISO file (a reading independent of the module's). */
function topBoxes(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Array<{ type: string; start: number; end: number }> = [];
  for (let at = 0; at < bytes.length; ) {
    const size = view.getUint32(at);
    const end = size === 0 ? bytes.length : at + (size === 1 ? Number(view.getBigUint64(at + 8)) : size);
    boxes.push({ type: ascii(bytes, at + 4, 4), start: at, end });
    at = end;
  }
  return boxes;
}

const movieOf = (bytes: Uint8Array) => topBoxes(bytes).find((box) => box.type === "moov")!;

/** Every byte of the media regions is stored as sent, but for the ranges blanked on purpose. */
function expectMediaKept(original: Uint8Array, stored: Uint8Array, layout: ClipLayout, inspection: ClipInspection) {
  const blanked = new Uint8Array(original.length);
  for (const range of inspection.blankRanges) blanked.fill(1, range.start, range.end);
  for (const region of layout.regions) {
    if (region.kind !== "media") continue;
    for (let at = region.start; at < region.end; at++) {
      if (blanked[at]) expect(stored[at]).toBe(0);
      else if (stored[at] !== original[at]) expect.fail(`media byte ${at} changed`);
    }
  }
}

describe("readClipLayout", () => {
  it.each(CLIPS)("cuts $name into structure, media and blank regions that cover it", async (clip) => {
    const bytes = fixture(clip.name);
    const layout = await layoutOf(bytes);
    expect(layout.container).toBe(clip.container);
    expect(layout.fileSize).toBe(bytes.length);
    expect(layout.regions[0]!.start).toBe(0);
    expect(layout.regions.at(-1)!.end).toBe(bytes.length);
    for (const [i, region] of layout.regions.entries()) {
      expect(region.end).toBeGreaterThan(region.start);
      if (i > 0) expect(region.start).toBe(layout.regions[i - 1]!.end);
    }
    expect(layout.regions.filter((r) => r.kind === "media").reduce((sum, r) => sum + r.end - r.start, 0)).toBeGreaterThan(bytes.length / 2);
  });

  it("finds the movie at the end (as recorded) and at the start (faststart), and each mdat's payload as media", async () => {
    const last = fixture("clip-moov-last.mov");
    const moovLast = movieOf(last);
    expect(moovLast.end).toBe(last.length);
    const mdat = topBoxes(last).find((box) => box.type === "mdat")!;
    expect((await layoutOf(last)).regions).toEqual([
      { start: 0, end: mdat.start + 8, kind: "structure" },
      { start: mdat.start + 8, end: mdat.end, kind: "media" },
      { start: moovLast.start, end: last.length, kind: "structure" },
    ]);
    const first = fixture("clip-faststart.mov");
    const moovFirst = movieOf(first);
    expect(moovFirst.start).toBe(20);
    expect((await layoutOf(first)).regions).toEqual([
      { start: 0, end: moovFirst.end + 8, kind: "structure" },
      { start: moovFirst.end + 8, end: first.length, kind: "media" },
    ]);
  });

  it("reads a few header windows, not the media", async () => {
    const bytes = fixture("clip-moov-last.mov");
    const { read, reads } = fileOf(bytes);
    value(await readClipLayout(read, bytes.length));
    expect(reads.length).toBeLessThanOrEqual(3);
    const mdat = topBoxes(bytes).find((box) => box.type === "mdat")!;
    // The window read at the start stops short of the end of the media.
    expect(reads.every(([start, end]) => start >= mdat.end || end <= mdat.start + 16 * 1024)).toBe(true);
  });

  it("reads 64-bit box sizes and a last box running to the end of the file (size 0)", async () => {
    // The `wide` box before `mdat` is there so a writer can grow the mdat header to 16 bytes in place.
    const large = fixture("clip-moov-last.mov");
    const original = await layoutOf(large);
    const mdat = topBoxes(large).find((box) => box.type === "mdat")!;
    const view = new DataView(large.buffer);
    view.setUint32(mdat.start - 8, 1);
    large.set(asciiBytes("mdat"), mdat.start - 4);
    view.setBigUint64(mdat.start, BigInt(mdat.end - mdat.start + 8));
    expect(topBoxes(large).map((box) => box.type)).toEqual(["ftyp", "mdat", "moov"]);
    expect((await layoutOf(large)).regions).toEqual(original.regions);
    expect(value(inspectClip(original, structureOf(large, original))).durationMs).toBe(2000);

    const toEnd = fixture("clip-faststart.mov");
    const expected = await layoutOf(toEnd);
    new DataView(toEnd.buffer).setUint32(topBoxes(toEnd).at(-1)!.start, 0);
    expect((await layoutOf(toEnd)).regions).toEqual(expected.regions);
  });

  it("walks the unknown-size Clusters of a browser's recording and finds its duration without Info's", async () => {
    const bytes = mediaRecorderWebm();
    const layout = await layoutOf(bytes);
    // Each block's header is structure, its frame media.
    expect(layout.regions.length).toBeGreaterThan(100);
    const { inspection, stored } = await uploadInParts(bytes, 1000);
    const { read, reads } = fileOf(bytes);
    expect(await readClipStructure(read, layout)).toEqual(structureOf(bytes, layout));
    expect(reads.length).toBeLessThan(layout.regions.length / 10);
    // The last block's time: up to a frame (67 ms at 15 fps) short of ffprobe's 2.008 s.
    expect(Math.abs(inspection.durationMs - 2008)).toBeLessThanOrEqual(70);
    expect(inspection.video).toEqual({ codec: "V_VP9", ...VIDEO });
    expect(privateLines(readClipWithExiftool(bytes, "webm")).length).toBeGreaterThan(0);
    expect(privateLines(readClipWithExiftool(stored, "webm"))).toEqual([]);
    expectMediaKept(bytes, stored, layout, inspection);
  });
});

describe("inspectClip", () => {
  it.each(CLIPS)("reads the duration (within 50 ms of ffprobe's), codecs and size of $name", async (clip) => {
    const { inspection } = await inspect(fixture(clip.name));
    expect(inspection.container).toBe(clip.container);
    expect(Math.abs(inspection.durationMs - clip.ffprobeMs)).toBeLessThanOrEqual(50);
    expect(inspection.video).toEqual(clip.video);
    expect(inspection.audio).toEqual(clip.audio);
  });

  it("is milliseconds for a movie box of several MB (a long clip's sample tables)", async () => {
    const samples = 400_000;
    const bytes = movieWithGpsTrack(samples);
    const layout = await layoutOf(bytes);
    const structure = structureOf(bytes, layout);
    expect(structure.length).toBeGreaterThan(3_000_000);
    const started = performance.now();
    const inspection = value(inspectClip(layout, structure));
    expect(performance.now() - started).toBeLessThan(250);
    const mdat = topBoxes(bytes).find((box) => box.type === "mdat")!;
    expect(inspection.blankRanges).toEqual([{ start: mdat.start + 8, end: mdat.end }]);
  });
});

describe("planParts and sanitizePart: the clip stored without its location", () => {
  /** Part sizes putting a boundary inside the movie box's header, inside the structure, and inside the header before the media. */
  async function partSizes(bytes: Uint8Array) {
    const layout = await layoutOf(bytes);
    const firstMedia = layout.regions.find((region) => region.kind === "media")!;
    const biggest = layout.regions.filter((r) => r.kind === "structure").reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
    const movie = layout.container === "webm" ? null : movieOf(bytes);
    return [bytes.length, 4096, 1000, firstMedia.start - 2, Math.floor((biggest.start + biggest.end) / 2), ...(movie ? [movie.start + 4] : [])];
  }

  it.each(CLIPS)("$name: every part size gives the same file, of the same length, with no GPS, make or model for exiftool -ee", async (clip) => {
    const bytes = fixture(clip.name);
    const before = readClipWithExiftool(bytes, extensionOf(clip.name));
    expect(privateLines(before).some((line) => /GPS|Location/.test(line))).toBe(true);
    expect(privateLines(before).some((line) => /Make/.test(line))).toBe(true);
    const sizes = await partSizes(bytes);
    const results = await Promise.all(sizes.map((size) => uploadInParts(bytes, size)));
    const { layout, inspection, stored } = results[0]!;
    for (const other of results.slice(1)) expect(other.stored).toEqual(stored);
    expect(results.some((result) => result.plans.length > 3)).toBe(true);
    expect(stored.length).toBe(bytes.length);
    expect(stored).not.toEqual(bytes);

    const after = readClipWithExiftool(stored, extensionOf(clip.name));
    expect(privateLines(after)).toEqual([]);
    // Still a movie: exiftool reads its size and duration.
    expect(after.some((line) => /ImageWidth\s+: 160/.test(line))).toBe(true);
    expect(after.some((line) => /Duration\s+: 2\.0/.test(line))).toBe(true);
    expectMediaKept(bytes, stored, layout, inspection);
    // Sizes and offsets stay: the stored file has its media where the original had it.
    const media = (regions: ClipLayout["regions"]) => regions.filter((region) => region.kind === "media");
    expect(media((await layoutOf(stored)).regions)).toEqual(media(layout.regions));
  });

  it("zeroes the samples of a timed GPS track (GoPro GPMF) and frees the track", async () => {
    const bytes = fixture("clip-gpmd.mov");
    expect(readClipWithExiftool(bytes, "mov").filter((line) => line.startsWith("[Track3]") && /GPSLatitude/.test(line)).length).toBe(2);
    const { inspection, stored } = await uploadInParts(bytes, 4096);
    // Two samples of 84 bytes, side by side.
    expect(inspection.blankRanges.reduce((sum, range) => sum + range.end - range.start, 0)).toBe(168);
    for (const range of inspection.blankRanges) {
      expect(ascii(bytes, range.start, 4)).toBe("DEVC");
      expect(stored.subarray(range.start, range.end).every((byte) => byte === 0)).toBe(true);
    }
    const after = readClipWithExiftool(stored, "mov");
    expect(after.filter((line) => line.startsWith("[Track3]"))).toEqual([]);
    expect(Buffer.from(stored).includes(Buffer.from("GPS5"))).toBe(false);
  });

  it("turns WebM's Tags and Info's Title into Void elements of the same length", async () => {
    const bytes = fixture("clip.webm");
    // The SeekHead names the Tags' ID first; the Tags element comes after it.
    const tags = Buffer.from(bytes).lastIndexOf(Buffer.from([0x12, 0x54, 0xc3, 0x67]));
    const title = Buffer.from(bytes).indexOf(Buffer.from([0x7b, 0xa9]));
    expect(readClipWithExiftool(bytes, "webm")).toContain("[Matroska]      Title                           : Our walk on Acacia Avenue");
    const { stored } = await uploadInParts(bytes, 700);
    expect([stored[tags], stored[title]]).toEqual([0xec, 0xec]);
    expect(Buffer.from(stored).includes(Buffer.from("Acacia"))).toBe(false);
    expect(Buffer.from(stored).includes(Buffer.from("TestPhone"))).toBe(false);
    expect(readClipWithExiftool(stored, "webm").filter((line) => /Title|Location|Make|Model/.test(line))).toEqual([]);
  });

  it("frees a track's own udta (a GPS position of one track)", async () => {
    const bytes = fixture("clip-moov-last.mov");
    const at = Buffer.from(bytes).indexOf("edts") - 4;
    // The video track's 36-byte edit box becomes a udta holding a ©xyz position.
    bytes.set(asciiBytes("udta"), at + 4);
    bytes.set(concat([Uint8Array.of(0, 0, 0, 28), asciiBytes("\xa9xyz"), Uint8Array.of(0, 16, 0x15, 0xc7), asciiBytes("+51.500-000.124/")]), at + 8);
    expect(readClipWithExiftool(bytes, "mov").some((line) => line.startsWith("[Track1]") && /GPSCoordinates/.test(line))).toBe(true);
    const { stored } = await uploadInParts(bytes, 5000);
    expect(ascii(stored, at + 4, 4)).toBe("free");
    expect(stored.subarray(at + 8, at + 36).every((byte) => byte === 0)).toBe(true);
    expect(privateLines(readClipWithExiftool(stored, "mov"))).toEqual([]);
  });

  it("plans parts of the given size, numbered from 1, whose structure slices add up to the structure bytes", async () => {
    const bytes = fixture("clip.mp4");
    const layout = await layoutOf(bytes);
    const plans = planParts(layout, 10_000);
    expect(plans.map(({ partNumber, start, end }) => [partNumber, start, end])).toEqual([
      [1, 0, 10_000],
      [2, 10_000, 20_000],
      [3, 20_000, bytes.length],
    ]);
    const slices = plans.flatMap((plan) => plan.structure);
    expect(slices.map((slice) => slice.structureOffset)).toEqual(slices.map((_, i) => slices.slice(0, i).reduce((sum, s) => sum + s.end - s.start, 0)));
    expect(slices.reduce((sum, s) => sum + s.end - s.start, 0)).toBe(structureOf(bytes, layout).length);
    // The 8-byte `free` box after `ftyp` has no payload; a blank region is written as zeros.
    const blank = { ...layout, regions: [{ start: 0, end: 10, kind: "structure" as const }, { start: 10, end: 20, kind: "blank" as const }] };
    expect(planParts({ ...blank, fileSize: 20 }, 15)[0]!.blank).toEqual([{ start: 10, end: 15 }]);
    const part = sanitizePart({ ...blank, fileSize: 20 }, { sanitizedStructure: new Uint8Array(10).fill(7), blankRanges: [] }, { start: 5, bytes: new Uint8Array(15).fill(9) });
    expect([...part]).toEqual([7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("refusals", () => {
  it("a file cut short is truncated, wherever the cut", async () => {
    for (const name of ["clip-moov-last.mov", "clip-faststart.mov", "clip.webm"]) {
      const bytes = fixture(name);
      expect((await readClipLayout(fileOf(bytes).read, bytes.length)).ok).toBe(true);
      for (const cut of [Math.floor(bytes.length / 2), bytes.length - 1, 3000]) {
        const short = bytes.slice(0, cut);
        expect(await readClipLayout(fileOf(short).read, short.length), `${name} cut at ${cut}`).toEqual({ ok: false, error: "truncated" });
      }
    }
  });

  it("garbage, a picture and a file not starting with ftyp are not clips", async () => {
    const clip = fixture("clip.mp4");
    expect((await readClipLayout(fileOf(clip).read, clip.length)).ok).toBe(true);
    const garbage = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
    const heic = fixture("picture.heic");
    const wideFirst = concat([Uint8Array.of(0, 0, 0, 8), asciiBytes("wide"), clip]);
    for (const bytes of [garbage, heic, wideFirst, new Uint8Array(4)]) {
      expect(await readClipLayout(fileOf(bytes).read, bytes.length)).toEqual({ ok: false, error: "not-a-clip" });
    }
  });

  it("fragmented MP4 and a second movie box are unsupported", async () => {
    const bytes = fixture("clip-moov-last.mov");
    expect((await readClipLayout(fileOf(bytes).read, bytes.length)).ok).toBe(true);
    for (const type of ["moof", "moov"]) {
      const changed = bytes.slice();
      changed.set(asciiBytes(type), Buffer.from(bytes).indexOf("wide"));
      expect(await readClipLayout(fileOf(changed).read, changed.length)).toEqual({ ok: false, error: "unsupported" });
    }
  });

  it("refuses a layout that does not cover the file, or has a gap", async () => {
    const bytes = fixture("clip-moov-last.mov");
    const layout = await layoutOf(bytes);
    const structure = structureOf(bytes, layout);
    expect(inspectClip(layout, structure).ok).toBe(true);
    const [a, b, c] = layout.regions as [ClipLayout["regions"][0], ClipLayout["regions"][0], ClipLayout["regions"][0]];
    const short = { ...layout, regions: [a, b, { ...c, end: c.end - 1 }] };
    const gap = { ...layout, regions: [a, { ...b, start: b.start + 1 }, c] };
    const bigger = { ...layout, fileSize: bytes.length + 10 };
    const none = { ...layout, regions: [] };
    for (const broken of [short, gap, bigger, none]) expect(inspectClip(broken, structure)).toEqual({ ok: false, error: "not-a-clip" });
    // The shape a server accepts before that: a real layout, not one with another kind or a fraction.
    expect(clipLayoutSchema.safeParse(layout).success).toBe(true);
    expect(clipLayoutSchema.safeParse({ ...layout, regions: [{ ...a, kind: "secret" }, b, c] }).success).toBe(false);
    expect(clipLayoutSchema.safeParse({ ...layout, regions: [{ ...a, end: 35.5 }, b, c] }).success).toBe(false);
  });

  it("refuses structure bytes that do not give the declared layout", async () => {
    const bytes = fixture("clip-moov-last.mov");
    const layout = await layoutOf(bytes);
    const structure = structureOf(bytes, layout);
    expect(inspectClip(layout, structure).ok).toBe(true);
    expect(inspectClip(layout, structure.subarray(1))).toEqual({ ok: false, error: "truncated" });
    expect(inspectClip(layout, concat([structure, new Uint8Array(1)]))).toEqual({ ok: false, error: "not-a-clip" });
    // The media declared to start 8 bytes later: the mdat header says otherwise.
    const [a, b, c] = layout.regions as [ClipLayout["regions"][0], ClipLayout["regions"][0], ClipLayout["regions"][0]];
    const moved = { ...layout, regions: [{ ...a, end: a.end + 8 }, { ...b, start: b.start + 8 }, c] };
    expect(inspectClip(moved, structureOf(bytes, moved))).toEqual({ ok: false, error: "not-a-clip" });
    // An mdat header claiming a shorter payload puts the next box header inside the declared media.
    const tampered = structure.slice();
    new DataView(tampered.buffer).setUint32(a.end - 8, 100);
    expect(inspectClip(layout, tampered)).toEqual({ ok: false, error: "not-a-clip" });
    // Another container than the bytes say.
    expect(inspectClip({ ...layout, container: "mp4" }, structure)).toEqual({ ok: false, error: "not-a-clip" });
  });

  it("refuses a huge structure, declared or read", async () => {
    const fileSize = 60 * 1024 * 1024;
    const huge: ClipLayout = { container: "mp4", fileSize, regions: [{ start: 0, end: CLIP_MAX_STRUCTURE_BYTES + 8, kind: "structure" }, { start: CLIP_MAX_STRUCTURE_BYTES + 8, end: fileSize, kind: "media" }] };
    expect(inspectClip(huge, new Uint8Array(0))).toEqual({ ok: false, error: "too-much-structure" });
    const movieOfSize = (moovBytes: number) => {
      const head = concat([Uint8Array.of(0, 0, 0, 16), asciiBytes("ftypisom"), new Uint8Array(4), u32(moovBytes), asciiBytes("moov")]);
      const mdatAt = 16 + moovBytes;
      const tail = concat([u32(fileSize - mdatAt), asciiBytes("mdat")]);
      // Only the headers are real; the browser never reads the rest.
      return async (start: number, end: number) => {
        const out = new Uint8Array(end - start);
        if (start < head.length) out.set(head.subarray(start, Math.min(end, head.length)));
        if (start <= mdatAt && end >= mdatAt + 8) out.set(tail, mdatAt - start);
        return out;
      };
    };
    expect((await readClipLayout(movieOfSize(1024 * 1024), fileSize)).ok).toBe(true);
    expect(await readClipLayout(movieOfSize(CLIP_MAX_STRUCTURE_BYTES), fileSize)).toEqual({ ok: false, error: "too-much-structure" });
  });

  it("refuses a file of countless tiny boxes instead of walking them", async () => {
    const withFreeBoxes = (count: number) => {
      const free = box("free");
      const boxes = new Uint8Array(count * free.length);
      for (let i = 0; i < count; i++) boxes.set(free, i * free.length);
      return concat([box("ftyp", asciiBytes("isom"), new Uint8Array(4)), box("moov"), boxes]);
    };
    const few = withFreeBoxes(1000);
    expect((await readClipLayout(fileOf(few).read, few.length)).ok).toBe(true);
    const countless = withFreeBoxes(CLIP_MAX_REGIONS);
    expect(await readClipLayout(fileOf(countless).read, countless.length)).toEqual({ ok: false, error: "too-much-structure" });
  });
});

/** Big-endian 32-bit numbers, one after another. */
function u32(...values: number[]) {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => view.setUint32(i * 4, value));
  return out;
}

function box(type: string, ...contents: Uint8Array[]) {
  const body = concat(contents);
  return concat([u32(8 + body.length), asciiBytes(type), body]);
}

/**
 * A movie whose only track is timed metadata (GoPro GPMF) with `samples` samples of 4 bytes, one a
 * chunk: sample tables of several MB, as a long clip's are.
 */
function movieWithGpsTrack(samples: number) {
  const ftyp = box("ftyp", asciiBytes("isom"), new Uint8Array(4));
  const each = (value: (sample: number) => number) => {
    const out = new Uint8Array(samples * 4);
    const view = new DataView(out.buffer);
    for (let i = 0; i < samples; i++) view.setUint32(i * 4, value(i));
    return out;
  };
  const build = (mdatAt: number) =>
    box(
      "moov",
      box("mvhd", new Uint8Array(12), u32(1000), u32(2000), new Uint8Array(80)),
      box(
        "trak",
        box(
          "mdia",
          box("hdlr", new Uint8Array(8), asciiBytes("meta"), new Uint8Array(12)),
          box(
            "minf",
            box(
              "stbl",
              box("stsd", new Uint8Array(4), u32(1), box("gpmd", new Uint8Array(8))),
              box("stsc", new Uint8Array(4), u32(1), u32(1), u32(1), u32(1)),
              box("stsz", new Uint8Array(4), u32(0, samples), each(() => 4)),
              box("stco", new Uint8Array(4), u32(samples), each((i) => mdatAt + 8 + i * 4)),
            ),
          ),
        ),
      ),
    );
  const moovBytes = build(0).length;
  const mdat = box("mdat", new Uint8Array(samples * 4).fill(0x47));
  return concat([ftyp, build(ftyp.length + moovBytes), mdat]);
}

/**
 * clip.webm as a browser's MediaRecorder writes it: Segment and Clusters of unknown size (all value
 * bits of their size set, the same length), no Duration in Info (turned into a Void of its length).
 */
function mediaRecorderWebm() {
  const bytes = fixture("clip.webm");
  const unknownSize = (sizeAt: number) => {
    const length = Math.clz32(bytes[sizeAt]!) - 23;
    bytes[sizeAt] = 0xff >> (length - 1);
    bytes.fill(0xff, sizeAt + 1, sizeAt + length);
  };
  const segmentAt = Buffer.from(bytes).indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
  unknownSize(segmentAt + 4);
  for (let at = Buffer.from(bytes).indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75])); at !== -1; at = Buffer.from(bytes).indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), at + 4)) unknownSize(at + 4);
  const durationAt = Buffer.from(bytes).indexOf(Buffer.from([0x44, 0x89, 0x88]));
  bytes.set([0xec, 0x80 | 9, ...new Uint8Array(9)], durationAt);
  return bytes;
}
