/**
 * The end of a pregnancy's service (core spec 4: the due date + 84 days is its last day, then it is
 * read-only for 7 years), and how nobody is surprised by it (issue 37): the parents hear of it 14
 * days and 1 day before the last day, by mail and in the app; a guest sees a short notice on that
 * last day; afterwards the app shows the pregnancy as it ended, hides what can no longer be used
 * and says why in one line. Every "today" here is the family's (their zone's date).
 */
import { daysUntil, READ_ONLY_YEARS } from "./dates";

export const SERVICE_END_NOTICE_KINDS = ["fourteen-days", "one-day"] as const;
export type ServiceEndNoticeKind = (typeof SERVICE_END_NOTICE_KINDS)[number];

/** Days before the last day of service each notice is sent. */
export const SERVICE_END_NOTICE_DAYS: Record<ServiceEndNoticeKind, number> = { "fourteen-days": 14, "one-day": 1 };

/**
 * The notice the daily job owes the parents today, or null. A run missed (an outage, or dates
 * changed to an end closer than 14 days) still tells them late rather than never; once the last day
 * is this close only the one-day notice is worth sending.
 */
export function serviceEndNoticeDue(serviceEnd: string, today: string): ServiceEndNoticeKind | null {
  const daysLeft = daysUntil(serviceEnd, today);
  if (daysLeft < 0) return null;
  if (daysLeft <= SERVICE_END_NOTICE_DAYS["one-day"]) return "one-day";
  if (daysLeft <= SERVICE_END_NOTICE_DAYS["fourteen-days"]) return "fourteen-days";
  return null;
}

/** A parent's notice keeps showing until dismissed, but only while the service lasts (after it, the read-only line says it all). */
export const serviceEndNoticeShows = (serviceEnd: string, today: string): boolean => daysUntil(serviceEnd, today) >= 0;

/** The guest's notice: on the last day only. */
export const isLastServiceDay = (serviceEnd: string, today: string): boolean => daysUntil(serviceEnd, today) === 0;

/** "in 14 days", "tomorrow", "today". */
function endsWhen(daysLeft: number): string {
  if (daysLeft <= 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  return `in ${daysLeft} days`;
}

/** Dates already written for the reader. */
export interface ServiceEndFacts {
  title: string;
  /** The last day of full service. */
  lastDay: string;
  /** The last read-only day. */
  readOnlyUntil: string;
  /** Whole days from the family's today to the last day. */
  daysLeft: number;
}

/** The parents' notice: the mail's subject and the in-app heading. */
export const serviceEndHeading = (title: string, daysLeft: number) => `${title}: full service ends ${endsWhen(daysLeft)}`;

/** What changes, for the parents: the same lines in the mail and in the app. */
export function serviceEndLines(facts: ServiceEndFacts): string[] {
  return [
    `Your 12 weeks after the due date are nearly over: ${facts.lastDay} is the last day everything works as it does now.`,
    `From the next day ${facts.title} is read-only for ${READ_ONLY_YEARS} years, until ${facts.readOnlyUntil}. You and everyone you invited can still look at every photo, post and event, but nothing new can be added: no posts, uploads, messages or RSVPs.`,
    "You can download everything in it from Settings, under Your data, now or at any time in those years.",
    "Your guests will see it as it is on that day, with a line saying the service has ended.",
  ];
}

export const SERVICE_END_MESSAGES = {
  mailAction: "Open BabySteps",
  dismiss: "Got it",
  dismissLabel: (title: string) => `Got it: ${title}'s full service ends soon`,
  /** A guest's notice on the last day. */
  guestLastDay: (title: string) => `Today is the last day of full service for ${title}. From tomorrow you can still look at everything, but nothing new can be added.`,
  /** The read-only view's one line: why nothing can be changed. */
  readOnlyLine: (lastDay: string, readOnlyUntil: string) => `Read-only: this pregnancy's service ended on ${lastDay}. You can look at everything until ${readOnlyUntil}, but nothing can be added or changed.`,
} as const;
