import { describe, expect, it } from "vitest";
import {
  checkAlbumBatch,
  checkAlbumFile,
  CLIP_MAX_BYTES,
  CLIP_MESSAGES,
  CLIP_PART_BYTES,
  clipPartCount,
  clipPartRange,
  clipStorageUnits,
  detectClipType,
  formatClipLength,
} from "../../src/domain/clips";
import { cleanPart, clipCleaning, partSlices } from "../../src/domain/clipUploadPlan";
import type { ClipLayout } from "../../src/domain/clipContainer";
import { BYTES_PER_MB } from "../../src/domain/units";
import { PHOTO_MAX_FILES } from "../../src/domain/uploads";
import { requestedRange } from "../../worker/infra/storage";

const ascii = (text: string) => new TextEncoder().encode(text);
const isoHeader = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...ascii("ftyp"), ...ascii(brand)]);
const JPEG_HEADER = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF"), 0, 1]);

describe("a clip's container, from its first bytes", () => {
  it("tells QuickTime, other ISO files and WebM apart, and leaves still images to the photo rules", () => {
    expect(detectClipType(isoHeader("qt  "))?.kind).toBe("quicktime");
    expect(detectClipType(isoHeader("isom"))?.kind).toBe("mp4");
    expect(detectClipType(isoHeader("mp42"))?.kind).toBe("mp4");
    expect(detectClipType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))?.kind).toBe("webm");
    expect(detectClipType(isoHeader("heic"))).toBeNull();
    expect(detectClipType(isoHeader("avif"))).toBeNull();
    expect(detectClipType(JPEG_HEADER)).toBeNull();
    expect(detectClipType(ascii("RIFF....AVI "))).toBeNull();
  });
});

describe("the album's batch: photos and clips", () => {
  it("checks a clip by its container and its 1 GB, a photo by the spec's rules", () => {
    expect(checkAlbumFile({ name: "kicks.mov", size: 200 * BYTES_PER_MB, type: "video/quicktime", bytes: isoHeader("qt  ") }, 1)).toEqual({ kind: "clip", errors: [], warnings: [] });
    expect(checkAlbumFile({ name: "long.mp4", size: CLIP_MAX_BYTES + 1, type: "video/mp4", bytes: isoHeader("isom") }, 2).errors).toEqual([CLIP_MESSAGES.tooLarge(2, CLIP_MAX_BYTES + 1)]);
    expect(CLIP_MESSAGES.tooLarge(2, CLIP_MAX_BYTES + BYTES_PER_MB)).toBe("File 2: Video too large (1025.0 MB). Maximum 1 GB allowed.");
    // Exactly 1 GB is allowed.
    expect(checkAlbumFile({ name: "edge.mp4", size: CLIP_MAX_BYTES, bytes: isoHeader("isom") }, 1).errors).toEqual([]);
    // A photo keeps the spec's 10 MB; an AVI is neither.
    expect(checkAlbumFile({ name: "big.jpg", size: 11 * BYTES_PER_MB, type: "image/jpeg", bytes: JPEG_HEADER }, 3).errors).toEqual(["File 3: File too large (11.0 MB). Maximum 10MB allowed."]);
    expect(checkAlbumFile({ name: "old.avi", size: 1000, type: "video/x-msvideo", bytes: ascii("RIFF....AVI ") }, 4).errors).toEqual(["File 4: Unsupported file type (video/x-msvideo)"]);
    // Without bytes, what the picker declared decides.
    expect(checkAlbumFile({ name: "clip.webm", size: 1000 }, 1).kind).toBe("clip");
  });

  it("stops at 20 files", () => {
    const files = Array.from({ length: PHOTO_MAX_FILES + 1 }, (_, i) => ({ name: `${i}.jpg`, size: 1, bytes: JPEG_HEADER }));
    expect(checkAlbumBatch(files).tooMany).toBe(true);
    expect(checkAlbumBatch(files.slice(1)).files).toHaveLength(PHOTO_MAX_FILES);
  });
});

