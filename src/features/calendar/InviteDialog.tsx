import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { RSVP_LABELS } from "../../domain/calendar";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import type { CalendarEvent, CalendarScope } from "./useCalendar";

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  scope: CalendarScope;
  event: CalendarEvent;
  /** The signed-in parent, who is not offered to themselves. */
  selfUserId: string | undefined;
  onInvite: (participantIds: string[]) => Promise<unknown>;
}

/**
 * Choose who to invite among the people who joined the pregnancy. Someone already invited keeps
 * their answer and shows it instead of a checkbox. People still to accept their pregnancy
 * invitation (the server sends them to parents only) are listed as not joined yet: they can be
 * invited to the event once they join.
 */
const personName = (person: { firstName: string | null; lastName: string | null; displayTitle: string }) => `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() || person.displayTitle;

export function InviteDialog({ open, onClose, scope, event, selfUserId, onInvite }: InviteDialogProps) {
  const trpc = useTRPC();
  const participants = useQuery(trpc.pregnancy.participants.queryOptions(scope, { enabled: open }));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sending, setSending] = useState(false);
  const notJoinedId = useId();
  const invited = new Map(event.invitees.map((invitee) => [invitee.userId, invitee.rsvpStatus]));
  const people = (participants.data ?? []).filter((p) => p.status === "active" && p.userId && p.userId !== selfUserId);
  const notJoined = (participants.data ?? []).filter((p) => p.status === "invited");

  function toggle(id: string, checked: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function send() {
    setSending(true);
    try {
      const count = chosen.size;
      await onInvite([...chosen]);
      toast({ title: "Invitations sent", description: `${count} ${count === 1 ? "person was" : "people were"} emailed a link to reply.`, variant: "success" });
      setChosen(new Set());
      onClose();
    } catch {
      // The write hook has said what failed; the choice stays for another try.
    } finally {
      setSending(false);
    }
  }

  let body;
  if (participants.isPending) body = <Spinner label="Loading people" />;
  else if (participants.isError)
    body = (
      <LoadError title="Could not load your family and friends" onRetry={() => void participants.refetch()} busy={participants.isFetching}>
        Try again in a moment.
      </LoadError>
    );
  else if (people.length === 0 && notJoined.length === 0) body = <p className="text-muted-foreground">No one has joined your pregnancy yet. Invite family and friends from Settings first.</p>;
  else
    body = (
      <>
        {people.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 font-semibold">People to invite</legend>
            {people.map((person) => {
              const userId = person.userId ?? "";
              const status = invited.get(userId);
              const name = personName(person);
              return (
                <label key={person.id} className="flex min-h-11 items-center gap-3 rounded-xl px-2 hover:bg-muted has-disabled:opacity-80">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={status !== undefined || chosen.has(person.id)}
                    disabled={status !== undefined}
                    onChange={(e) => toggle(person.id, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{name}</span>
                    <span className="block text-sm text-muted-foreground">{person.displayTitle}</span>
                  </span>
                  {status && <span className="text-sm text-muted-foreground">Invited · {RSVP_LABELS[status]}</span>}
                </label>
              );
            })}
          </fieldset>
        )}
        {notJoined.length > 0 && (
          <section aria-labelledby={notJoinedId} className="flex flex-col gap-1">
            <h3 id={notJoinedId} className="font-semibold">
              Invited, not joined yet
            </h3>
            <p className="text-sm text-muted-foreground">They can be invited to this event once they accept your invitation to the pregnancy.</p>
            <ul className="flex flex-col gap-1">
              {notJoined.map((person) => (
                <li key={person.id} className="flex min-h-11 items-center gap-3 px-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{personName(person)}</span>
                    <span className="block text-sm text-muted-foreground">{person.displayTitle}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">Not joined yet</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );

  return (
    <Dialog open={open} onClose={onClose} title={`Invite to ${event.title}`} description="Each person gets an email with a link to reply. Invited people can see this event even if it is not shared with their circle.">
      {body}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void send()} disabled={chosen.size === 0} loading={sending}>
          Send invitations
        </Button>
      </div>
    </Dialog>
  );
}
