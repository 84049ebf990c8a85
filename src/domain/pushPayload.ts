/**
 * The push payload's shape without zod: the service worker reads every push with
 * `parsePushPayload`, since zod would weigh more than the rest of the worker together and its
 * fast path probes `new Function`, which the worker's Content-Security-Policy refuses.
 * `pushPayloadSchema` (push.ts) states the same rules with these numbers for the server's side;
 * tests/unit/push-payload.test.ts holds the two to the same answers.
 */

export const PUSH_KINDS = ["waiting-room-activated", "waiting-room-update", "baby-here", "false-alarm", "direct-message", "event-invitation"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 400;
export const PUSH_TAG_MAX = 120;
/** A path on our origin: one leading slash, never two (which would name another host). */
export const IN_APP_PATH = /^\/(?!\/)/;

export interface PushPayloadFields {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
  tag?: string | undefined;
}

const isKind = (value: unknown): value is PushKind => PUSH_KINDS.some((kind) => kind === value);
const textUpTo = (value: unknown, max: number, min = 0): value is string => typeof value === "string" && value.length >= min && value.length <= max;

/** The payload when it keeps every rule of `pushPayloadSchema`, else null (the push is dropped). */
export function parsePushPayload(value: unknown): PushPayloadFields | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, title, body, url, tag } = value as Record<string, unknown>;
  if (!isKind(kind) || !textUpTo(title, PUSH_TITLE_MAX, 1) || !textUpTo(body, PUSH_BODY_MAX) || typeof url !== "string" || !IN_APP_PATH.test(url)) return null;
  if (tag !== undefined && !textUpTo(tag, PUSH_TAG_MAX)) return null;
  return tag === undefined ? { kind, title, body, url } : { kind, title, body, url, tag };
}
