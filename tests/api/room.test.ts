import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { missedBeforeJoining, ROOM_REAUTHORISE_CLOSE_CODE, type RoomServerMessage } from "../../src/domain/pregnancyRoom";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { baseUrl, openTestDb, signedInAs } from "../support/env";
import { pregnancyParticipants } from "../../worker/db/schema";
import { createOtherFamily, signUp } from "../support/families";
import { connect, feedOf } from "../support/room";

let pregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

describe("waiting room sockets", () => {
  it("refuses a socket without a session", async () => {
    await expect(connect(pregnancyId)).rejects.toThrow("refused 401");
  });

  it("refuses a socket from another site", async () => {
    const olivia = await signedInAs("olivia");
    await expect(connect(pregnancyId, olivia, "https://evil.example")).rejects.toThrow("refused 403");
  });

  it("refuses a socket to another pregnancy's room", async () => {
    const grandma = await signedInAs("grandma");
    const { pregnancyId: otherPregnancy } = await createOtherFamily();
    await expect(connect(otherPregnancy, grandma)).rejects.toThrow("refused 403");
  });

  it("refuses plain HTTP to a room", async () => {
    const olivia = await signedInAs("olivia");
    const response = await olivia.fetch(`/parties/pregnancy-room/${pregnancyId}`, { headers: { "x-babysteps-user-id": "forged" } });
    expect(response.status).toBe(404);
  });

  it("lets participants in, shows presence and relays typing", async () => {
    const [olivia, grandma] = await Promise.all([signedInAs("olivia"), signedInAs("grandma")]);
    const oliviaRoom = await connect(pregnancyId, olivia);
    const grandmaRoom = await connect(pregnancyId, grandma);
    try {
      const presence = await oliviaRoom.next((m) => m.type === "presence" && m.userIds.length === 2);
      expect(presence.type).toBe("presence");
      grandmaRoom.socket.send(JSON.stringify({ type: "typing" }));
      const typing = await oliviaRoom.next((m) => m.type === "typing");
      expect(typing).toMatchObject({ type: "typing" });
    } finally {
      oliviaRoom.socket.close();
      grandmaRoom.socket.close();
    }
  });

  it("a joining socket hears when the room last announced something, so a page read before it reads again only then", async () => {
    const family = await createOtherFamily();
    const scope = { pregnancyId: family.pregnancyId };
    const isHello = (m: RoomServerMessage) => m.type === "hello";
    const [state, latest] = await Promise.all([family.owner.trpc.waitingRoom.state.query(scope), family.owner.trpc.waitingRoom.messages.list.query(scope)]);
    const readAt = Math.min(state.readAt, latest.readAt);
    const quietRoom = await connect(family.pregnancyId, family.owner);
    try {
      const hello = await quietRoom.next(isHello);
      expect(hello).toEqual({ type: "hello", lastEventAt: null });
      expect(missedBeforeJoining(null, readAt)).toBe(false);
    } finally {
      quietRoom.socket.close();
    }

    // A message after the page's reads, before its socket joined: the hello says so.
    await family.owner.trpc.waitingRoom.messages.send.mutate({ ...scope, id: crypto.randomUUID(), content: "Sent while the page was loading" });
    const lateRoom = await connect(family.pregnancyId, family.owner);
    try {
      const hello = await lateRoom.next(isHello);
      if (hello.type !== "hello" || hello.lastEventAt === null) throw new Error(`expected the room's last event, got ${JSON.stringify(hello)}`);
      expect(hello.lastEventAt).toBeGreaterThanOrEqual(readAt);
      expect(missedBeforeJoining(hello.lastEventAt, readAt)).toBe(true);
    } finally {
      lateRoom.socket.close();
    }
  });

  it("the feed channel admits any active participant and carries no waiting-room traffic", async () => {
    const family = await createOtherFamily();
    const quiet = await signUp("feedonly");
    const { db, close } = openTestDb();
    try {
      await db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, userId: quiet.userId, role: "guest", status: "active", permissions: { canAccessWaitingRoom: false } });
    } finally {
      await close();
    }
    await expect(connect(family.pregnancyId, quiet.client)).rejects.toThrow("refused 403");
    await expect(connect(`${family.pregnancyId}?channel=elsewhere`, quiet.client)).rejects.toThrow("refused 404");
    const grandma = await signedInAs("grandma");
    await expect(connect(feedOf(family.pregnancyId), grandma)).rejects.toThrow("refused 403");

    const feed = await connect(feedOf(family.pregnancyId), quiet.client);
    const room = await connect(family.pregnancyId, family.owner);
    try {
      const presence = await room.next((m) => m.type === "presence");
      expect(presence).toEqual({ type: "presence", userIds: [family.ownerId] });
      await family.owner.trpc.waitingRoom.messages.send.mutate({ pregnancyId: family.pregnancyId, id: crypto.randomUUID(), content: "Only for the waiting room" });
      await room.next((m) => m.type === "event" && m.event.kind === "message");
      expect(feed.messages).toEqual([]);
    } finally {
      feed.socket.close();
      room.socket.close();
    }
  });

  it("the cron closes a due session in the database and every connected participant hears it", async () => {
    const [noah, maya] = await Promise.all([signedInAs("noah"), signedInAs("maya")]);
    const noahRoom = await connect(pregnancyId, noah);
    const mayaRoom = await connect(pregnancyId, maya);
    const { db, close } = openTestDb();
    // The demo family's past false alarm is seeded with a closing notice of its own: count the new one.
    const closedNotices = async () =>
      (await db.select().from(waitingRoomMessages).where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.content, waitingRoomClosedNotice("false-alarm"))))).length;
    try {
      const noticesBefore = await closedNotices();
      const [session] = await db
        .insert(waitingRoomSessions)
        .values({ pregnancyId, isActive: true, isFalseAlarm: true, scheduledCloseAt: new Date(Date.now() - 60_000) })
        .returning({ id: waitingRoomSessions.id });
      const cron = await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
      expect(cron.status).toBe(200);

      const isClosed = (m: RoomServerMessage) => m.type === "event" && m.event.kind === "session-closed" && m.event.sessionId === session!.id;
      const [heardByNoah, heardByMaya] = await Promise.all([noahRoom.next(isClosed), mayaRoom.next(isClosed)]);
      expect(heardByNoah).toMatchObject({ event: { reason: "false-alarm" } });
      expect(heardByMaya).toMatchObject({ event: { reason: "false-alarm" } });

      const [stored] = await db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.id, session!.id));
      expect(stored?.isActive).toBe(false);
      expect(await closedNotices()).toBe(noticesBefore + 1);
    } finally {
      noahRoom.socket.close();
      mayaRoom.socket.close();
      await close();
    }
  });
});

