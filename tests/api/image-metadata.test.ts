import { beforeAll, describe, expect, it } from "vitest";
import type { ImageKind } from "../../src/domain/uploads";
import type { ApiClient } from "../support/client";
import { createOtherFamily } from "../support/families";
import { privateTags, readWithExiftool, taggedPicture } from "../support/metadata";
import { uploadPhotos } from "../support/photoUpload";
import { addGuest } from "../support/photos";

/**
 * Issue 18, item 1: location and camera metadata never leave on any path. Each accepted format,
 * tagged by exiftool like a phone's picture, goes up through every upload route; what a relative
 * then downloads is read back with exiftool, an independent reader.
 */

const KINDS: readonly ImageKind[] = ["jpeg", "png", "webp", "heic"];
/** exiftool's names; a WebP that keeps its orientation is in the extended format. */
const FILE_TYPES: Record<ImageKind, string> = { jpeg: "JPEG", png: "PNG", webp: "Extended WEBP", heic: "HEIC" };
const NAMES: Record<ImageKind, string> = { jpeg: "phone.jpg", png: "phone.png", webp: "phone.webp", heic: "phone.heic" };

let pregnancyId: string;
/** Each format tagged once (exiftool takes about a second each), before any request. */
let tagged: Record<ImageKind, Uint8Array<ArrayBuffer>>;
let owner: ApiClient;
let guest: ApiClient;
let cousin: ApiClient;

beforeAll(async () => {
  tagged = { jpeg: taggedPicture("jpeg"), png: taggedPicture("png"), webp: taggedPicture("webp"), heic: taggedPicture("heic") };
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  const [metaGuest, metaCousin] = await Promise.all([addGuest(pregnancyId, "metaguest", "immediate-family"), addGuest(pregnancyId, "metacousin", "immediate-family")]);
  guest = metaGuest.client;
  cousin = metaCousin.client;
});

async function download(viewer: ApiClient, url: string): Promise<Uint8Array> {
  const response = await viewer.fetch(url);
  expect(response.status, url).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** No position, camera, serial, XMP, IPTC or comment; a picture exiftool still reads whole; a JPEG, PNG or WebP still turned as the phone said (6: 90 degrees clockwise). */
function expectClean(kind: ImageKind, stored: Uint8Array, fileType = FILE_TYPES[kind]) {
  const reading = readWithExiftool(stored);
  expect(privateTags(reading), kind).toEqual([]);
  expect(reading["ExifTool:Warning"], kind).toBeUndefined();
  expect(reading["File:FileType"], kind).toBe(fileType);
  expect(reading["Composite:ImageSize"], kind).toBe("64x48");
  // A HEIC is turned by its irot/imir properties, which are kept; its Exif orientation is not used by readers.
  if (kind !== "heic") expect(reading["EXIF:Orientation"], kind).toBe("Rotate 90 CW");
}

describe("every stored picture is read back without its metadata", () => {
  it("the fixtures really carry a phone's metadata (exiftool sees it before upload)", () => {
    for (const kind of KINDS) {
      const reading = readWithExiftool(tagged[kind]);
      expect(reading["EXIF:GPSLatitude"], kind).toBeDefined();
      expect(reading["EXIF:Make"], kind).toBe("TestPhone");
      expect(reading["XMP:City"], kind).toBe("London");
    }
    expect(readWithExiftool(tagged.png)["PNG:Comment"]).toBeDefined();
    expect(readWithExiftool(tagged.jpeg)["IPTC:City"]).toBe("London");
  });

  it("album photos of every format, and their thumbnails, as a guest downloads them", async () => {
    const results = await uploadPhotos(
      owner,
      pregnancyId,
      KINDS.map((kind) => ({ name: NAMES[kind], bytes: tagged[kind] })),
      { thumbnails: [{ name: "thumb.png", bytes: tagged.png }, { name: "thumb.webp", bytes: tagged.webp }, null, null] },
    );
    expect(results.map((r) => r.success)).toEqual([true, true, true, true]);
    for (const [index, kind] of KINDS.entries()) expectClean(kind, await download(guest, `${results[index]!.url!}?download=1`));
    expectClean("png", await download(guest, results[0]!.thumbnailUrl!));
    expectClean("webp", await download(guest, results[1]!.thumbnailUrl!));
  });

  it("avatars of every format, as the family sees them", async () => {
    for (const kind of KINDS) {
      const upload = await guest.fetch("/api/avatars", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: tagged[kind] });
      expect(upload.status, kind).toBe(201);
      const { avatarUrl } = (await upload.json()) as { avatarUrl: string };
      expectClean(kind, await download(owner, avatarUrl));
    }
  });

  it("waiting-room images of every format, as another guest sees them", async () => {
    for (const kind of KINDS) {
      const upload = await guest.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: tagged[kind] });
      expect(upload.status, kind).toBe(201);
      const { url } = (await upload.json()) as { url: string };
      // A HEIC is stored as its JPEG display copy (photos-heic.test.ts), made without metadata.
      expectClean(kind, await download(cousin, url), kind === "heic" ? "JPEG" : FILE_TYPES[kind]);
    }
  });
});
