/** The server's check of a browser's error report (POST /api/client-errors). */
import { z } from "zod";
import type { ClientErrorReport } from "./clientErrors";
import { CLIENT_ERROR_MESSAGE_MAX_LENGTH, ERROR_SOURCES, USER_AGENT_MAX_LENGTH } from "./clientErrors";
import { ERROR_CATEGORIES } from "./errors";
import { ANALYTICS_PATH_MAX_LENGTH } from "./analytics";

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
}) satisfies z.ZodType<ClientErrorReport>;
