import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_WAITING_ROOM, demoMember } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { users, waitingRoomDmMessages, waitingRoomMessages, waitingRoomReactions, waitingRoomSessions } from "../../worker/db/schema";
import { openTestDb, signedInAs } from "../support/env";
import { FALSE_ALARM_CLOSE_MS } from "../../src/domain/waitingRoom";
import { MS_PER_DAY, MS_PER_MINUTE } from "../../src/domain/units";

const room = DEMO_WAITING_ROOM;
/** Oldest first: the opening notice, the family's messages, the false alarm and, two hours later, the closing notice. */
const topLevelIds = [
  { id: room.noticeIds.activated, minutes: 0 },
  ...room.messages.map((m) => ({ id: m.id, minutes: m.minutesAfterOpening })),
  { id: room.noticeIds.falseAlarm, minutes: room.falseAlarmAfterMinutes },
  { id: room.noticeIds.closed, minutes: room.falseAlarmAfterMinutes + FALSE_ALARM_CLOSE_MS / MS_PER_MINUTE },
]
  .sort((a, b) => a.minutes - b.minutes)
  .map((m) => m.id);
const replyIds = room.messages.flatMap((m) => (m.replies ?? []).map((r) => r.id));
const reactionCount = room.messages.reduce((sum, m) => sum + (m.reactions?.length ?? 0), 0);
const { db, close } = openTestDb();
let pregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(() => close());

async function seededRows() {
  const [[sessions], [messages], [reactions], [dms]] = await Promise.all([
    db.select({ n: count() }).from(waitingRoomSessions).where(eq(waitingRoomSessions.id, room.sessionId)),
    db.select({ n: count() }).from(waitingRoomMessages).where(inArray(waitingRoomMessages.id, [...topLevelIds, ...replyIds])),
    db.select({ n: count() }).from(waitingRoomReactions).where(inArray(waitingRoomReactions.messageId, topLevelIds)),
    db.select({ n: count() }).from(waitingRoomDmMessages).where(eq(waitingRoomDmMessages.conversationId, room.conversation.id)),
  ]);
  return { sessions: sessions?.n, messages: messages?.n, reactions: reactions?.n, dms: dms?.n };
}

describe("the demo family's past waiting room", () => {
  it("is a closed false alarm some days ago: the room is inactive", async () => {
    const [session] = await db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.id, room.sessionId));
    expect(session).toMatchObject({ pregnancyId, isActive: false, isFalseAlarm: true });
    expect(Date.now() - session!.createdAt.getTime()).toBeGreaterThan((room.daysAgo - 1) * MS_PER_DAY);
    const grandma = await signedInAs("grandma");
    expect(await grandma.trpc.waitingRoom.state.query({ pregnancyId })).toMatchObject({ state: "inactive", pinnedUpdates: [] });
  });

  it("shows a warm conversation in order: system notices, a parent's update, replies and reactions from the family", async () => {
    const maya = await signedInAs("maya");
    const { messages } = await maya.trpc.waitingRoom.messages.list.query({ pregnancyId });
    const seeded = messages.filter((m) => topLevelIds.includes(m.id));
    expect(seeded.map((m) => m.id)).toEqual(topLevelIds);
    expect(seeded.filter((m) => m.authorId === null).map((m) => m.kind)).toEqual(["parent_update", "parent_update", "parent_update"]);
    const authors = new Set(seeded.flatMap((m) => (m.author ? [m.author.firstName] : [])));
    expect([...authors].sort()).toEqual(["Helen", "Maya", "Noah", "Olivia", "Sam"]);

    const update = seeded.find((m) => m.kind === "parent_update" && m.author);
    expect(update?.author?.firstName).toBe(demoMember("noah").firstName);
    expect(update?.reactions).toEqual([
      { emoji: "❤️", count: 2, reactedByMe: false },
      { emoji: "🙏", count: 1, reactedByMe: true },
    ]);

    const threaded = seeded.find((m) => m.replyCount > 0)!;
    expect(threaded.replyCount).toBe(2);
    const { replies, total } = await maya.trpc.waitingRoom.messages.replies.query({ pregnancyId, messageId: threaded.id });
    expect(total).toBe(2);
    expect(replies.map((r) => r.id)).toEqual(replyIds);
  });

  it("leaves one direct conversation with a message its reader has not seen yet", async () => {
    const [noah, maya] = await Promise.all([signedInAs("noah"), signedInAs("maya")]);
    const [mayaId] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoMember("maya").email));
    const noahsList = await noah.trpc.waitingRoom.dms.conversations.query({ pregnancyId });
    expect(noahsList.find((c) => c.id === room.conversation.id)).toMatchObject({ unread: 1, other: { id: mayaId!.id } });
    expect((await maya.trpc.waitingRoom.dms.conversations.query({ pregnancyId })).find((c) => c.id === room.conversation.id)?.unread).toBe(0);
    const thread = await noah.trpc.waitingRoom.dms.messages.query({ pregnancyId, conversationId: room.conversation.id });
    expect(thread.messages.map((m) => m.id)).toEqual(room.conversation.messages.map((m) => m.id));
  });

  it("seeding again adds nothing", async () => {
    const before = await seededRows();
    expect(before).toEqual({ sessions: 1, messages: topLevelIds.length + replyIds.length, reactions: reactionCount, dms: room.conversation.messages.length });
    expect(await seedDemoFamily(db)).toEqual({ seeded: false });
    expect(await seededRows()).toEqual(before);
  });
});
