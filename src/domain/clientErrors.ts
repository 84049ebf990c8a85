/**
 * The error report a browser sends the server (core spec 8's report, less what stays on the device):
 * the team sees browser errors in the server's log and error tracker. Only the page's path travels,
 * never its query, which can carry a token. No zod here: the /auth page sends reports too and stays
 * small; the server's schema is in clientErrorSchema.ts.
 */
import type { ErrorCategory } from "./errors";

/** Last reports kept in local storage under error-reports. */
export const ERROR_REPORTS_KEPT = 10;

export const ERRORS_PER_SESSION = 50;

/** Ours: the longest error message and user agent a browser's error report may carry to the server. */
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 500;

export const USER_AGENT_MAX_LENGTH = 300;

export const ERROR_REPORTS_STORAGE_KEY = "error-reports";

export const ERROR_SOURCES = ["boundary", "router", "window", "promise"] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

export interface ClientErrorReport {
  id: string;
  category: ErrorCategory;
  message: string;
  source: ErrorSource;
  retryCount: number;
  path: string;
  userAgent: string;
}

/** A message cut to what the server accepts. */
export const clippedErrorMessage = (message: string) => (message.length > CLIENT_ERROR_MESSAGE_MAX_LENGTH ? `${message.slice(0, CLIENT_ERROR_MESSAGE_MAX_LENGTH - 3)}...` : message);
