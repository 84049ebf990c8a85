import { z } from "zod";
import { BABY_GAME_MAX_LENGTH_INCHES, BABY_GAME_MAX_WEIGHT_POUNDS, BABY_GAME_MIN_LENGTH_INCHES } from "../../src/domain/babyGame";
import { MEASUREMENT_SYSTEMS } from "../../src/domain/enums";
import { audienceGroupsSchema } from "../../src/domain/photos";
import { sanitizeTitle } from "../../src/domain/sanitize";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { parseEventTime } from "../../src/domain/time";
import { SHARED_SEXES } from "../../src/domain/waitingRoom";
import { rawText } from "./inputs";

/** The caller's IANA time zone: the clock a time of birth was read on, and the closing time's. */
export const callerTimeZone = z.string().max(TITLE_MAX_LENGTH).default("UTC");

/**
 * A baby's birth as the parents tell it, in the waiting room's baby-here or in Settings: its name
 * and sex when they share them, the time on their clock, the sizes as the baby game stores them
 * (decimal pounds, inches) and the units they were typed in, and the circles told.
 */
export const birthDetailsInput = z.object({
  timeZone: callerTimeZone,
  name: rawText(TITLE_MAX_LENGTH).transform(sanitizeTitle).optional(),
  sex: z.enum(SHARED_SEXES).optional(),
  audienceGroups: audienceGroupsSchema.optional(),
  weightPounds: z.number().positive().max(BABY_GAME_MAX_WEIGHT_POUNDS).optional(),
  lengthInches: z.number().min(BABY_GAME_MIN_LENGTH_INCHES).max(BABY_GAME_MAX_LENGTH_INCHES).optional(),
  measurementSystem: z.enum(MEASUREMENT_SYSTEMS).optional(),
  time: z
    .string()
    .optional()
    .transform((value, check) => {
      if (value === undefined || value.trim() === "") return undefined;
      const parsed = parseEventTime(value);
      if (parsed.ok) return parsed.value;
      check.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});
