import { useState } from "react";
import { Link, useNavigate, useRouteContext, useSearch } from "@tanstack/react-router";
import { clsx } from "clsx";
import { CALENDAR_TOASTS, CALENDAR_VIEWS, EVENT_SAVED_TOASTS, type CalendarView, stepView, viewRange, weekDays } from "../../domain/calendar";
import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Switch } from "../../ui/fields";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { AgendaView, MonthView, monthTitle, WeekView } from "./CalendarViews";
import { EventDialog } from "./EventDialog";
import { EventFormDialog } from "./EventFormDialog";
import { SuggestedMilestonesDialog } from "./SuggestedMilestonesDialog";
import { milestonesSuggested } from "../../domain/milestones";
import { useCalendarEvents, useCalendarWrites, type CalendarEvent, type CalendarScope, type NewEventInput } from "./useCalendar";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";

const VIEW_LABELS: Readonly<Record<CalendarView, string>> = { month: "Month", week: "Week", agenda: "Agenda" };
const shortDay = dateFormat({ month: "short", day: "numeric", timeZone: "UTC" });
const shortDayOfYear = dateFormat({ month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

function periodTitle(view: CalendarView, anchor: string): string {
  if (view === "month") return monthTitle(anchor);
  const { from, to } = view === "week" ? { from: weekDays(anchor)[0] ?? anchor, to: weekDays(anchor).at(-1) ?? anchor } : viewRange(view, anchor);
  return `${shortDay.format(utc(from))} – ${shortDayOfYear.format(utc(to))}`;
}

const PREVIOUS_LABELS: Readonly<Record<CalendarView, [string, string]>> = {
  month: ["Previous month", "Next month"],
  week: ["Previous week", "Next week"],
  agenda: ["Earlier", "Later"],
};

/**
 * /calendar: month, week and agenda views of the pregnancy's events, with the open view, day and
 * event kept in the address so a link or Back returns there. Parents see every event; a guest
 * (AreaGuard: canViewCalendarEvents) the events the server lets her see, answering her
 * invitations, and with canEditCalendar adds events (the parents' own fields stay theirs).
 */
export function CalendarPage() {
  useDocumentTitle("Calendar");
  const { pregnancyId, pregnancy, mode, access, isLoading } = usePregnancyContext();
  const readOnly = usePregnancyReadOnly();
  if (isLoading) return <Spinner label="Loading calendar" className="p-6" />;
  if (!pregnancyId)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Alert variant="info">{CALENDAR_TOASTS.noActivePregnancy}</Alert>
      </div>
    );
  const isParent = mode === "parent" && (access?.isParent ?? false);
  // After the service end no event can be added or changed (the page says why in one line).
  return (
    <Calendar
      scope={{ pregnancyId, mode }}
      canEdit={!readOnly && (access?.permissions.canEditCalendar ?? false)}
      isParent={isParent}
      // Once a baby is here, pregnancy milestones are not offered any more.
      suggestsMilestones={milestonesSuggested(pregnancy?.babies ?? [])}
    />
  );
}

function Calendar({ scope, canEdit, isParent, suggestsMilestones }: { scope: CalendarScope; canEdit: boolean; isParent: boolean; suggestsMilestones: boolean }) {
  const { session } = useRouteContext({ from: "/_authenticated" });
  const search = useSearch({ from: "/_authenticated/calendar" });
  const navigate = useNavigate({ from: "/calendar" });
  const { today } = useFamilyTime();
  const view = search.view ?? "month";
  const anchor = search.date ?? today;
  // A link to a day (?date=, as the event page's) opens that day's list, not just its month.
  const [selectedDay, setSelectedDay] = useState<string | null>(search.date ?? null);
  const [form, setForm] = useState<{ event?: CalendarEvent; date: string } | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const events = useCalendarEvents(scope, viewRange(view, anchor), showArchived);
  const writes = useCalendarWrites(scope);

  // The page stays where it is scrolled: a chosen day scrolls to its events itself.
  const go = (changes: { view?: CalendarView; date?: string; event?: string | undefined }) => void navigate({ search: (previous) => ({ ...previous, ...changes }), resetScroll: false });
  const openEvent = (event: CalendarEvent) => go({ event: event.id });
  const addOn = canEdit ? (date: string) => setForm({ date }) : undefined;
  const list = events.data ?? [];
  const openedEvent = search.event ? list.find((event) => event.id === search.event) : undefined;

  function save(values: Omit<NewEventInput, "id">) {
    const editing = form?.event;
    setForm(null);
    // The calendar moves to the event's day and shows the change at once; a refusal rolls it back
    // with the spec's toast, the server's yes says what was saved.
    setSelectedDay(values.date);
    go({ date: values.date });
    const saved = editing ? writes.update({ eventId: editing.id, ...values }) : writes.create({ id: crypto.randomUUID(), ...values });
    void saved.then(
      () => toast({ title: editing ? EVENT_SAVED_TOASTS.updated : EVENT_SAVED_TOASTS.created, description: `${values.title.trim()}, ${formatDateOnly(values.date)}`, variant: "success" }),
      () => undefined,
    );
  }

  const [previousLabel, nextLabel] = PREVIOUS_LABELS[view];
  let body;
  if (events.isPending) body = <Spinner label="Loading events" className="p-6" />;
  else if (events.isError && !events.data)
    body = (
      <LoadError title={CALENDAR_TOASTS.loadFailed} onRetry={() => void events.refetch()} busy={events.isFetching}>
        Your events could not be loaded.
      </LoadError>
    );
  else {
    const props = { anchor, today, events: list, onOpen: openEvent, onAddOn: addOn };
    body =
      view === "month" ? (
        <MonthView
          {...props}
          selectedDay={selectedDay}
          onSelectDay={(day) => {
            // Choosing a day selects it (a ?date= link may have already); it anchors the other views too, so Week shows its week.
            setSelectedDay(day);
            go({ date: day });
          }}
          onShowMonth={(day) => go({ date: day })}
        />
      ) : view === "week" ? (
        <WeekView {...props} />
      ) : (
        <AgendaView {...props} />
      );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Calendar</h1>
          <p className="mt-1 text-muted-foreground">Appointments, milestones and celebrations, with invitations and RSVPs.</p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            {suggestsMilestones && (
              <Button variant="secondary" onClick={() => setSuggesting(true)}>
                Suggested milestones
              </Button>
            )}
            <Button onClick={() => setForm({ date: selectedDay ?? (anchor < today ? today : anchor) })}>
              <PlusIcon className="size-5" />
              Add event
            </Button>
          </div>
        )}
      </div>
      <ReadOnlyLine />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-full bg-muted p-1">
          {CALENDAR_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => go({ view: option })}
              className={clsx("min-h-10 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring", view === option ? "bg-surface shadow-sm" : "text-muted-foreground hover:text-foreground")}
            >
              {VIEW_LABELS[option]}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <button type="button" aria-label={previousLabel} onClick={() => go({ date: stepView(view, anchor, -1) })} className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
            <ChevronLeftIcon />
          </button>
          <Button variant="secondary" size="sm" onClick={() => go({ date: today })}>
            Today
          </Button>
          <button type="button" aria-label={nextLabel} onClick={() => go({ date: stepView(view, anchor, 1) })} className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <h2 aria-live="polite" className="text-xl font-bold">
        {periodTitle(view, anchor)}
        {events.isFetching && !events.isPending && <Spinner label="Updating" className="ml-2 inline-flex align-middle" />}
      </h2>

      {body}

      {isParent && <Switch label="Show archived events" hint="Archived events are hidden from everyone; show them here to restore one." checked={showArchived} onCheckedChange={setShowArchived} className="max-w-md" />}
      <p className="text-sm text-muted-foreground">
        Want these events on your phone? <Link to="/settings" hash="calendar-subscription" className="font-semibold text-link underline">Subscribe in your calendar app</Link>.
      </p>

      {canEdit && suggestsMilestones && <SuggestedMilestonesDialog pregnancyId={scope.pregnancyId} open={suggesting} onOpenChange={setSuggesting} />}
      <EventFormDialog open={form !== null} onClose={() => setForm(null)} event={form?.event} defaultDate={form?.date ?? today} parentFields={isParent} onSubmit={save} />
      {search.event && (
        <EventDialog
          scope={scope}
          eventId={search.event}
          event={openedEvent}
          canEdit={canEdit}
          isParent={isParent}
          selfUserId={session.user.id}
          writes={writes}
          onClose={() => go({ event: undefined })}
          onEdit={(event) => {
            go({ event: undefined });
            setForm({ event, date: event.date });
          }}
        />
      )}
    </div>
  );
}
