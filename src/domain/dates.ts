/**
 * Pregnancy dates as date-only ISO strings ('YYYY-MM-DD'). All arithmetic runs on whole UTC days,
 * so no time zone or daylight-saving change can move a date. Functions that compute dates throw a
 * RangeError on a malformed date (a programming error); validate user input with isDateOnly,
 * dateOnlySchema (dateSchema.ts) or parseUsDate first.
 */
import { fail, ok, type Result } from "./result";
import { DAYS_PER_WEEK, MS_PER_DAY } from "./units";

export const PREGNANCY_WEEKS = 40;

/** Weeks start on Monday (JavaScript day number 1). */
export const WEEK_STARTS_ON = 1;

export const LMP_TO_DUE_DAYS = 280;

/** The account stays active 12 weeks after the due date. */
export const SERVICE_END_DAYS_AFTER_DUE = 84;

/** Then read-only for 7 years. */
export const READ_ONLY_YEARS = 7;

/** Terms: the Base plan covers sign-up through four weeks after birth (the service end above always reaches past it). */
export const BASE_PLAN_WEEKS_AFTER_BIRTH = 4;

export const FULL_TERM_MIN_WEEKS = 37;

export const FULL_TERM_MAX_WEEKS = 42;

/** Trimester bounds: weeks 1-12, 13-27, 28 and later. */
export const FIRST_TRIMESTER_LAST_WEEK = 12;

export const SECOND_TRIMESTER_LAST_WEEK = 27;

/** Days from the LMP to the end of service: 280 + 84 = 364 days (52 weeks). */
export const SUBSCRIPTION_SPAN_DAYS = LMP_TO_DUE_DAYS + SERVICE_END_DAYS_AFTER_DUE;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Newsletter due date: month and day of one or two digits, four-digit year. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YEAR_DIGITS = 4;
const PART_DIGITS = 2;
const FEBRUARY = 2;
const LEAP_DAY = 29;

export const DATE_MESSAGES = {
  /** Not in the spec: shown when a typed date is not a real calendar date. */
  invalidDate: "Please enter a valid date",
  /** Onboarding spec 5 (setup step 1). */
  dueDateOrLmpRequired: "Please enter either a due date or last menstrual period",
  /** Ours (issue 35): a date whose service end has already passed would lock the family out at once. */
  serviceEndPassed: (dueDate: string, serviceEnd: string) =>
    `A due date of ${longDate(dueDate)} would have ended your family's 12 weeks after the birth on ${longDate(serviceEnd)}, which has already passed. Please check the date, perhaps the year.`,
} as const;

/** '12 March 2026': a calendar date written out for a message (the month's name, so no day-month order is misread). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** A UTC Date for the parts, or null when they are not a real calendar date (e.g. Feb 30). */
function utcDate({ year, month, day }: DateParts): Date | null {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}

function partsOf(match: RegExpExecArray | null, order: readonly [number, number, number]): DateParts | null {
  if (!match) return null;
  const [yearIndex, monthIndex, dayIndex] = order;
  return { year: Number(match[yearIndex]), month: Number(match[monthIndex]), day: Number(match[dayIndex]) };
}

