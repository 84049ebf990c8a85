/**
 * The durable outbox (issue 39): every mail and push is a row written with the change that causes
 * it, then sent by a queue consumer that retries and never sends a delivered row again. These are
 * its states, its retry schedule and what each kind of message must still hold before it is sent.
 */

/**
 * A row's life:
 * - pending: written, waiting for its (next) attempt; the queue holds a message for it, or the sweep
 *   will enqueue one once `next_attempt_at` is SWEEP_GRACE_SECONDS past;
 * - sending: claimed by a consumer until `claimed_until` (a consumer that dies leaves it to the sweep);
 * - delivered: the provider accepted it (the end);
 * - refused: the provider refused it for good (a bad address, a device gone) (the end);
 * - cancelled: no longer wanted when its turn came (the recipient left, a loss was recorded) (the end);
 * - dead: every attempt failed; its queue message went to the dead-letter queue. `npm run outbox --
 *   redrive` puts dead rows back to pending.
 */
export const OUTBOX_STATES = ["pending", "sending", "delivered", "refused", "cancelled", "dead"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const FINAL_OUTBOX_STATES: readonly OutboxState[] = ["delivered", "refused", "cancelled", "dead"];

export const OUTBOX_CHANNELS = ["mail", "push"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** What the outbox queue carries: the row to send. The row holds everything else. */
export interface OutboxMessage {
  channel: OutboxChannel;
  id: string;
}

/**
 * The wait before each retry, in seconds: quick at first (a provider's brief hiccup), then spread
 * over about four hours (an outage). Its length is the queue's max_retries (wrangler.toml, checked
 * by a unit test): after the last one the message goes to the dead-letter queue.
 */
export const OUTBOX_RETRY_DELAYS_SECONDS = [15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200] as const;
export const OUTBOX_MAX_RETRIES = OUTBOX_RETRY_DELAYS_SECONDS.length;

/** A claimed row is another consumer's for this long (a send times out well before). */
export const OUTBOX_CLAIM_SECONDS = 60;
/** The sweep enqueues a row again once its attempt is this late: an enqueue can fail after the commit. */
export const SWEEP_GRACE_SECONDS = 300;
/** At most this many rows per sweep (every minute); the rest are the next minute's. */
export const SWEEP_BATCH = 1000;
/** Queues take at most 100 messages per sendBatch. */
export const QUEUE_SEND_BATCH = 100;

/**
 * Local and test stacks may run the schedule faster (OUTBOX_RETRY_SPEEDUP, development and test
 * only): a fault test then lives through "five minutes" of a provider's outage in seconds.
 */
export const scaledSeconds = (seconds: number, speedup: number) => Math.max(1, Math.ceil(seconds / Math.max(1, speedup)));

/** The delay before retry number `attempt` (the queue's attempts start at 1); the last delay repeats. */
export function retryDelaySeconds(attempt: number, speedup = 1): number {
  const index = Math.min(Math.max(attempt, 1), OUTBOX_RETRY_DELAYS_SECONDS.length) - 1;
  return scaledSeconds(OUTBOX_RETRY_DELAYS_SECONDS[index] ?? 0, speedup);
}

/** A provider's answer: sent, worth another try later, or refused for good. */
export type SendOutcome = { kind: "sent" } | { kind: "retry"; reason: string; afterSeconds?: number } | { kind: "refused"; reason: string; gone?: boolean };

const HTTP_TOO_MANY = 429;
const HTTP_TIMEOUT = 408;
const HTTP_CONFLICT = 409;
const HTTP_SERVER_ERROR = 500;

/**
 * How a mail or push provider's status is taken: 2xx sent; 408, 409 (the mail API's "the same key
 * is still being processed"), 429 and 5xx retried; 404 and 410 from a push service mean the device
 * is gone; any other 4xx is a refusal that another try would not change.
 */
export function outcomeOfStatus(status: number, retryAfter?: string | null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: "sent" };
  if (status === HTTP_TOO_MANY || status === HTTP_TIMEOUT || status === HTTP_CONFLICT || status >= HTTP_SERVER_ERROR) {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return { kind: "retry", reason: `answered ${status}`, ...(seconds === undefined ? {} : { afterSeconds: seconds }) };
  }
  return { kind: "refused", reason: `answered ${status}`, ...(status === 404 || status === 410 ? { gone: true } : {}) };
}

/**
 * What a message must still hold when its turn comes, by its kind (the topic the service names it
 * with). A row with a recipient account and a pregnancy checks that the recipient still takes part
 * (`participant`) with each of `permissions`; `silencedByLoss` drops it when a loss was recorded
 * after it was written (news of a baby on the way must not arrive after); `preference` names the
 * recipient's switch for it. A push also needs its device, still the recipient's, with its switch on.
 */
export interface TopicPolicy {
  participant: boolean;
  permissions?: ReadonlyArray<"canAccessWaitingRoom" | "canReceiveUpdates">;
  silencedByLoss?: boolean;
  preference?: "waitingRoomActivation" | "weeklyDigest";
}

const ACCOUNT: TopicPolicy = { participant: false };
const ROOM_MAIL: TopicPolicy = { participant: true, permissions: ["canReceiveUpdates"], silencedByLoss: true, preference: "waitingRoomActivation" };

export const OUTBOX_TOPICS = {
  /** Sign-up and sign-in codes, reset links, account and export mails, notices to an address: the account's own. */
  account: ACCOUNT,
  /** An invitation to a pregnancy, to an address that may have no account yet. */
  invitation: ACCOUNT,
  "gift-card": ACCOUNT,
  /** A calendar invitation or an RSVP answer: to someone still taking part. */
  calendar: { participant: true },
  /** News of the pregnancy to someone taking part (the service's end, a loss message, a cancelled celebration): still taking part. */
  family: { participant: true },
  "room-activation": ROOM_MAIL,
  "room-update": ROOM_MAIL,
  "baby-here": ROOM_MAIL,
  digest: { participant: false, preference: "weeklyDigest" },
  /** The waiting room's news on a device: its permissions as in the room, silenced by a loss. */
  "push-room": { participant: true, permissions: ["canAccessWaitingRoom", "canReceiveUpdates"], silencedByLoss: true },
  /** A direct message or an event invitation on a device: to the people it names, still taking part. */
  "push-people": { participant: true },
} as const satisfies Record<string, TopicPolicy>;

export type OutboxTopic = keyof typeof OUTBOX_TOPICS;

/** The facts about a recipient the policies read, loaded when a message's turn comes. */
export interface RecipientFacts {
  /** Their participation in the message's pregnancy: null when none or not active. */
  participation: { permissions: Record<"canAccessWaitingRoom" | "canReceiveUpdates", boolean> } | null;
  lossRecordedAt: Date | null;
  preferences: Partial<Record<"waitingRoomActivation" | "weeklyDigest", boolean>>;
}

/** Why a message is no longer wanted, or null when it still is. */
export function unwantedBecause(topic: OutboxTopic, facts: RecipientFacts, writtenAt: Date, aboutPregnancy: boolean): string | null {
  const policy: TopicPolicy = OUTBOX_TOPICS[topic];
  if (aboutPregnancy && policy.participant) {
    if (!facts.participation) return "no longer taking part";
    const missing = policy.permissions?.find((permission) => !facts.participation?.permissions[permission]);
    if (missing) return `no ${missing}`;
  }
  if (policy.preference && facts.preferences[policy.preference] === false) return `${policy.preference} turned off`;
  if (policy.silencedByLoss && facts.lossRecordedAt && facts.lossRecordedAt.getTime() >= writtenAt.getTime()) return "a loss was recorded";
  return null;
}

/** The queues (wrangler.toml): the outbox's mail and push, the digest's recipients, and where dead messages go. */
export const QUEUE_NAMES = { outbox: "babysteps-outbox", digest: "babysteps-digest", deadLetters: "babysteps-dead-letters" } as const;
