import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photos, pregnancies } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1 } from "../support/images";
import { uploadPhotos } from "../support/photoUpload";
import { addGuest } from "../support/photos";
import { connect, feedOf } from "../support/room";
import { COMMENT_MAX_LENGTH } from "../../src/domain/textLimits";
import { PHOTO_PAGE_SIZE } from "../../src/domain/photos";

const { db, close } = openTestDb();

let pregnancyId: string;
let owner: ApiClient;
let ownerId: string;
/** Guests at the closest circle and at friends (who may contribute photos by default). */
let family: Awaited<ReturnType<typeof addGuest>>;
let friend: Awaited<ReturnType<typeof addGuest>>;
let outsider: Awaited<ReturnType<typeof createOtherFamily>>;

const scoped = () => ({ pregnancyId });
const upload = async (client: ApiClient, metadata: object = {}) => (await uploadPhotos(client, pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }], { metadata }))[0]!.photoId!;
const usedStorage = async () => (await db.select({ used: pregnancies.photoStorageUsed }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)))[0]!.used;

beforeAll(async () => {
  const created = await createOtherFamily();
  pregnancyId = created.pregnancyId;
  owner = created.owner;
  ownerId = created.ownerId;
  [family, friend, outsider] = await Promise.all([addGuest(pregnancyId, "Grandpa", "immediate-family"), addGuest(pregnancyId, "Pal", "friends"), createOtherFamily()]);
});

afterAll(async () => {
  await close();
});

