import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "../../features/calendar/CalendarPage";
import { validateCalendarSearch } from "../../features/calendar/search";
import { calendarReads } from "../../features/calendar/useCalendar";
import { screenLoader } from "../../features/pregnancy-context/screenLoader";
import { AreaGuard } from "../../features/shell/AreaGuard";

/** /calendar: parents' calendar, and a guest's with canViewCalendarEvents; view, day and open event in the address. */
export const Route = createFileRoute("/_authenticated/calendar")({
  validateSearch: validateCalendarSearch,
  loader: screenLoader(calendarReads),
  component: () => (
    <AreaGuard area="calendar">
      <CalendarPage />
    </AreaGuard>
  ),
});
