import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concat } from "../../src/domain/bytes";
import { JPEG_MARKERS, readJpegSegments } from "../../src/domain/jpeg";
import { pngChunk } from "../../src/domain/png";
import { PHOTO_MAX_FILES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { photos, pregnancies, sessions } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1, TEST_COMMENT, jpegWithGps, testPng, testThumbnail } from "../support/images";
import { postPhotos, uploadPhotos } from "../support/photoUpload";
import { addGuest, setStorage } from "../support/photos";
import { connect, feedOf } from "../support/room";
import { BYTES_PER_MB } from "../../src/domain/units";

const { db, close } = openTestDb();
let demoPregnancyId: string;
let olivia: ApiClient;

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text));
/** A real PNG of any size: the 1x1 picture padded with a private chunk (which is not stored). */
const pngOfSize = (size: number) => {
  const iendAt = PNG_1X1.length - PNG_CHUNK_OVERHEAD;
  return concat([PNG_1X1.subarray(0, iendAt), pngChunk("prVt", new Uint8Array(size - PNG_1X1.length - PNG_CHUNK_OVERHEAD)), PNG_1X1.subarray(iendAt)]);
};
/** Length, type and CRC around a chunk's data (IEND is nothing else). */
const PNG_CHUNK_OVERHEAD = 12;

async function storageOf(pregnancyId: string) {
  const [row] = await db.select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  return row!;
}

