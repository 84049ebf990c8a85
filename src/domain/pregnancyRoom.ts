import type { WaitingRoomState } from "./waitingRoom";

/** Header the Worker sets on an authorised socket request; any incoming value is replaced. */
export const ROOM_USER_HEADER = "x-babysteps-user-id";

/** Header the Worker sets with the socket's checked channel. */
export const ROOM_CHANNEL_HEADER = "x-babysteps-room-channel";

/** Header the Worker sets to "1" when the socket's user is a parent of the pregnancy, "0" otherwise. */
export const ROOM_PARENT_HEADER = "x-babysteps-room-parent";

/**
 * Header the Worker sets with the instant (ms since the epoch) until which its check holds: the
 * session's expiry or the day the pregnancy's service state changes, whichever comes first. Past
 * it, the room closes the socket so the client reconnects through a fresh check.
 */
export const ROOM_ACCESS_UNTIL_HEADER = "x-babysteps-room-access-until";

/**
 * Close code of a socket whose user's access changed (removed, flags or level changed, signed out,
 * pregnancy closed): the client reconnects, and the Worker decides afresh what it may hear.
 */
export const ROOM_REAUTHORISE_CLOSE_CODE = 4001;

/**
 * A pregnancy's room carries two channels: the waiting room (chat, presence, typing; needs
 * canAccessWaitingRoom) and the feed, which any active participant may join to hear that posts,
 * photos, calendar events, registries, baby-game guesses or the parents' health records changed.
 * The feed carries only that signal: each viewer reloads what the server lets
 * them see, so nothing private travels on it. Chosen by `?channel=` on the socket URL.
 */
export const ROOM_CHANNELS = ["waiting-room", "feed"] as const;
export type RoomChannel = (typeof ROOM_CHANNELS)[number];
export const FEED_AREAS = ["posts", "photos", "calendar", "registry", "health", "babyGame"] as const;
export type FeedArea = (typeof FEED_AREAS)[number];
/**
 * Areas only parents see: even the bare signal is news (a contraction synced tells relatives that
 * labour has started), so it reaches parents' sockets only.
 */
export const PARENT_ONLY_FEED_AREAS: readonly FeedArea[] = ["health"];

/** The room's Durable Object binding and its URL segment (/parties/pregnancy-room/<pregnancyId>). */
export const ROOM_PARTY = "pregnancy-room";

/** A group message as the room fans it out (the same shape the message list serves). */
export interface RoomMessage {
  id: string;
  parentMessageId: string | null;
  /** Null for system notices. */
  authorId: string | null;
  kind: "standard" | "parent_update";
  content: string;
  storagePath: string | null;
  /** Its image by a signed link for the reader, on lists; null on live messages (src/domain/pictureLinks.ts). */
  imageUrl: string | null;
  /** An album clip attached by its sender, played from the album's checked route (issue 41). */
  clipId: string | null;
  createdAt: string;
}

export interface RoomDirectMessage {
  id: string;
  conversationId: string;
  authorId: string;
  content: string;
  createdAt: string;
}

/** What the Worker tells a room after a persisted write (or the cron after closing a session). */
export type RoomEvent =
  | { kind: "session-closed"; sessionId: string; reason: "false-alarm" | "baby-here" | "scheduled" }
  | { kind: "state"; state: WaitingRoomState; scheduledCloseAt: string | null }
  | { kind: "message"; message: RoomMessage }
  | { kind: "message-deleted"; messageId: string }
  | { kind: "reaction"; messageId: string; userId: string; emoji: string; reacted: boolean }
  | { kind: "direct-message"; message: RoomDirectMessage }
  | { kind: "feed-changed"; area: FeedArea };

export type RoomServerMessage =
  | { type: "presence"; userIds: string[] }
  | { type: "typing"; userId: string }
  | { type: "event"; event: RoomEvent }
  /**
   * To a waiting-room socket as it joins: when the room last announced anything on that channel (ms
   * since the epoch, the room's clock), null if never. Events before the socket joined reached
   * only the sockets already there; the page compares this with when its reads were taken.
   */
  | { type: "hello"; lastEventAt: number | null };

/**
 * How far apart the Worker's and the room's clocks may be (both Cloudflare's, kept in time): a read
 * is taken as older than it says by this much, so an event near the read is never taken for one
 * the read saw. Too much costs only a read again.
 */
export const ROOM_CLOCK_MARGIN_MS = 2_000;

/**
 * Whether a page whose reads were taken at `readAt` (the Worker's clock, before its statements)
 * may have missed an event the room announced before the page's socket joined (its hello's
 * `lastEventAt`): then it reads again; otherwise its reads already hold everything announced.
 */
export function missedBeforeJoining(lastEventAt: number | null, readAt: number): boolean {
  return lastEventAt !== null && lastEventAt > readAt - ROOM_CLOCK_MARGIN_MS;
}

export type RoomClientMessage = { type: "typing" };
