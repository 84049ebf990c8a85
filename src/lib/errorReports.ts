/**
 * Error reports (core spec 8): every caught error gets an id and a category and is logged with the
 * retry count, page address and user agent; the last 10 reports stay in localStorage under
 * `error-reports`, and each is sent to the server (its path only, never the query). Global capture
 * (window errors and unhandled promise rejections) stops after 50 errors per session so a failing
 * loop cannot flood the log. Nothing here throws.
 */
import { type ClientErrorReport, clippedErrorMessage, ERROR_REPORTS_KEPT, ERROR_REPORTS_STORAGE_KEY, ERRORS_PER_SESSION, type ErrorSource, USER_AGENT_MAX_LENGTH } from "../domain/clientErrors";
import { categorizeError, errorMessageOf, type ErrorCategory } from "../domain/errors";
import { logger } from "./logger";

export type { ErrorSource };

/** Where reports go so the team sees them (worker/http/clientErrors.ts, rate-limited). */
const CLIENT_ERRORS_ENDPOINT = "/api/client-errors";

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

/** Fire and forget: a report that cannot be sent is still logged and kept on the device. */
function send(report: ErrorReport): void {
  if (typeof window === "undefined") return;
  const body: ClientErrorReport = {
    id: report.id,
    category: report.category,
    message: clippedErrorMessage(report.message),
    source: report.source,
    retryCount: report.retryCount,
    path: window.location.pathname,
    userAgent: report.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
  };
  try {
    void fetch(CLIENT_ERRORS_ENDPOINT, { method: "POST", keepalive: true, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => undefined);
  } catch {
    // fetch unavailable: nothing to do
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
  send(report);
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
