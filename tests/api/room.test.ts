import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoomServerMessage } from "../../party/protocol";
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
    const response = await olivia.fetch(`/parties/waiting-room/${pregnancyId}`, { headers: { "x-babysteps-user-id": "forged" } });
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
