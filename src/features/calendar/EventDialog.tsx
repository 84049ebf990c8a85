import { useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { InviteDialog } from "./InviteDialog";
import { AddToCalendarButton, EventDetails } from "./EventDetails";
import { NotInvitedNote, RsvpButtons, RsvpStatusText } from "./RsvpButtons";
import type { useCalendarWrites} from "./useCalendar";
import { useCalendarEvent, useRsvp, type CalendarEvent, type CalendarScope } from "./useCalendar";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

interface EventDialogProps {
  scope: CalendarScope;
  eventId: string;
  /** The event from the list on screen; fetched on its own when the link points elsewhere. */
  event: CalendarEvent | undefined;
  canEdit: boolean;
  /** Invitations and archiving are the parents' (a guest never sees an archived event again). */
  isParent: boolean;
  selfUserId: string;
  writes: ReturnType<typeof useCalendarWrites>;
  onClose: () => void;
  onEdit: (event: CalendarEvent) => void;
}

/** An event's details in the calendar, with its invitations and, for those with the right, edit and delete (parents also invite and archive). */
export function EventDialog({ scope, eventId, event: listed, canEdit, isParent, selfUserId, writes, onClose, onEdit }: EventDialogProps) {
  const fetched = useCalendarEvent(scope, eventId);
  const event = listed ?? fetched.data;
  const rsvp = useRsvp(scope);
  // After the service end an answer is read, not given (the server would refuse it).
  const readOnly = usePregnancyReadOnly();
  const [inviting, setInviting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  let body;
  if (event) {
    body = (
      <>
        <EventDetails event={event} showPrivacy={canEdit} />
        {event.myRsvp && readOnly && <RsvpStatusText status={event.myRsvp} />}
        {event.myRsvp && !readOnly && (
          <section className="flex flex-col gap-2">
            <h3 className="font-semibold">Will you be there?</h3>
            <RsvpButtons label={`Your answer for ${event.title}`} status={event.myRsvp} pending={rsvp.pending?.status} onAnswer={(status) => void rsvp.answer(event.id, status).catch(() => undefined)} />
            <RsvpStatusText status={event.myRsvp} />
          </section>
        )}
        {!event.myRsvp && !isParent && <NotInvitedNote />}
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          {canEdit && (
            <>
              <Button variant="secondary" size="sm" onClick={() => onEdit(event)}>
                Edit
              </Button>
              {isParent && (
                <>
                  <Button variant="secondary" size="sm" onClick={() => setInviting(true)}>
                    Invite people
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => void writes.update({ eventId: event.id, isArchived: !event.isArchived }).then(onClose, () => undefined)}>
                    {event.isArchived ? "Restore" : "Archive"}
                  </Button>
                </>
              )}
              <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </>
          )}
          <AddToCalendarButton event={event} />
        </div>
        <InviteDialog open={inviting} onClose={() => setInviting(false)} scope={scope} event={event} selfUserId={selfUserId} onInvite={(ids) => writes.invite(event.id, ids)} />
        <ConfirmDialog
          open={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          title="Delete this event?"
          description={`${event.title} and its invitations and answers will be removed for everyone. This cannot be undone; archive it instead to keep it out of sight.`}
          confirmLabel="Delete event"
          onConfirm={async () => {
            onClose();
            await writes.remove(event.id);
          }}
        />
      </>
    );
  } else if (fetched.isError) {
    body = (
      <LoadError title="Event not found" onRetry={() => void fetched.refetch()} busy={fetched.isFetching}>
        It may have been deleted, or it is not shared with you.
      </LoadError>
    );
  } else body = <Spinner label="Loading event" />;

  return (
    <Dialog open onClose={onClose} title={event?.title ?? "Event"} size="lg">
      {body}
    </Dialog>
  );
}
