/**
 * Event times (core spec 5): accepted as 'h:mm AM/PM', 'HH:mm:ss' or 'HH:mm', stored as 'HH:mm:ss'.
 * The spec gives no error texts; these messages are ours.
 */
import { fail, ok, type Result } from "./result";

/** 'h:mm AM/PM': one or two hour digits, any case, space before AM/PM optional. */
const TWELVE_HOUR = /^(\d{1,2}):(\d{2})\s*([ap])\.?m\.?$/i;
/** 'HH:mm' or 'HH:mm:ss' (a one-digit hour is accepted too). */
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const HOURS_PER_HALF_DAY = 12;
const MAX_HOUR = 23;
const MAX_MINUTE = 59;
const MAX_SECOND = 59;
const PART_DIGITS = 2;

export const TIME_MESSAGES = {
  invalidFormat: "Invalid time. Use h:mm AM/PM, HH:mm or HH:mm:ss.",
  hourOutOfRange: "Hour must be between 0 and 23",
  twelveHourOutOfRange: "Hour must be between 1 and 12 with AM/PM",
  minuteOutOfRange: "Minute must be between 0 and 59",
  secondOutOfRange: "Second must be between 0 and 59",
} as const;

const pad = (value: number) => String(value).padStart(PART_DIGITS, "0");

function clock(hour: number, minute: number, second: number): Result<string> {
  if (hour > MAX_HOUR) return fail(TIME_MESSAGES.hourOutOfRange);
  if (minute > MAX_MINUTE) return fail(TIME_MESSAGES.minuteOutOfRange);
  if (second > MAX_SECOND) return fail(TIME_MESSAGES.secondOutOfRange);
  return ok(`${pad(hour)}:${pad(minute)}:${pad(second)}`);
}

/** Parses a typed event time into 'HH:mm:ss'. Surrounding spaces are ignored. */
export function parseEventTime(input: string): Result<string> {
  const text = input.trim();
  const twelve = TWELVE_HOUR.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > HOURS_PER_HALF_DAY) return fail(TIME_MESSAGES.twelveHourOutOfRange);
    const pm = twelve[3]?.toLowerCase() === "p";
    // 12 AM is midnight (0), 12 PM is noon (12).
    const hour24 = (hour % HOURS_PER_HALF_DAY) + (pm ? HOURS_PER_HALF_DAY : 0);
    return clock(hour24, Number(twelve[2]), 0);
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(text);
  if (twentyFour) return clock(Number(twentyFour[1]), Number(twentyFour[2]), Number(twentyFour[3] ?? 0));
  return fail(TIME_MESSAGES.invalidFormat);
}

/** A stored or typed time as 'h:mm AM/PM' (seconds dropped); null when it is not a valid time. */
export function formatEventTime(time: string): string | null {
  const parsed = parseEventTime(time);
  if (!parsed.ok) return null;
  const [hour = 0, minute = 0] = parsed.value.split(":").map(Number);
  const suffix = hour < HOURS_PER_HALF_DAY ? "AM" : "PM";
  const hour12 = hour % HOURS_PER_HALF_DAY || HOURS_PER_HALF_DAY;
  return `${hour12}:${pad(minute)} ${suffix}`;
}
