/** Nearest-rank percentile of ascending values (0 for none). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** "p50 … ms   p95 … ms   p99 … ms" of the given latencies (sorted here). */
export function spread(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(1)} ms`).join("   ");
}

/**
 * Sends `requests` requests, `concurrency` at a time, prints the rate, the latency spread and the
 * failures (answers other than 2xx), and returns the rate and p95.
 */
export interface DriveResult {
  requestsPerSecond: number;
  p95Ms: number;
}

export async function drive(label: string, request: () => Promise<Response>, requests: number, concurrency: number): Promise<DriveResult> {
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < requests) {
        issued += 1;
        const t0 = performance.now();
        const response = await request().catch(() => null);
        if (!response?.ok) failures += 1;
        await response?.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const requestsPerSecond = latencies.length / seconds;
  console.log(`${label.padEnd(28)} ${requestsPerSecond.toFixed(0).padStart(6)} req/s   ${spread(latencies)}   failures ${failures}/${latencies.length}`);
  return { requestsPerSecond, p95Ms: percentile([...latencies].sort((a, b) => a - b), 95) };
}
