import { createFileRoute } from "@tanstack/react-router";
import { CalendarPage } from "../../../features/calendar/CalendarPage";
import { validateCalendarSearch } from "../../../features/calendar/search";

/** /calendar: parents' calendar (the parent-only guard is the layout route); view, day and open event in the address. */
export const Route = createFileRoute("/_authenticated/_parent/calendar")({
  validateSearch: validateCalendarSearch,
  component: CalendarPage,
});