describe("photos.list", () => {
  let albumId: string;
  let albumOwner: ApiClient;

  beforeAll(async () => {
    const album = await createOtherFamily();
    albumId = album.pregnancyId;
    albumOwner = album.owner;
    // One statement: every row gets the same created_at, so the order rests on the id as well.
    await db.insert(photos).values(
      Array.from({ length: PHOTO_PAGE_SIZE + 5 }, (_, i) => ({
        pregnancyId: albumId,
        uploadedBy: album.ownerId,
        title: `Photo ${i}`,
        fileUrl: "",
        storagePath: `pregnancies/${albumId}/photos/${crypto.randomUUID()}.png`,
        fileSize: 68,
        mimeType: "image/png",
        week: 10 + (i % 3),
        tags: i % 2 === 0 ? ["even", "all"] : ["odd", "all"],
        privacyLevel: i % 5 === 0 ? ("friends" as const) : ("immediate-family" as const),
      })),
    );
  });

  it("pages 50 at a time, newest first, with a cursor for infinite queries: no photo twice, none left out", async () => {
    const first = await albumOwner.trpc.photos.list.query({ pregnancyId: albumId });
    expect(first.items).toHaveLength(PHOTO_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await albumOwner.trpc.photos.list.query({ pregnancyId: albumId, cursor: first.nextCursor });
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(PHOTO_PAGE_SIZE + 5);
    const newestFirst = [...first.items, ...second.items].map((p) => `${p.createdAt}|${p.id}`);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());
    expect(first.items[0]).toMatchObject({
      url: expect.stringMatching(/^\/api\/pictures\//),
      thumbnailUrl: first.items[0]!.url,
      downloadUrl: `/api/photos/${albumId}/${first.items[0]!.id}?download=1`,
      uploader: { firstName: "Test", lastName: "otherfamily", displayTitle: "Parent" },
      guestTags: [],
    });
  });

  it("filters by week, uploader, privacy level and tags (any of them), and offers the values present", async () => {
    const total = PHOTO_PAGE_SIZE + 5;
    const count = async (filters: object) => (await albumOwner.trpc.photos.list.query({ pregnancyId: albumId, limit: PHOTO_PAGE_SIZE, ...filters })).items.length;
    expect(await count({ week: 10 })).toBe(Math.ceil(total / 3));
    expect(await count({ tags: ["odd"] })).toBe(Math.floor(total / 2));
    expect(await count({ tags: ["odd", "even"], limit: 1 })).toBe(1);
    expect(await count({ privacyLevel: "friends" })).toBe(total / 5);
    expect(await count({ uploadedBy: "someone-else" })).toBe(0);
    expect(await albumOwner.trpc.photos.filters.query({ pregnancyId: albumId })).toMatchObject({
      weeks: [10, 11, 12],
      tags: ["all", "even", "odd"],
      privacyLevels: expect.arrayContaining(["friends", "immediate-family"]),
      uploaders: [{ firstName: "Test", lastName: "otherfamily" }],
    });
  });

  it("is refused to another family's participant", async () => {
    await expect(outsider.owner.trpc.photos.list.query({ pregnancyId: albumId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
  });
});

describe("likes", () => {
  it("set the wanted state (a retry changes nothing), count everyone's likes and tell the feed", async () => {
    const photoId = await upload(owner, { privacyLevel: "friends" });
    const feed = await connect(feedOf(pregnancyId), owner);
    try {
      expect(await friend.client.trpc.photos.likes.toggle.mutate({ ...scoped(), photoId, liked: true })).toEqual({ photoId, liked: true, likesCount: 1 });
      expect(await friend.client.trpc.photos.likes.toggle.mutate({ ...scoped(), photoId, liked: true })).toEqual({ photoId, liked: true, likesCount: 1 });
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "photos");
    } finally {
      feed.socket.close();
    }
    expect((await owner.trpc.photos.likes.toggle.mutate({ ...scoped(), photoId, liked: true })).likesCount).toBe(2);
    const [mine] = (await owner.trpc.photos.list.query(scoped())).items.filter((p) => p.id === photoId);
    expect(mine).toMatchObject({ likesCount: 2, likedByMe: true });
    const [theirs] = (await family.client.trpc.photos.list.query(scoped())).items.filter((p) => p.id === photoId);
    expect(theirs).toMatchObject({ likesCount: 2, likedByMe: false });
    expect((await friend.client.trpc.photos.likes.toggle.mutate({ ...scoped(), photoId, liked: false })).likesCount).toBe(1);
    expect((await friend.client.trpc.photos.likes.toggle.mutate({ ...scoped(), photoId, liked: false })).likesCount).toBe(1);
  });
});

describe("comments", () => {
  it("are plain text kept as typed, cut at 1000 characters, listed oldest first with their authors, and counted on the photo", async () => {
    const photoId = await upload(owner, { privacyLevel: "friends" });
    const first = await friend.client.trpc.photos.comments.add.mutate({ ...scoped(), photoId, content: "So lovely! Mom<Dad but both great" });
    expect(first).toMatchObject({ photoId, content: "So lovely! Mom<Dad but both great", author: { id: friend.userId, firstName: "Test", lastName: "Pal" } });
    const long = await owner.trpc.photos.comments.add.mutate({ ...scoped(), photoId, content: "x".repeat(COMMENT_MAX_LENGTH + 200) });
    expect(long.content).toHaveLength(COMMENT_MAX_LENGTH);
    expect(long.content.endsWith("...")).toBe(true);
    await expect(owner.trpc.photos.comments.add.mutate({ ...scoped(), photoId, content: " \n " })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });

    const list = await family.client.trpc.photos.comments.list.query({ ...scoped(), photoId });
    expect(list.map((c) => c.id)).toEqual([first.id, long.id]);
    const [photo] = (await owner.trpc.photos.list.query(scoped())).items.filter((p) => p.id === photoId);
    expect(photo!.commentsCount).toBe(2);
  });

  it("sent again under the client's id (its answer was lost) are stored once; another person cannot use that id", async () => {
    const photoId = await upload(owner, { privacyLevel: "friends" });
    const id = crypto.randomUUID();
    const first = await friend.client.trpc.photos.comments.add.mutate({ ...scoped(), photoId, id, content: "Beautiful" });
    const again = await friend.client.trpc.photos.comments.add.mutate({ ...scoped(), photoId, id, content: "Beautiful" });
    expect(again).toEqual(first);
    expect(first.id).toBe(id);
    await expect(owner.trpc.photos.comments.add.mutate({ ...scoped(), photoId, id, content: "Mine now" })).rejects.toMatchObject({ data: { code: "CONFLICT", appCode: "ID_TAKEN" } });
    const list = await owner.trpc.photos.comments.list.query({ ...scoped(), photoId });
    expect(list.map((c) => [c.id, c.content])).toEqual([[id, "Beautiful"]]);
  });
});

describe("guest tags", () => {
  it("are set by the uploader or a parent, name participants of this pregnancy only, and replace the previous set", async () => {
    const photoId = await upload(friend.client, { privacyLevel: "friends" });
    const tagged = await friend.client.trpc.photos.guestTags.set.mutate({ ...scoped(), photoId, participantIds: [family.participantId, friend.participantId] });
    const pal = { participantId: friend.participantId, firstName: "Test", lastName: "Pal", displayTitle: "Pal" };
    expect(tagged).toEqual(expect.arrayContaining([{ participantId: family.participantId, firstName: "Test", lastName: "Grandpa", displayTitle: "Grandpa" }, pal]));
    expect(tagged).toHaveLength(2);
    expect(await owner.trpc.photos.guestTags.set.mutate({ ...scoped(), photoId, participantIds: [friend.participantId] })).toEqual([pal]);
    await expect(family.client.trpc.photos.guestTags.set.mutate({ ...scoped(), photoId, participantIds: [] })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    const stranger = await addGuest(outsider.pregnancyId, "Stranger", "friends");
    await expect(owner.trpc.photos.guestTags.set.mutate({ ...scoped(), photoId, participantIds: [stranger.participantId] })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
    const [photo] = (await family.client.trpc.photos.list.query(scoped())).items.filter((p) => p.id === photoId);
    expect(photo!.guestTags).toEqual([pal]);
    expect(await owner.trpc.photos.guestTags.set.mutate({ ...scoped(), photoId, participantIds: [] })).toEqual([]);
  });

  it("offer the pregnancy's active participants to pick from", async () => {
    const people = await friend.client.trpc.photos.people.query(scoped());
    expect(people.map((p) => p.participantId)).toEqual(expect.arrayContaining([family.participantId, friend.participantId]));
    expect(people.find((p) => p.userId === ownerId)).toMatchObject({ role: "owner", displayTitle: "Parent" });
  });
});

describe("update and delete", () => {
  it("let only the uploader or a parent edit a photo, with its text as typed and a new audience", async () => {
    const photoId = await upload(friend.client, { privacyLevel: "friends", title: "Mine" });
    const own = await friend.client.trpc.photos.update.mutate({ ...scoped(), photoId, title: " Our walk <3 ", tags: ["Park", "park"], week: 30, altText: "Two people on a path" });
    expect(own).toMatchObject({ id: photoId, title: "Our walk <3", tags: ["park"], week: 30, altText: "Two people on a path", canEdit: true, canDelete: true });
    // The closest guest sees it but may not change it.
    const seen = (await family.client.trpc.photos.list.query(scoped())).items.find((p) => p.id === photoId);
    expect(seen).toMatchObject({ canEdit: false, canDelete: false });
    await expect(family.client.trpc.photos.update.mutate({ ...scoped(), photoId, title: "Hijacked" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    // A parent may: keeping it to the parents takes it away from the closest guest, not from its uploader.
    expect(await owner.trpc.photos.update.mutate({ ...scoped(), photoId, privacyLevel: "parents-only" })).toMatchObject({ privacyLevel: "parents-only", audienceGroups: [], title: "Our walk <3" });
    expect((await family.client.trpc.photos.list.query(scoped())).items.map((p) => p.id)).not.toContain(photoId);
    expect((await friend.client.trpc.photos.list.query(scoped())).items.map((p) => p.id)).toContain(photoId);
    expect(await owner.trpc.photos.update.mutate({ ...scoped(), photoId, audienceGroups: ["immediate-family"] })).toMatchObject({ privacyLevel: "immediate-family", audienceGroups: ["immediate-family"] });
    await expect(outsider.owner.trpc.photos.update.mutate({ ...scoped(), photoId, title: "x" })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  });

  it("let only the uploader or a parent delete a photo, give its storage back and stop serving it", async () => {
    const guestsPhoto = await upload(friend.client, { privacyLevel: "immediate-family" });
    const ownersPhoto = await upload(owner, { privacyLevel: "immediate-family" });
    const used = await usedStorage();
    await expect(family.client.trpc.photos.delete.mutate({ ...scoped(), photoId: guestsPhoto })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    // The friend sees their own photo only, so the owner's is simply not found for them.
    await expect(friend.client.trpc.photos.delete.mutate({ ...scoped(), photoId: ownersPhoto })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    expect(await friend.client.trpc.photos.delete.mutate({ ...scoped(), photoId: guestsPhoto })).toEqual({ photoId: guestsPhoto, deleted: true });
    expect(await usedStorage()).toBe(used - 1);
    expect((await owner.fetch(`/api/photos/${pregnancyId}/${guestsPhoto}`)).status).toBe(404);
    expect(await owner.trpc.photos.delete.mutate({ ...scoped(), photoId: ownersPhoto })).toEqual({ photoId: ownersPhoto, deleted: true });
    expect(await usedStorage()).toBe(used - 2);
    await expect(owner.trpc.photos.delete.mutate({ ...scoped(), photoId: ownersPhoto })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });
});
