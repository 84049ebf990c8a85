import { readFileSync } from "node:fs";
import path from "node:path";
import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegSegment } from "../../scripts/images/exif";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { encodePng } from "../../scripts/images/png";
import { createRaster, paintRect, type Rgb } from "../../scripts/images/raster";
import { orientationOnlyExif } from "../../src/domain/exif";
import { JPEG_MARKERS } from "../../src/domain/jpeg";
import { photos } from "../../worker/db/schema";
import { openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { testPicture } from "../support/images";
import { untilCopiesMade, uploadPhotos } from "../support/photoUpload";

/**
 * Issue 23, item 5: a large JPEG or WebP sent without a browser-made thumbnail (an older client,
 * another client's batch) gets one made by the Worker (by the queue's consumer, issue 39), so the album grid does not load the
 * original; a JPEG's is turned upright as its Exif orientation says. A small one is its own, and
 * so is a PNG (worker/infra/codecModules.ts says why).
 */
const { db, close } = openTestDb();
const RED: Rgb = [220, 40, 40];
const BLUE: Rgb = [40, 60, 220];
/** A quarter turn clockwise (Exif orientation 6), as a phone held upright writes it. */
const QUARTER_TURN = 6;

/** Left half red, right half blue. */
function halves(width: number, height: number) {
  const raster = createRaster(width, height, RED);
  paintRect(raster, width / 2, 0, width / 2, height, BLUE);
  return raster;
}

beforeAll(async () => {
  // Node has no fetch of file URLs for emscripten's loader: hand the decoder its compiled module.
  const wasm = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"));
  await initJpegDecoder(await WebAssembly.compile(wasm));
});

afterAll(async () => {
  await close();
});

/** The pixel's colour in the decoded thumbnail: which of the two it is nearest. */
function colourAt(picture: ImageData, x: number, y: number): "red" | "blue" {
  const at = (Math.floor(y) * picture.width + Math.floor(x)) * 4;
  return picture.data[at]! > picture.data[at + 2]! ? "red" : "blue";
}

describe("a photo sent without a thumbnail", () => {
  it("gets a JPEG thumbnail from the Worker when it is a JPEG (turned upright) or WebP larger than one; a small one and a PNG serve as their own", async () => {
    const family = await createOtherFamily();
    const files = [
      // Stored 1200x900 and turned a quarter clockwise: upright it is 900x1200, red above blue.
      { name: "portrait.jpg", bytes: encodeJpeg(halves(1200, 900), 85, [jpegSegment(JPEG_MARKERS.APP1, orientationOnlyExif(QUARTER_TURN))]) },
      // cwebp, 960x640 (tests/fixtures/README.md).
      { name: "wide.webp", bytes: new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../fixtures/halves.webp"))) },
      { name: "small.jpg", bytes: encodeJpeg(testPicture(64, 48), 85) },
      { name: "wide.png", bytes: encodePng(halves(1000, 600)) },
    ];
    const results = await uploadPhotos(family.owner, family.pregnancyId, files, { thumbnails: files.map(() => null), metadata: { privacyLevel: "friends" } });
    expect(results.map((r) => r.success)).toEqual([true, true, true, true]);
    // The queue's consumer makes the two thumbnails after the upload answers (issue 39); the others are owed none.
    expect(results.map((r) => r.copiesPending)).toEqual([true, true, false, false]);
    await untilCopiesMade(
      family.owner,
      family.pregnancyId,
      results.map((r) => r.photoId!),
    );
    const listed = (await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items;

    const thumbnails = [];
    for (const result of results.slice(0, 2)) {
      const [row] = await db.select().from(photos).where(eq(photos.id, result.photoId!));
      expect(row!.thumbnailPath, result.filename).toMatch(/\.jpg$/);
      expect(row!.displayPath, result.filename).toBeNull();
      const view = listed.find((item) => item.id === result.photoId)!;
      const thumbnailUrl = view.thumbnailUrl;
      expect(thumbnailUrl, result.filename).not.toBe(view.url);
      const response = await family.owner.fetch(thumbnailUrl!);
      expect(response.headers.get("content-type"), result.filename).toBe("image/jpeg");
      thumbnails.push(await decodeJpeg(await response.arrayBuffer()));
    }
    const [portrait, webp] = thumbnails;
    expect([portrait!.width, portrait!.height]).toEqual([360, 480]);
    expect([colourAt(portrait!, 180, 100), colourAt(portrait!, 180, 380)]).toEqual(["red", "blue"]);
    expect([webp!.width, webp!.height]).toEqual([480, 320]);
    expect([colourAt(webp!, 120, 160), colourAt(webp!, 360, 160)]).toEqual(["red", "blue"]);
    // The full size and the download stay the photo as sent (its metadata blanked).
    const original = await family.owner.fetch(results[0]!.url!);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect((await decodeJpeg(await original.arrayBuffer())).width).toBe(1200);

    for (const own of results.slice(2)) {
      const [row] = await db.select().from(photos).where(eq(photos.id, own.photoId!));
      expect(row!.thumbnailPath, own.filename).toBeNull();
      expect(own.thumbnailUrl, own.filename).toBe(own.url);
      const view = listed.find((item) => item.id === own.photoId)!;
      expect(view.thumbnailUrl, own.filename).toBe(view.url);
    }
  });
});
