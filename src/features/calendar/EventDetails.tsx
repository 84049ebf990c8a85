import type { ReactNode } from "react";
import { clsx } from "clsx";
import { EVENT_CATEGORY_LABELS, RSVP_LABELS, RSVP_SUMMARY_ORDER } from "../../domain/calendar";
import { buildIcalendar, icalFileName } from "../../domain/ical";
import { eventTimeText } from "../../domain/eventTimes";
import { browserTimeZone } from "../../lib/timeZone";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { downloadTextFile } from "../../lib/download";
import { Avatar } from "../../ui/Avatar";
import { DownloadIcon, MapPinIcon } from "../../ui/icons";
import { formatDateOnly } from "../../lib/format";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import { CATEGORY_STYLES } from "./categories";
import type { CalendarEvent } from "./useCalendar";

/**
 * 'Tue, Mar 3, 2026, 2:30 PM' (the family's clock, with the reader's beside it when it differs), or
 * the date alone for an all-day event.
 */
export function eventWhen(event: Pick<CalendarEvent, "date" | "time">, familyZone: string): string {
  if (!event.time) return `${formatDateOnly(event.date)}, all day`;
  return `${formatDateOnly(event.date)}, ${eventTimeText(event.date, event.time, familyZone, browserTimeZone() ?? familyZone)}`;
}

export function CategoryChip({ category, className }: { category: CalendarEvent["category"]; className?: string }) {
  const { chip, Icon } = CATEGORY_STYLES[category];
  return (
    <span className={clsx("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold", chip, className)}>
      <Icon className="size-4" />
      {EVENT_CATEGORY_LABELS[category]}
    </span>
  );
}

/** Saves the event as an .ics file the phone's or computer's calendar opens, at the moment it happens where the family is. */
function downloadEventFile(event: CalendarEvent, familyZone: string) {
  downloadTextFile(icalFileName(event.title), buildIcalendar(event.title, [event], familyZone), "text/calendar");
}

export function AddToCalendarButton({ event }: { event: CalendarEvent }) {
  const { timeZone } = useFamilyTime();
  return (
    <button type="button" onClick={() => downloadEventFile(event, timeZone)} className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-link hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
      <DownloadIcon className="size-4" />
      Add to my calendar (.ics)
    </button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-bold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Who was invited and how they answered; counts first, then each person. */
export function RsvpSummary({ event }: { event: CalendarEvent }) {
  if (event.invitees.length === 0) return <p className="text-muted-foreground">No one invited yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold">
        {RSVP_SUMMARY_ORDER.filter((status) => event.rsvpCounts[status] > 0)
          .map((status) => `${event.rsvpCounts[status]} ${RSVP_LABELS[status].toLowerCase()}`)
          .join(" · ")}
      </p>
      <ul aria-label="Invited" className="flex flex-col gap-2">
        {event.invitees.map((invitee) => (
          <li key={invitee.userId} className="flex items-center gap-3">
            <Avatar firstName={invitee.firstName} lastName={invitee.lastName} avatarUrl={invitee.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 truncate">
              {invitee.firstName} {invitee.lastName}
            </span>
            <span
              className={clsx(
                "rounded-full px-2.5 py-0.5 text-sm font-semibold",
                invitee.rsvpStatus === "attending" ? "bg-success-soft" : invitee.rsvpStatus === "declined" ? "bg-danger-soft" : "bg-muted",
              )}
            >
              {RSVP_LABELS[invitee.rsvpStatus]}
            </span>
          </li>
        ))}
      </ul>
      {event.guestCount > 0 && <p className="text-sm text-muted-foreground">Expected guests: {event.guestCount}</p>}
    </div>
  );
}

/** An event's details as everyone who may see it reads them. */
export function EventDetails({ event, showPrivacy }: { event: CalendarEvent; showPrivacy: boolean }) {
  const { timeZone } = useFamilyTime();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryChip category={event.category} />
        {event.weekNumber !== null && <span className="text-sm text-muted-foreground">Week {event.weekNumber}</span>}
        {event.isArchived && <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-semibold">Archived</span>}
      </div>
      <p className="text-lg font-semibold">{eventWhen(event, timeZone)}</p>
      {event.location && (
        <p className="flex items-start gap-2">
          <MapPinIcon className="mt-0.5 size-5 text-muted-foreground" />
          <span className="break-words">{event.location}</span>
        </p>
      )}
      {showPrivacy && <p className="text-sm text-muted-foreground">Who can see it: {ITEM_PRIVACY_LEVEL_LABELS[event.privacyLevel]}</p>}
      {event.notes && (
        <Section title="Notes">
          <p className="break-words whitespace-pre-line">{event.notes}</p>
        </Section>
      )}
      {event.questions && (
        <Section title="Questions for the provider">
          <p className="break-words whitespace-pre-line">{event.questions}</p>
        </Section>
      )}
      <Section title="RSVPs">
        <RsvpSummary event={event} />
      </Section>
    </div>
  );
}
