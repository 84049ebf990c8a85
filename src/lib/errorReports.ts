/**
 * Error reports (core spec 8): every caught error gets an id and a category and is logged with the
 * retry count, page address and user agent; the last 10 reports stay in localStorage under
 * `error-reports`. Global capture (window errors and unhandled promise rejections) stops after 50
 * errors per session so a failing loop cannot flood the log. Nothing here throws.
 */
import { ERROR_REPORTS_KEPT, ERROR_REPORTS_STORAGE_KEY, ERRORS_PER_SESSION } from "../domain/constants";
import { categorizeError, errorMessageOf, type ErrorCategory } from "../domain/errors";
import { logger } from "./logger";

export type ErrorSource = "boundary" | "router" | "window" | "promise";

export interface ErrorReport {
  id: string;
  category: ErrorCategory;
  message: string;
  retryCount: number;
  url: string;
  userAgent: string;
  source: ErrorSource;
  timestamp: string;
}

const ids = new WeakMap<object, string>();

function newId(): string {
  try {
    return `err_${crypto.randomUUID()}`;
  } catch {
    return `err_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}`;
  }
}

/** One id per thrown object, so the screen and the log show the same id however often it renders. */
export function errorIdOf(error: unknown): string {
  if (typeof error !== "object" || error === null) return newId();
  let id = ids.get(error);
  if (!id) {
    id = newId();
    ids.set(error, id);
  }
  return id;
}

export function readErrorReports(): ErrorReport[] {
  try {
    const raw = window.localStorage.getItem(ERROR_REPORTS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

function keep(report: ErrorReport): void {
  try {
    const reports = [...readErrorReports(), report].slice(-ERROR_REPORTS_KEPT);
    window.localStorage.setItem(ERROR_REPORTS_STORAGE_KEY, JSON.stringify(reports));
  } catch {
    // Storage full or unavailable: the log line is still written.
  }
}

const reported = new WeakMap<object, Set<number>>();

/**
 * Logs and keeps one report for a caught error and returns it. The same thrown object is reported
 * once per retry count (React may render an error screen twice).
 */
export function reportError(error: unknown, { retryCount = 0, source = "boundary" }: { retryCount?: number; source?: ErrorSource } = {}): ErrorReport {
  const report: ErrorReport = {
    id: errorIdOf(error),
    category: categorizeError(error),
    message: errorMessageOf(error),
    retryCount,
    url: typeof window === "undefined" ? "" : window.location.href,
    userAgent: typeof navigator === "undefined" ? "" : navigator.userAgent,
    source,
    timestamp: new Date().toISOString(),
  };
  if (typeof error === "object" && error !== null) {
    const counts = reported.get(error) ?? new Set<number>();
    if (counts.has(retryCount)) return report;
    counts.add(retryCount);
    reported.set(error, counts);
  }
  logger.error("Caught error", { ...report, error });
  keep(report);
  return report;
}

let capturedThisSession = 0;
let captureStarted = false;

function capture(error: unknown, source: ErrorSource): void {
  if (capturedThisSession >= ERRORS_PER_SESSION) return;
  capturedThisSession += 1;
  reportError(error, { source });
  if (capturedThisSession === ERRORS_PER_SESSION) logger.warn("Error capture limit reached for this session", { limit: ERRORS_PER_SESSION });
}

/** Starts capturing uncaught errors and unhandled rejections. Call once; later calls do nothing. */
export function startGlobalErrorCapture(): void {
  if (captureStarted || typeof window === "undefined") return;
  captureStarted = true;
  window.addEventListener("error", (event) => capture(event.error ?? event.message, "window"));
  window.addEventListener("unhandledrejection", (event) => capture(event.reason, "promise"));
}
