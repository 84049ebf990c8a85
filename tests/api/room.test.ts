import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RoomServerMessage } from "../../party/protocol";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { baseUrl, openTestDb, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { connect } from "../support/room";

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
