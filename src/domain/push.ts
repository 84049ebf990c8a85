/**
 * Web Push (issue 22): what the server pushes, the payload the service worker shows, and which of
 * a device's switches ("Notifications on this device" in Settings) lets each kind through.
 */
import { z } from "zod";
import { IN_APP_PATH, PUSH_BODY_MAX, PUSH_KINDS, PUSH_TAG_MAX, PUSH_TITLE_MAX, type PushKind } from "./pushPayload";
import { truncateText } from "./sanitize";

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

// ---------------------------------------------------------------------------------------------
// Where pushes may go

/**
 * The push services browsers subscribe with (Chrome and Edge through FCM, Firefox through Mozilla's
 * autopush, Safari through Apple, Windows through WNS). The Worker posts to the endpoint a browser
 * hands it, so it posts only to these hosts: an endpoint is never a way to make the Worker call
 * arbitrary addresses (SSRF).
 */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"] as const;
/** Hosts under these domains are the services' regional front ends (api.push.apple.com, wns2-*.notify.windows.com). */
export const PUSH_SERVICE_DOMAINS = [".push.apple.com", ".notify.windows.com"] as const;
/** Development and test only: the local test push endpoint. */
export const LOCAL_PUSH_HOSTS = ["127.0.0.1", "localhost"] as const;

export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/**
 * Whether the Worker may post to this endpoint: https on a known push service's host (default
 * port, no credentials), or, in development and test only, http on this machine.
 */
export function isAllowedPushEndpoint(endpoint: string, allowLocal: boolean): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (allowLocal && url.protocol === "http:" && (LOCAL_PUSH_HOSTS as readonly string[]).includes(url.hostname)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  return (PUSH_SERVICE_HOSTS as readonly string[]).includes(url.hostname) || PUSH_SERVICE_DOMAINS.some((domain) => url.hostname.endsWith(domain));
}

/** RFC 8292: the contact a push service may use, a mailto: address or an https URL. */
export const isVapidSubject = (subject: string): boolean => /^mailto:[^@\s]+@[^@\s]+$/.test(subject) || /^https:\/\/[^\s/]+/.test(subject);

// ---------------------------------------------------------------------------------------------
// A device's subscription

/**
 * The browser's keys as `PushSubscription.toJSON()` gives them, base64url: the P-256 public key is
 * an uncompressed point (65 bytes, first byte 0x04, so its text starts with "B") and the auth
 * secret 16 bytes (RFC 8291 section 3).
 */
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH_SECRET_PATTERN = /^[A-Za-z0-9_-]{22}(==)?$/;
export const DEVICE_LABEL_MAX_LENGTH = 80;

export const pushTopicSwitchesSchema = z.object(Object.fromEntries(PUSH_TOPICS.map((topic) => [topic, z.boolean()])) as Record<PushTopic, z.ZodBoolean>);
export type PushTopicSwitches = z.infer<typeof pushTopicSwitchesSchema>;

export const pushEndpointSchema = z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX_LENGTH);

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    p256dh: z.string().regex(P256DH_PATTERN, "Not an uncompressed P-256 public key"),
    auth: z.string().regex(AUTH_SECRET_PATTERN, "Not a 16-byte auth secret"),
  }),
  deviceLabel: z.string().trim().max(DEVICE_LABEL_MAX_LENGTH).default(""),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A short name for the device from its user agent, shown beside its switches ("Chrome on Android"). */
export function deviceLabelOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /(Chrome|CriOS)\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : "Browser";
  const system = /iPhone|iPad|iPod/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

// ---------------------------------------------------------------------------------------------
// What each push says

/** Previews of typed text (a parent update, a direct message) stay short, like the in-app previews. */
export const PUSH_PREVIEW_MAX_LENGTH = 140;

const roomPath = (pregnancyId: string) => `/waiting-room?preg=${pregnancyId}`;
/** One notification per family's room: a newer piece of news replaces the older one. */
const roomTag = (pregnancyId: string) => `waiting-room-${pregnancyId}`;

function payload(kind: PushKind, title: string, body: string, url: string, tag: string): PushPayload {
  return { kind, title: truncateText(title, PUSH_TITLE_MAX), body: truncateText(body, PUSH_BODY_MAX), url, tag };
}

/** The waiting room has opened: its title is the opening's headline (waitingRoomActivation), its body the notice the room shows. */
export const waitingRoomActivatedPush = (pregnancyId: string, headline: string, notice: string) => payload("waiting-room-activated", headline, notice, roomPath(pregnancyId), roomTag(pregnancyId));

export const parentUpdatePush = (pregnancyId: string, author: string, content: string) =>
  payload("waiting-room-update", `${author} posted an update`, truncateText(content.trim(), PUSH_PREVIEW_MAX_LENGTH), roomPath(pregnancyId), roomTag(pregnancyId));

/** A birth reaches everyone allowed updates: who may not enter the waiting room opens the dashboard instead. */
export const babyHerePush = (pregnancyId: string, headline: string, notice: string, inRoom: boolean) =>
  payload("baby-here", headline, notice, inRoom ? roomPath(pregnancyId) : `/dashboard?preg=${pregnancyId}`, roomTag(pregnancyId));

export const falseAlarmPush = (pregnancyId: string, notice: string) => payload("false-alarm", "False alarm", notice, roomPath(pregnancyId), roomTag(pregnancyId));

/** Opens the conversation in the waiting room (`dm`, read by the waiting-room page). */
export const directMessagePush = (pregnancyId: string, conversationId: string, sender: string, content: string) =>
  payload("direct-message", `New message from ${sender}`, truncateText(content.trim(), PUSH_PREVIEW_MAX_LENGTH), `${roomPath(pregnancyId)}&dm=${conversationId}`, `dm-${conversationId}`);

export const eventInvitationPush = (pregnancyId: string, eventId: string, eventTitle: string, when: string) =>
  payload("event-invitation", `You're invited: ${eventTitle}`, when, `/events/${eventId}?preg=${pregnancyId}`, `event-${eventId}`);
