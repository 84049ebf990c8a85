/**
 * Time zones (issue 23). A family lives in its pregnancy's zone: its "today", and the wall-clock
 * times of its events ('2:30 PM' means 2:30 PM there), while each reader also sees their own clock.
 * Zones are IANA names as browsers report them (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 */
import { z } from "zod";
import { MS_PER_DAY, MS_PER_MINUTE } from "./units";

/** The zone of a pregnancy or user whose browser never told us one. */
export const FALLBACK_TIME_ZONE = "UTC";

/** The longest IANA zone name is under 40 characters; this only bounds what a client may send. */
const TIME_ZONE_MAX_LENGTH = 64;

/** True for a zone name this runtime knows. */
export function isTimeZone(value: string): boolean {
  if (value === "" || value.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isTimeZone, "Unknown time zone");

/** The stored zone when it is one, else UTC. */
export const zoneOrFallback = (stored: string | null | undefined): string => (stored && isTimeZone(stored) ? stored : FALLBACK_TIME_ZONE);

const PAD = 2;
const pad = (n: number) => String(n).padStart(PAD, "0");

/** Date parts are read in en-US only to take numbers apart; nothing here is shown. */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = partsFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });
    partsFormats.set(key, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(moment: Date, timeZone: string | undefined): WallClock {
  const parts = partsFormat(timeZone).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** 'YYYY-MM-DD' and 'HH:mm' of a moment in a time zone (the browser's when none is given). */
export function localDateAndTime(moment: Date, timeZone?: string): { date: string; time: string } {
  const { year, month, day, hour, minute } = wallClock(moment, timeZone);
  return { date: `${year}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

/** The calendar date at `now` in the zone: a family's "today". */
export const todayIn = (timeZone: string, now: Date = new Date()): string => localDateAndTime(now, timeZone).date;

/** How far the zone's clock is ahead of UTC at that moment, in ms (negative west of Greenwich). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  const { year, month, day, hour, minute, second } = wallClock(at, timeZone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The seconds-free difference: offsets are whole minutes, `at` may carry milliseconds.
  return Math.round((asUtc - at.getTime()) / MS_PER_MINUTE) * MS_PER_MINUTE;
}

/**
 * The moment a wall-clock time happens in a zone: '2026-11-26' '21:00:00' in America/Los_Angeles is
 * 05:00 UTC the next day. As calendar apps read it: a time skipped when the clocks go forward is
 * taken an hour later (2:30 AM becomes 3:30 AM), a time that happens twice is its first occurrence.
 */
export function instantIn(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(":").map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Zones change their offset at most once in a day or so: the offsets a day either side give every
  // candidate; the real ones are those that read back as the clock reading.
  const before = asUtc - zoneOffsetMs(timeZone, new Date(asUtc - MS_PER_DAY));
  const after = asUtc - zoneOffsetMs(timeZone, new Date(asUtc + MS_PER_DAY));
  const real = [before, after].filter((at) => at + zoneOffsetMs(timeZone, new Date(at)) === asUtc);
  // None is real in a skipped hour: the offset from before the change moves the reading forward.
  return new Date(real.length > 0 ? Math.min(...real) : before);
}

/** The place a zone is named after, as people say it: 'America/Los_Angeles' is 'Los Angeles'. */
export function zoneCity(timeZone: string): string {
  const city = timeZone.slice(timeZone.lastIndexOf("/") + 1);
  return city.replaceAll("_", " ");
}

/** A clock reading with its zone named, for a text read in other zones: '3:45 PM Chicago time', '8:45 PM UTC'. */
export function clockWithZone(clock: string, timeZone: string): string {
  const zone = zoneCity(timeZone);
  return zone === "UTC" ? `${clock} UTC` : `${clock} ${zone} time`;
}
