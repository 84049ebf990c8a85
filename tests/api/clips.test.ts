import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { CLIP_MAX_BYTES, CLIP_MESSAGES, CLIP_PART_BYTES, clipStorageUnits } from "../../src/domain/clips";
import { RETENTION_CRON } from "../../src/domain/retention";
import { clipFingerprint, sendClip } from "../../src/lib/clipUploader";
import { readClipLayout, readClipStructure } from "../../src/domain/clipContainer";
import { clipUploads, pregnancies } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { apiTransport, bytesSource, grown, topLevelBoxes, uploadClip } from "../support/clipUpload";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily } from "../support/families";
import { jpegWithGps, testThumbnail } from "../support/images";
import { uploadPhotos } from "../support/photoUpload";
import { privateClipTags, readClipTags } from "../support/metadata";
import { addGuest, objectsUnder, storageUsed } from "../support/photos";

/**
 * Clips in the album (issue 41): sent in parts through the Worker, each checked against the
 * structure the upload started with and cleaned of location, make and model in place; served by
 * ranges behind the audience check; every door refuses strangers, other families, guests without
 * the flag or outside the audience, and removed relatives.
 */

const { db, close } = openTestDb();
afterAll(async () => {
  await close();
});

const FIXTURES = join(import.meta.dirname, "../fixtures");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
/** H.264 + AAC QuickTime clips carrying a position, make and model (tests/fixtures/README.md), `moov` last and first. */
const MOOV_LAST = () => fixture("clip-moov-last.mov");
const MOOV_FIRST = () => fixture("clip-faststart.mov");
const HEVC = () => fixture("clip-hevc.mov");
const H264_MP4 = () => fixture("clip.mp4");

const privateTags = (bytes: Uint8Array) => privateClipTags(readClipTags(bytes)).map(([tag]) => tag);

/** A copy whose movie header says it lasts `seconds`. */
function lasting(bytes: Uint8Array, seconds: number): Uint8Array {
  const out = bytes.slice();
  const at = Buffer.from(out).indexOf("mvhd");
  const view = new DataView(out.buffer);
  // Version 0: creation, modification (4 each), timescale, duration.
  const timescale = view.getUint32(at + 4 + 4 + 8);
  view.setUint32(at + 4 + 4 + 12, timescale * seconds);
  return out;
}

const storage = async (pregnancyId: string) => (await storageUsed(pregnancyId)) ?? 0;
const openUploads = async (pregnancyId: string) => (await db.select({ id: clipUploads.id, partsStored: clipUploads.partsStored }).from(clipUploads).where(eq(clipUploads.pregnancyId, pregnancyId))).length;

async function listed(client: ApiClient, pregnancyId: string) {
  return (await client.trpc.photos.list.query({ pregnancyId })).items;
}

/** The start request as the uploader sends it, for tests that go past the uploader's own checks. */
async function startRaw(client: ApiClient, pregnancyId: string, bytes: Uint8Array, overrides: { size?: number; role?: "original" | "display"; structure?: Uint8Array } = {}) {
  const source = bytesSource("clip.mov", bytes);
  const layout = await readClipLayout((start, end) => source.read(start, end), bytes.length);
  if (!layout.ok) throw new Error(`fixture unreadable: ${layout.error}`);
  const structure = overrides.structure ?? (await readClipStructure((start, end) => source.read(start, end), layout.value));
  const form = new FormData();
  form.append(
    "upload",
    JSON.stringify({ role: overrides.role ?? "original", fileName: "clip.mov", fileNumber: 1, size: overrides.size ?? bytes.length, fingerprint: await clipFingerprint(source), layout: { ...layout.value, fileSize: overrides.size ?? bytes.length } }),
  );
  form.append("structure", new Blob([new Uint8Array(structure)]), "structure");
  return client.fetch(`/api/clips/${pregnancyId}/uploads`, { method: "POST", body: form });
}