/** Another family with one guest (waiting-room access by default), each with open sockets on both channels. */
async function familyWithGuest(label: string) {
  const family = await createOtherFamily();
  const guest = await signUp(label);
  const { db, close } = openTestDb();
  let participantId: string;
  try {
    const [row] = await db.insert(pregnancyParticipants).values({ pregnancyId: family.pregnancyId, userId: guest.userId, role: "guest", status: "active", privacyLevel: "friends" }).returning({ id: pregnancyParticipants.id });
    participantId = row!.id;
  } finally {
    await close();
  }
  const guestRoom = await connect(family.pregnancyId, guest.client);
  const guestFeed = await connect(feedOf(family.pregnancyId), guest.client);
  const ownerRoom = await connect(family.pregnancyId, family.owner);
  const scoped = { pregnancyId: family.pregnancyId };
  /** A parent's message and a feed signal after the change: what the guest must no longer hear. */
  const familyCarriesOn = async () => {
    await family.owner.trpc.waitingRoom.messages.send.mutate({ ...scoped, id: crypto.randomUUID(), content: "Heading in now" });
    await family.owner.trpc.posts.create.mutate({ ...scoped, id: crypto.randomUUID(), content: "<p>News</p>", privacyLevel: "friends" });
    await ownerRoom.next((m) => m.type === "event" && m.event.kind === "message" && m.event.message.content === "Heading in now");
  };
  const heardAfter = (room: typeof guestRoom, since: number) => room.messages.slice(since).filter((m) => m.type === "event");
  const closeAll = () => [guestRoom, guestFeed, ownerRoom].forEach((room) => room.socket.close());
  return { ...family, guest, participantId, guestRoom, guestFeed, ownerRoom, scoped, familyCarriesOn, heardAfter, closeAll };
}

