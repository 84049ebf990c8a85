import { useQuery } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { useTRPC } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { contactName, type Contact } from "./contacts";
import { EVENT_CATEGORY_LABELS, RSVP_LABELS } from "../../domain/calendar";
import { CONTACTS_MESSAGES } from "./messages";

interface Scope {
  pregnancyId: string;
  mode: UserMode;
}

const answeredFormat = dateFormat({ dateStyle: "medium" });

const STATUS_TONES = {
  attending: "bg-success-soft text-success-foreground",
  maybe: "bg-warning-soft text-warning-foreground",
  declined: "bg-danger-soft text-danger-foreground",
  pending: "border border-border bg-surface text-foreground",
} as const;

/** A contact's event invitations, loaded when the dialog opens (its content mounts only while open). */
export function RsvpHistoryDialog({ scope, contact, onClose }: { scope: Scope; contact: Contact | null; onClose: () => void }) {
  return (
    <Dialog open={contact !== null} onClose={onClose} title={contact ? `RSVP history for ${contactName(contact)}` : "RSVP history"}>
      {contact && <RsvpHistory scope={scope} participantId={contact.id} />}
    </Dialog>
  );
}

function RsvpHistory({ scope, participantId }: { scope: Scope; participantId: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.contacts.rsvpHistory.queryOptions({ ...scope, participantId }));
  const { eventTime } = useFamilyTime();

  if (history.isPending) return <Spinner label="Loading RSVP history" showLabel />;
  if (history.isError) return <LoadError title={CONTACTS_MESSAGES.historyLoadFailed} onRetry={() => void history.refetch()} busy={history.isFetching} />;
  if (history.data.length === 0) return <p className="text-muted-foreground">{CONTACTS_MESSAGES.noInvitations}</p>;

  return (
    <ul className="flex flex-col gap-2">
      {history.data.map((invitation) => {
        const time = invitation.time ? eventTime(invitation.date, invitation.time) : null;
        return (
          <li key={invitation.eventId} className="flex flex-col gap-1 rounded-xl bg-muted px-4 py-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold break-words">{invitation.title}</p>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[invitation.rsvpStatus]}`}>{RSVP_LABELS[invitation.rsvpStatus]}</span>
            </div>
            <p className="text-sm text-muted-foreground">
              {formatDateOnly(invitation.date)}
              {time && `, ${time}`} · {EVENT_CATEGORY_LABELS[invitation.category]}
            </p>
            <p className="text-sm text-muted-foreground">
              Invited {answeredFormat.format(invitation.invitedAt)}
              {invitation.respondedAt && ` · Answered ${answeredFormat.format(invitation.respondedAt)}`}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
