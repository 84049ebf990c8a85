/**
 * iCalendar (RFC 5545) text for calendar subscriptions and single-event downloads: the same
 * function serves the private feed URL and the browser's 'Add to my calendar'.
 */
import { addDays } from "./dates";
import { EVENT_CATEGORY_LABELS } from "./calendar";
import { instantIn } from "./timeZones";
import type { EventCategory } from "./enums";

/** Ours: a timed event lasts an hour in calendar files (events store a start time only). */
export const ICAL_EVENT_DURATION = "PT1H";

/** RFC 5545 3.1: content lines are folded at 75 octets. */
export const ICAL_LINE_OCTETS = 75;

/** Ours: a downloaded event file is named after at most this much of its title. */
export const ICAL_FILE_NAME_MAX = 60;

export interface IcalEvent {
  id: string;
  title: string;
  date: string;
  /** 'HH:mm:ss', or null for an all-day event. */
  time: string | null;
  location: string | null;
  notes: string | null;
  questions: string | null;
  category: EventCategory;
  updatedAt: Date;
}

export const ICAL_CONTENT_TYPE = "text/calendar; charset=utf-8";
const CRLF = "\r\n";
const UID_DOMAIN = "babysteps.app";

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
export function escapeIcalText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (continuations start with a space) without splitting a character. */
export function foldIcalLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry a leading space, which counts toward their 75 octets.
    const limit = parts.length === 0 ? ICAL_LINE_OCTETS : ICAL_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (date: string) => date.replaceAll("-", "");
const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

function eventLines(event: IcalEvent, timeZone: string, stamp: Date): string[] {
  const description = [event.notes, event.questions ? `Questions for the provider:\n${event.questions}` : null].filter(Boolean).join("\n\n");
  const start = event.time
    ? // The family's wall-clock time as the moment it is (UTC), so each calendar app shows it in its own zone.
      [`DTSTART:${utcStamp(instantIn(event.date, event.time, timeZone))}`, `DURATION:${ICAL_EVENT_DURATION}`]
    : [`DTSTART;VALUE=DATE:${compactDate(event.date)}`, `DTEND;VALUE=DATE:${compactDate(addDays(event.date, 1))}`];
  return [
    "BEGIN:VEVENT",
    `UID:${event.id}@${UID_DOMAIN}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    ...start,
    `SUMMARY:${escapeIcalText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeIcalText(event.location)}`] : []),
    ...(description ? [`DESCRIPTION:${escapeIcalText(description)}`] : []),
    `CATEGORIES:${escapeIcalText(EVENT_CATEGORY_LABELS[event.category])}`,
    "END:VEVENT",
  ];
}

/**
 * A whole VCALENDAR named `name`, CRLF line endings and folded lines, as calendar apps expect.
 * Event times are wall-clock times in the family's `timeZone`; all-day events stay dates.
 */
export function buildIcalendar(name: string, events: readonly IcalEvent[], timeZone: string, stamp: Date = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//BabySteps//Pregnancy Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcalText(name)}`,
    // Apple's and Google's hint for showing the calendar; the times themselves are UTC.
    `X-WR-TIMEZONE:${timeZone}`,
    ...events.flatMap((event) => eventLines(event, timeZone, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcalLine).join(CRLF) + CRLF;
}

/** A safe file name for one event's download. */
export function icalFileName(title: string): string {
  // Accents dropped ('Bébé' -> 'bebe'), cut before trimming so the name never ends in '-'.
  const slug = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, ICAL_FILE_NAME_MAX)
    .replace(/^-+|-+$/g, "");
  return `${slug || "event"}.ics`;
}
