import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jpegSegment } from "../../scripts/images/exif";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { createRaster } from "../../scripts/images/raster";
import { asciiBytes, concat } from "../../src/domain/bytes";
import { orientationOnlyExif } from "../../src/domain/exif";
import { JPEG_MARKERS } from "../../src/domain/jpeg";
import { jpegOrientation, pictureSize } from "../../src/domain/pictureSize";

const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../fixtures", name)));

/** A WebP of one chunk, little-endian sizes as RIFF has them. */
function webpOf(type: string, data: number[]) {
  const size = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
  const chunk = concat([asciiBytes(type), size(data.length), Uint8Array.from(data), new Uint8Array(data.length % 2)]);
  return concat([asciiBytes("RIFF"), size(4 + chunk.length), asciiBytes("WEBP"), chunk]);
}

describe("pictureSize", () => {
  it("reads a JPEG's frame header", () => {
    expect(pictureSize(encodeJpeg(createRaster(37, 23)), "jpeg")).toEqual({ width: 37, height: 23 });
  });

  it("reads a lossy WebP's frame (cwebp), a lossless one's and an extended one's canvas", () => {
    expect(pictureSize(fixture("picture.webp"), "webp")).toEqual({ width: 64, height: 48 });
    expect(pictureSize(fixture("halves.webp"), "webp")).toEqual({ width: 960, height: 640 });
    const lossless = 299 | (199 << 14);
    expect(pictureSize(webpOf("VP8L", [0x2f, lossless & 0xff, (lossless >> 8) & 0xff, (lossless >> 16) & 0xff, lossless >>> 24]), "webp")).toEqual({ width: 300, height: 200 });
    // Canvas 4000 x 3000, stored as width - 1 and height - 1.
    expect(pictureSize(webpOf("VP8X", [0, 0, 0, 0, 0x9f, 0x0f, 0, 0xb7, 0x0b, 0]), "webp")).toEqual({ width: 4000, height: 3000 });
  });

  it("is null for bytes that are not the format", () => {
    expect(pictureSize(Uint8Array.of(1, 2, 3), "jpeg")).toBeNull();
    expect(pictureSize(webpOf("VP8L", [0x00, 0, 0, 0, 0]), "webp")).toBeNull();
  });
});

describe("jpegOrientation", () => {
  it("is the Exif orientation, normal without one", () => {
    const raster = createRaster(8, 8);
    expect(jpegOrientation(encodeJpeg(raster, 85, [jpegSegment(JPEG_MARKERS.APP1, orientationOnlyExif(6))]))).toBe(6);
    expect(jpegOrientation(encodeJpeg(raster))).toBe(1);
  });
});
