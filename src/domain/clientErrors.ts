/**
 * The error report a browser sends the server (core spec 8's report, less what stays on the device):
 * the team sees browser errors in the server's log and error tracker. Only the page's path travels,
 * never its query, which can carry a token.
 */
import { z } from "zod";
import { ANALYTICS_PATH_MAX_LENGTH, CLIENT_ERROR_MESSAGE_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from "./constants";
import { ERROR_CATEGORIES } from "./errors";

export const ERROR_SOURCES = ["boundary", "router", "window", "promise"] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** The most retries a report can claim; the boundary stops far earlier. */
const RETRY_COUNT_MAX = 100;

export const clientErrorReportSchema = z.object({
  id: z.string().min(1).max(64),
  category: z.enum(ERROR_CATEGORIES),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX_LENGTH),
  source: z.enum(ERROR_SOURCES),
  retryCount: z.number().int().min(0).max(RETRY_COUNT_MAX),
  path: z.string().startsWith("/").max(ANALYTICS_PATH_MAX_LENGTH),
  userAgent: z.string().max(USER_AGENT_MAX_LENGTH),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

/** A message cut to what the server accepts. */
export const clippedErrorMessage = (message: string) => (message.length > CLIENT_ERROR_MESSAGE_MAX_LENGTH ? `${message.slice(0, CLIENT_ERROR_MESSAGE_MAX_LENGTH - 3)}...` : message);
