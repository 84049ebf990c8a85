import { useId } from "react";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { PRIVACY_LEVEL_LABELS, RELATIONSHIP_LABELS, ROLE_LABELS, labelOf } from "../../lib/labels";
import { contactName, rsvpSummaryText, type Contact } from "./contacts";
import { CONTACTS_MESSAGES } from "./messages";
import { dateFormat } from "../../lib/format";

const joinedFormat = dateFormat({ dateStyle: "medium" });

/** One person of the pregnancy: who they are, how to reach them, and how they answered invitations. */
export function ContactCard({ contact, onShowHistory }: { contact: Contact; onShowHistory: () => void }) {
  const nameId = useId();
  const name = contactName(contact);
  const invited = contact.status === "invited";
  const facts = [ROLE_LABELS[contact.role], labelOf(RELATIONSHIP_LABELS, contact.relationship), contact.privacyLevel ? `Sees: ${labelOf(PRIVACY_LEVEL_LABELS, contact.privacyLevel)}` : null].filter(Boolean);
  const rsvps = rsvpSummaryText(contact.rsvpSummary);

  return (
    <article aria-labelledby={nameId} className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-sm sm:flex-row sm:items-start sm:p-5">
      <div className="flex min-w-0 flex-1 gap-3">
        <Avatar firstName={contact.firstName ?? ""} lastName={contact.lastName ?? ""} avatarUrl={contact.avatarUrl} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={nameId} className="font-semibold break-words">
              {name}
            </h3>
            <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">{contact.displayTitle}</span>
          </div>
          <p className="text-sm text-muted-foreground">{facts.join(" · ")}</p>
          {contact.email && (
            <a href={`mailto:${contact.email}`} className="w-fit text-sm font-medium wrap-anywhere text-link underline underline-offset-4 hover:no-underline">
              {contact.email}
            </a>
          )}
          {invited ? (
            <p className="w-fit rounded-full bg-lavender px-2.5 py-0.5 text-xs font-semibold">Invitation pending</p>
          ) : (
            contact.joinedAt && <p className="text-sm text-muted-foreground">Joined {joinedFormat.format(contact.joinedAt)}</p>
          )}
          <p className="text-sm">
            <span className="font-semibold">RSVPs: </span>
            {rsvps ?? CONTACTS_MESSAGES.noInvitations}
          </p>
        </div>
      </div>
      {!invited && (
        <Button size="sm" variant="secondary" className="self-start" onClick={onShowHistory} aria-label={`RSVP history for ${name}`}>
          RSVP history
        </Button>
      )}
    </article>
  );
}
