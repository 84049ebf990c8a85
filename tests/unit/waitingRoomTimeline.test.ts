import { describe, expect, it } from "vitest";
import type { RoomMessage } from "../../src/domain/pregnancyRoom";
import { shouldAlert } from "../../src/features/waiting-room/dmAlert";
import { typingText } from "../../src/features/waiting-room/typing";
import { emptyTimeline, fromRoom, timelineReducer, type ChatMessage, type ListedMessage, type Timeline, type TimelineAction } from "../../src/features/waiting-room/timeline";

let clock = Date.parse("2026-11-22T10:00:00Z");
const roomMessage = (content: string, extra: Partial<RoomMessage> = {}): RoomMessage => ({
  id: crypto.randomUUID(),
  parentMessageId: null,
  authorId: "grandma",
  kind: "standard",
  content,
  storagePath: null,
  imageUrl: null,
  clipId: null,
  createdAt: new Date((clock += 1000)).toISOString(),
  ...extra,
});
const listed = (content: string, extra: Partial<ListedMessage> = {}): ListedMessage => ({ ...fromRoom(roomMessage(content)), author: { id: "grandma", firstName: "Helen", lastName: "Parker", avatarUrl: null }, ...extra });
const run = (actions: TimelineAction[], start: Timeline = emptyTimeline) => actions.reduce(timelineReducer, start);
const contents = (timeline: Timeline) => timeline.messages.map((m) => m.content);