describe("a clip's storage, parts and length", () => {
  it("counts one photo per started 2 MB: a 100 MB clip as 50", () => {
    expect(clipStorageUnits(100 * BYTES_PER_MB)).toBe(50);
    expect(clipStorageUnits(100 * BYTES_PER_MB + 1)).toBe(51);
    expect(clipStorageUnits(1)).toBe(1);
  });

  it("cuts a clip into equal parts but the last, under Cloudflare's 100 MB body and at R2's 5 MiB or more", () => {
    expect(CLIP_PART_BYTES).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(CLIP_PART_BYTES).toBeLessThan(100 * 1000 * 1000);
    const size = 2 * CLIP_PART_BYTES + 10;
    expect(clipPartCount(size)).toBe(3);
    expect(clipPartRange(size, 1)).toEqual({ start: 0, end: CLIP_PART_BYTES });
    expect(clipPartRange(size, 3)).toEqual({ start: 2 * CLIP_PART_BYTES, end: size });
    expect(clipPartCount(CLIP_MAX_BYTES)).toBe(Math.ceil(CLIP_MAX_BYTES / CLIP_PART_BYTES));
  });

  it("reads a length as minutes and seconds", () => {
    expect(formatClipLength(12_400)).toBe("0:12");
    expect(formatClipLength(305_000)).toBe("5:05");
    expect(CLIP_MESSAGES.tooLong(1, 360_000)).toBe("File 1: Video too long (6:00). Maximum 5 minutes allowed.");
  });
});

describe("a part checked and cleaned on its own", () => {
  // A 100-byte file: ftyp (0-20), moov (20-60, a metadata box inside at 40-60), mdat header (60-68), media (68-90), free (90-100).
  const layout: ClipLayout = {
    container: "mp4",
    fileSize: 100,
    regions: [
      { start: 0, end: 20, kind: "structure" },
      { start: 20, end: 60, kind: "structure" },
      { start: 60, end: 68, kind: "structure" },
      { start: 68, end: 90, kind: "media" },
      { start: 90, end: 100, kind: "blank" },
    ],
  };
  const file = Uint8Array.from({ length: 100 }, (_, i) => (i % 250) + 1);
  const structure = new Uint8Array([...file.subarray(0, 68)]);
  // What the inspection would give back: the metadata box renamed `free` (4 bytes at 44) and its contents zeroed (48-60).
  const sanitized = structure.slice();
  sanitized.set(ascii("free"), 44);
  sanitized.fill(0, 48, 60);
  const cleaning = clipCleaning(layout, structure, sanitized, [{ start: 70, end: 74 }]);

  it("keeps a patch for the renamed box and zeroed ranges for its contents, the free space and timed metadata", () => {
    expect(cleaning.patches).toHaveLength(1);
    expect(cleaning.patches[0]!.at).toBe(44);
    expect(cleaning.zero).toEqual([
      { start: 48, end: 60 },
      { start: 70, end: 74 },
      { start: 90, end: 100 },
    ]);
  });

  it("cleans any cut of the file into parts to the same bytes as the whole", () => {
    const expected = file.slice();
    expected.set(ascii("free"), 44);
    expected.fill(0, 48, 60);
    expected.fill(0, 70, 74);
    expected.fill(0, 90, 100);
    for (const partBytes of [7, 13, 46, 100]) {
      const cleaned = new Uint8Array(100);
      for (let start = 0; start < 100; start += partBytes) cleaned.set(cleanPart(cleaning, start, file.slice(start, start + partBytes)), start);
      expect([...cleaned], `parts of ${partBytes}`).toEqual([...expected]);
    }
  });

  it("lists for each part the structure bytes it carries, with where they sit in the structure sent", () => {
    const slices = partSlices(layout, 46);
    expect(slices).toEqual([
      {
        partNumber: 1,
        slices: [
          { start: 0, end: 20, structureOffset: 0 },
          { start: 20, end: 46, structureOffset: 20 },
        ],
      },
      {
        partNumber: 2,
        slices: [
          { start: 46, end: 60, structureOffset: 46 },
          { start: 60, end: 68, structureOffset: 60 },
        ],
      },
    ]);
  });
});

describe("the Range a player asks for", () => {
  it("reads one range of bytes, and nothing it cannot serve as one", () => {
    expect(requestedRange("bytes=0-")).toEqual({ offset: 0 });
    expect(requestedRange("bytes=100-199")).toEqual({ offset: 100, length: 100 });
    expect(requestedRange("bytes=-500")).toEqual({ suffix: 500 });
    expect(requestedRange("bytes=5-2")).toBeNull();
    expect(requestedRange("bytes=0-1,5-6")).toBeNull();
    expect(requestedRange("items=0-1")).toBeNull();
    expect(requestedRange(null)).toBeNull();
  });
});
