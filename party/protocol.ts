import type { WaitingRoomState } from "../src/domain/waitingRoom";

/** Header the Worker sets on an authorised socket request; any incoming value is replaced. */
export const ROOM_USER_HEADER = "x-babysteps-user-id";

/** The room's Durable Object binding and its URL segment (/parties/waiting-room/<pregnancyId>). */
export const ROOM_PARTY = "waiting-room";

/** A group message as the room fans it out (the same shape the message list serves). */
export interface RoomMessage {
  id: string;
  parentMessageId: string | null;
  /** Null for system notices. */
  authorId: string | null;
  kind: "standard" | "parent_update";
  content: string;
  storagePath: string | null;
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
  | { kind: "reaction"; messageId: string; userId: string; emoji: string; reacted: boolean }
  | { kind: "direct-message"; message: RoomDirectMessage };

export type RoomServerMessage =
  | { type: "presence"; userIds: string[] }
  | { type: "typing"; userId: string }
  | { type: "event"; event: RoomEvent };

export type RoomClientMessage = { type: "typing" };