describe("waiting-room timeline", () => {
  it("shows a message once whether it comes from a page, a live event or both", () => {
    const [a, b] = [listed("a"), listed("b")];
    const c = roomMessage("c");
    const timeline = run([
      { type: "latest-page", messages: [a, b], olderCursor: null },
      { type: "received", message: c },
      { type: "received", message: c },
      // The catch-up after a reconnect brings b and c again, and d that was missed.
      { type: "latest-page", messages: [b, { ...fromRoom(c), author: null }, listed("d")], olderCursor: null },
    ]);
    expect(contents(timeline)).toEqual(["a", "b", "c", "d"]);
  });

  it("starts again from the latest page when more was missed than a page holds", () => {
    const old = listed("old");
    const fresh = [listed("new 1"), listed("new 2")];
    const timeline = run([
      { type: "latest-page", messages: [old], olderCursor: null },
      { type: "latest-page", messages: fresh, olderCursor: fresh[0]!.id },
    ]);
    expect(contents(timeline)).toEqual(["new 1", "new 2"]);
    expect(timeline.olderCursor).toBe(fresh[0]!.id);
  });

  it("puts older pages in front and keeps the order by time", () => {
    const [older, newer] = [listed("older"), listed("newer")];
    const timeline = run([
      { type: "latest-page", messages: [newer], olderCursor: newer.id },
      { type: "older-page", messages: [older], olderCursor: null },
    ]);
    expect(contents(timeline)).toEqual(["older", "newer"]);
    expect(timeline.olderCursor).toBeNull();
  });

  it("moves the sender's message from sending to sent or failed, and a retry replaces it", () => {
    const mine: ChatMessage = { ...listed("hello", { authorId: "me" }), status: "sending" };
    let timeline = run([{ type: "latest-page", messages: [], olderCursor: null }, { type: "sending", message: mine }]);
    expect(timeline.messages).toMatchObject([{ content: "hello", status: "sending" }]);
    // Its own echo from the room confirms it.
    timeline = run([{ type: "received", message: { ...mine, createdAt: new Date(clock + 5).toISOString() } }], timeline);
    expect(timeline.messages).toMatchObject([{ status: "sent" }]);

    const other: ChatMessage = { ...listed("too soon", { authorId: "me" }), status: "sending" };
    timeline = run([{ type: "sending", message: other }, { type: "failed", id: other.id }], timeline);
    expect(timeline.messages.map((m) => m.status)).toEqual(["sent", "failed"]);
    timeline = run([{ type: "removed", id: other.id }, { type: "sending", message: other }, { type: "sent", message: other }], timeline);
    expect(timeline.messages.map((m) => [m.content, m.status])).toEqual([
      ["hello", "sent"],
      ["too soon", "sent"],
    ]);
  });

  it("keeps pending messages when a page arrives", () => {
    const pending: ChatMessage = { ...listed("in flight"), status: "sending" };
    const timeline = run([{ type: "latest-page", messages: [], olderCursor: null }, { type: "sending", message: pending }, { type: "latest-page", messages: [listed("from server")], olderCursor: null }]);
    expect(contents(timeline)).toEqual(["in flight", "from server"]);
  });

  it("opened again, keeps only the user's messages on their way or failed, and reads the rest afresh", () => {
    const [kept, failed, sending] = [listed("seen"), { ...listed("failed"), status: "failed" as const }, { ...listed("on its way"), status: "sending" as const }];
    const before = run([
      { type: "latest-page", messages: [kept], olderCursor: "cursor" },
      { type: "sending", message: failed },
      { type: "sending", message: sending },
      { type: "failed", id: failed.id },
    ]);
    const reopened = run([{ type: "reopened" }], before);
    expect(reopened.loaded).toBe(false);
    expect(reopened.olderCursor).toBeNull();
    expect(reopened.messages.map((m) => [m.content, m.status])).toEqual([
      ["failed", "failed"],
      ["on its way", "sending"],
    ]);
    expect(contents(run([{ type: "latest-page", messages: [kept], olderCursor: null }], reopened))).toEqual(["seen", "failed", "on its way"]);
  });

  it("applies reactions optimistically, rolls them back, and counts other people's once each", () => {
    const m = listed("react to me");
    const react = (extra: Partial<Extract<TimelineAction, { type: "reaction" }>>): TimelineAction => ({ type: "reaction", messageId: m.id, emoji: "❤️", reacted: true, mine: true, ...extra });
    let timeline = run([{ type: "latest-page", messages: [m], olderCursor: null }, react({})]);
    expect(timeline.messages[0]!.reactions).toEqual([{ emoji: "❤️", count: 1, reactedByMe: true }]);
    // The room's echo of my own reaction changes nothing.
    timeline = run([react({})], timeline);
    expect(timeline.messages[0]!.reactions).toEqual([{ emoji: "❤️", count: 1, reactedByMe: true }]);
    // Someone else reacts, then the server refuses mine: rolled back, theirs stays.
    timeline = run([react({ mine: false }), react({ reacted: false })], timeline);
    expect(timeline.messages[0]!.reactions).toEqual([{ emoji: "❤️", count: 1, reactedByMe: false }]);
    // The server's count wins when it answers.
    timeline = run([react({ count: 3 })], timeline);
    expect(timeline.messages[0]!.reactions).toEqual([{ emoji: "❤️", count: 3, reactedByMe: true }]);
    timeline = run([react({ mine: false, reacted: false }), react({ mine: false, reacted: false }), react({ reacted: false, count: 0 })], timeline);
    expect(timeline.messages[0]!.reactions).toEqual([]);
  });

  it("counts each reply under its message once, from the sender's answer or the room", () => {
    const parent = listed("parent");
    const reply = roomMessage("reply", { parentMessageId: parent.id });
    const timeline = run([
      { type: "latest-page", messages: [parent], olderCursor: null },
      { type: "reply-counted", id: reply.id, parentMessageId: parent.id },
      { type: "received", message: reply },
      { type: "received", message: roomMessage("another", { parentMessageId: parent.id }) },
    ]);
    expect(contents(timeline)).toEqual(["parent"]);
    expect(timeline.messages[0]!.replyCount).toBe(2);
  });
});

describe("typing line", () => {
  it("names one or two typists, then says several", () => {
    expect(typingText([])).toBe("");
    expect(typingText(["Helen Parker"])).toBe("Helen Parker is typing…");
    expect(typingText(["Helen", "Noah"])).toBe("Helen and Noah are typing…");
    expect(typingText(["Helen", "Noah", "Maya"])).toBe("Several people are typing…");
  });
});

describe("direct-message alert", () => {
  it("only for a hidden tab, and only once notifications are allowed", () => {
    expect(shouldAlert("hidden", "granted")).toBe(true);
    expect(shouldAlert("visible", "granted")).toBe(false);
    expect(shouldAlert("hidden", "default")).toBe(false);
    expect(shouldAlert("hidden", "denied")).toBe(false);
    expect(shouldAlert("hidden", null)).toBe(false);
  });
});