const putPart = (client: ApiClient, pregnancyId: string, uploadId: string, partNumber: number, bytes: Uint8Array) =>
  client.fetch(`/api/clips/${pregnancyId}/uploads/${uploadId}/parts/${partNumber}`, { method: "PUT", body: new Blob([new Uint8Array(bytes)]) });

describe("a clip sent in parts", () => {
  it("is stored without its position, make and model, byte for byte otherwise, counted by its size, and served by ranges", async () => {
    const family = await createOtherFamily();
    const source = grown(MOOV_LAST(), 2 * CLIP_PART_BYTES);
    expect(privateTags(source).length).toBeGreaterThan(0);
    const before = await storage(family.pregnancyId);

    const { photoId } = await uploadClip(family.owner, family.pregnancyId, { name: "IMG_0001.MOV", bytes: source }, { metadata: { week: 21, title: "First kicks" } });

    expect(await storage(family.pregnancyId)).toBe(before + clipStorageUnits(source.length));
    expect(await openUploads(family.pregnancyId)).toBe(0);
    const [item] = (await listed(family.owner, family.pregnancyId)).filter((entry) => entry.id === photoId);
    expect(item).toMatchObject({ kind: "clip", title: "First kicks", week: 21, playsEverywhere: false, thumbnailUrl: null, mimeType: "video/quicktime", fileSize: source.length });
    expect(item!.durationMs).toBeGreaterThan(0);

    const response = await family.owner.fetch(item!.downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".*\.mov"/);
    const stored = new Uint8Array(await response.arrayBuffer());
    expect(stored.length).toBe(source.length);
    expect(privateTags(stored)).toEqual([]);
    // The media data is untouched; only the movie box (its metadata) differs.
    const moov = topLevelBoxes(source).find((box) => box.type === "moov")!;
    const mdat = topLevelBoxes(source).find((box) => box.type === "mdat")!;
    expect(Buffer.compare(Buffer.from(stored.subarray(mdat.start, mdat.end)), Buffer.from(source.subarray(mdat.start, mdat.end)))).toBe(0);
    for (let i = 0; i < source.length; i += 1) if (stored[i] !== source[i]) expect(i >= moov.start && i < moov.end, `byte ${i}`).toBe(true);

    // The player's ranges: 206 with where the bytes sit, from the start, the end, or past it.
    const ranged = await family.owner.fetch(item!.url, { headers: { range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${source.length}`);
    expect(ranged.headers.get("accept-ranges")).toBe("bytes");
    expect(ranged.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ranged.headers.get("content-security-policy")).toBe("sandbox");
    expect(ranged.headers.get("cache-control")).toMatch(/^private/);
    expect([...new Uint8Array(await ranged.arrayBuffer())]).toEqual([...stored.subarray(100, 200)]);
    const tail = await family.owner.fetch(item!.url, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${source.length - 10}-${source.length - 1}/${source.length}`);
    expect((await family.owner.fetch(item!.url, { headers: { range: `bytes=${source.length + 5}-` } })).status).toBe(416);
  });

  it("is cleaned the same with its movie box first", async () => {
    const family = await createOtherFamily();
    const source = MOOV_FIRST();
    expect(topLevelBoxes(source).findIndex((box) => box.type === "moov")).toBeLessThan(topLevelBoxes(source).findIndex((box) => box.type === "mdat"));
    const { photoId } = await uploadClip(family.owner, family.pregnancyId, { name: "fast.mov", bytes: source });
    const [item] = (await listed(family.owner, family.pregnancyId)).filter((entry) => entry.id === photoId);
    const stored = new Uint8Array(await (await family.owner.fetch(item!.downloadUrl)).arrayBuffer());
    expect(stored.length).toBe(source.length);
    expect(privateTags(stored)).toEqual([]);
  });

  it("goes on from the last part stored: a part sent twice is stored once, one out of turn is refused, the same file finds its upload again", async () => {
    const family = await createOtherFamily();
    const source = grown(MOOV_LAST(), 2 * CLIP_PART_BYTES);
    const started = await startRaw(family.owner, family.pregnancyId, source);
    expect(started.status).toBe(200);
    const { uploadId, parts } = (await started.json()) as { uploadId: string; parts: number };
    expect(parts).toBe(3);
    const part = (n: number) => source.slice((n - 1) * CLIP_PART_BYTES, Math.min(source.length, n * CLIP_PART_BYTES));

    expect(await (await putPart(family.owner, family.pregnancyId, uploadId, 1, part(1))).json()).toMatchObject({ partsStored: 1 });
    // Its answer was lost and it comes again: acknowledged, not stored twice.
    const again = await putPart(family.owner, family.pregnancyId, uploadId, 1, part(1));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ partsStored: 1 });
    const [row] = await db.select({ etags: clipUploads.partEtags }).from(clipUploads).where(eq(clipUploads.id, uploadId));
    expect(row!.etags).toHaveLength(1);
    // Out of turn: refused, with where to go on from.
    const skipped = await putPart(family.owner, family.pregnancyId, uploadId, 3, part(3));
    expect(skipped.status).toBe(409);
    expect(await skipped.json()).toMatchObject({ error: "PART_OUT_OF_ORDER", partsStored: 1 });
    // A part of the wrong size.
    expect((await putPart(family.owner, family.pregnancyId, uploadId, 2, part(2).subarray(1))).status).toBe(400);

    // The tab was closed; the same file picked again finds the upload and goes on from part 2.
    const resumed = await sendClip(apiTransport(family.owner), family.pregnancyId, bytesSource("clip.mov", source), { role: "original", fileNumber: 1 });
    expect(resumed.uploadId).toBe(uploadId);
    expect(resumed.partsStored).toBe(3);
    const [done] = await db.select({ etags: clipUploads.partEtags }).from(clipUploads).where(eq(clipUploads.id, uploadId));
    expect(done!.etags).toHaveLength(3);
  });

  it("refuses a part whose structure is not the one the upload started with", async () => {
    const family = await createOtherFamily();
    const source = MOOV_FIRST();
    const { uploadId } = (await (await startRaw(family.owner, family.pregnancyId, source)).json()) as { uploadId: string };
    const changed = source.slice(0, Math.min(source.length, CLIP_PART_BYTES));
    const moov = topLevelBoxes(source).find((box) => box.type === "moov")!;
    changed[moov.start + 20] = changed[moov.start + 20]! ^ 0xff;
    const refused = await putPart(family.owner, family.pregnancyId, uploadId, 1, changed);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "PART_MISMATCH", message: CLIP_MESSAGES.partMismatch });
    const [row] = await db.select({ partsStored: clipUploads.partsStored }).from(clipUploads).where(eq(clipUploads.id, uploadId));
    expect(row!.partsStored).toBe(0);
  });

  it("refuses a clip over 1 GB, over 5 minutes or that is no clip before a byte of it is stored", async () => {
    const family = await createOtherFamily();
    const before = await storage(family.pregnancyId);
    const tooBig = await startRaw(family.owner, family.pregnancyId, MOOV_LAST(), { size: CLIP_MAX_BYTES + 1 });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ error: "FILE_TOO_LARGE", message: CLIP_MESSAGES.tooLarge(1, CLIP_MAX_BYTES + 1) });
    const tooLong = await startRaw(family.owner, family.pregnancyId, lasting(MOOV_LAST(), 301));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: "VIDEO_TOO_LONG", message: "File 1: Video too long (5:01). Maximum 5 minutes allowed." });
    const mismatched = await startRaw(family.owner, family.pregnancyId, MOOV_LAST(), { structure: new TextEncoder().encode("not the structure at all") });
    expect(mismatched.status).toBe(400);
    expect(await openUploads(family.pregnancyId)).toBe(0);
    expect(await storage(family.pregnancyId)).toBe(before);
    expect(await objectsUnder(`pregnancies/${family.pregnancyId}/`)).toEqual([]);
  });
});

