import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { RoomServerMessage } from "../../src/domain/pregnancyRoom";
import { waitingRoomClosedNotice } from "../../src/domain/waitingRoom";
import { waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { connect, type OpenRoom } from "../support/room";

/** How far ahead the test moves a scheduled close: long enough to re-arm the room's alarm first. */
const CLOSE_AHEAD_MS = 1_500;
const POLL_MS = 100;
const POLL_DEADLINE_MS = 10_000;

const { db, close } = openTestDb();
const rooms: OpenRoom[] = [];

afterAll(async () => {
  for (const room of rooms) room.socket.close();
  await close();
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL_DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not reached within ${POLL_DEADLINE_MS / 1000} s: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const closedNotices = (pregnancyId: string) =>
  db
    .select({ id: waitingRoomMessages.id })
    .from(waitingRoomMessages)
    .where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.content, waitingRoomClosedNotice("false-alarm"))));

const sessionOf = async (id: string) => (await db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.id, id)))[0];

const isClosed = (sessionId: string) => (m: RoomServerMessage) => m.type === "event" && m.event.kind === "session-closed" && m.event.sessionId === sessionId;

describe("the room's backup alarm", () => {
  it("closes a due false alarm with no cron run, once: a cron run afterwards posts nothing more", async () => {
    const family = await createOtherFamily();
    const scoped = { pregnancyId: family.pregnancyId };
    const room = await connect(family.pregnancyId, family.owner);
    rooms.push(room);
    await family.owner.trpc.waitingRoom.activate.mutate(scoped);
    await family.owner.trpc.waitingRoom.falseAlarm.mutate({ ...scoped, timeZone: "UTC" });

    // Two hours is too long to wait: move the close to seconds ahead and let the room hear it, as it hears a real state change.
    const closeAt = new Date(Date.now() + CLOSE_AHEAD_MS);
    const [session] = await db
      .update(waitingRoomSessions)
      .set({ scheduledCloseAt: closeAt })
      .where(and(eq(waitingRoomSessions.pregnancyId, family.pregnancyId), eq(waitingRoomSessions.isActive, true)))
      .returning({ id: waitingRoomSessions.id });
    const announced = await fetch(`${baseUrl()}/api/dev/waiting-room/${family.pregnancyId}/announce-state`, { method: "POST" });
    expect(await announced.json()).toEqual({ state: "false-alarm", scheduledCloseAt: closeAt.toISOString() });

    const heard = await room.next(isClosed(session!.id));
    expect(heard).toMatchObject({ event: { reason: "false-alarm" } });
    const closed = await sessionOf(session!.id);
    expect(closed?.isActive).toBe(false);
    expect(closed!.closedAt!.getTime()).toBeGreaterThanOrEqual(closeAt.getTime());
    expect(await closedNotices(family.pregnancyId)).toHaveLength(1);
    expect((await family.owner.trpc.waitingRoom.state.query(scoped)).state).toBe("inactive");

    // Another family's due session shows when the cron run has done its work (both close in one transaction).
    const other = await createOtherFamily();
    const [marker] = await db
      .insert(waitingRoomSessions)
      .values({ pregnancyId: other.pregnancyId, isActive: true, isFalseAlarm: true, scheduledCloseAt: new Date(Date.now() - 60_000) })
      .returning({ id: waitingRoomSessions.id });
    const cron = await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
    expect(cron.status).toBe(200);
    await eventually(() => sessionOf(marker!.id), (s) => s?.isActive === false);
    expect(await closedNotices(other.pregnancyId)).toHaveLength(1);

    expect(await closedNotices(family.pregnancyId)).toHaveLength(1);
    expect(room.messages.filter(isClosed(session!.id))).toHaveLength(1);
  });
});
