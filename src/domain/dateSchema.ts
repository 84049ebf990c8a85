/**
 * The zod schema for a date-only string (tRPC input, forms), apart from dates.ts so the pages that
 * only compute dates (the public due date calculator) load no zod.
 */
import { z } from "zod";
import { DATE_MESSAGES, isDateOnly } from "./dates";

export const dateOnlySchema = z.string().refine(isDateOnly, DATE_MESSAGES.invalidDate);
