/** Header the Worker sets on an authorised socket request; any incoming value is replaced. */
export const ROOM_USER_HEADER = "x-babysteps-user-id";

/** The room's Durable Object binding and its URL segment (/parties/waiting-room/<pregnancyId>). */
export const ROOM_PARTY = "waiting-room";

/** What the Worker tells a room after a persisted write (or the cron after closing a session). */
export type RoomEvent = { kind: "session-closed"; sessionId: string; reason: "false-alarm" | "baby-here" | "scheduled" };

export type RoomServerMessage =
  | { type: "presence"; userIds: string[] }
  | { type: "typing"; userId: string }
  | { type: "event"; event: RoomEvent };

export type RoomClientMessage = { type: "typing" };
