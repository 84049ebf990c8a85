/**
 * Calendar rules (core spec 3, 4, 5): an event's pregnancy week, the RSVP answers a guest can give
 * and how answers are counted, and the event's end for calendar files.
 */
import { EVENT_CATEGORIES, RSVP_STATUSES, type EventCategory, type ItemPrivacyLevel, type RsvpStatus } from "./enums";
import { DEFAULT_EVENT_PRIVACY_LEVEL } from "./audience";
import { addDays, startOfWeek, weeksPregnant } from "./dates";
import { DAYS_PER_WEEK } from "./units";

/** Ours: the agenda lists this many months from the day it starts. */
export const CALENDAR_AGENDA_MONTHS = 3;

export const CALENDAR_TOASTS = {
  loadFailed: "Failed to load calendar events",
  noActivePregnancy: "No active pregnancy found",
  createFailed: "Failed to create event. Please try again.",
  updateFailed: "Failed to update event. Please try again.",
  deleteFailed: "Failed to delete event. Please try again.",
  inviteFailed: "Failed to invite participants. Please try again.",
  rsvpFailed: "Failed to update RSVP status. Please try again.",
  permissionDenied: "Permission Denied",
} as const;

/** The answers an invitee gives; 'pending' is only the state before the first answer. */
export const RSVP_ANSWERS = ["attending", "maybe", "declined"] as const satisfies readonly RsvpStatus[];
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export function isRsvpAnswer(value: unknown): value is RsvpAnswer {
  return (RSVP_ANSWERS as readonly unknown[]).includes(value);
}

/** The order answers are summed up in: who comes first, who has not answered last. */
export const RSVP_SUMMARY_ORDER = ["attending", "maybe", "declined", "pending"] as const satisfies readonly RsvpStatus[];

export const RSVP_LABELS: Readonly<Record<RsvpStatus, string>> = {
  pending: "Awaiting reply",
  attending: "Attending",
  maybe: "Maybe",
  declined: "Can't make it",
};

export const EVENT_CATEGORY_LABELS: Readonly<Record<EventCategory, string>> = {
  medical: "Medical",
  milestone: "Milestone",
  family: "Family",
  preparation: "Preparation",
  celebration: "Celebration",
};

export const DEFAULT_EVENT_CATEGORY: EventCategory = EVENT_CATEGORIES[0];

/** Ours: what a saved event's toast says; the description names the event and its day. */
export const EVENT_SAVED_TOASTS = { created: "Event added", updated: "Event updated" } as const;

export interface EventCategoryForm {
  /** The audience a new event of this category starts with, until the parent picks one. */
  privacyLevel: ItemPrivacyLevel;
  /** Whether the form asks for the questions for the provider (medical appointments only). */
  providerQuestions: boolean;
}

const FAMILY_AUDIENCE: ItemPrivacyLevel = "extended-family";

/**
 * The event form follows the category (issue 24): a medical appointment stays with the parents
 * (the spec's default) and asks for the questions for the provider; family gatherings and
 * celebrations are for the family (both family circles), with no medical fields.
 */
export const EVENT_CATEGORY_FORMS: Readonly<Record<EventCategory, EventCategoryForm>> = {
  medical: { privacyLevel: DEFAULT_EVENT_PRIVACY_LEVEL, providerQuestions: true },
  milestone: { privacyLevel: DEFAULT_EVENT_PRIVACY_LEVEL, providerQuestions: false },
  family: { privacyLevel: FAMILY_AUDIENCE, providerQuestions: false },
  preparation: { privacyLevel: DEFAULT_EVENT_PRIVACY_LEVEL, providerQuestions: false },
  celebration: { privacyLevel: FAMILY_AUDIENCE, providerQuestions: false },
};

/** The audience after the category changes: the new category's, unless the parent chose one themselves. */
export const audienceForCategory = (category: EventCategory, current: ItemPrivacyLevel, pickedByParent: boolean): ItemPrivacyLevel =>
  pickedByParent ? current : EVENT_CATEGORY_FORMS[category].privacyLevel;