describe("a clip's display copy and poster", () => {
  it("plays the browser's H.264 copy with its poster and downloads the original; a copy that is not H.264 in MP4 is refused", async () => {
    const family = await createOtherFamily();
    const refused = await startRaw(family.owner, family.pregnancyId, HEVC(), { role: "display" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "DISPLAY_COPY_REFUSED" });

    const original = HEVC();
    const display = H264_MP4();
    const { photoId } = await uploadClip(family.owner, family.pregnancyId, { name: "IMG_0002.MOV", bytes: original }, { display, poster: testThumbnail() });
    const [item] = (await listed(family.owner, family.pregnancyId)).filter((entry) => entry.id === photoId);
    expect(item).toMatchObject({ kind: "clip", playsEverywhere: true });
    // Storage counts the clip the family chose, not the copy (counted only while it was on its way).
    expect(await storage(family.pregnancyId)).toBe(clipStorageUnits(original.length));
    const openCopy = (await (await startRaw(family.owner, family.pregnancyId, display, { role: "display" })).json()) as { uploadId: string };
    expect(await storage(family.pregnancyId)).toBe(clipStorageUnits(original.length) + clipStorageUnits(display.length));
    expect((await family.owner.fetch(`/api/clips/${family.pregnancyId}/uploads/${openCopy.uploadId}`, { method: "DELETE" })).status).toBe(200);
    const played = new Uint8Array(await (await family.owner.fetch(item!.url)).arrayBuffer());
    expect(played.length).toBe(display.length);
    const downloaded = new Uint8Array(await (await family.owner.fetch(item!.downloadUrl)).arrayBuffer());
    expect(downloaded.length).toBe(original.length);
    const poster = await family.owner.fetch(item!.thumbnailUrl!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");

    // A post attaches it from the album like a photo: it plays from the clip's own checked route.
    const post = await family.owner.trpc.posts.create.mutate({ pregnancyId: family.pregnancyId, id: crypto.randomUUID(), content: "<p>Hello!</p>", privacyLevel: "immediate-family", photoIds: [photoId] });
    expect(post.photos).toEqual([expect.objectContaining({ id: photoId, kind: "clip", url: item!.url, thumbnailUrl: expect.stringMatching(/^\/api\/pictures\//), playsEverywhere: true })]);
    expect(post.photos[0]!.durationMs).toBe(item!.durationMs);
  });
});

describe("every door of a clip", () => {
  it("refuses strangers, other families, guests without the flag or outside its audience, and removed relatives, with and without a range", async () => {
    const family = await createOtherFamily();
    const other = await createOtherFamily();
    const { photoId } = await uploadClip(family.owner, family.pregnancyId, { name: "private.mov", bytes: MOOV_FIRST() }, { metadata: { week: 20, privacyLevel: "immediate-family" } });
    const [item] = (await listed(family.owner, family.pregnancyId)).filter((entry) => entry.id === photoId);
    const noFlag = await addGuest(family.pregnancyId, "clip-noflag", "immediate-family", { canUploadPhotos: false, canContributePhotos: false });
    const outside = await addGuest(family.pregnancyId, "clip-friend", "friends");
    const removed = await addGuest(family.pregnancyId, "clip-removed", "immediate-family");
    expect((await removed.client.fetch(item!.url, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    await family.owner.trpc.participants.remove.mutate({ pregnancyId: family.pregnancyId, participantId: removed.participantId });
    const signedOut = new ApiClient(baseUrl());

    for (const [who, client, status] of [
      ["a stranger", signedOut, 401],
      ["another family", other.owner, 403],
      ["a guest outside its audience", outside.client, 403],
      ["a removed relative", removed.client, 403],
    ] as const) {
      expect((await client.fetch(item!.url)).status, who).toBe(status);
      expect((await client.fetch(item!.url, { headers: { range: "bytes=0-9" } })).status, `${who}, with a range`).toBe(status);
      expect((await client.fetch(item!.downloadUrl)).status, `${who}, downloading`).toBe(status);
    }
    expect((await listed(outside.client, family.pregnancyId)).some((entry) => entry.id === photoId)).toBe(false);

    // Starting an upload: strangers, other families, guests without the flag and removed relatives.
    for (const [who, client, status] of [
      ["a stranger", signedOut, 401],
      ["another family", other.owner, 403],
      ["a guest without the flag", noFlag.client, 403],
      ["a removed relative", removed.client, 403],
    ] as const) {
      expect((await startRaw(client, family.pregnancyId, MOOV_FIRST())).status, who).toBe(status);
    }
    expect(await openUploads(family.pregnancyId)).toBe(0);
  });

  it("refuses a part or a finish sent for someone else's upload", async () => {
    const family = await createOtherFamily();
    const relative = await addGuest(family.pregnancyId, "clip-contributor", "immediate-family", { canContributePhotos: true });
    const source = MOOV_FIRST();
    const { uploadId } = (await (await startRaw(family.owner, family.pregnancyId, source)).json()) as { uploadId: string };
    const part = source.slice(0, Math.min(source.length, CLIP_PART_BYTES));
    const theirs = await putPart(relative.client, family.pregnancyId, uploadId, 1, part);
    expect(theirs.status).toBe(400);
    expect(await theirs.json()).toMatchObject({ error: "NOT_FOUND" });
    // Another family naming this upload under their own pregnancy.
    const other = await createOtherFamily();
    expect((await putPart(other.owner, other.pregnancyId, uploadId, 1, part)).status).toBe(400);
    const [row] = await db.select({ partsStored: clipUploads.partsStored }).from(clipUploads).where(eq(clipUploads.id, uploadId));
    expect(row!.partsStored).toBe(0);
    const form = new FormData();
    form.append("original", uploadId);
    form.append("metadata", JSON.stringify({ week: 20 }));
    expect((await relative.client.fetch(`/api/clips/${family.pregnancyId}`, { method: "POST", body: form })).status).toBe(400);
  });
});

describe("a clip's storage", () => {
  it("counts in a guest's quota by its size", async () => {
    const family = await createOtherFamily();
    const relative = await addGuest(family.pregnancyId, "clip-quota", "immediate-family", { canContributePhotos: true });
    // 101 MB counts as 51 photos: past the guest's 50.
    const refused = await startRaw(relative.client, family.pregnancyId, grown(MOOV_FIRST(), 101 * 1024 * 1024));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "GUEST_QUOTA_EXCEEDED" });
    expect(await openUploads(family.pregnancyId)).toBe(0);
  });

  it("is given back when a clip is deleted (every object goes), an upload cancelled, or abandoned and aborted by the retention job", async () => {
    const family = await createOtherFamily();
    const prefix = `pregnancies/${family.pregnancyId}/`;
    const { photoId } = await uploadClip(family.owner, family.pregnancyId, { name: "gone.mov", bytes: HEVC() }, { display: H264_MP4(), poster: testThumbnail() });
    expect(await objectsUnder(prefix)).toHaveLength(3);
    await family.owner.trpc.photos.delete.mutate({ pregnancyId: family.pregnancyId, photoId });
    expect(await objectsUnder(prefix)).toEqual([]);
    expect(await storage(family.pregnancyId)).toBe(0);

    const cancelled = (await (await startRaw(family.owner, family.pregnancyId, MOOV_FIRST())).json()) as { uploadId: string };
    expect(await storage(family.pregnancyId)).toBe(clipStorageUnits(MOOV_FIRST().length));
    expect((await family.owner.fetch(`/api/clips/${family.pregnancyId}/uploads/${cancelled.uploadId}`, { method: "DELETE" })).status).toBe(200);
    expect(await storage(family.pregnancyId)).toBe(0);
    expect(await openUploads(family.pregnancyId)).toBe(0);

    const abandoned = (await (await startRaw(family.owner, family.pregnancyId, MOOV_LAST())).json()) as { uploadId: string };
    await db.execute(sql`update ${clipUploads} set updated_at = now() - interval '3 days' where id = ${abandoned.uploadId}`);
    expect(await storage(family.pregnancyId)).toBe(clipStorageUnits(MOOV_LAST().length));
    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent(RETENTION_CRON)}`)).status).toBe(200);
    await expect.poll(() => openUploads(family.pregnancyId), { timeout: 15_000 }).toBe(0);
    expect(await storage(family.pregnancyId)).toBe(0);
    const [row] = await db.select({ used: pregnancies.photoStorageUsed }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId));
    expect(row!.used).toBe(0);
  });
});

describe("a clip everywhere photos already go", () => {
  it("is in the data export as its original, and goes with its pregnancy, its uploads on their way aborted", async () => {
    const family = await createOtherFamily();
    await confirmEmail(family.owner, family.email);
    const source = MOOV_FIRST();
    await uploadClip(family.owner, family.pregnancyId, { name: "bath.mov", bytes: source }, { metadata: { week: 20, title: "Bath time" } });
    const prepared = await family.owner.trpc.dataExport.prepare.mutate({ pregnancyId: family.pregnancyId });
    const zip = unzipSync(new Uint8Array(await (await family.owner.fetch(prepared.parts[0]!.url)).arrayBuffer()));
    const [name] = Object.keys(zip).filter((file) => /^photos\/.*bath-time.*\.mov$/.test(file));
    expect(name).toBeDefined();
    expect(zip[name!]!.length).toBe(source.length);
    expect(privateTags(zip[name!]!)).toEqual([]);

    expect((await startRaw(family.owner, family.pregnancyId, MOOV_LAST())).status).toBe(200);
    const [{ title }] = (await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId))) as [{ title: string }];
    await family.owner.trpc.pregnancy.delete.mutate({ pregnancyId: family.pregnancyId, confirmTitle: title });
    expect(await openUploads(family.pregnancyId)).toBe(0);
    expect(await objectsUnder(`pregnancies/${family.pregnancyId}/`)).toEqual([]);
  });
});

describe("a clip in the waiting room", () => {
  it("goes with a message or the baby's news when its sender put it in the album; someone else's, another family's or a photo is refused", async () => {
    const family = await createOtherFamily();
    const other = await createOtherFamily();
    const grandma = await addGuest(family.pregnancyId, "room-clip-grandma", "immediate-family", { canAccessWaitingRoom: true, canContributePhotos: true });
    const scope = { pregnancyId: family.pregnancyId };
    await family.owner.trpc.waitingRoom.activate.mutate(scope);
    const ours = await uploadClip(family.owner, family.pregnancyId, { name: "cry.mov", bytes: MOOV_FIRST() }, { metadata: { week: 40, privacyLevel: "acquaintances" } });
    const hers = await uploadClip(grandma.client, family.pregnancyId, { name: "hers.mov", bytes: MOOV_FIRST() }, { metadata: { week: 40, privacyLevel: "acquaintances" } });
    const theirs = await uploadClip(other.owner, other.pregnancyId, { name: "theirs.mov", bytes: MOOV_FIRST() });
    const [photo] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "still.jpg", bytes: jpegWithGps() }]);

    for (const [what, clipId] of [
      ["Grandma's clip", hers.photoId],
      ["another family's clip", theirs.photoId],
      ["a photo", photo!.photoId!],
    ] as const) {
      await expect(family.owner.trpc.waitingRoom.messages.send.mutate({ ...scope, id: crypto.randomUUID(), content: "", clipId }), what).rejects.toMatchObject({ data: { appCode: "VALIDATION_FAILED" } });
    }
    const sent = await grandma.client.trpc.waitingRoom.messages.send.mutate({ ...scope, id: crypto.randomUUID(), content: "", clipId: hers.photoId });
    expect(sent.clipId).toBe(hers.photoId);
    await family.owner.trpc.waitingRoom.babyHere.mutate({ ...scope, timeZone: "Europe/London", name: "Pip", clipId: ours.photoId });
    const { messages } = await grandma.client.trpc.waitingRoom.messages.list.query(scope);
    expect(messages.map((message) => message.clipId).filter(Boolean)).toEqual(expect.arrayContaining([hers.photoId, ours.photoId]));
    // Played from the album's checked route, by its audience.
    const ranged = await grandma.client.fetch(ours.url, { headers: { range: "bytes=0-15" } });
    expect(ranged.status).toBe(206);
  });
});
