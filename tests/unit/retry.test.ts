import { describe, expect, it } from "vitest";
import { MESSAGE_RETRY_DELAYS_MS, shouldRetry } from "../../src/domain/messaging";
import { withRetries } from "../../src/lib/retry";

class Refusal extends Error {
  constructor(readonly status: number) {
    super(`answered ${status}`);
  }
}

function flaky(failures: number[]) {
  let calls = 0;
  const attempt = () => {
    const status = failures[calls++];
    return status === undefined ? Promise.resolve(`ok after ${calls}`) : Promise.reject(new Refusal(status));
  };
  return { attempt, calls: () => calls };
}

const options = (waits: number[]) => ({
  delaysMs: MESSAGE_RETRY_DELAYS_MS,
  shouldRetry: (error: unknown) => shouldRetry(error instanceof Refusal ? error.status : null),
  sleep: (ms: number) => Promise.resolve(waits.push(ms)),
});

describe("message write retries", () => {
  it("retry a server failure after 300, 600 and 1200 ms", async () => {
    const waits: number[] = [];
    const write = flaky([503, 500]);
    await expect(withRetries(write.attempt, options(waits))).resolves.toBe("ok after 3");
    expect(waits).toEqual([300, 600]);
  });

  it("give up after the third retry with the last error", async () => {
    const waits: number[] = [];
    const write = flaky([500, 502, 503, 504, 500]);
    await expect(withRetries(write.attempt, options(waits))).rejects.toMatchObject({ status: 504 });
    expect(waits).toEqual([300, 600, 1200]);
    expect(write.calls()).toBe(4);
  });

  it("never retry a 4xx refusal", async () => {
    const waits: number[] = [];
    const write = flaky([429]);
    await expect(withRetries(write.attempt, options(waits))).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
    expect(write.calls()).toBe(1);
  });
});
