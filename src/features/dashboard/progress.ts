import { daysBetween, daysUntil, LMP_TO_DUE_DAYS, lmpFromDueDate, trimester, type Trimester, weeksPregnant } from "../../domain/dates";
import { PERCENT } from "../../domain/units";

export interface PregnancyProgress {
  /** Whole weeks since the LMP the due date implies. */
  week: number;
  trimester: Trimester;
  /** Days until the due date: 0 on the day, negative once past. */
  daysToGo: number;
  /** Share of the 280 days from LMP to due date behind us, 0 to 100. */
  percent: number;
}

/**
 * Where the pregnancy stands today. Everything counts from the due date (LMP = due - 280 days), so a
 * due date typed directly and one computed from the LMP give the same answer.
 */
export function pregnancyProgress(dueDate: string, today: string): PregnancyProgress {
  const lmp = lmpFromDueDate(dueDate);
  const week = weeksPregnant(lmp, today);
  const elapsed = Math.min(LMP_TO_DUE_DAYS, Math.max(0, daysBetween(lmp, today)));
  return { week, trimester: trimester(week), daysToGo: daysUntil(dueDate, today), percent: Math.round((elapsed / LMP_TO_DUE_DAYS) * PERCENT) };
}

const ORDINALS: Readonly<Record<Trimester, string>> = { 1: "1st", 2: "2nd", 3: "3rd" };

export const trimesterLabel = (value: Trimester) => `${ORDINALS[value]} trimester`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** '70 days to go', 'Due today!', '3 days past the due date'. */
export function daysToGoLabel(daysToGo: number): string {
  if (daysToGo > 0) return `${plural(daysToGo, "day")} to go`;
  if (daysToGo === 0) return "Due today!";
  return `${plural(-daysToGo, "day")} past the due date`;
}

export const weeksLabel = (week: number) => plural(week, "week");