describe("a changed access is heard by the room at once", () => {
  it("a removed guest's sockets close, hear nothing more, and cannot reconnect", async () => {
    const f = await familyWithGuest("removedguest");
    try {
      const [roomSeen, feedSeen] = [f.guestRoom.messages.length, f.guestFeed.messages.length];
      await f.owner.trpc.participants.remove.mutate({ ...f.scoped, participantId: f.participantId });
      expect(await f.guestRoom.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      expect(await f.guestFeed.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      await f.familyCarriesOn();
      expect(f.heardAfter(f.guestRoom, roomSeen)).toEqual([]);
      expect(f.heardAfter(f.guestFeed, feedSeen)).toEqual([]);
      await expect(connect(f.pregnancyId, f.guest.client)).rejects.toThrow("refused 403");
      await expect(connect(feedOf(f.pregnancyId), f.guest.client)).rejects.toThrow("refused 403");
      // The parent's own socket stays open.
      expect(f.ownerRoom.socket.readyState).toBe(f.ownerRoom.socket.OPEN);
    } finally {
      f.closeAll();
    }
  });

  it("taking away waiting-room access closes the guest's sockets; the feed lets them back, the waiting room does not", async () => {
    const f = await familyWithGuest("flagsguest");
    try {
      const roomSeen = f.guestRoom.messages.length;
      await f.owner.trpc.participants.update.mutate({ ...f.scoped, participantId: f.participantId, permissions: { ...GUEST_DEFAULT_PERMISSIONS, canAccessWaitingRoom: false } });
      expect(await f.guestRoom.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      expect(await f.guestFeed.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      await expect(connect(f.pregnancyId, f.guest.client)).rejects.toThrow("refused 403");
      const feed = await connect(feedOf(f.pregnancyId), f.guest.client);
      try {
        await f.familyCarriesOn();
        expect(f.heardAfter(f.guestRoom, roomSeen)).toEqual([]);
        expect(await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed")).toMatchObject({ event: { area: "posts" } });
      } finally {
        feed.socket.close();
      }
    } finally {
      f.closeAll();
    }
  });

  it("a new privacy level closes the guest's sockets so they reconnect under the new level", async () => {
    const f = await familyWithGuest("levelguest");
    try {
      await f.owner.trpc.participants.update.mutate({ ...f.scoped, participantId: f.participantId, privacyLevel: "acquaintances" });
      expect(await f.guestRoom.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      const again = await connect(f.pregnancyId, f.guest.client);
      again.socket.close();
      // A change to the guest's title alone re-checks them too: harmless, and one rule for every change.
    } finally {
      f.closeAll();
    }
  });

  it("signing out closes that user's sockets in every room, and the cookie no longer opens one", async () => {
    const f = await familyWithGuest("signedoutguest");
    try {
      const roomSeen = f.guestRoom.messages.length;
      expect((await f.guest.client.postJson("/api/auth/sign-out", {})).status).toBe(200);
      expect(await f.guestRoom.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      expect(await f.guestFeed.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
      await f.familyCarriesOn();
      expect(f.heardAfter(f.guestRoom, roomSeen)).toEqual([]);
      await expect(connect(f.pregnancyId, f.guest.client)).rejects.toThrow("refused 401");
      expect(f.ownerRoom.socket.readyState).toBe(f.ownerRoom.socket.OPEN);
    } finally {
      f.closeAll();
    }
  });
});
