/**
 * Runs `attempt`, and again after each of `delaysMs` while it fails with an error `shouldRetry`
 * accepts; the last error is thrown. Message writes use it with 300, 600, 1200 ms and stop at 4xx.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { delaysMs, shouldRetry, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }: { delaysMs: readonly number[]; shouldRetry: (error: unknown) => boolean; sleep?: (ms: number) => Promise<unknown> },
): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await attempt();
    } catch (error) {
      if (!shouldRetry(error)) throw error;
      await sleep(delay);
    }
  }
  return attempt();
}
