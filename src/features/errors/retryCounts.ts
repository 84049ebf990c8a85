/**
 * How often the error screen has retried, per visit to a page. A retry re-renders the failed
 * route, and if it fails again the router mounts a new error screen, so the count lives here,
 * keyed by the history entry (a new visit to the same address starts again from zero).
 */
const counts = new Map<string, number>();

export function retryCountFor(visitKey: string): number {
  return counts.get(visitKey) ?? 0;
}

export function countRetry(visitKey: string): number {
  const next = retryCountFor(visitKey) + 1;
  counts.set(visitKey, next);
  return next;
}
