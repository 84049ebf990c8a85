import { describe, expect, it } from "vitest";
import { exifWithGps, jpegSegment, xmpWithGps } from "../../scripts/images/exif";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { orientationOnlyExif } from "../../src/domain/exif";
import { exifOrientation, JPEG_MARKERS, readJpegSegments, stripJpegMetadata, type JpegSegment } from "../../src/domain/jpeg";
import { jpegWithGps, TEST_COMMENT, testPicture } from "../support/images";

const { SOI, EOI, SOS, APP0, APP1, APP2, APP14, COM } = JPEG_MARKERS;
const APP13 = 0xed;
const text = (value: string) => new TextEncoder().encode(value);
const contains = (bytes: Uint8Array, value: string) => Buffer.from(bytes).includes(Buffer.from(value));

function segmentsOf(bytes: Uint8Array): JpegSegment[] {
  const read = readJpegSegments(bytes);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

function strip(bytes: Uint8Array): Uint8Array {
  const stripped = stripJpegMetadata(bytes);
  if (!stripped.ok) throw new Error(stripped.error);
  return stripped.value;
}

/** The segments that make up the picture: tables, frame and scans, with their data. */
const pictureSegments = (segments: JpegSegment[]) => segments.filter((s) => !(s.marker >= APP0 && s.marker <= 0xef) && s.marker !== COM).map((s) => ({ marker: s.marker, payload: [...s.payload], scanData: s.scanData ? [...s.scanData] : undefined }));

describe("stripJpegMetadata", () => {
  it("takes Exif, GPS, XMP and comments out of a phone's JPEG and leaves a whole picture, SOI to EOI", () => {
    const original = jpegWithGps();
    for (const secret of ["Exif", "GPS", "Test Camera", "xap/1.0", TEST_COMMENT]) expect(contains(original, secret), secret).toBe(true);
    const stripped = strip(original);
    for (const secret of ["Exif", "GPS", "Test Camera", "xap/1.0", TEST_COMMENT]) expect(contains(stripped, secret), secret).toBe(false);
    expect([...stripped.subarray(0, 2)]).toEqual([0xff, SOI]);
    expect([...stripped.subarray(-2)]).toEqual([0xff, EOI]);
    const markers = segmentsOf(stripped).map((s) => s.marker);
    expect(markers).not.toContain(APP1);
    expect(markers).not.toContain(COM);
    expect(markers[0]).toBe(APP0);
    // Tables, frame and scan (with its entropy-coded data) are byte for byte what was sent.
    expect(pictureSegments(segmentsOf(stripped))).toEqual(pictureSegments(segmentsOf(original)));
    expect(stripped.length).toBeLessThan(original.length);
  });

  it("keeps a turned picture's orientation, and only that, in a small Exif block after the JFIF header", () => {
    const stripped = strip(jpegWithGps({ orientation: 6 }));
    const segments = segmentsOf(stripped);
    expect(segments.map((s) => s.marker).slice(0, 2)).toEqual([APP0, APP1]);
    expect(segments[1]!.payload).toEqual(orientationOnlyExif(6));
    expect(exifOrientation(segments[1]!.payload)).toBe(6);
    expect(contains(stripped, "GPS")).toBe(false);
    expect(segments.filter((s) => s.marker === APP1)).toHaveLength(1);
    // Normal orientation needs no Exif at all.
    expect(segmentsOf(strip(jpegWithGps({ orientation: 1 }))).map((s) => s.marker)).not.toContain(APP1);
  });

  it("keeps the colour profile and the Adobe colour transform, drops the JFIF thumbnail, IPTC and multi-picture data", () => {
    const jfifWithThumbnail = jpegSegment(APP0, Uint8Array.from([...text("JFIF\0"), 1, 2, 0, 0, 1, 0, 1, 2, 1, 10, 20, 30, 40, 50, 60]));
    const icc = jpegSegment(APP2, Uint8Array.from([...text("ICC_PROFILE\0"), 1, 1, 9, 9, 9]));
    const mpf = jpegSegment(APP2, Uint8Array.from([...text("MPF\0"), 1, 2, 3]));
    const adobe = jpegSegment(APP14, Uint8Array.from([...text("Adobe"), 0, 100, 0, 0, 0, 0, 1]));
    const iptc = jpegSegment(APP13, text("Photoshop 3.0\0 caption: our street"));
    const picture = encodeJpeg(testPicture(), 85, [icc, mpf, adobe, iptc]);
    // Replace the encoder's JFIF header with one that carries a 2x1 thumbnail.
    const withThumbnail = Uint8Array.from([0xff, SOI, ...jfifWithThumbnail, ...picture.subarray(2 + 18)]);
    const segments = segmentsOf(strip(withThumbnail));
    expect(segments.map((s) => s.marker).slice(0, 3)).toEqual([APP0, APP2, APP14]);
    expect([...segments[0]!.payload]).toEqual([...text("JFIF\0"), 1, 2, 0, 0, 1, 0, 1, 0, 0]);
    expect(contains(segments[1]!.payload, "ICC_PROFILE")).toBe(true);
    expect(segments.some((s) => contains(s.payload, "MPF") || contains(s.payload, "our street"))).toBe(false);
  });

  it("drops whatever follows the end of the picture (phones append second pictures with their own Exif)", () => {
    const picture = encodeJpeg(testPicture(), 85);
    const trailer = jpegWithGps();
    const stripped = strip(Uint8Array.from([...picture, ...trailer]));
    expect(stripped).toEqual(strip(picture));
    expect(contains(stripped, "GPS")).toBe(false);
  });

  it("reads scan data with stuffed bytes and restart markers as part of the scan", () => {
    const picture = encodeJpeg(testPicture(), 85);
    const sosAt = segmentsOf(picture).findIndex((s) => s.marker === SOS);
    expect(sosAt).toBeGreaterThan(0);
    const scan = Uint8Array.of(0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd1, 0x78);
    const header = picture.subarray(0, picture.length - segmentsOf(picture)[sosAt]!.scanData!.length - 2);
    const crafted = Uint8Array.from([...header, ...scan, 0xff, EOI]);
    const read = segmentsOf(crafted);
    expect([...read[sosAt]!.scanData!]).toEqual([...scan]);
    expect([...segmentsOf(strip(crafted))[sosAt]!.scanData!]).toEqual([...scan]);
  });

  it("refuses what is not a JPEG or breaks off inside a segment, and closes a picture cut off inside its scan", () => {
    expect(stripJpegMetadata(text("just text"))).toEqual({ ok: false, error: "not-a-jpeg" });
    const picture = jpegWithGps();
    expect(stripJpegMetadata(picture.subarray(0, 30))).toEqual({ ok: false, error: "truncated" });
    expect(stripJpegMetadata(Uint8Array.of(0xff, SOI, 0xff, 0xe1, 0xff, 0xff))).toEqual({ ok: false, error: "truncated" });
    const cut = strip(picture.subarray(0, picture.length - 40));
    expect([...cut.subarray(-2)]).toEqual([0xff, EOI]);
    expect(contains(cut, "GPS")).toBe(false);
  });
});

describe("exifOrientation", () => {
  it("reads the orientation in either byte order and ignores Exif without one or out of range", () => {
    expect(exifOrientation(segmentsOf(jpegWithGps({ orientation: 8 })).find((s) => s.marker === APP1)!.payload)).toBe(8);
    expect(exifOrientation(orientationOnlyExif(3))).toBe(3);
    expect(exifOrientation(segmentsOf(encodeJpeg(testPicture(), 85, [exifWithGps({ latitude: 1, longitude: 2 })])).find((s) => s.marker === APP1)!.payload)).toBeNull();
    expect(exifOrientation(segmentsOf(encodeJpeg(testPicture(), 85, [xmpWithGps({ latitude: 1, longitude: 2 })])).find((s) => s.marker === APP1)!.payload)).toBeNull();
    const broken = orientationOnlyExif(6);
    broken[broken.length - 8] = 0;
    broken[broken.length - 7] = 9;
    expect(exifOrientation(broken)).toBeNull();
    expect(exifOrientation(orientationOnlyExif(6).subarray(0, 12))).toBeNull();
  });
});
