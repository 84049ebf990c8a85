/**
 * Calendar rules (core spec 3, 4, 5): an event's pregnancy week, the RSVP answers a guest can give
 * and how answers are counted, and the event's end for calendar files.
 */
import { EVENT_CATEGORIES, RSVP_STATUSES, type EventCategory, type RsvpStatus } from "./enums";
import { weeksPregnant } from "./dates";

/** The answers an invitee gives; 'pending' is only the state before the first answer. */
export const RSVP_ANSWERS = ["attending", "maybe", "declined"] as const satisfies readonly RsvpStatus[];
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export function isRsvpAnswer(value: unknown): value is RsvpAnswer {
  return (RSVP_ANSWERS as readonly unknown[]).includes(value);
}

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
