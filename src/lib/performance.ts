/**
 * The performance-metric helper (core spec 9): client timings over 100 ms (route loads, long
 * tasks) and every API call are queued and sent every 30 s in one batch through `metrics.record`
 * (record_performance_metric), and once more when the page is hidden (that call uses fetch
 * keepalive, see lib/trpc.ts). Nothing is recorded or sent for a signed-out visitor, and no
 * function here ever throws: measuring must not break the app.
 */
import { logger } from "./logger";
import { MS_PER_SECOND } from "../domain/units";
import { METRICS_BATCH_MAX } from "../domain/metrics";
import { NAME_MAX_LENGTH } from "../domain/textLimits";

export const PERFORMANCE_THRESHOLD_MS = 100;

export const PERFORMANCE_FLUSH_INTERVAL_MS = 30 * MS_PER_SECOND;

export type MetricType = "api" | "route" | "longtask";

export interface Metric {
  metricType: MetricType;
  name: string;
  value: number;
  unit: "ms";
  pregnancyId?: string;
  metadata?: Record<string, unknown>;
}

export type MetricsSender = (metrics: Metric[]) => Promise<unknown>;

/** The signed-in user: a string when signed in, null when signed out, undefined while not known yet. */
export type CurrentUser = () => string | null | undefined;

/** Ours: at most this many batches wait in memory (a tab offline for a long time). */
const QUEUED_BATCHES_KEPT = 10;
const QUEUE_MAX = METRICS_BATCH_MAX * QUEUED_BATCHES_KEPT;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let queue: Metric[] = [];
let send: MetricsSender | null = null;
let currentUser: CurrentUser = () => undefined;

function safely(work: () => void): void {
  try {
    work();
  } catch (error) {
    logger.debug("Performance helper skipped a step", { error });
  }
}

function enqueue(metric: Metric): void {
  if (currentUser() === null) return;
  queue.push({ ...metric, name: metric.name.slice(0, NAME_MAX_LENGTH) });
  if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
}

/** A pregnancy id taken from a call's input, when it names one. */
export function pregnancyIdOf(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || !("pregnancyId" in input)) return undefined;
  const id = input.pregnancyId;
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

/** Every API call is recorded, whatever it took. */
export function recordApiCall(path: string, durationMs: number, details: { ok: boolean; type: string; pregnancyId?: string | undefined }): void {
  safely(() => {
    const { pregnancyId, ...metadata } = details;
    enqueue({ metricType: "api", name: path, value: Math.round(durationMs), unit: "ms", ...(pregnancyId ? { pregnancyId } : {}), metadata });
  });
}

/** Other timings count only above the 100 ms threshold. */
export function recordTiming(metricType: Exclude<MetricType, "api">, name: string, durationMs: number, metadata?: Record<string, unknown>): void {
  safely(() => {
    if (!(durationMs > PERFORMANCE_THRESHOLD_MS)) return;
    enqueue({ metricType, name, value: Math.round(durationMs), unit: "ms", ...(metadata ? { metadata } : {}) });
  });
}

/** Sends what is queued, in batches of at most 100. Signed out: the queue is dropped instead. */
export async function flushMetrics(): Promise<void> {
  try {
    const user = currentUser();
    if (user === null) queue = [];
    if (!user || !send || queue.length === 0) return;
    const pending = queue;
    queue = [];
    for (let start = 0; start < pending.length; start += METRICS_BATCH_MAX) {
      await send(pending.slice(start, start + METRICS_BATCH_MAX)).catch((error: unknown) => {
        logger.debug("Metrics batch not sent", { error });
      });
    }
  } catch (error) {
    logger.debug("Metrics flush failed", { error });
  }
}

/** The queued metrics (for inspection while developing). */
export function pendingMetrics(): readonly Metric[] {
  return queue;
}

interface NavigationEvents {
  subscribe(event: "onBeforeNavigate" | "onResolved", listener: (event: { toLocation: { pathname: string } }) => void): () => void;
}

let started = false;

/**
 * Starts the helper: the flush timer, the page-hide flush, route-load timing and long tasks.
 * `currentUser` tells whether someone is signed in; call once at start-up.
 */
export function startPerformanceMonitoring(options: { send: MetricsSender; currentUser: CurrentUser; router?: NavigationEvents }): void {
  if (started) return;
  started = true;
  send = options.send;
  currentUser = options.currentUser;
  safely(() => {
    window.setInterval(() => void flushMetrics(), PERFORMANCE_FLUSH_INTERVAL_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") void flushMetrics();
    });
    window.addEventListener("pagehide", () => void flushMetrics());
  });
  safely(() => {
    const router = options.router;
    if (!router) return;
    let navigationStart = performance.now();
    router.subscribe("onBeforeNavigate", () => {
      navigationStart = performance.now();
    });
    router.subscribe("onResolved", (event) => {
      recordTiming("route", event.toLocation.pathname, performance.now() - navigationStart);
    });
  });
  safely(() => {
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("longtask")) return;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recordTiming("longtask", entry.name || "self", entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
}
