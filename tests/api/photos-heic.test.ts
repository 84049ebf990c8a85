import { readFileSync } from "node:fs";
import path from "node:path";
import decodeJpeg, { init as initJpegDecoder } from "@jsquash/jpeg/decode.js";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_THUMBNAIL_MAX_PX } from "../../src/domain/photos";
import { photos } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { testPicture } from "../support/images";
import { untilCopiesMade, uploadPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder } from "../support/photos";

/**
 * Issue 23, item 5: a HEIC/HEIF (made with a real encoder: tests/fixtures/README.md) gets a JPEG
 * display copy and a JPEG thumbnail made by the Worker (after the upload answers, by the queue's
 * consumer: issue 39); the full-size route serves the copy, the download the original as stored,
 * and every door refuses the copy as it refuses the original.
 */
const { db, close } = openTestDb();
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../fixtures", name)));
const HEIC = fixture("picture.heic");
const JPEG_SOI = [0xff, 0xd8, 0xff];

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

beforeAll(async () => {
  // Node has no fetch of file URLs for emscripten's loader: hand the decoder its compiled module.
  const wasm = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"));
  await initJpegDecoder(await WebAssembly.compile(wasm));
});

afterAll(async () => {
  await close();
});

async function uploadHeic() {
  const family = await createOtherFamily();
  // Sent as the album sends a HEIC from Chromium: no thumbnail, as the browser cannot decode it.
  const [result] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "IMG_0001.HEIC", bytes: HEIC, type: "image/heic" }], { thumbnails: [null], metadata: { privacyLevel: "friends" } });
  expect(result).toMatchObject({ success: true, errors: [], copiesPending: true });
  await untilCopiesMade(family.owner, family.pregnancyId, [result!.photoId!]);
  // The upload answered before the thumbnail was made: the album's list names it now.
  const listed = (await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items.find((item) => item.id === result!.photoId);
  return { family, result: result!, listed: listed! };
}

/** The JPEG's pixels, decoded by MozJPEG (jSquash) in Node. */
async function decoded(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 3)]).toEqual(JPEG_SOI);
  return decodeJpeg(bytes.slice().buffer);
}

