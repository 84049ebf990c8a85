import { Link, useParams } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title";
import { httpStatusOf } from "../../lib/query-client";
import { Alert } from "../../ui/Alert";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { AddToCalendarButton, EventDetails } from "./EventDetails";
import { NotInvitedNote, RsvpButtons, RsvpStatusText } from "./RsvpButtons";
import { useCalendarEvent, useRsvp, type CalendarScope } from "./useCalendar";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/**
 * /events/<id>: one event for everyone who may see it (guests have no calendar page), with the
 * invitee's answer buttons. The server decides what is visible; anything else reads as not found.
 */
export function EventPage() {
  const { eventId } = useParams({ from: "/_authenticated/events/$eventId" });
  const { pregnancyId, mode, isLoading, pregnancySearch, access } = usePregnancyContext();
  if (isLoading) return <Spinner label="Loading event" className="p-6" />;
  if (!pregnancyId)
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <Alert variant="info">You are not part of an active pregnancy yet.</Alert>
      </div>
    );
  return <EventBody scope={{ pregnancyId, mode }} eventId={eventId} isParent={mode === "parent" && Boolean(access?.isParent)} pregnancySearch={pregnancySearch} />;
}

function EventBody({ scope, eventId, isParent, pregnancySearch }: { scope: CalendarScope; eventId: string; isParent: boolean; pregnancySearch: { preg?: string } }) {
  const event = useCalendarEvent(scope, eventId);
  const rsvp = useRsvp(scope);
  const readOnly = usePregnancyReadOnly();
  useDocumentTitle(event.data?.title ?? "Event");

  let body;
  if (event.data) {
    const data = event.data;
    body = (
      <>
        <h1 className="text-3xl font-bold tracking-tight break-words">{data.title}</h1>
        <ReadOnlyLine />
        {data.myRsvp && readOnly && <RsvpStatusText status={data.myRsvp} />}
        {data.myRsvp && !readOnly && (
          <section aria-labelledby="rsvp-heading" className="card flex flex-col gap-3 bg-surface p-4 sm:p-5">
            <h2 id="rsvp-heading" className="text-lg font-bold">
              Will you be there?
            </h2>
            <RsvpButtons label={`Your answer for ${data.title}`} status={data.myRsvp} pending={rsvp.pending?.status} onAnswer={(status) => void rsvp.answer(data.id, status).catch(() => undefined)} />
            <RsvpStatusText status={data.myRsvp} />
          </section>
        )}
        {!data.myRsvp && !isParent && <NotInvitedNote />}
        <div className="card bg-surface p-4 sm:p-5">
          <EventDetails event={data} showPrivacy={isParent} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <AddToCalendarButton event={data} />
          {isParent && (
            <Link to="/calendar" search={{ date: data.date, event: data.id }} className="font-semibold text-link underline">
              Open in calendar
            </Link>
          )}
        </div>
      </>
    );
  } else if (event.isError) {
    body =
      httpStatusOf(event.error) === 404 ? (
        <Alert variant="info" title="Event not found">
          This event was removed, or it is not shared with you.
        </Alert>
      ) : (
        <LoadError title="Could not load the event" onRetry={() => void event.refetch()} busy={event.isFetching}>
          Check your connection and try again.
        </LoadError>
      );
  } else body = <Spinner label="Loading event" />;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/dashboard" search={pregnancySearch} className="self-start font-semibold text-link underline">
        Back to dashboard
      </Link>
      {body}
    </div>
  );
}
