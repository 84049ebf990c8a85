/**
 * Web Push (issue 22): what the server pushes, the payload the service worker shows, and which of
 * a device's switches ("Notifications on this device" in Settings) lets each kind through.
 */
import { z } from "zod";
import { IN_APP_PATH, PUSH_BODY_MAX, PUSH_KINDS, PUSH_TAG_MAX, PUSH_TITLE_MAX, type PushKind } from "./pushPayload";

export { PUSH_KINDS, type PushKind };

/** A device's switches, one per group of kinds (the push_subscriptions columns). */
export const PUSH_TOPICS = ["waitingRoom", "directMessages", "eventInvitations"] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

export const PUSH_TOPIC_OF: Record<PushKind, PushTopic> = {
  "waiting-room-activated": "waitingRoom",
  "waiting-room-update": "waitingRoom",
  "baby-here": "waitingRoom",
  "false-alarm": "waitingRoom",
  "direct-message": "directMessages",
  "event-invitation": "eventInvitations",
};

/**
 * The encrypted body of every push, read by the service worker: the notification's title and
 * text, and the in-app path a click opens (always a path on our origin, never a full URL).
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string().min(1).max(PUSH_TITLE_MAX),
  body: z.string().max(PUSH_BODY_MAX),
  url: z.string().regex(IN_APP_PATH, "an in-app path"),
  /** Notifications with the same tag replace each other (one per pregnancy's room, one per conversation). */
  tag: z.string().max(PUSH_TAG_MAX).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
