import { fileURLToPath } from "node:url";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { PHOTO_COPIES_QUEUE, PHOTO_COPIES_RESWEEP_SECONDS, PHOTO_COPY_MAX_RETRIES, PHOTO_COPY_RETRY_DELAYS_SECONDS, photoCopyRetryDelay } from "../../src/domain/photos";

/** A 16.8 MP picture (PHOTO_DECODE_MAX_PIXELS), the largest the consumer decodes, costs about 5 s of CPU (README). */
const WORST_DECODE_MS = 5000;

describe("photo copies' retries", () => {
  it("wait longer after each failed attempt, and stay at the last delay past the schedule", () => {
    const delays = Array.from({ length: PHOTO_COPY_MAX_RETRIES + 2 }, (_, i) => photoCopyRetryDelay(i + 1));
    expect(delays.slice(0, PHOTO_COPY_MAX_RETRIES)).toEqual([...PHOTO_COPY_RETRY_DELAYS_SECONDS]);
    for (let i = 1; i < PHOTO_COPY_MAX_RETRIES; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    expect(delays.slice(PHOTO_COPY_MAX_RETRIES)).toEqual([PHOTO_COPY_RETRY_DELAYS_SECONDS.at(-1), PHOTO_COPY_RETRY_DELAYS_SECONDS.at(-1)]);
  });

  it("are all over before the cron's sweep sends a photo's message again", () => {
    expect(PHOTO_COPY_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0)).toBeLessThan(PHOTO_COPIES_RESWEEP_SECONDS);
  });
});

describe("wrangler.toml's photo-copies queue", () => {
  const { rawConfig } = experimental_readRawConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)) });
  const consumer = rawConfig.queues?.consumers?.find((c: { queue: string }) => c.queue === PHOTO_COPIES_QUEUE);

  it("binds the queue as PHOTO_COPIES and consumes it with one retry per delay, then the dead-letter queue", () => {
    expect(rawConfig.queues?.producers).toContainEqual({ binding: "PHOTO_COPIES", queue: PHOTO_COPIES_QUEUE });
    expect(consumer).toMatchObject({ max_retries: PHOTO_COPY_MAX_RETRIES, dead_letter_queue: "babysteps-dead-letters" });
  });

  it("gives a whole batch of the largest pictures room within the CPU limit", () => {
    expect(consumer?.max_batch_size).toBeGreaterThan(0);
    expect(rawConfig.limits?.cpu_ms).toBeGreaterThanOrEqual((consumer?.max_batch_size ?? 0) * WORST_DECODE_MS);
  });
});