function format(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(YEAR_DIGITS, "0");
  const month = String(date.getUTCMonth() + 1).padStart(PART_DIGITS, "0");
  const day = String(date.getUTCDate()).padStart(PART_DIGITS, "0");
  return `${year}-${month}-${day}`;
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isDateOnly(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const parts = partsOf(DATE_ONLY.exec(value), [1, 2, 3]);
  return parts !== null && utcDate(parts) !== null;
}

function toUtc(date: string): Date {
  const parts = partsOf(DATE_ONLY.exec(date), [1, 2, 3]);
  const utc = parts && utcDate(parts);
  if (!utc) throw new RangeError(`Not a date-only string: ${JSON.stringify(date)}`);
  return utc;
}

/** Whole days since 1970-01-01. */
function epochDay(date: string): number {
  return Math.round(toUtc(date).getTime() / MS_PER_DAY);
}

export function addDays(date: string, days: number): string {
  return format(new Date((epochDay(date) + days) * MS_PER_DAY));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** Same month and day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const utc = toUtc(date);
  const year = utc.getUTCFullYear() + years;
  const month = utc.getUTCMonth() + 1;
  const day = utc.getUTCDate();
  const shifted = utcDate({ year, month, day }) ?? utcDate({ year, month: FEBRUARY, day: LEAP_DAY - 1 });
  if (!shifted) throw new RangeError(`Cannot add ${years} years to ${date}`);
  return format(shifted);
}

/** Due date = LMP + 280 days. */
export function dueDateFromLmp(lastMenstrualPeriod: string): string {
  return addDays(lastMenstrualPeriod, LMP_TO_DUE_DAYS);
}

/** The LMP a due date implies (due date - 280 days). */
export function lmpFromDueDate(dueDate: string): string {
  return addDays(dueDate, -LMP_TO_DUE_DAYS);
}

/** Service end = due date + 84 days (12 weeks): the last day of full service. */
export function serviceEndDate(dueDate: string): string {
  return addDays(dueDate, SERVICE_END_DAYS_AFTER_DUE);
}

/** The last read-only day: 7 years after the service end. */
export function readOnlyUntil(serviceEnd: string): string {
  return addYears(serviceEnd, READ_ONLY_YEARS);
}

/** Whole weeks since the LMP, floored, never below 0. */
export function weeksPregnant(lastMenstrualPeriod: string, today: string): number {
  return Math.max(0, Math.floor(daysBetween(lastMenstrualPeriod, today) / DAYS_PER_WEEK));
}

export type Trimester = 1 | 2 | 3;

/** Trimester 1 up to week 12, 2 up to week 27, 3 afterwards. */
export function trimester(week: number): Trimester {
  if (week <= FIRST_TRIMESTER_LAST_WEEK) return 1;
  if (week <= SECOND_TRIMESTER_LAST_WEEK) return 2;
  return 3;
}

/** Days from today until the target (0 on the day, negative once past). */
export function daysUntil(target: string, today: string): number {
  return daysBetween(today, target);
}

export type ServiceState = "active" | "read-only" | "expired";

/** Full service through the service end date, then read-only through readOnlyUntil, then expired. */
export function serviceState(serviceEnd: string, today: string): ServiceState {
  if (daysUntil(serviceEnd, today) >= 0) return "active";
  if (daysUntil(readOnlyUntil(serviceEnd), today) >= 0) return "read-only";
  return "expired";
}

/**
 * The first day on which the service state differs from today's: the day after the service end
 * while active, the day after the read-only years while read-only; null once expired.
 */
export function serviceStateChangesOn(serviceEnd: string, today: string): string | null {
  switch (serviceState(serviceEnd, today)) {
    case "active":
      return addDays(serviceEnd, 1);
    case "read-only":
      return addDays(readOnlyUntil(serviceEnd), 1);
    case "expired":
      return null;
  }
}

export function isServiceActive(serviceEnd: string, today: string): boolean {
  return serviceState(serviceEnd, today) === "active";
}

export function isReadOnly(serviceEnd: string, today: string): boolean {
  return serviceState(serviceEnd, today) === "read-only";
}

/**
 * Today's calendar date where the code runs: the user's local day in the browser, UTC in a Worker.
 * Pass `now` to make it deterministic.
 */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(0);
  local.setUTCFullYear(now.getFullYear(), now.getMonth(), now.getDate());
  return format(local);
}

/** The Monday on or before the date (weeks start on Monday). */
export function startOfWeek(date: string): string {
  const weekday = toUtc(date).getUTCDay();
  return addDays(date, -((weekday - WEEK_STARTS_ON + DAYS_PER_WEEK) % DAYS_PER_WEEK));
}

/** 'MM/DD/YYYY' (newsletter due date; one-digit month or day allowed) to 'YYYY-MM-DD', or null. */
export function parseUsDate(input: string): string | null {
  const parts = partsOf(US_DATE.exec(input.trim()), [3, 1, 2]);
  const utc = parts && utcDate(parts);
  return utc ? format(utc) : null;
}

/** 'YYYY-MM-DD' to 'MM/DD/YYYY'. */
export function formatUsDate(date: string): string {
  const [year, month, day] = format(toUtc(date)).split("-");
  return `${month}/${day}/${year}`;
}

export interface PregnancyDates {
  dueDate: string;
  /** As entered; null when the parent gave the due date directly. */
  lastMenstrualPeriod: string | null;
  serviceEndDate: string;
}

/**
 * The dates stored for a pregnancy from what the parent typed: a due date wins (typing it directly
 * recomputes the service end), else it is computed from the LMP. Blank strings count as missing.
 */
/**
 * A date change that would put the service end before the family's today is refused before anything
 * is stored (a mistyped year made the pregnancy read-only at once): the message names the dates.
 */
export function serviceEndPassedError(dates: { dueDate: string; serviceEndDate: string }, today: string): string | null {
  return daysUntil(dates.serviceEndDate, today) >= 0 ? null : DATE_MESSAGES.serviceEndPassed(dates.dueDate, dates.serviceEndDate);
}

export function resolvePregnancyDates(input: { dueDate?: string | null; lastMenstrualPeriod?: string | null }): Result<PregnancyDates> {
  const typedDueDate = input.dueDate?.trim() || null;
  const lastMenstrualPeriod = input.lastMenstrualPeriod?.trim() || null;
  if ((typedDueDate && !isDateOnly(typedDueDate)) || (lastMenstrualPeriod && !isDateOnly(lastMenstrualPeriod))) {
    return fail(DATE_MESSAGES.invalidDate);
  }
  let dueDate: string;
  if (typedDueDate) dueDate = typedDueDate;
  else if (lastMenstrualPeriod) dueDate = dueDateFromLmp(lastMenstrualPeriod);
  else return fail(DATE_MESSAGES.dueDateOrLmpRequired);
  return ok({ dueDate, lastMenstrualPeriod, serviceEndDate: serviceEndDate(dueDate) });
}
