/**
 * The group chat as this browser holds it: pages from the server merged with live room events and
 * the user's own messages in flight, keyed by message id so a message that arrives twice (its own
 * echo, a catch-up after a reconnect, a retried send) is shown once. Pure, so it is unit-tested.
 */
import type { RoomMessage } from "../../domain/pregnancyRoom";
import type { RouterOutputs } from "../../lib/trpc";

export type ListedMessage = RouterOutputs["waitingRoom"]["messages"]["list"]["messages"][number];
export type ReactionSummary = ListedMessage["reactions"][number];
export type MessageStatus = "sending" | "sent" | "failed";
export type ChatMessage = ListedMessage & { status: MessageStatus };

export interface Timeline {
  messages: readonly ChatMessage[];
  /** Cursor for the next older page; null at the start of the conversation. */
  olderCursor: string | null;
  loaded: boolean;
  /** Replies already counted under their message (own sends are counted once, with their echo). */
  countedReplies: ReadonlySet<string>;
}

export type TimelineAction =
  | { type: "latest-page"; messages: readonly ListedMessage[]; olderCursor: string | null }
  | { type: "older-page"; messages: readonly ListedMessage[]; olderCursor: string | null }
  /** The screen opened again: what the server has is read afresh; the user's messages on their way or failed stay. */
  | { type: "reopened" }
  | { type: "received"; message: RoomMessage }
  | { type: "sending"; message: ChatMessage }
  | { type: "sent"; message: ListedMessage }
  | { type: "failed"; id: string }
  | { type: "removed"; id: string }
  | { type: "reply-counted"; id: string; parentMessageId: string }
  /** `count` is the server's answer for the caller's own reaction; without it the change is applied once. */
  | { type: "reaction"; messageId: string; emoji: string; reacted: boolean; mine: boolean; count?: number };

/** The user's own messages still on their way or failed: what a list opened again keeps (the rest is read afresh). */
export const unsent = <T extends { status: MessageStatus }>(messages: readonly T[]): T[] => messages.filter((m) => m.status !== "sent");

export const emptyTimeline: Timeline = { messages: [], olderCursor: null, loaded: false, countedReplies: new Set() };

const byTime = (a: { id: string; createdAt: string }, b: { id: string; createdAt: string }) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const sent = (message: ListedMessage): ChatMessage => ({ ...message, status: "sent" });

/** A live message as the list would serve it; the author's details come from the member list. */
export const fromRoom = (message: RoomMessage): ListedMessage => ({ ...message, author: null, replyCount: 0, reactions: [] });

/** Messages by id (incoming ones replace known ones), oldest first: one copy of each, whatever the route it came by. */
export function mergeById<T extends { id: string; createdAt: string }>(messages: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(byTime);
}

/** A live message: new ones are added; one already shown (the sender's own) is only confirmed. */
function receive(messages: readonly ChatMessage[], message: RoomMessage): ChatMessage[] {
  const known = messages.find((m) => m.id === message.id);
  return mergeById(messages, [known ? { ...known, status: "sent", createdAt: message.createdAt } : sent(fromRoom(message))]);
}

function latestPage(timeline: Timeline, page: readonly ListedMessage[], olderCursor: string | null): Timeline {
  const incoming = page.map(sent);
  const pending = timeline.messages.filter((m) => m.status !== "sent");
  const newestKnown = timeline.messages.filter((m) => m.status === "sent").at(-1);
  const oldestIncoming = incoming[0];
  // More was missed than one page holds: start again from this page (older pages load on scroll).
  const gap = !timeline.loaded || (olderCursor !== null && newestKnown !== undefined && oldestIncoming !== undefined && newestKnown.createdAt < oldestIncoming.createdAt);
  if (gap) return { ...timeline, loaded: true, olderCursor, messages: mergeById(pending, incoming) };
  return { ...timeline, messages: mergeById(timeline.messages, incoming) };
}

function applyReaction(reactions: readonly ReactionSummary[], action: Extract<TimelineAction, { type: "reaction" }>): ReactionSummary[] {
  const current = reactions.find((r) => r.emoji === action.emoji) ?? { emoji: action.emoji, count: 0, reactedByMe: false };
  let next: ReactionSummary;
  if (action.count !== undefined) next = { ...current, count: action.count, reactedByMe: action.reacted };
  else if (action.mine) next = current.reactedByMe === action.reacted ? current : { ...current, reactedByMe: action.reacted, count: Math.max(0, current.count + (action.reacted ? 1 : -1)) };
  else next = { ...current, count: Math.max(0, current.count + (action.reacted ? 1 : -1)) };
  const others = reactions.filter((r) => r.emoji !== action.emoji);
  const kept = next.count > 0 ? [...others, next] : others;
  // Keep the order emojis first appeared in.
  const order = reactions.map((r) => r.emoji);
  return kept.sort((a, b) => (order.indexOf(a.emoji) + 1 || Infinity) - (order.indexOf(b.emoji) + 1 || Infinity));
}

const update = (timeline: Timeline, id: string, change: (message: ChatMessage) => ChatMessage): Timeline => ({
  ...timeline,
  messages: timeline.messages.map((m) => (m.id === id ? change(m) : m)),
});

function countReply(timeline: Timeline, id: string, parentMessageId: string): Timeline {
  if (timeline.countedReplies.has(id)) return timeline;
  const counted = new Set(timeline.countedReplies).add(id);
  return { ...update(timeline, parentMessageId, (m) => ({ ...m, replyCount: m.replyCount + 1 })), countedReplies: counted };
}

export function timelineReducer(timeline: Timeline, action: TimelineAction): Timeline {
  switch (action.type) {
    case "latest-page":
      return latestPage(timeline, action.messages, action.olderCursor);
    case "reopened":
      return { ...emptyTimeline, messages: unsent(timeline.messages) };
    case "older-page":
      return { ...timeline, olderCursor: action.olderCursor, messages: mergeById(timeline.messages, action.messages.map(sent)) };
    case "received":
      if (action.message.parentMessageId) return countReply(timeline, action.message.id, action.message.parentMessageId);
      return { ...timeline, messages: receive(timeline.messages, action.message) };
    case "sending":
      return { ...timeline, messages: mergeById(timeline.messages, [action.message]) };
    case "sent":
      return { ...timeline, messages: mergeById(timeline.messages, [sent(action.message)]) };
    case "failed":
      return update(timeline, action.id, (m) => (m.status === "sent" ? m : { ...m, status: "failed" }));
    case "removed":
      return { ...timeline, messages: timeline.messages.filter((m) => m.id !== action.id) };
    case "reply-counted":
      return countReply(timeline, action.id, action.parentMessageId);
    case "reaction":
      return update(timeline, action.messageId, (m) => ({ ...m, reactions: applyReaction(m.reactions, action) }));
  }
}
