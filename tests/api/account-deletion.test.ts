import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES, FORMER_MEMBER_NAME } from "../../src/domain/accountDeletion";
import { photoComments, photoLikes, photos, pregnancyParticipants, users, waitingRoomImages } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1, jpegWithGps, testThumbnail } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder, storageUsed } from "../support/photos";
import { mailsTo } from "../support/outbox";

const { db, close } = openTestDb();
afterAll(close);

async function mailedCode(email: string): Promise<string> {
  const [mail] = (await mailsTo(email)).filter((m) => m.subject === ACCOUNT_DELETION_MESSAGES.codeSubject);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no deletion code mailed to ${email}`);
  return code;
}

describe("deleting an account", () => {
  let family: Awaited<ReturnType<typeof createOtherFamily>>;
  beforeAll(async () => {
    family = await createOtherFamily();
  });

  it("with the mailed code, removing the photos: signs out everywhere, removes the account's rows, uploads, pictures and avatar, and gives the storage back", async () => {
    const { pregnancyId } = family;
    const guest = await addGuest(pregnancyId, "deleting", "immediate-family", { canUploadPhotos: true, canAccessWaitingRoom: true });
    const otherDevice = new ApiClient(baseUrl());
    expect((await otherDevice.signIn(guest.email, guest.password)).status).toBe(200);
    const avatar = await guest.client.fetch("/api/avatars", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: PNG_1X1 });
    const { avatarUrl } = (await avatar.json()) as { avatarUrl: string };
    expect((await family.owner.fetch(avatarUrl)).status).toBe(200);
    const ownPhoto = await postPhotos(family.owner, pregnancyId, [{ name: "owner.jpg", bytes: jpegWithGps(), type: "image/jpeg" }]);
    expect(ownPhoto.ok).toBe(true);
    const upload = await postPhotos(guest.client, pregnancyId, [{ name: "mine.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { thumbnails: [{ name: "thumb.jpg", bytes: testThumbnail(), type: "image/jpeg" }] });
    expect(upload.ok).toBe(true);
    const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
    const { imageName } = (await image.json()) as { imageName: string };
    await guest.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "So happy for you", imageName });
    const before = { storage: await storageUsed(pregnancyId), objects: await objectsUnder(`pregnancies/${pregnancyId}/`) };
    expect(before.objects).toHaveLength(4);

    // A wrong code deletes nothing.
    await guest.client.trpc.account.deletion.sendCode.mutate();
    const code = await mailedCode(guest.email);
    const wrong = code === "000000" ? "000001" : "000000";
    await expect(guest.client.trpc.account.deletion.confirm.mutate({ code: wrong, photos: "remove" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "INVALID_CODE" }, message: ACCOUNT_DELETION_MESSAGES.wrongCode });
    expect(await db.$count(users, eq(users.id, guest.userId))).toBe(1);

    expect(await guest.client.trpc.account.deletion.confirm.mutate({ code, photos: "remove" })).toEqual({ deleted: true });

    expect(await db.$count(users, eq(users.id, guest.userId))).toBe(0);
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.userId, guest.userId))).toBe(0);
    expect(await db.$count(photos, eq(photos.uploadedBy, guest.userId))).toBe(0);
    expect(await db.$count(waitingRoomImages, eq(waitingRoomImages.uploadedBy, guest.userId))).toBe(0);
    expect(await storageUsed(pregnancyId)).toBe(before.storage! - 2);
    // Only the owner's photo is left in the family's folder; the account's own folder is gone.
    expect(await objectsUnder(`pregnancies/${pregnancyId}/`)).toHaveLength(1);
    expect(await objectsUnder(`users/${guest.userId}/`)).toEqual([]);
    expect((await family.owner.fetch(avatarUrl)).status).toBe(404);
    // Signed out on both devices, and the password no longer signs in.
    for (const device of [guest.client, otherDevice]) await expect(device.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect((await new ApiClient(baseUrl()).signIn(guest.email, guest.password)).status).not.toBe(200);
    expect((await mailsTo(guest.email)).map((mail) => mail.subject)).toContain(ACCOUNT_DELETION_MESSAGES.deletedSubject);
  });

  it("refuses the owner of an open pregnancy, and a code mailed to someone else", async () => {
    await family.owner.trpc.account.deletion.sendCode.mutate();
    const ownerEmail = (await family.owner.trpc.account.me.query())!.email;
    await expect(family.owner.trpc.account.deletion.confirm.mutate({ code: await mailedCode(ownerEmail), photos: "remove" })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "OWNS_PREGNANCY" },
      message: ACCOUNT_DELETION_MESSAGES.ownsPregnancy("Another Family"),
    });
    expect(await db.$count(users, eq(users.id, family.ownerId))).toBe(1);

    const other = await addGuest(family.pregnancyId, "not-mine", "friends");
    await other.client.trpc.account.deletion.sendCode.mutate();
    await expect(family.owner.trpc.account.deletion.confirm.mutate({ code: await mailedCode(other.email), photos: "keep" })).rejects.toMatchObject({ data: { appCode: "INVALID_CODE" } });
    await expect(new ApiClient(baseUrl()).trpc.account.deletion.confirm.mutate({ code: "123456", photos: "remove" })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });

  it("keeping the photos: they stay in the album with their objects and storage as a former member's, only the parents may delete them, and nothing else of the account remains", async () => {
    const other = await createOtherFamily();
    const { pregnancyId } = other;
    const scoped = { pregnancyId };
    const prefix = `pregnancies/${pregnancyId}/`;
    const guest = await addGuest(pregnancyId, "keeping", "immediate-family", { canUploadPhotos: true, canAccessWaitingRoom: true });
    const cousin = await addGuest(pregnancyId, "cousin", "immediate-family", { canUploadPhotos: true });
    const upload = await postPhotos(guest.client, pregnancyId, [{ name: "visit.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { thumbnails: [{ name: "thumb.jpg", bytes: testThumbnail(), type: "image/jpeg" }] });
    expect(upload.ok).toBe(true);
    const [photo] = (await other.owner.trpc.photos.list.query(scoped)).items;
    if (!photo) throw new Error("the guest's photo is not in the album");
    await guest.client.trpc.photos.comments.add.mutate({ ...scoped, photoId: photo.id, content: "Our visit" });
    await guest.client.trpc.photos.likes.toggle.mutate({ ...scoped, photoId: photo.id, liked: true });
    await other.owner.trpc.photos.comments.add.mutate({ ...scoped, photoId: photo.id, content: "Lovely" });
    const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
    const { imageName } = (await image.json()) as { imageName: string };
    await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped, id: crypto.randomUUID(), content: "So happy for you", imageName });
    const [stored] = await db.select({ storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath }).from(photos).where(eq(photos.id, photo.id));
    const before = { storage: await storageUsed(pregnancyId), objects: await objectsUnder(prefix) };
    expect(before.objects).toHaveLength(3);

    await guest.client.trpc.account.deletion.sendCode.mutate();
    expect(await guest.client.trpc.account.deletion.confirm.mutate({ code: await mailedCode(guest.email), photos: "keep" })).toEqual({ deleted: true });

    // Everything of the account but the photo is gone: the user, their place, their comment and like, their waiting-room picture.
    expect(await db.$count(users, eq(users.id, guest.userId))).toBe(0);
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.userId, guest.userId))).toBe(0);
    expect(await db.$count(photoComments, eq(photoComments.userId, guest.userId))).toBe(0);
    expect(await db.$count(photoLikes, eq(photoLikes.userId, guest.userId))).toBe(0);
    expect(await db.$count(waitingRoomImages, eq(waitingRoomImages.pregnancyId, pregnancyId))).toBe(0);
    expect(await objectsUnder(`users/${guest.userId}/`)).toEqual([]);
    // The photo, its thumbnail and the storage they take stay; it has no uploader any more.
    expect((await db.select({ uploadedBy: photos.uploadedBy }).from(photos).where(eq(photos.id, photo.id)))[0]).toEqual({ uploadedBy: null });
    expect((await objectsUnder(prefix)).sort()).toEqual([stored!.storagePath, stored!.thumbnailPath!].sort());
    expect(await storageUsed(pregnancyId)).toBe(before.storage! - 1);
    const mails = await mailsTo(guest.email);
    expect(mails.find((mail) => mail.subject === ACCOUNT_DELETION_MESSAGES.deletedSubject)?.text).toContain(ACCOUNT_DELETION_MESSAGES.deleted("keep")[0]);

    // The album shows it as a former member's, to the parents and to the guests who may see it.
    const formerMember = { id: null, firstName: FORMER_MEMBER_NAME, lastName: "", avatarUrl: null, displayTitle: "" };
    expect((await other.owner.trpc.photos.list.query(scoped)).items).toEqual([expect.objectContaining({ id: photo.id, uploader: formerMember, likesCount: 0, commentsCount: 1, canEdit: true, canDelete: true })]);
    expect((await cousin.client.trpc.photos.list.query(scoped)).items).toEqual([expect.objectContaining({ id: photo.id, uploader: formerMember, canEdit: false, canDelete: false })]);
    expect((await other.owner.trpc.photos.comments.list.query({ ...scoped, photoId: photo.id })).map((comment) => comment.content)).toEqual(["Lovely"]);
    expect((await other.owner.trpc.dashboard.summary.query(scoped)).latestPhotos.map((latest) => latest.id)).toEqual([photo.id]);
    const shownToCousin = (await cousin.client.trpc.photos.list.query(scoped)).items.find((item) => item.id === photo.id)!;
    expect((await cousin.client.fetch(shownToCousin.url)).status).toBe(200);
    // No one can claim it: it counts in no guest's quota, and a guest may neither change nor delete it.
    expect((await cousin.client.trpc.photos.storage.query(scoped)).guest).toMatchObject({ used: 0 });
    const notYours = { data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } };
    await expect(cousin.client.trpc.photos.update.mutate({ ...scoped, photoId: photo.id, title: "Mine now" })).rejects.toMatchObject(notYours);
    await expect(cousin.client.trpc.photos.delete.mutate({ ...scoped, photoId: photo.id })).rejects.toMatchObject(notYours);

    // The parents can delete it: the objects and the storage go with it.
    await other.owner.trpc.photos.delete.mutate({ ...scoped, photoId: photo.id });
    expect(await db.$count(photos, eq(photos.pregnancyId, pregnancyId))).toBe(0);
    expect(await objectsUnder(prefix)).toEqual([]);
    expect(await storageUsed(pregnancyId)).toBe(before.storage! - 2);
  });
});
