/**
 * Day separators for a conversation read over several days (the waiting room): 'Today',
 * 'Yesterday', or the date in the reader's locale, each day taken in the reader's time zone, the
 * one its messages' times are shown in.
 */
import { addDays } from "./dates";
import { localDateAndTime } from "./timeZones";

export const DAY_LABELS = { today: "Today", yesterday: "Yesterday" } as const;

/** A day's label as seen on `today`; the year only when it is not this year's (`locale` undefined is the browser's). */
export function dayLabel(day: string, today: string, locale?: string): string {
  if (day === today) return DAY_LABELS.today;
  if (day === addDays(today, -1)) return DAY_LABELS.yesterday;
  const options: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" };
  if (day.slice(0, 4) !== today.slice(0, 4)) options.year = "numeric";
  // A date-only day reads the same everywhere: formatted as the UTC day it names.
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

/**
 * For messages oldest first (their ISO send times): the separator's label before each message that
 * opens a day, null before the others. `timeZone` undefined is the browser's.
 */
export function daySeparators(sentAt: readonly string[], now: Date, timeZone?: string, locale?: string): (string | null)[] {
  const today = localDateAndTime(now, timeZone).date;
  let previous: string | null = null;
  return sentAt.map((at) => {
    const day = localDateAndTime(new Date(at), timeZone).date;
    const opens = day !== previous;
    previous = day;
    return opens ? dayLabel(day, today, locale) : null;
  });
}
