/** Waiting-room messaging rules (core spec 5 and 7). */
import { cutText } from "./sanitize";
import { BACKOFF_FACTOR } from "./units";

/** Minimum gap between a user's group messages. */
export const GROUP_MESSAGE_MIN_GAP_MS = 500;

/** Minimum gap between a user's direct messages. */
export const DIRECT_MESSAGE_MIN_GAP_MS = 400;

/** Message inserts are retried up to 3 times, first after 300 ms, doubling. */
export const MESSAGE_SEND_RETRIES = 3;

export const MESSAGE_RETRY_INITIAL_DELAY_MS = 300;

export const DM_PREVIEW_MAX_CHARS = 140;

/** Ours: one emoji, with skin-tone modifiers and zero-width joiners (a family emoji is 11 units). */
export const REACTION_EMOJI_MAX_LENGTH = 16;

export const TOO_FAST_MESSAGE = "You are sending too fast";

/** 8-4-4-4-12 hexadecimal digits: the 36-character form reaction and reply ids must have. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export type MessageChannel = "group" | "direct";

/** At least 500 ms between group messages and 400 ms between direct messages. */
export const MINIMUM_SEND_GAP_MS: Readonly<Record<MessageChannel, number>> = {
  group: GROUP_MESSAGE_MIN_GAP_MS,
  direct: DIRECT_MESSAGE_MIN_GAP_MS,
};

/**
 * Null when a message may be sent now, else 'You are sending too fast'. `lastSentAt` is null
 * when nothing was sent yet; times in milliseconds. Exactly the minimum gap is allowed.
 */
export function checkSendThrottle(lastSentAt: number | null, now: number, minimumGapMs: number): string | null {
  return lastSentAt !== null && now - lastSentAt < minimumGapMs ? TOO_FAST_MESSAGE : null;
}

/** DM notification text: trimmed and cut to 140 characters. */
export function dmPreview(content: string): string {
  return cutText(content.trim(), DM_PREVIEW_MAX_CHARS);
}

/** Waits before each retry of a failed message insert: 300, 600, 1200 ms. */
export const MESSAGE_RETRY_DELAYS_MS: readonly number[] = Array.from({ length: MESSAGE_SEND_RETRIES }, (_, retry) => MESSAGE_RETRY_INITIAL_DELAY_MS * BACKOFF_FACTOR ** retry);

/** Retry unless the error code starts with '4' (client errors, e.g. HTTP 4xx or Postgres 42xxx). */
export function shouldRetry(errorCode: string | number | null | undefined): boolean {
  return errorCode === null || errorCode === undefined || !String(errorCode).startsWith("4");
}

/** A conversation's two users in stored order (user_a < user_b). */
export function conversationPair(userId: string, otherUserId: string): { userA: string; userB: string } {
  return userId < otherUserId ? { userA: userId, userB: otherUserId } : { userA: otherUserId, userB: userId };
}

/** One emoji (pictograph, optionally with a variation selector, skin tone or zero-width-joined parts). */
const EMOJI = /^\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic})*$/u;

export function isReactionEmoji(value: string): boolean {
  return value.length <= REACTION_EMOJI_MAX_LENGTH && EMOJI.test(value);
}

/** Ours: the reactions offered under a message (any single emoji is accepted by the server). */
export const QUICK_REACTIONS = ["❤️", "👍", "🎉", "😂", "😮", "🙏"] as const;
