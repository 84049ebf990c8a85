import { fileURLToPath } from "node:url";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { OUTBOX_MAX_RETRIES, OUTBOX_RETRY_DELAYS_SECONDS, QUEUE_NAMES, outcomeOfStatus, type RecipientFacts, retryDelaySeconds, scaledSeconds, unwantedBecause } from "../../src/domain/outbox";

const taking = (permissions: Partial<Record<"canAccessWaitingRoom" | "canReceiveUpdates", boolean>> = {}): RecipientFacts["participation"] => ({
  permissions: { canAccessWaitingRoom: true, canReceiveUpdates: true, ...permissions },
});
const facts = (over: Partial<RecipientFacts> = {}): RecipientFacts => ({ participation: taking(), lossRecordedAt: null, preferences: {}, ...over });
const written = new Date("2026-11-20T10:00:00Z");

describe("the outbox's retry schedule", () => {
  it("waits longer after each failure, about four hours in all, and repeats its last delay", () => {
    const delays = Array.from({ length: OUTBOX_MAX_RETRIES + 2 }, (_, index) => retryDelaySeconds(index + 1));
    expect(delays.slice(0, OUTBOX_MAX_RETRIES)).toEqual([...OUTBOX_RETRY_DELAYS_SECONDS]);
    for (let i = 1; i < OUTBOX_MAX_RETRIES; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
    expect(delays.at(-1)).toBe(OUTBOX_RETRY_DELAYS_SECONDS.at(-1));
    const total = OUTBOX_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0);
    expect(total / 3600).toBeGreaterThan(3);
    expect(total / 3600).toBeLessThan(5);
  });

  it("runs faster on a test stack, never below a second", () => {
    expect(retryDelaySeconds(1, 60)).toBe(1);
    expect(retryDelaySeconds(5, 60)).toBe(5);
    expect(scaledSeconds(300, 60)).toBe(5);
    expect(scaledSeconds(300, 0)).toBe(300);
  });
});

describe("a provider's answer", () => {
  it("is sent on 2xx, retried on 408, 409, 429 and 5xx (with Retry-After when given), refused otherwise", () => {
    expect(outcomeOfStatus(200)).toEqual({ kind: "sent" });
    expect(outcomeOfStatus(201)).toEqual({ kind: "sent" });
    for (const status of [408, 409, 429, 500, 502, 503]) expect(outcomeOfStatus(status).kind).toBe("retry");
    expect(outcomeOfStatus(429, "120")).toEqual({ kind: "retry", reason: "answered 429", afterSeconds: 120 });
    expect(outcomeOfStatus(503, "Wed, 21 Oct 2026 07:28:00 GMT")).toEqual({ kind: "retry", reason: "answered 503" });
    expect(outcomeOfStatus(422)).toEqual({ kind: "refused", reason: "answered 422" });
  });

  it("says a push device is gone on 404 and 410", () => {
    expect(outcomeOfStatus(410)).toMatchObject({ kind: "refused", gone: true });
    expect(outcomeOfStatus(404)).toMatchObject({ kind: "refused", gone: true });
    expect(outcomeOfStatus(403)).not.toHaveProperty("gone");
  });
});

describe("whether a message is still wanted when its turn comes", () => {
  it("needs the recipient still taking part in the pregnancy it is about", () => {
    expect(unwantedBecause("calendar", facts(), written, true)).toBeNull();
    expect(unwantedBecause("calendar", facts({ participation: null }), written, true)).toBe("no longer taking part");
    // An account's own mail is not about a pregnancy's participation.
    expect(unwantedBecause("account", facts({ participation: null }), written, false)).toBeNull();
  });

  it("needs the waiting room's permissions for its news, and the device the room", () => {
    expect(unwantedBecause("room-activation", facts({ participation: taking({ canReceiveUpdates: false }) }), written, true)).toBe("no canReceiveUpdates");
    expect(unwantedBecause("push-room", facts({ participation: taking({ canAccessWaitingRoom: false }) }), written, true)).toBe("no canAccessWaitingRoom");
    expect(unwantedBecause("push-people", facts({ participation: taking({ canAccessWaitingRoom: false, canReceiveUpdates: false }) }), written, true)).toBeNull();
  });

  it("drops news of a baby on the way once a loss was recorded after it was written, not a message written after", () => {
    const later = new Date(written.getTime() + 60_000);
    const earlier = new Date(written.getTime() - 60_000);
    expect(unwantedBecause("baby-here", facts({ lossRecordedAt: later }), written, true)).toBe("a loss was recorded");
    expect(unwantedBecause("push-room", facts({ lossRecordedAt: later }), written, true)).toBe("a loss was recorded");
    expect(unwantedBecause("baby-here", facts({ lossRecordedAt: earlier }), written, true)).toBeNull();
    expect(unwantedBecause("calendar", facts({ lossRecordedAt: later }), written, true)).toBeNull();
  });

  it("follows the recipient's switch for it", () => {
    expect(unwantedBecause("digest", facts({ preferences: { weeklyDigest: false } }), written, false)).toBe("weeklyDigest turned off");
    expect(unwantedBecause("room-update", facts({ preferences: { waitingRoomActivation: false } }), written, true)).toBe("waitingRoomActivation turned off");
    expect(unwantedBecause("digest", facts(), written, false)).toBeNull();
  });
});

describe("wrangler.toml's queues", () => {
  const { rawConfig } = experimental_readRawConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)) });
  const consumer = (queue: string) => rawConfig.queues?.consumers?.find((c: { queue: string }) => c.queue === queue);

  it("binds the outbox and the digest as producers", () => {
    expect(rawConfig.queues?.producers).toEqual(expect.arrayContaining([{ binding: "OUTBOX", queue: QUEUE_NAMES.outbox }, { binding: "DIGEST", queue: QUEUE_NAMES.digest }]));
  });

  it("gives the outbox one retry per delay of its schedule, then the dead-letter queue, which this Worker consumes", () => {
    expect(consumer(QUEUE_NAMES.outbox)).toMatchObject({ max_retries: OUTBOX_MAX_RETRIES, dead_letter_queue: QUEUE_NAMES.deadLetters });
    expect(consumer(QUEUE_NAMES.digest)).toMatchObject({ dead_letter_queue: QUEUE_NAMES.deadLetters });
    expect(consumer(QUEUE_NAMES.deadLetters)).toBeDefined();
  });
});
