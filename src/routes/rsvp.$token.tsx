import { createFileRoute } from "@tanstack/react-router";
import { RsvpLinkPage } from "../features/calendar/RsvpLinkPage";

/** /rsvp/<token>?answer= (public): the one-click answer links of event invitation mail. */
export const Route = createFileRoute("/rsvp/$token")({
  validateSearch: (search: Record<string, unknown>): { answer?: string } => (typeof search.answer === "string" ? { answer: search.answer } : {}),
  component: RsvpLinkPage,
});
