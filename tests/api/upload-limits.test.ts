import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, CLOUDFLARE_MAX_BODY_BYTES, GUEST_PHOTO_QUOTA, PHOTO_MAX_FILE_BYTES, PHOTO_UPLOAD_MAX_BODY_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { pregnancies, waitingRoomImages, waitingRoomMessages } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1 } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest } from "../support/photos";
import { postRaw } from "../support/rawUpload";
import { GROUP_MESSAGE_MIN_GAP_MS } from "../../src/domain/messaging";
import { UNSENT_ROOM_IMAGE_MS } from "../../src/domain/waitingRoom";

/**
 * Issue 18, item 2: bounded uploads. Bodies are refused before they are read; one guest cannot
 * fill the parents' storage; waiting-room images count in it and leave with their messages.
 */

const { db, close } = openTestDb();
let pregnancyId: string;
let owner: ApiClient;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storageUsed() {
  const [row] = await db.select({ used: pregnancies.photoStorageUsed }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  return row!.used;
}

const uploadRoomImage = (client: ApiClient) => client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });

beforeAll(async () => {
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
});

afterAll(async () => {
  await close();
});

/** The three upload routes: their limit and what a body over it is told. */
const ROUTES = [
  { name: "album", path: () => `/api/photos/${pregnancyId}`, limit: PHOTO_UPLOAD_MAX_BODY_BYTES, tooLarge: UPLOAD_MESSAGES.batchTooLarge, type: "multipart/form-data; boundary=x" },
  { name: "avatar", path: () => "/api/avatars", limit: AVATAR_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES), type: "image/png" },
  { name: "waiting room", path: () => `/api/waiting-room/${pregnancyId}/images`, limit: PHOTO_MAX_FILE_BYTES, tooLarge: UPLOAD_MESSAGES.imageTooLarge(PHOTO_MAX_FILE_BYTES), type: "image/png" },
] as const;

describe("upload bodies are refused before they are read", () => {
  it("never reads more than Cloudflare lets through", () => {
    expect(PHOTO_UPLOAD_MAX_BODY_BYTES).toBeLessThanOrEqual(CLOUDFLARE_MAX_BODY_BYTES);
  });

  // The Worker's own route groups are shown to refuse without pulling the body in upload-bodies.test.ts
  // (wrangler dev's local proxy forwards a whole body before the Worker's answer reaches the client).
  it("a body over its route's limit gets 413 and a body without a length 411, and nothing is stored", async () => {
    // The album's limit is 100 MB, not worth pushing through the local proxy: upload-bodies.test.ts covers it.
    for (const route of ROUTES.filter((r) => r.name !== "album")) {
      expect(await postRaw(owner, route.path(), { declaredLength: route.limit + 1, bodyBytes: route.limit + 1, contentType: route.type }), route.name).toEqual({
        status: 413,
        body: { error: "PAYLOAD_TOO_LARGE", message: route.tooLarge },
      });
    }
    for (const route of ROUTES) {
      expect(await postRaw(owner, route.path(), { declaredLength: null, bodyBytes: PNG_1X1.length, contentType: route.type }), route.name).toEqual({
        status: 411,
        body: { error: "LENGTH_REQUIRED", message: UPLOAD_MESSAGES.lengthRequired },
      });
    }
    expect((await owner.trpc.photos.list.query({ pregnancyId })).items).toEqual([]);
    expect((await owner.trpc.account.me.query())?.avatarUrl ?? null).toBeNull();
    expect(await db.$count(waitingRoomImages, eq(waitingRoomImages.pregnancyId, pregnancyId))).toBe(0);
  });
});

