import { createFileRoute } from "@tanstack/react-router";
import { EventPage } from "../../features/calendar/EventPage";

/** /events/<id>: one calendar event for parents and the guests who may see it. */
export const Route = createFileRoute("/_authenticated/events/$eventId")({
  component: EventPage,
});
