/** Nearest-rank percentile of ascending values (0 for none). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** "p50 … ms   p95 … ms   p99 … ms" of the given latencies (sorted here). */
export function spread(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(1)} ms`).join("   ");
}
