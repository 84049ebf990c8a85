/**
 * How an event's time reads (issue 23). An event is at a wall-clock time in the family's zone
 * ('9:00 PM' where the parents live); a reader elsewhere also gets their own clock beside it:
 * '9:00 PM Los Angeles · 6:00 PM Fri in Auckland'. The words are ours; times and dates follow the
 * reader's locale in the app (`locale` undefined is the browser's) and US English in mail.
 */
import { instantIn, localDateAndTime, zoneCity } from "./timeZones";

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string | undefined, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

// ICU puts a narrow no-break space before AM/PM; a plain one reads the same and copies cleanly.
const plain = (text: string) => text.replace(/\u202f/g, " ");

const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

/** Whether the reader's clock shows something else than the family's at that moment. */
function readsDifferently(at: Date, familyZone: string, readerZone: string): boolean {
  const there = localDateAndTime(at, familyZone);
  const here = localDateAndTime(at, readerZone);
  return there.date !== here.date || there.time !== here.time;
}

/** The family's clock alone ('9:00 PM'), where there is room for nothing more (a month grid's chip). */
export const familyClockText = (date: string, time: string, familyZone: string, locale?: string): string => plain(format(locale, familyZone, CLOCK).format(instantIn(date, time, familyZone)));

/**
 * A timed event's time in the app: the family's clock, and the reader's own beside it when it
 * differs, with the reader's weekday when their date is another.
 */
export function eventTimeText(date: string, time: string, familyZone: string, readerZone: string, locale?: string): string {
  const at = instantIn(date, time, familyZone);
  const family = familyClockText(date, time, familyZone, locale);
  if (!readsDifferently(at, familyZone, readerZone)) return family;
  const readerDate = localDateAndTime(at, readerZone).date;
  const weekday = readerDate === date ? "" : ` ${format(locale, readerZone, { weekday: "short" }).format(at)}`;
  return `${family} ${zoneCity(familyZone)} · ${plain(format(locale, readerZone, CLOCK).format(at))}${weekday} in ${zoneCity(readerZone)}`;
}

const MAIL_LOCALE = "en-US";
const MAIL_DAY: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", year: "numeric" };

/**
 * An event's day and time in mail and notifications, its zone stated: 'Thursday, November 26, 2026
 * at 9:00 PM Los Angeles time (6:00 PM Friday, November 27 in Auckland)'. The reader's part comes
 * when their zone is known and reads differently; an all-day event is its day.
 */
export function eventWhenText(date: string, time: string | null, familyZone: string, readerZone: string | null): string {
  // A date-only day reads the same everywhere: formatted as the UTC day it names.
  const day = format(MAIL_LOCALE, "UTC", MAIL_DAY).format(new Date(`${date}T00:00:00Z`));
  if (!time) return day;
  const at = instantIn(date, time, familyZone);
  const family = `${day} at ${plain(format(MAIL_LOCALE, familyZone, CLOCK).format(at))} ${zoneCity(familyZone)} time`;
  if (!readerZone || !readsDifferently(at, familyZone, readerZone)) return family;
  const readerDate = localDateAndTime(at, readerZone).date;
  const readerDay = readerDate === date ? "" : ` ${format(MAIL_LOCALE, readerZone, { weekday: "long", month: "long", day: "numeric" }).format(at)}`;
  return `${family} (${plain(format(MAIL_LOCALE, readerZone, CLOCK).format(at))}${readerDay} in ${zoneCity(readerZone)})`;
}