describe("a HEIC photo's display copy and thumbnail", () => {
  it("are JPEGs of the picture, served in its place; the download is the original as stored", async () => {
    const { family, result, listed } = await uploadHeic();
    const [row] = await db.select().from(photos).where(eq(photos.id, result.photoId!));
    expect(row).toMatchObject({ mimeType: "image/heic", storagePath: result.path });
    expect(row!.displayPath).toMatch(/\.jpg$/);
    expect(row!.thumbnailPath).toMatch(/\.jpg$/);
    // The album shows both copies by their own signed links.
    expect(listed.thumbnailUrl).not.toBe(listed.url);

    const full = await family.owner.fetch(listed.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    const display = await decoded(await bytesOf(full));
    // The fixture is 64x48, under the display size: the copy keeps it, and shows the same picture.
    expect([display.width, display.height]).toEqual([64, 48]);
    const source = testPicture(64, 48);
    let difference = 0;
    for (let i = 0; i < 64 * 48; i++) for (let c = 0; c < 3; c++) difference += Math.abs(display.data[i * 4 + c]! - source.pixels[i * 3 + c]!);
    expect(difference / (64 * 48 * 3)).toBeLessThan(6);

    const thumbnail = await family.owner.fetch(listed.thumbnailUrl!);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    const small = await decoded(await bytesOf(thumbnail));
    expect(Math.max(small.width, small.height)).toBeLessThanOrEqual(PHOTO_THUMBNAIL_MAX_PX);

    const download = await family.owner.fetch(`${result.url}?download=1`);
    expect(download.headers.get("content-type")).toBe("image/heic");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="photo-week-24.heic"');
    // Byte for byte what R2 holds for the original: the file as sent, its metadata blanked (heif.ts).
    const original = await bytesOf(download);
    expect(original.byteLength).toBe(HEIC.byteLength);
    expect(Buffer.from(original).equals(Buffer.from(HEIC))).toBe(true);
  });

  it("is refused as the original is: to a signed-out caller, another family, a guest the audience leaves out and a removed relative", async () => {
    const { family, result } = await uploadHeic();
    // The checked routes (the signed links' own refusals: tests/api/picture-links.test.ts).
    const urls = [result.url!, `${result.url}/thumbnail`, `${result.url}?download=1`];
    const other = await createOtherFamily();
    const acquaintance = await addGuest(family.pregnancyId, "acquaintance", "acquaintances");
    const removed = await addGuest(family.pregnancyId, "removed", "friends");
    for (const url of urls) expect((await removed.client.fetch(url)).status, url).toBe(200);
    await family.owner.trpc.participants.remove.mutate({ pregnancyId: family.pregnancyId, participantId: removed.participantId });
    for (const url of urls) {
      expect((await new ApiClient(baseUrl()).fetch(url)).status, url).toBe(401);
      expect((await other.owner.fetch(url)).status, url).toBe(403);
      expect((await acquaintance.client.fetch(url)).status, url).toBe(403);
      expect((await removed.client.fetch(url)).status, url).toBe(403);
    }
    // Through the stranger's own pregnancy the photo does not exist.
    expect((await other.owner.fetch(`/api/photos/${other.pregnancyId}/${result.photoId}`)).status).toBe(404);
  });

  it("go with the photo: deleting it removes the original, the display copy and the thumbnail", async () => {
    const { family, result } = await uploadHeic();
    const [row] = await db.select().from(photos).where(eq(photos.id, result.photoId!));
    const prefix = `pregnancies/${family.pregnancyId}/`;
    expect((await objectsUnder(prefix)).sort()).toEqual([row!.storagePath, row!.displayPath!, row!.thumbnailPath!].sort());
    await family.owner.trpc.photos.delete.mutate({ pregnancyId: family.pregnancyId, photoId: result.photoId! });
    expect(await objectsUnder(prefix)).toEqual([]);
  });

  it("are made for every photo of a batch: no request-sized limit bounds them any more", async () => {
    const family = await createOtherFamily();
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `IMG_${i}.HEIC`, bytes: HEIC, type: "image/heic" }));
    const results = await uploadPhotos(family.owner, family.pregnancyId, files, { thumbnails: files.map(() => null), metadata: { privacyLevel: "friends" } });
    expect(results.map((r) => r.success)).toEqual(files.map(() => true));
    await untilCopiesMade(
      family.owner,
      family.pregnancyId,
      results.map((r) => r.photoId!),
    );
    const rows = await db.select().from(photos).where(inArray(photos.id, results.map((r) => r.photoId!)));
    expect(rows.map((row) => [row.displayPath !== null, row.thumbnailPath !== null])).toEqual(files.map(() => [true, true]));
    for (const result of results) expect((await family.owner.fetch(result.url!)).headers.get("content-type")).toBe("image/jpeg");
  });
});

describe("a HEIC waiting-room image", () => {
  it("is stored as its JPEG display copy, which the family's browsers show", async () => {
    const family = await createOtherFamily();
    const [sender, reader] = await Promise.all([addGuest(family.pregnancyId, "heicsender", "immediate-family"), addGuest(family.pregnancyId, "heicreader", "immediate-family")]);
    const upload = await sender.client.fetch(`/api/waiting-room/${family.pregnancyId}/images`, { method: "POST", body: HEIC });
    expect(upload.status).toBe(201);
    const { imageName, url } = (await upload.json()) as { imageName: string; url: string };
    expect(imageName).toMatch(/\.jpg$/);
    const image = await reader.client.fetch(url);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const picture = await decoded(await bytesOf(image));
    expect([picture.width, picture.height]).toEqual([64, 48]);
    expect(await objectsUnder(`pregnancies/${family.pregnancyId}/`)).toEqual([`pregnancies/${family.pregnancyId}/waiting-room/${imageName}`]);
  });
});