beforeAll(async () => {
  olivia = await signedInAs("olivia");
  demoPregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(async () => {
  await close();
});

describe("POST /api/photos/:pregnancyId (secure-photo-upload)", () => {
  it("stores a GPS-tagged JPEG without its metadata and a PNG with its thumbnail, refuses a text file named .jpg, and answers per file", async () => {
    const family = await createOtherFamily();
    const jpeg = jpegWithGps();
    const before = await storageOf(family.pregnancyId);
    const results = await uploadPhotos(
      family.owner,
      family.pregnancyId,
      [
        { name: "bump.jpg", bytes: jpeg, type: "image/jpeg" },
        { name: "nursery.png", bytes: testPng(), type: "image/png" },
        { name: "notes.jpg", bytes: new TextEncoder().encode("just some text, not a picture"), type: "image/jpeg" },
      ],
      { thumbnails: [null, { name: "nursery-thumb.jpg", bytes: testThumbnail() }, null], metadata: { title: "Bump at week 20 <3", tags: ["Bump", "bump ", "Home=Nest"], week: 20 } },
    );

    expect(results.map((r) => r.success)).toEqual([true, true, false]);
    expect(results[2]).toMatchObject({ filename: "notes.jpg", photoId: null, url: null, errors: ["File 3: Unsupported file type (image/jpeg)"] });
    for (const result of results.slice(0, 2)) {
      expect(result.path).toMatch(new RegExp(`^pregnancies/${family.pregnancyId}/photos/[0-9a-f-]{36}\\.(jpg|png)$`));
      expect(result.url).toBe(`/api/photos/${family.pregnancyId}/${result.photoId}`);
    }
    expect(results[1]!.thumbnailUrl).toBe(`${results[1]!.url}/thumbnail`);
    // Storage counts photos: two more.
    expect((await storageOf(family.pregnancyId)).used).toBe(before.used + 2);

    const stored = await bytesOf(await family.owner.fetch(results[0]!.url!));
    const segments = readJpegSegments(stored);
    expect(segments.ok).toBe(true);
    const markers = segments.ok ? segments.value.map((s) => s.marker) : [];
    expect(markers).not.toContain(JPEG_MARKERS.APP1);
    expect(markers).not.toContain(JPEG_MARKERS.COM);
    for (const secret of ["Exif", "GPS", "Test Camera", "xap/1.0", TEST_COMMENT]) expect(contains(stored, secret), secret).toBe(false);
    expect([...stored.subarray(0, 2)]).toEqual([0xff, JPEG_MARKERS.SOI]);
    expect([...stored.subarray(-2)]).toEqual([0xff, JPEG_MARKERS.EOI]);
    // The picture itself is untouched: the scan data is byte for byte the one sent.
    const sent = readJpegSegments(jpeg);
    const scanOf = (read: typeof sent) => (read.ok ? read.value.find((s) => s.marker === JPEG_MARKERS.SOS)?.scanData : undefined);
    expect(scanOf(segments)).toEqual(scanOf(sent));

    const thumbnail = await family.owner.fetch(results[1]!.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    // Without a thumbnail the photo serves as its own.
    expect(await bytesOf(await family.owner.fetch(`${results[0]!.url}/thumbnail`))).toEqual(stored);

    const { items } = await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ title: "Bump at week 20 <3", tags: ["bump", "home=nest"], week: 20, privacyLevel: "immediate-family", canEdit: true, canDelete: true, likedByMe: false, likesCount: 0 });
  });

  it("keeps a turned phone picture upright: only the orientation survives, in an Exif block of its own", async () => {
    const family = await createOtherFamily();
    const [result] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "portrait.jpg", bytes: jpegWithGps({ orientation: 6 }) }]);
    const stored = await bytesOf(await family.owner.fetch(result!.url!));
    const segments = readJpegSegments(stored);
    const app1 = segments.ok ? segments.value.filter((s) => s.marker === JPEG_MARKERS.APP1) : [];
    expect(app1).toHaveLength(1);
    expect(app1[0]!.payload.length).toBeLessThan(40);
    expect(contains(stored, "GPS") || contains(stored, "Test Camera")).toBe(false);
  });

  it("refuses 21 files with the spec's message and stores nothing", async () => {
    const family = await createOtherFamily();
    const files = Array.from({ length: PHOTO_MAX_FILES + 1 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG_1X1 }));
    const response = await postPhotos(family.owner, family.pregnancyId, files);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "TOO_MANY_FILES", message: "Maximum 20 files allowed at once" });
    expect((await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items).toEqual([]);
    // Twenty is allowed.
    expect((await uploadPhotos(family.owner, family.pregnancyId, files.slice(0, PHOTO_MAX_FILES))).every((r) => r.success)).toBe(true);
  });

  it("refuses an 11 MB file and warns about a 6 MB one, each in its own result", async () => {
    const family = await createOtherFamily();
    const results = await uploadPhotos(family.owner, family.pregnancyId, [
      { name: "huge.png", bytes: pngOfSize(11 * BYTES_PER_MB) },
      { name: "big.png", bytes: pngOfSize(6 * BYTES_PER_MB) },
    ]);
    expect(results[0]).toMatchObject({ success: false, errors: ["File 1: File too large (11.0 MB). Maximum 10MB allowed."] });
    expect(results[1]).toMatchObject({ success: true, errors: [], warnings: ["File 2: Large file (6.0 MB) may take longer to upload"] });
  });

  it("blocks a parent's batch past the storage limit at its edge: reaching the limit passes, one over is refused", async () => {
    const family = await createOtherFamily();
    // 2 MB and one byte counts as 2 photos.
    const file = { name: "a.png", bytes: pngOfSize(2 * BYTES_PER_MB + 1) };
    await setStorage(family.pregnancyId, 10, 11);
    const refused = await postPhotos(family.owner, family.pregnancyId, [file]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "STORAGE_LIMIT_EXCEEDED", message: "Upload would exceed storage limit. You have 10/11 photos used." });
    expect(await storageOf(family.pregnancyId)).toEqual({ used: 10, limit: 11 });

    await setStorage(family.pregnancyId, 10, 12);
    expect((await uploadPhotos(family.owner, family.pregnancyId, [file]))[0]!.success).toBe(true);
    // Usage counts photos stored.
    expect(await storageOf(family.pregnancyId)).toEqual({ used: 11, limit: 12 });
    expect(await family.owner.trpc.photos.storage.query({ pregnancyId: family.pregnancyId })).toEqual({ used: 11, limit: 12, unlimited: false, guest: null });

    // 999999 and above is unlimited.
    await setStorage(family.pregnancyId, 2_000_000, 999_999);
    expect((await uploadPhotos(family.owner, family.pregnancyId, [file]))[0]!.success).toBe(true);
    expect((await family.owner.trpc.photos.storage.query({ pregnancyId: family.pregnancyId })).unlimited).toBe(true);
  });

  it("lets no burst of uploads past the limit: each is checked again under the pregnancy's lock", async () => {
    const family = await createOtherFamily();
    await setStorage(family.pregnancyId, 0, 1);
    const responses = await Promise.all(Array.from({ length: 4 }, (_, i) => postPhotos(family.owner, family.pregnancyId, [{ name: `${i}.png`, bytes: pngOfSize(BYTES_PER_MB) }])));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    for (const refused of responses.filter((r) => r.status === 403)) expect(await refused.json()).toMatchObject({ error: "STORAGE_LIMIT_EXCEEDED" });
    expect(await storageOf(family.pregnancyId)).toEqual({ used: 1, limit: 1 });
    expect((await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items).toHaveLength(1);
  });

  it("lets a guest with canContributePhotos add photos past the limit (the check is for parent mode) and refuses a guest without upload flags", async () => {
    const family = await createOtherFamily();
    const [contributor, quiet] = await Promise.all([
      addGuest(family.pregnancyId, "contributor", "friends"),
      addGuest(family.pregnancyId, "quiet", "friends", { canUploadPhotos: false, canContributePhotos: false }),
    ]);
    await setStorage(family.pregnancyId, 5, 5);
    const [result] = await uploadPhotos(contributor.client, family.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
    expect(result!.success).toBe(true);
    expect((await storageOf(family.pregnancyId)).used).toBe(6);
    expect((await postPhotos(family.owner, family.pregnancyId, [{ name: "b.png", bytes: PNG_1X1 }])).status).toBe(403);

    const refused = await postPhotos(quiet.client, family.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "ACCESS_DENIED" });
  });

  it("applies the metadata: defaults, audience groups, an event and guest tags of this pregnancy only", async () => {
    const family = await createOtherFamily();
    const other = await createOtherFamily();
    const guest = await addGuest(family.pregnancyId, "taggable", "friends");
    const stranger = await addGuest(other.pregnancyId, "stranger", "friends");

    const [plain] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
    const [row] = await db.select().from(photos).where(eq(photos.id, plain!.photoId!));
    expect(row).toMatchObject({ week: 24, privacyLevel: "immediate-family", audienceGroups: [], uploadedBy: family.ownerId, mimeType: "image/png", fileSize: PNG_1X1.length, storagePath: plain!.path });

    const [grouped] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "b.png", bytes: PNG_1X1 }], {
      metadata: { audienceGroups: ["friends", "immediate-family"], guestTags: [guest.participantId], altText: "A smile, onion=2" },
    });
    const [view] = (await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items;
    expect(view).toMatchObject({ id: grouped!.photoId, privacyLevel: "friends", audienceGroups: ["immediate-family", "friends"], altText: "A smile, onion=2" });
    expect(view!.guestTags).toEqual([{ participantId: guest.participantId, firstName: "Test", lastName: "taggable", displayTitle: "taggable" }]);

    const badTag = await postPhotos(family.owner, family.pregnancyId, [{ name: "c.png", bytes: PNG_1X1 }], { metadata: { guestTags: [stranger.participantId] } });
    expect(badTag.status).toBe(400);
    expect(await badTag.json()).toMatchObject({ error: "VALIDATION_FAILED" });
    const badEvent = await postPhotos(family.owner, family.pregnancyId, [{ name: "c.png", bytes: PNG_1X1 }], { metadata: { eventId: crypto.randomUUID() } });
    expect(badEvent.status).toBe(400);
    const badJson = await postPhotos(family.owner, family.pregnancyId, [{ name: "c.png", bytes: PNG_1X1 }], { metadata: "{week: 3" });
    expect(badJson.status).toBe(400);
    const badWeek = await postPhotos(family.owner, family.pregnancyId, [{ name: "c.png", bytes: PNG_1X1 }], { metadata: { week: 99 } });
    expect(badWeek.status).toBe(400);
    expect((await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items).toHaveLength(2);
  });

  it("refuses another family's participant, a signed-out caller, and a batch with thumbnails that do not pair up", async () => {
    const other = await createOtherFamily();
    expect((await postPhotos(other.owner, demoPregnancyId, [{ name: "a.png", bytes: PNG_1X1 }])).status).toBe(403);
    expect((await postPhotos(new ApiClient(baseUrl()), demoPregnancyId, [{ name: "a.png", bytes: PNG_1X1 }])).status).toBe(401);
    const unpaired = await postPhotos(other.owner, other.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }, { name: "b.png", bytes: PNG_1X1 }], { thumbnails: [{ name: "t.jpg", bytes: testThumbnail() }] });
    expect(unpaired.status).toBe(400);
    // A thumbnail that is not a small image is ignored with a warning; the photo is kept.
    const [kept] = await uploadPhotos(other.owner, other.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }], { thumbnails: [{ name: "t.jpg", bytes: new TextEncoder().encode("nope") }] });
    expect(kept).toMatchObject({ success: true, warnings: [UPLOAD_MESSAGES.thumbnailIgnored(1)] });
    expect(kept!.thumbnailUrl).toBe(kept!.url);
  });

  it("tells the pregnancy's feed that photos changed", async () => {
    const family = await createOtherFamily();
    const feed = await connect(feedOf(family.pregnancyId), family.owner);
    try {
      await uploadPhotos(family.owner, family.pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "photos");
    } finally {
      feed.socket.close();
    }
  });
});

