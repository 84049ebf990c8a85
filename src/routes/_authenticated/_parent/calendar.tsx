import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/CalendarPage";
import { validateCalendarSearch } from "../../../features/calendar/search";
import { calendarReads } from "../../../features/calendar/useCalendar";
import { screenLoader } from "../../../features/pregnancy-context/screenLoader";

/** /calendar: parents' calendar (the parent-only guard is the layout route); view, day and open event in the address. */
export const Route = createFileRoute("/_authenticated/_parent/calendar")({
  validateSearch: validateCalendarSearch,
  loader: screenLoader(calendarReads),
  component: CalendarPage,
});
