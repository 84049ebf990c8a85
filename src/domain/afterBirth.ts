/**
 * After the birth (issue 37, items 3 and 4): once the first baby is announced the app stops counting
 * the pregnancy (no week, days to go, trimester or size) and counts the babies' days and weeks
 * instead, until the service ends.
 */
import { daysBetween } from "./dates";
import { DAYS_PER_WEEK } from "./units";
import { namesInWords } from "./waitingRoom";

/** A baby as stored: announced (bornAnnouncedAt) with its birth day in the family's zone, or still expected. */
export interface BabyBirth {
  name: string;
  bornAnnouncedAt: Date | string | null;
  /** YYYY-MM-DD, set with bornAnnouncedAt. */
  birthDate: string | null;
}

/** The babies that are here, with their birth day, in the order given (birth order). */
export function bornBabies<T extends BabyBirth>(babies: readonly T[]): Array<T & { birthDate: string }> {
  return babies.filter((baby): baby is T & { birthDate: string } => baby.bornAnnouncedAt !== null && baby.birthDate !== null);
}

/** Whether the first baby is here: from then on nothing counts the pregnancy. */
export const isAfterBirth = (babies: readonly BabyBirth[]): boolean => bornBabies(babies).length > 0;

/** Under two weeks a baby's age is told in days, then in whole weeks. */
const AGE_IN_DAYS_UNTIL = 2 * DAYS_PER_WEEK;

/** 'Born today', '1 day old', '5 days old', then '2 weeks old', on the family's today. */
export function babyAgeText(birthDate: string, today: string): string {
  const days = daysBetween(birthDate, today);
  // A day ahead of the family's today (a reader's clock, a zone's edge) is still the birthday.
  if (days <= 0) return "Born today";
  if (days < AGE_IN_DAYS_UNTIL) return days === 1 ? "1 day old" : `${days} days old`;
  return `${Math.floor(days / DAYS_PER_WEEK)} weeks old`;
}

/**
 * 'Week 3 with Bean and Sprout': the weeks since the first birth (its day is week 1), naming the
 * babies who are here. Null before the first birth and after the service ends, when nothing counts.
 */
export function weekWithBabiesLine(babies: readonly BabyBirth[], today: string, serviceEndDate: string): string | null {
  const born = bornBabies(babies);
  // Dates as YYYY-MM-DD sort as they fall.
  const [first] = born.map((baby) => baby.birthDate).sort();
  if (first === undefined || today > serviceEndDate) return null;
  const week = Math.floor(Math.max(0, daysBetween(first, today)) / DAYS_PER_WEEK) + 1;
  return `Week ${week} with ${namesInWords(born.map((baby) => baby.name))}`;
}