/** The pregnancy week an event falls in, from the LMP (week 0 is the LMP's week). */
export function eventWeekNumber(date: string, lastMenstrualPeriod: string): number {
  return weeksPregnant(lastMenstrualPeriod, date);
}

export type RsvpCounts = Record<RsvpStatus, number>;

export function countRsvps(statuses: readonly RsvpStatus[]): RsvpCounts {
  const counts = Object.fromEntries(RSVP_STATUSES.map((status) => [status, 0])) as RsvpCounts;
  for (const status of statuses) counts[status] += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Views (weeks start on Monday, core spec 9)

export const CALENDAR_VIEWS = ["month", "week", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export function isCalendarView(value: unknown): value is CalendarView {
  return (CALENDAR_VIEWS as readonly unknown[]).includes(value);
}

/** The first of the date's month. */
export const startOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** The same day `months` months away, clamped to the target month's last day. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The days a month grid shows: whole Monday-to-Sunday weeks covering the month of `date`. */
export function monthGridDays(date: string): string[][] {
  const first = startOfMonth(date);
  const next = addMonths(first, 1);
  const weeks: string[][] = [];
  for (let day = startOfWeek(first); day < next; day = addDays(day, DAYS_PER_WEEK)) {
    weeks.push(Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

export const weekDays = (date: string): string[] => Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(startOfWeek(date), i));

/**
 * Where a key moves the month grid's focused day (WAI-ARIA grid pattern): arrows by a day or a
 * week, Home and End to the week's Monday and Sunday, Page Up and Page Down to the same day a month
 * away; null for any other key.
 */
export function monthGridKeyTarget(day: string, key: string): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -DAYS_PER_WEEK);
    case "ArrowDown":
      return addDays(day, DAYS_PER_WEEK);
    case "Home":
      return startOfWeek(day);
    case "End":
      return addDays(startOfWeek(day), DAYS_PER_WEEK - 1);
    case "PageUp":
      return addMonths(day, -1);
    case "PageDown":
      return addMonths(day, 1);
    default:
      return null;
  }
}

/** The dates a view asks the server for (inclusive). */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === "week") {
    const days = weekDays(date);
    return { from: days[0] ?? date, to: days.at(-1) ?? date };
  }
  if (view === "agenda") return { from: date, to: addDays(addMonths(date, CALENDAR_AGENDA_MONTHS), -1) };
  const weeks = monthGridDays(date);
  return { from: weeks[0]?.[0] ?? date, to: weeks.at(-1)?.at(-1) ?? date };
}

/** Where Previous / Next lead from `date` in a view. */
export function stepView(view: CalendarView, date: string, direction: 1 | -1): string {
  if (view === "week") return addDays(date, direction * DAYS_PER_WEEK);
  if (view === "agenda") return addMonths(date, direction * CALENDAR_AGENDA_MONTHS);
  return addMonths(startOfMonth(date), direction);
}

/**
 * An event as a viewer may read it. Notes and questions for the provider are medical, so they are
 * the parents' alone: guests get them empty, in every answer, feed and mail built from this view.
 */
export function eventForViewer<T extends { notes: string | null; questions: string | null }>(event: T, isParent: boolean): T {
  return isParent ? event : { ...event, notes: null, questions: null };
}

/**
 * What a writer may set of an event: a guest with canEditCalendar never reads the parents' notes
 * and questions, so she does not write them either (an edit of hers leaves them as they are).
 */
export function eventFieldsFromWriter<T extends { notes?: string | undefined; questions?: string | undefined }>(
  fields: T,
  isParent: boolean,
): Omit<T, "notes" | "questions"> & { notes?: T["notes"] | undefined; questions?: T["questions"] | undefined } {
  if (isParent) return fields;
  const { notes: _notes, questions: _questions, ...rest } = fields;
  return rest;
}
