import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_MESSAGES } from "../../src/domain/accountDeletion";
import { photos, pregnancyParticipants, users, waitingRoomImages } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1, jpegWithGps, testThumbnail } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder, storageUsed } from "../support/photos";

const { db, close } = openTestDb();
afterAll(close);

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}
const mailsTo = async (email: string) => ((await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as OutboxMail[]).filter((mail) => mail.to === email);
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

  it("with the mailed code: signs out everywhere, removes the account's rows, uploads, pictures and avatar, and gives the storage back", async () => {
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
    await expect(guest.client.trpc.account.deletion.confirm.mutate({ code: wrong })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "INVALID_CODE" }, message: ACCOUNT_DELETION_MESSAGES.wrongCode });
    expect(await db.$count(users, eq(users.id, guest.userId))).toBe(1);

    expect(await guest.client.trpc.account.deletion.confirm.mutate({ code })).toEqual({ deleted: true });

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
    await expect(family.owner.trpc.account.deletion.confirm.mutate({ code: await mailedCode(ownerEmail) })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "OWNS_PREGNANCY" },
      message: ACCOUNT_DELETION_MESSAGES.ownsPregnancy("Another Family"),
    });
    expect(await db.$count(users, eq(users.id, family.ownerId))).toBe(1);

    const other = await addGuest(family.pregnancyId, "not-mine", "friends");
    await other.client.trpc.account.deletion.sendCode.mutate();
    await expect(family.owner.trpc.account.deletion.confirm.mutate({ code: await mailedCode(other.email) })).rejects.toMatchObject({ data: { appCode: "INVALID_CODE" } });
    await expect(new ApiClient(baseUrl()).trpc.account.deletion.confirm.mutate({ code: "123456" })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });
});
