import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomServerMessage } from "../../src/domain/pregnancyRoom";
import { DIRECT_MESSAGE_MIN_GAP_MS, DM_PREVIEW_MAX_CHARS, GROUP_MESSAGE_MIN_GAP_MS, TOO_FAST_MESSAGE } from "../../src/domain/messaging";
import { BABY_HERE_CLOSE_MS, FALSE_ALARM_CLOSE_MS, waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { contactNotifications, mailOutbox, pregnancyParticipants, waitingRoomDmMessages, waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { appRouter } from "../../worker/trpc/router";
import type { ProcedureMeta } from "../../worker/trpc/init";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { PNG_1X1 } from "../support/images";
import { connect, type OpenRoom } from "../support/room";

interface Member {
  client: ApiClient;
  userId: string;
}
type Guest = Member & { email: string };

let pregnancyId: string;
let owner: Member;
/** Guests with the default guest flags (canAccessWaitingRoom and canReceiveUpdates on). */
let guest: Guest;
let cousin: Guest;
/** A guest whose canAccessWaitingRoom is off. */
let quietGuest: Guest;
const rooms: OpenRoom[] = [];
const { db, close } = openTestDb();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (iso: string, expectedMs: number) => Math.abs(new Date(iso).getTime() - (Date.now() + expectedMs)) < 60_000;
const scoped = () => ({ pregnancyId });

beforeAll(async () => {
  const [family, guestUp, cousinUp, quietUp] = await Promise.all([createOtherFamily(), signUp("wrguest"), signUp("wrcousin"), signUp("wrquiet")]);
  pregnancyId = family.pregnancyId;
  owner = { client: family.owner, userId: family.ownerId };
  guest = { client: guestUp.client, userId: guestUp.userId, email: guestUp.email };
  cousin = { client: cousinUp.client, userId: cousinUp.userId, email: cousinUp.email };
  quietGuest = { client: quietUp.client, userId: quietUp.userId, email: quietUp.email };
  await db.insert(pregnancyParticipants).values([
    { pregnancyId, userId: guest.userId, role: "guest", status: "active" },
    { pregnancyId, userId: cousin.userId, role: "guest", status: "active" },
    { pregnancyId, userId: quietGuest.userId, role: "guest", status: "active", permissions: { canAccessWaitingRoom: false } },
  ]);
});

afterAll(async () => {
  for (const room of rooms) room.socket.close();
  await close();
});

async function join(member: Member) {
  const room = await connect(pregnancyId, member.client);
  rooms.push(room);
  return room;
}

const isEvent = <K extends string>(kind: K, test: (event: Extract<RoomServerMessage, { type: "event" }>["event"] & { kind: K }) => boolean = () => true) => (m: RoomServerMessage) =>
  m.type === "event" && m.event.kind === kind && test(m.event as Extract<RoomServerMessage, { type: "event" }>["event"] & { kind: K });

describe("waiting room procedures", () => {
  it("every procedure needs canAccessWaitingRoom, or a parent role for the parent controls", () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>).filter(([path]) => path.startsWith("waitingRoom."));
    const parentOnly = ["waitingRoom.activate", "waitingRoom.postUpdate", "waitingRoom.falseAlarm", "waitingRoom.babyHere", "waitingRoom.recordBirth"];
    expect(procedures.length).toBeGreaterThan(parentOnly.length);
    for (const [path, procedure] of procedures) expect([path, procedure._def.meta?.access]).toEqual([path, parentOnly.includes(path) ? "parent" : "canAccessWaitingRoom"]);
  });

  it("refuses a guest without canAccessWaitingRoom", async () => {
    await expect(quietGuest.client.trpc.waitingRoom.state.query(scoped())).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(quietGuest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: crypto.randomUUID(), content: "hi" })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });

  it("members are the participants who may use the room, with names and no emails", async () => {
    const members = await guest.client.trpc.waitingRoom.members.query(scoped());
    const ids = members.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining([owner.userId, guest.userId, cousin.userId]));
    expect(ids).not.toContain(quietGuest.userId);
    expect(members.find((m) => m.id === owner.userId)).toMatchObject({ isParent: true });
    expect(members.find((m) => m.id === guest.userId)).toMatchObject({ isParent: false });
    expect(JSON.stringify(members)).not.toContain(guest.email);
  });

  it("only parents open the room; guests with canReceiveUpdates hear about it by mail and in the room", async () => {
    for (const call of [
      () => guest.client.trpc.waitingRoom.activate.mutate(scoped()),
      () => guest.client.trpc.waitingRoom.postUpdate.mutate({ ...scoped(), id: crypto.randomUUID(), content: "Not a parent" }),
      () => guest.client.trpc.waitingRoom.falseAlarm.mutate(scoped()),
      () => guest.client.trpc.waitingRoom.babyHere.mutate(scoped()),
    ]) {
      await expect(call()).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    }
    expect((await guest.client.trpc.waitingRoom.state.query(scoped())).state).toBe("inactive");

    const guestRoom = await join(guest);
    const opened = await owner.client.trpc.waitingRoom.activate.mutate(scoped());
    expect(opened.state).toBe("active");
    // The parent is told who heard: the two guests receiving updates of the three.
    expect(opened.announced).toEqual({ told: 2, guests: 3 });
    expect(opened.pinnedUpdates.map((u) => u.content)).toEqual([expect.stringContaining("heading to the hospital")]);
    await guestRoom.next(isEvent("state", (e) => e.state === "active"));
    await guestRoom.next(isEvent("message", (e) => e.message.kind === "parent_update"));

    // Opening an open room changes nothing, and tells nobody again.
    expect((await owner.client.trpc.waitingRoom.activate.mutate(scoped())).announced).toBeNull();
    const [sessions] = await db.select({ n: count() }).from(waitingRoomSessions).where(eq(waitingRoomSessions.pregnancyId, pregnancyId));
    expect(sessions?.n).toBe(1);
    expect((await guest.client.trpc.waitingRoom.state.query(scoped())).state).toBe("active");

    // Sign-up mailed each of them a confirmation already; only the activation mail counts here.
    const activationMails = async (to: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject.endsWith("the waiting room is open"));
    expect(await activationMails(guest.email)).toHaveLength(1);
    expect(await activationMails(quietGuest.email)).toEqual([]);
    const notices = await db.select().from(contactNotifications).where(and(eq(contactNotifications.userId, guest.userId), eq(contactNotifications.notificationType, "waiting_room_activation")));
    expect(notices).toHaveLength(1);

    const update = await owner.client.trpc.waitingRoom.postUpdate.mutate({ ...scoped(), id: crypto.randomUUID(), content: "4 cm <3 and counting" });
    expect(update).toMatchObject({ kind: "parent_update", content: "4 cm <3 and counting" });
    expect((await guest.client.trpc.waitingRoom.state.query(scoped())).pinnedUpdates[0]?.id).toBe(update.id);
  });

  let firstMessageId: string;

  it("group messages: one row per client id, 500 ms apart, told to the room after the write", async () => {
    const ownerRoom = await join(owner);
    firstMessageId = crypto.randomUUID();
    const sent = await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: firstMessageId, content: "Sending love!" });
    expect(sent).toMatchObject({ id: firstMessageId, content: "Sending love!", authorId: guest.userId, replyCount: 0 });
    // Straight after the first (the gap counts from it; slower checks first could outlast it on a busy machine).
    const secondId = crypto.randomUUID();
    await expect(guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: secondId, content: "Too quick" })).rejects.toMatchObject({
      message: TOO_FAST_MESSAGE,
      data: { code: "TOO_MANY_REQUESTS", appCode: "TOO_FAST" },
    });
    expect(await db.select().from(waitingRoomMessages).where(eq(waitingRoomMessages.id, secondId))).toEqual([]);
    const heard = await ownerRoom.next(isEvent("message", (e) => e.message.id === firstMessageId));
    expect(heard).toMatchObject({ event: { message: { content: "Sending love!" } } });

    const again = await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: firstMessageId, content: "Sending love!" });
    expect(again.createdAt).toBe(sent.createdAt);
    const [stored] = await db.select({ n: count() }).from(waitingRoomMessages).where(eq(waitingRoomMessages.id, firstMessageId));
    expect(stored?.n).toBe(1);
    await expect(cousin.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: firstMessageId, content: "Mine now" })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await expect(guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: "not-a-uuid", content: "x" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });

    await sleep(GROUP_MESSAGE_MIN_GAP_MS);
    await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: secondId, content: "Now it goes" });

    const page = await cousin.client.trpc.waitingRoom.messages.list.query(scoped());
    expect(page.messages.slice(-2).map((m) => m.id)).toEqual([firstMessageId, secondId]);
    expect(page.olderCursor).toBeNull();
  });

  it("replies go one level deep and are paged with their count", async () => {
    const replyId = crypto.randomUUID();
    await owner.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: replyId, content: "Thank you!", parentMessageId: firstMessageId });
    await expect(cousin.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: crypto.randomUUID(), content: "Deeper", parentMessageId: replyId })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" },
    });
    const replies = await cousin.client.trpc.waitingRoom.messages.replies.query({ ...scoped(), messageId: firstMessageId });
    expect(replies).toMatchObject({ total: 1, replies: [{ id: replyId, parentMessageId: firstMessageId }] });
    const page = await cousin.client.trpc.waitingRoom.messages.list.query(scoped());
    expect(page.messages.find((m) => m.id === firstMessageId)?.replyCount).toBe(1);
    expect(page.messages.some((m) => m.id === replyId)).toBe(false);
  });

  it("a reaction is set per user and emoji, idempotently, and the room hears it", async () => {
    const ownerRoom = await join(owner);
    const input = { ...scoped(), messageId: firstMessageId, emoji: "❤️", reacted: true };
    expect(await cousin.client.trpc.waitingRoom.reactions.toggle.mutate(input)).toMatchObject({ reacted: true, count: 1 });
    expect(await cousin.client.trpc.waitingRoom.reactions.toggle.mutate(input)).toMatchObject({ reacted: true, count: 1 });
    await ownerRoom.next(isEvent("reaction", (e) => e.messageId === firstMessageId && e.userId === cousin.userId && e.reacted));
    const page = await cousin.client.trpc.waitingRoom.messages.list.query(scoped());
    expect(page.messages.find((m) => m.id === firstMessageId)?.reactions).toEqual([{ emoji: "❤️", count: 1, reactedByMe: true }]);
    expect(await cousin.client.trpc.waitingRoom.reactions.toggle.mutate({ ...input, reacted: false })).toMatchObject({ reacted: false, count: 0 });
    await expect(cousin.client.trpc.waitingRoom.reactions.toggle.mutate({ ...input, emoji: "not an emoji" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });

  it("direct messages: one conversation per pair, 400 ms apart, unread counts, a 140-character notification, only the pair hears it", async () => {
    const [ownerRoom, cousinRoom] = await Promise.all([join(owner), join(cousin)]);
    const opened = await guest.client.trpc.waitingRoom.dms.open.mutate({ ...scoped(), otherUserId: owner.userId });
    expect((await owner.client.trpc.waitingRoom.dms.open.mutate({ ...scoped(), otherUserId: guest.userId })).id).toBe(opened.id);

    const firstId = crypto.randomUUID();
    const long = `Thinking of you all! ${"x".repeat(300)}`;
    const dm = await guest.client.trpc.waitingRoom.dms.send.mutate({ ...scoped(), id: firstId, recipientId: owner.userId, content: long });
    expect(dm.conversationId).toBe(opened.id);
    await ownerRoom.next(isEvent("direct-message", (e) => e.message.id === firstId));
    await guest.client.trpc.waitingRoom.dms.send.mutate({ ...scoped(), id: firstId, recipientId: owner.userId, content: long });
    const [stored] = await db.select({ n: count() }).from(waitingRoomDmMessages).where(eq(waitingRoomDmMessages.id, firstId));
    expect(stored?.n).toBe(1);

    const secondId = crypto.randomUUID();
    await expect(guest.client.trpc.waitingRoom.dms.send.mutate({ ...scoped(), id: secondId, recipientId: owner.userId, content: "Again" })).rejects.toMatchObject({
      message: TOO_FAST_MESSAGE,
      data: { code: "TOO_MANY_REQUESTS" },
    });
    await sleep(DIRECT_MESSAGE_MIN_GAP_MS);
    await guest.client.trpc.waitingRoom.dms.send.mutate({ ...scoped(), id: secondId, recipientId: owner.userId, content: "Again" });
    await ownerRoom.next(isEvent("direct-message", (e) => e.message.id === secondId));
    expect(cousinRoom.messages.filter(isEvent("direct-message"))).toEqual([]);

    const ownerList = await owner.client.trpc.waitingRoom.dms.conversations.query(scoped());
    expect(ownerList).toMatchObject([{ id: opened.id, unread: 2, other: { id: guest.userId } }]);
    expect((await guest.client.trpc.waitingRoom.dms.conversations.query(scoped()))[0]?.unread).toBe(0);
    const thread = await owner.client.trpc.waitingRoom.dms.messages.query({ ...scoped(), conversationId: opened.id });
    expect(thread.messages.map((m) => m.id)).toEqual([firstId, secondId]);

    const notifications = await db
      .select()
      .from(contactNotifications)
      .where(and(eq(contactNotifications.userId, owner.userId), eq(contactNotifications.notificationType, "waiting_room_dm")))
      .orderBy(contactNotifications.createdAt);
    expect(notifications.map((n) => n.message)).toEqual([long.slice(0, DM_PREVIEW_MAX_CHARS), "Again"]);

    expect(await owner.client.trpc.waitingRoom.dms.markRead.mutate({ ...scoped(), conversationId: opened.id })).toMatchObject({ unread: 0 });
    expect((await owner.client.trpc.waitingRoom.dms.conversations.query(scoped()))[0]?.unread).toBe(0);

    // Someone else's conversation, and people outside the waiting room, are out of reach.
    await expect(cousin.client.trpc.waitingRoom.dms.messages.query({ ...scoped(), conversationId: opened.id })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    await expect(guest.client.trpc.waitingRoom.dms.open.mutate({ ...scoped(), otherUserId: quietGuest.userId })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("false alarm closes in 2 hours and baby here in 4, each once, with the closing time in a system message", async () => {
    const guestRoom = await join(guest);
    const alarm = await owner.client.trpc.waitingRoom.falseAlarm.mutate({ ...scoped(), timeZone: "America/New_York" });
    expect(alarm.message).toMatch(/^False alarm! The waiting room will close at \d{1,2}:\d{2} [AP]M New York time\.$/);
    expect(within(alarm.scheduled_close, FALSE_ALARM_CLOSE_MS)).toBe(true);
    await guestRoom.next(isEvent("state", (e) => e.state === "false-alarm" && e.scheduledCloseAt === alarm.scheduled_close));
    await expect(owner.client.trpc.waitingRoom.falseAlarm.mutate(scoped())).rejects.toMatchObject({ data: { code: "CONFLICT" } });

    // A weight out of the game's bounds is refused; the sizes go as stored (pounds, inches) and are told in both units.
    await expect(owner.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), weightPounds: 21 })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    const baby = await owner.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), name: "Lily", time: "3:45 PM", weightPounds: 7.125, lengthInches: 19.69, measurementSystem: "metric" });
    expect(baby.message).toContain("Lily arrived at 3:45 PM UTC weighing 3.2 kg (7 lb 2 oz) and measuring 50 cm (19.69 in).");
    expect(within(baby.scheduled_close, BABY_HERE_CLOSE_MS)).toBe(true);
    await expect(owner.client.trpc.waitingRoom.babyHere.mutate(scoped())).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await expect(owner.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), time: "25:00" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });

    const state = await guest.client.trpc.waitingRoom.state.query(scoped());
    expect(state).toMatchObject({ state: "baby-here", scheduledCloseAt: baby.scheduled_close });
    expect(state.pinnedUpdates[0]?.content).toBe(baby.message);
  });
  it("images are uploaded to the room first, then attached to a message by name", async () => {
    const upload = (member: Member) => member.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
    expect((await upload(quietGuest)).status).toBe(403);
    const uploaded = await upload(cousin);
    expect(uploaded.status).toBe(201);
    const { imageName, url } = (await uploaded.json()) as { imageName: string; url: string };

    const sent = await cousin.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: crypto.randomUUID(), content: "", imageName });
    expect(sent.storagePath).toBe(`pregnancies/${pregnancyId}/waiting-room/${imageName}`);
    const read = await guest.client.fetch(url);
    expect(read.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG_1X1);
    expect((await quietGuest.client.fetch(url)).status).toBe(403);

    await sleep(GROUP_MESSAGE_MIN_GAP_MS);
    await expect(cousin.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: crypto.randomUUID(), content: "", imageName: `${crypto.randomUUID()}.png` })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST" },
    });
  });

  it("the cron closes a due session once even when two runs overlap", async () => {
    const guestRoom = await join(guest);
    const [session] = await db
      .update(waitingRoomSessions)
      .set({ scheduledCloseAt: new Date(Date.now() - 60_000) })
      .where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), eq(waitingRoomSessions.isActive, true)))
      .returning({ id: waitingRoomSessions.id });
    const runCron = () => fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
    const runs = await Promise.all([runCron(), runCron()]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);

    await guestRoom.next(isEvent("session-closed", (e) => e.sessionId === session!.id && e.reason === "baby-here"));
    const closedNotices = await db
      .select()
      .from(waitingRoomMessages)
      .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.content, waitingRoomClosedNotice("baby-here"))));
    expect(closedNotices).toHaveLength(1);
    expect(guestRoom.messages.filter(isEvent("session-closed"))).toHaveLength(1);
    expect((await guest.client.trpc.waitingRoom.state.query(scoped())).state).toBe("inactive");
  });
});
