import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { LEAVING_MESSAGES } from "../../src/domain/leaving";
import { photos, postComments, pregnancyParticipants } from "../../worker/db/schema";
import { openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1, jpegWithGps } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder, storageUsed } from "../support/photos";

const { db, close } = openTestDb();
afterAll(close);

/** Tables of a pregnancy's content; leaving and taking everything along returns each to its count before the guest came. */
const CONTENT_TABLES = ["photos", "photo_likes", "photo_comments", "posts", "post_likes", "post_comments", "waiting_room_messages", "waiting_room_images", "waiting_room_reactions", "waiting_room_conversations", "waiting_room_dm_messages", "event_participants"];
async function contentCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CONTENT_TABLES) counts[table] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]?.n ?? 0;
  return counts;
}

/** A guest who has added something almost everywhere a guest can. */
async function activeGuest(family: Awaited<ReturnType<typeof createOtherFamily>>, label: string) {
  const { pregnancyId } = family;
  const scoped = { pregnancyId };
  const guest = await addGuest(pregnancyId, label, "immediate-family", { canUploadPhotos: true, canAccessWaitingRoom: true });
  const post = await family.owner.trpc.posts.create.mutate({ ...scoped, id: crypto.randomUUID(), content: "Our news", privacyLevel: "immediate-family" });
  await guest.client.trpc.posts.comments.add.mutate({ ...scoped, postId: post.id, id: crypto.randomUUID(), content: "Wonderful" });
  await guest.client.trpc.posts.likes.toggle.mutate({ ...scoped, postId: post.id, liked: true });
  expect((await postPhotos(guest.client, pregnancyId, [{ name: "visit.jpg", bytes: jpegWithGps(), type: "image/jpeg" }])).ok).toBe(true);
  const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
  const { imageName } = (await image.json()) as { imageName: string };
  const message = await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped, id: crypto.randomUUID(), content: "Sending love", imageName });
  await guest.client.trpc.waitingRoom.reactions.toggle.mutate({ ...scoped, messageId: message.id, emoji: "❤️", reacted: true });
  const event = await family.owner.trpc.calendar.create.mutate({ ...scoped, id: crypto.randomUUID(), title: "Shower", date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10), category: "celebration", privacyLevel: "immediate-family" });
  await family.owner.trpc.calendar.invite.mutate({ ...scoped, eventId: event.id, participantIds: [guest.participantId] });
  return guest;
}

describe("leaving a pregnancy", () => {
  it("a guest who keeps what they added: their place goes, their photos and comments stay", async () => {
    const family = await createOtherFamily();
    const guest = await activeGuest(family, "leave-keep");
    expect(await guest.client.trpc.participants.leave.mutate({ pregnancyId: family.pregnancyId, removeContributions: false })).toEqual({ left: true });
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.id, guest.participantId))).toBe(0);
    expect(await db.$count(photos, eq(photos.uploadedBy, guest.userId))).toBe(1);
    expect(await db.$count(postComments, eq(postComments.userId, guest.userId))).toBe(1);
    await expect(guest.client.trpc.posts.list.query({ pregnancyId: family.pregnancyId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
    expect((await family.owner.trpc.photos.list.query({ pregnancyId: family.pregnancyId })).items).toHaveLength(1);
  });

  it("a guest who takes it along: every row and object they added goes, and the storage comes back", async () => {
    const family = await createOtherFamily();
    const prefix = `pregnancies/${family.pregnancyId}/`;
    const before = { counts: await contentCounts(), objects: await objectsUnder(prefix), storage: await storageUsed(family.pregnancyId) };
    const guest = await activeGuest(family, "leave-remove");
    expect(await objectsUnder(prefix)).toHaveLength(before.objects.length + 2);
    expect(await guest.client.trpc.participants.leave.mutate({ pregnancyId: family.pregnancyId, removeContributions: true })).toEqual({ left: true });
    const after = await contentCounts();
    // The owner's post stays; everything of the guest's is gone.
    expect({ ...after, posts: after.posts! - 1 }).toEqual(before.counts);
    expect(await objectsUnder(prefix)).toEqual(before.objects);
    expect(await storageUsed(family.pregnancyId)).toBe(before.storage);
  });

  it("is refused to the owner, who would leave the family without one", async () => {
    const family = await createOtherFamily();
    await expect(family.owner.trpc.participants.leave.mutate({ pregnancyId: family.pregnancyId, removeContributions: false })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "OWNER_CANNOT_LEAVE" },
      message: LEAVING_MESSAGES.ownerCannotLeave,
    });
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.pregnancyId, family.pregnancyId))).toBe(1);
  });
});
