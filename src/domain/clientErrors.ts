/**
 * The error report a browser sends the server (core spec 8's report, less what stays on the device):
 * the team sees browser errors in the server's log and error tracker. Only the page's path travels,
 * never its query, which can carry a token. No zod here: the /auth page sends reports too and stays
 * small; the server's schema is in clientErrorSchema.ts.
 */
import { CLIENT_ERROR_MESSAGE_MAX_LENGTH } from "./constants";
import type { ErrorCategory } from "./errors";

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
