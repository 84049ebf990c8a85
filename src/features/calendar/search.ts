/** Search parameters of /calendar: the view, the day it is anchored on, and the event whose details are open. */
import { isCalendarView, type CalendarView } from "../../domain/calendar";
import { isDateOnly } from "../../domain/dates";
import { isUuid } from "../../domain/messaging";

export interface CalendarSearch {
  /** Without it the month view shows. */
  view?: CalendarView;
  /** Without it, today. */
  date?: string;
  event?: string;
}

export const validateCalendarSearch = (search: Record<string, unknown>): CalendarSearch => ({
  ...(isCalendarView(search.view) ? { view: search.view } : {}),
  ...(isDateOnly(search.date) ? { date: search.date } : {}),
  ...(isUuid(search.event) ? { event: search.event } : {}),
});
