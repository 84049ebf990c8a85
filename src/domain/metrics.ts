/** Ours: a batch of performance metrics in one call. */
export const METRICS_BATCH_MAX = 100;

