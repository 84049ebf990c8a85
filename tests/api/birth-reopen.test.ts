/**
 * Twins born hours apart: the room closes 4 h after the first baby's baby-here, and the parents
 * open it again for the second. The family is told the parents are back for the baby still
 * expected (mail, push and the room's pinned notice), never again that they are heading to the hospital.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactNotifications, mailOutbox, pregnancyBabies, waitingRoomSessions } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";
import { createTestDevice, readPush, startPushEndpoint, waitForPushes, type PushEndpoint, type TestDevice } from "../support/pushEndpoint";

const { db, close } = openTestDb();
const TITLE = "Another Family";
const BACK_FOR_SPROUT = `${TITLE}: Bean is here, and we are back in the waiting room for Sprout!`;

let endpoint: PushEndpoint;
let pregnancyId: string;
let owner: ApiClient;
let grandma: Awaited<ReturnType<typeof addGuest>>;
let grandmasPhone: TestDevice;

const scoped = () => ({ pregnancyId });

/** The room's opening mails to Grandma, oldest first. */
const openingMails = async () =>
  (await db.select({ text: mailOutbox.text }).from(mailOutbox).where(and(eq(mailOutbox.to, grandma.email.toLowerCase()), eq(mailOutbox.subject, `${TITLE}: the waiting room is open`))).orderBy(asc(mailOutbox.createdAt))).map(
    (mail) => mail.text,
  );

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  await db.insert(pregnancyBabies).values([
    { pregnancyId, name: "Bean", birthOrder: 1 },
    { pregnancyId, name: "Sprout", birthOrder: 2 },
  ]);
  grandma = await addGuest(pregnancyId, "reopengrandma", "immediate-family");
  grandmasPhone = createTestDevice(endpoint.origin);
  await grandma.client.trpc.push.subscribe.mutate({ endpoint: grandmasPhone.endpoint, keys: grandmasPhone.keys, deviceLabel: "Test browser" });
});

afterAll(async () => {
  await endpoint?.close();
  await close();
});

describe("the waiting room opened again after the first twin", () => {
  it("tells the family the parents are back for the baby still expected, not that they are heading to the hospital", async () => {
    await owner.trpc.waitingRoom.activate.mutate(scoped());
    expect(await openingMails()).toEqual([expect.stringContaining("heading to the hospital")]);
    await owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), timeZone: "America/Chicago", time: "22:05" });
    // The opening's and Bean's pushes leave after the responses: both in before counting afresh.
    expect((await waitForPushes(endpoint, 2)).map((push) => readPush(grandmasPhone, push).kind).sort()).toEqual(["baby-here", "waiting-room-activated"]);

    // Four hours later the room closes by itself (the cron, with the close moved to the past).
    await db
      .update(waitingRoomSessions)
      .set({ scheduledCloseAt: new Date(Date.now() - 60_000) })
      .where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), eq(waitingRoomSessions.isActive, true)));
    expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent("* * * * *")}`)).status).toBe(200);
    await expect.poll(async () => (await owner.trpc.waitingRoom.state.query(scoped())).state, { timeout: 10_000 }).toBe("inactive");

    endpoint.received.length = 0;
    const reopened = await owner.trpc.waitingRoom.activate.mutate(scoped());
    expect(reopened.announced).toEqual({ told: 1, guests: 1 });
    expect(reopened.pinnedUpdates.map((update) => update.content)).toEqual([BACK_FOR_SPROUT]);

    const [, again, ...more] = await openingMails();
    expect(more).toEqual([]);
    expect(again).toContain(BACK_FOR_SPROUT);
    expect(again).not.toMatch(/hospital/i);

    const pushes = await waitForPushes(endpoint, 1);
    expect(pushes).toHaveLength(1);
    expect(readPush(grandmasPhone, pushes[0]!)).toMatchObject({ kind: "waiting-room-activated", title: "Back in the waiting room", body: BACK_FOR_SPROUT });

    const notices = await db.select({ message: contactNotifications.message }).from(contactNotifications).where(and(eq(contactNotifications.userId, grandma.userId), eq(contactNotifications.notificationType, "waiting_room_activation")));
    expect(notices.map((notice) => notice.message).sort()).toEqual([BACK_FOR_SPROUT, `${TITLE}: we are heading to the hospital! The waiting room is open.`].sort());
  });
});
