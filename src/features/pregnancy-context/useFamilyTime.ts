import { useCallback } from "react";
import { eventTimeText, familyClockText } from "../../domain/eventTimes";
import { FALLBACK_TIME_ZONE, todayIn } from "../../domain/timeZones";
import { browserTimeZone } from "../../lib/timeZone";
import { usePregnancyContext } from "./usePregnancyContext";

export interface FamilyTime {
  /** The family's zone: the pregnancy's (the reader's own until it has loaded). */
  timeZone: string;
  /** The family's date now: weeks, countdowns and "today" on the calendar count from it. */
  today: string;
  /** A timed event as this reader sees it: the family's clock, and theirs beside it when it differs. */
  eventTime: (date: string, time: string) => string;
  /** The family's clock alone, for a chip with no room for more. */
  clock: (date: string, time: string) => string;
}

/** The family's clock for the screen in use (issue 23), whichever zone the reader is in. */
export function useFamilyTime(): FamilyTime {
  const { pregnancy } = usePregnancyContext();
  const readerZone = browserTimeZone() ?? FALLBACK_TIME_ZONE;
  const timeZone = pregnancy?.timeZone ?? readerZone;
  const eventTime = useCallback((date: string, time: string) => eventTimeText(date, time, timeZone, readerZone), [timeZone, readerZone]);
  const clock = useCallback((date: string, time: string) => familyClockText(date, time, timeZone), [timeZone]);
  return { timeZone, today: todayIn(timeZone), eventTime, clock };
}