describe("a guest's quota", () => {
  it(`is ${GUEST_PHOTO_QUOTA} photos across album and waiting room, stated to the guest; past it the upload is refused with the message, and parents are not held to it`, async () => {
    const guest = await addGuest(pregnancyId, "quota", "friends");
    // The guest has already shared all but one photo (waiting-room images count too).
    await db.insert(waitingRoomImages).values(Array.from({ length: GUEST_PHOTO_QUOTA - 1 }, (_, i) => ({ pregnancyId, storagePath: `pregnancies/${pregnancyId}/waiting-room/quota-${guest.userId}-${i}.png`, uploadedBy: guest.userId, fileSize: 1 })));
    expect((await guest.client.trpc.photos.storage.query({ pregnancyId })).guest).toEqual({ used: GUEST_PHOTO_QUOTA - 1, quota: GUEST_PHOTO_QUOTA });

    const two = await postPhotos(guest.client, pregnancyId, [
      { name: "a.png", bytes: PNG_1X1 },
      { name: "b.png", bytes: PNG_1X1 },
    ]);
    expect(two.status).toBe(403);
    expect(await two.json()).toEqual({ error: "GUEST_QUOTA_EXCEEDED", message: `Upload would exceed your guest limit. You have ${GUEST_PHOTO_QUOTA - 1}/${GUEST_PHOTO_QUOTA} photos used.` });

    // Reaching the quota exactly is allowed.
    const before = await storageUsed();
    const one = await postPhotos(guest.client, pregnancyId, [{ name: "a.png", bytes: PNG_1X1 }]);
    expect(one.status).toBe(200);
    expect(await storageUsed()).toBe(before + 1);

    const image = await uploadRoomImage(guest.client);
    expect(image.status).toBe(403);
    expect(await image.json()).toEqual({ error: "GUEST_QUOTA_EXCEEDED", message: UPLOAD_MESSAGES.guestQuotaExceeded(GUEST_PHOTO_QUOTA) });
    expect((await guest.client.trpc.photos.storage.query({ pregnancyId })).guest).toEqual({ used: GUEST_PHOTO_QUOTA, quota: GUEST_PHOTO_QUOTA });

    // Another guest has their own quota; the parents have the plan's limit instead.
    const other = await addGuest(pregnancyId, "quota-other", "friends");
    expect((await uploadRoomImage(other.client)).status).toBe(201);
    expect((await uploadRoomImage(owner)).status).toBe(201);
    expect((await owner.trpc.photos.storage.query({ pregnancyId })).guest).toBeNull();
  });
});

describe("waiting-room images", () => {
  it("count in the pregnancy's storage and are deleted from R2, with their rows and count, when their message is deleted", async () => {
    const [author, cousin] = await Promise.all([addGuest(pregnancyId, "wrauthor", "friends"), addGuest(pregnancyId, "wrcousin", "friends")]);
    const before = await storageUsed();
    const uploaded = await uploadRoomImage(author.client);
    expect(uploaded.status).toBe(201);
    const { imageName, url } = (await uploaded.json()) as { imageName: string; url: string };
    expect(await storageUsed()).toBe(before + 1);

    const message = await author.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Flowers for the nursery", imageName });
    const replyImage = (await (await uploadRoomImage(cousin.client)).json()) as { imageName: string; url: string };
    const reply = await cousin.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Lovely!", imageName: replyImage.imageName, parentMessageId: message.id });
    expect(await storageUsed()).toBe(before + 2);
    expect((await cousin.client.fetch(url)).status).toBe(200);

    // Another guest may not delete it; its author may (a parent may delete any message).
    await expect(cousin.client.trpc.waitingRoom.messages.delete.mutate({ pregnancyId, messageId: message.id })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(await author.client.trpc.waitingRoom.messages.delete.mutate({ pregnancyId, messageId: message.id })).toEqual({ messageId: message.id, deleted: true });

    // The message, its reply, both images (rows and R2 objects) and their count are gone.
    expect(await db.$count(waitingRoomMessages, and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.id, reply.id)))).toBe(0);
    expect(await db.$count(waitingRoomImages, eq(waitingRoomImages.storagePath, message.storagePath!))).toBe(0);
    expect(await storageUsed()).toBe(before);
    for (const gone of [url, replyImage.url]) expect((await owner.fetch(gone)).status, gone).toBe(404);

    // A parent removes a guest's message the same way.
    await sleep(GROUP_MESSAGE_MIN_GAP_MS);
    const next = (await (await uploadRoomImage(cousin.client)).json()) as { imageName: string; url: string };
    const guestMessage = await cousin.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "", imageName: next.imageName });
    await owner.trpc.waitingRoom.messages.delete.mutate({ pregnancyId, messageId: guestMessage.id });
    expect((await owner.fetch(next.url)).status).toBe(404);
    expect(await storageUsed()).toBe(before);
  });

  it("uploaded but never sent, are deleted a day later by the cron; a sent one stays", async () => {
    const guest = await addGuest(pregnancyId, "unsent", "friends");
    const before = await storageUsed();
    const unsent = (await (await uploadRoomImage(guest.client)).json()) as { imageName: string; url: string };
    const sent = (await (await uploadRoomImage(guest.client)).json()) as { imageName: string; url: string };
    await guest.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "", imageName: sent.imageName });
    expect(await storageUsed()).toBe(before + 2);
    await db
      .update(waitingRoomImages)
      .set({ createdAt: new Date(Date.now() - UNSENT_ROOM_IMAGE_MS - 60_000) })
      .where(eq(waitingRoomImages.uploadedBy, guest.userId));

    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("* * * * *")}`)).status).toBe(200);
    // The scheduled run finishes after its answer.
    await expect.poll(async () => (await owner.fetch(unsent.url)).status, { timeout: 10_000 }).toBe(404);
    expect((await owner.fetch(sent.url)).status).toBe(200);
    expect(await storageUsed()).toBe(before + 1);
    expect((await guest.client.trpc.photos.storage.query({ pregnancyId })).guest?.used).toBe(1);
  });
});