describe("GET /api/photos/:pregnancyId/:photoId", () => {
  let photoId: string;
  let url: string;

  beforeAll(async () => {
    const [result] = await uploadPhotos(olivia, demoPregnancyId, [{ name: "scan.jpg", bytes: jpegWithGps() }], { metadata: { title: "Première échographie!", week: 12 } });
    photoId = result!.photoId!;
    url = result!.url!;
  });

  it("serves the family privately with an ETag, and answers 304 when the browser has it", async () => {
    const first = await olivia.fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await olivia.fetch(url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("downloads the original as an attachment with a safe file name", async () => {
    const download = await olivia.fetch(`${url}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="premiere-echographie.jpg"');
    expect((await olivia.fetch(url)).headers.get("content-disposition")).toBeNull();
  });

  it("is refused to another pregnancy's participant (403), who cannot reach it through their own pregnancy or a guessed key either", async () => {
    const other = await createOtherFamily();
    expect((await other.owner.fetch(url)).status).toBe(403);
    expect((await other.owner.fetch(`${url}/thumbnail`)).status).toBe(403);
    expect((await other.owner.fetch(`/api/photos/${other.pregnancyId}/${photoId}`)).status).toBe(404);
    expect((await new ApiClient(baseUrl()).fetch(url)).status).toBe(401);

    // The storage key never works as an address, not even for the family.
    const [row] = await db.select({ storagePath: photos.storagePath }).from(photos).where(eq(photos.id, photoId));
    const name = row!.storagePath.split("/").pop()!;
    for (const guess of [`/api/photos/${demoPregnancyId}/${name}`, `/api/photos/${demoPregnancyId}/photos/${name}`, `/api/photos/${demoPregnancyId}/files/${name}`, `/api/photos/${row!.storagePath}`]) {
      const response = await olivia.fetch(guess);
      // 404, or 400 where the key's first segment stands where a pregnancy id belongs.
      expect([400, 404], guess).toContain(response.status);
      expect(response.headers.get("content-type"), guess).not.toMatch(/^image\//);
    }
  });
});

describe("a photo's bytes once the viewer is gone", () => {
  it("are refused to a removed relative (403) and to a session ended on another device (401), the thumbnail too", async () => {
    const family = await createOtherFamily();
    const [uploaded] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "bump.png", bytes: PNG_1X1 }], { metadata: { privacyLevel: "friends" } });
    const photoUrl = uploaded!.url!;
    const removed = await addGuest(family.pregnancyId, "removed", "friends");
    const ended = await addGuest(family.pregnancyId, "ended", "friends");
    for (const guest of [removed, ended]) {
      expect((await guest.client.fetch(photoUrl)).status).toBe(200);
      expect((await guest.client.fetch(`${photoUrl}/thumbnail`)).status).toBe(200);
    }

    await family.owner.trpc.participants.remove.mutate({ pregnancyId: family.pregnancyId, participantId: removed.participantId });
    // Signed out everywhere else: the row goes, the cookie's five-minute session cache still reads as signed in.
    await db.delete(sessions).where(eq(sessions.userId, ended.userId));

    expect((await removed.client.fetch(photoUrl)).status).toBe(403);
    expect((await removed.client.fetch(`${photoUrl}/thumbnail`)).status).toBe(403);
    expect((await ended.client.fetch(photoUrl)).status).toBe(401);
    expect((await ended.client.fetch(`${photoUrl}/thumbnail`)).status).toBe(401);
  });
});

describe("who sees which photo", () => {
  let immediate: string;
  let friendsOnly: string;
  let samsOwn: string;

  beforeAll(async () => {
    const sam = await signedInAs("sam");
    [immediate, friendsOnly, samsOwn] = [
      (await uploadPhotos(olivia, demoPregnancyId, [{ name: "family.png", bytes: PNG_1X1 }], { metadata: { title: "Family only", tags: ["secret-tag"] } }))[0]!.photoId!,
      (await uploadPhotos(olivia, demoPregnancyId, [{ name: "friends.png", bytes: PNG_1X1 }], { metadata: { title: "For friends", audienceGroups: ["friends"] } }))[0]!.photoId!,
      (await uploadPhotos(sam, demoPregnancyId, [{ name: "sams.png", bytes: PNG_1X1 }], { metadata: { title: "Sam's own", privacyLevel: "parents-only" } }))[0]!.photoId!,
    ];
  });

  const visibleIds = async (client: ApiClient) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: string }>; nextCursor: string | null } = await client.trpc.photos.list.query({ pregnancyId: demoPregnancyId, cursor });
      ids.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  };

  it("keeps an immediate-family photo from a friends-level guest: refused at the route, absent from the list and the filters", async () => {
    const [sam, grandma] = await Promise.all([signedInAs("sam"), signedInAs("grandma")]);
    expect((await sam.fetch(`/api/photos/${demoPregnancyId}/${immediate}`)).status).toBe(403);
    expect((await sam.fetch(`/api/photos/${demoPregnancyId}/${immediate}/thumbnail`)).status).toBe(403);
    expect(await visibleIds(sam)).not.toContain(immediate);
    expect((await sam.trpc.photos.filters.query({ pregnancyId: demoPregnancyId })).tags).not.toContain("secret-tag");
    await expect(sam.trpc.photos.comments.list.query({ pregnancyId: demoPregnancyId, photoId: immediate })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    await expect(sam.trpc.photos.likes.toggle.mutate({ pregnancyId: demoPregnancyId, photoId: immediate, liked: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    expect((await grandma.fetch(`/api/photos/${demoPregnancyId}/${immediate}`)).status).toBe(200);
    expect(await visibleIds(grandma)).toContain(immediate);
    expect((await grandma.trpc.photos.filters.query({ pregnancyId: demoPregnancyId })).tags).toContain("secret-tag");
  });

  it("shows a photo shared with audience groups to exactly those circles, and a guest's own photo to them and the parents", async () => {
    const [sam, grandma, maya, noah] = await Promise.all([signedInAs("sam"), signedInAs("grandma"), signedInAs("maya"), signedInAs("noah")]);
    const [samSees, grandmaSees, mayaSees, noahSees] = await Promise.all([visibleIds(sam), visibleIds(grandma), visibleIds(maya), visibleIds(noah)]);
    expect(samSees).toContain(friendsOnly);
    expect(grandmaSees).not.toContain(friendsOnly);
    expect(mayaSees).not.toContain(friendsOnly);
    expect(samSees).toContain(samsOwn);
    expect(grandmaSees).not.toContain(samsOwn);
    expect(noahSees).toEqual(expect.arrayContaining([immediate, friendsOnly, samsOwn]));
    expect((await grandma.fetch(`/api/photos/${demoPregnancyId}/${samsOwn}`)).status).toBe(403);
    expect((await sam.fetch(`/api/photos/${demoPregnancyId}/${samsOwn}`)).status).toBe(200);
    // The dashboard follows the same rule.
    const summary = await sam.trpc.dashboard.summary.query({ pregnancyId: demoPregnancyId });
    expect(summary.latestPhotos.map((p) => p.id)).toEqual(expect.arrayContaining([friendsOnly, samsOwn]));
    expect(summary.latestPhotos.map((p) => p.id)).not.toContain(immediate);
  });
});
