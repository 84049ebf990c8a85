import { useId, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import type { UserMode } from "../../domain/enums";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { buttonStyles } from "../../ui/buttonStyles";
import { LoadError } from "../../ui/LoadError";
import { TextField } from "../../ui/TextField";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { Skeleton } from "../../ui/Skeleton";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { ContactCard } from "./ContactCard";
import { contactsListOptions } from "./contactsReads";
import { groupContacts, type Contact, type ContactGroupKey } from "./contacts";
import { CONTACTS_MESSAGES } from "./messages";
import { RsvpHistoryDialog } from "./RsvpHistoryDialog";
import { PageHeader } from "../../ui/PageHeader";

interface Scope {
  pregnancyId: string;
  mode: UserMode;
}

/**
 * /contacts: everyone taking part in the pregnancy, grouped into parents, family and friends, and
 * open invitations, with their RSVP history. Parents' medical contacts are kept with the health
 * tools; a card points there. A guest with canViewContacts (AreaGuard) reads the list the server
 * gives her (domain/contacts.ts), with nothing to invite or change.
 */
export function ContactsPage() {
  useDocumentTitle("Contacts");
  const { pregnancyId, mode, access, isLoading } = usePregnancyContext();
  const isParent = mode === "parent" && (access?.isParent ?? false);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title="Contacts" description={isParent ? CONTACTS_MESSAGES.description : CONTACTS_MESSAGES.guestDescription} />
      {isLoading || !pregnancyId ? <ContactsSkeleton /> : <ContactsDirectory key={pregnancyId} scope={{ pregnancyId, mode }} />}
      {isParent && (
        <Card title={CONTACTS_MESSAGES.medicalTitle}>
          <p className="text-muted-foreground">{CONTACTS_MESSAGES.medicalSummary}</p>
          <Link to="/health/medical-contacts" className={clsx(buttonStyles({ variant: "secondary", size: "sm" }), "self-start")}>
            {CONTACTS_MESSAGES.medicalLink}
          </Link>
        </Card>
      )}
    </div>
  );
}

function ContactsDirectory({ scope }: { scope: Scope }) {
  const trpc = useTRPC();
  const contacts = useQuery(contactsListOptions(trpc, scope));
  const [query, setQuery] = useState("");
  const [historyOf, setHistoryOf] = useState<Contact | null>(null);

  if (contacts.isPending) return <ContactsSkeleton />;
  if (contacts.isError) return <LoadError title={CONTACTS_MESSAGES.loadFailed} onRetry={() => void contacts.refetch()} busy={contacts.isFetching} />;

  const searching = query.trim() !== "";
  const groups = groupContacts(contacts.data, query);
  const found = groups.reduce((total, group) => total + group.contacts.length, 0);
  const hasGuests = contacts.data.some((contact) => contact.role === "guest");
  // Without any guest the family group stays, empty, to point to Settings; otherwise empty groups are left out.
  const showGroup = (key: ContactGroupKey, size: number) => size > 0 || (key === "guests" && !hasGuests && !searching);

  return (
    <>
      <TextField type="search" label={CONTACTS_MESSAGES.searchLabel} hint={CONTACTS_MESSAGES.searchHint} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      <p role="status" className="sr-only">
        {searching ? `${found} ${found === 1 ? "contact" : "contacts"} found` : ""}
      </p>
      {searching && found === 0 && <EmptyState>No contacts match "{query.trim()}".</EmptyState>}
      {groups.map(
        (group) =>
          showGroup(group.key, group.contacts.length) && (
            <ContactGroup key={group.key} title={group.title}>
              {group.contacts.length === 0 ? (
                <EmptyState
                  action={
                    <Link to="/settings" hash="family" className={buttonStyles({ variant: "secondary", size: "sm" })}>
                      {CONTACTS_MESSAGES.inviteInSettings}
                    </Link>
                  }
                >
                  {CONTACTS_MESSAGES.noGuests}
                </EmptyState>
              ) : (
                <ul className="flex flex-col gap-3">
                  {group.contacts.map((contact) => (
                    <li key={contact.id}>
                      <ContactCard contact={contact} onShowHistory={() => setHistoryOf(contact)} />
                    </li>
                  ))}
                </ul>
              )}
            </ContactGroup>
          ),
      )}
      <RsvpHistoryDialog scope={scope} contact={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

function ContactGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The list's shape while it loads, with one polite status for screen readers. */
function ContactsSkeleton() {
  const row = (
    <div className="flex gap-3 rounded-card border border-border bg-surface p-4 sm:p-5">
      <Skeleton className="size-10 shrink-0 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Loading contacts...
      </span>
      <div aria-hidden="true" className="flex flex-col gap-3">
        {row}
        {row}
        {row}
      </div>
    </div>
  );
}
