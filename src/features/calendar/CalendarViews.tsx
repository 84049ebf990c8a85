import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { clsx } from "clsx";
import { monthGridDays, monthGridKeyTarget, weekDays } from "../../domain/calendar";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { PlusIcon } from "../../ui/icons";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { CATEGORY_STYLES } from "./categories";
import { CategoryChip } from "./EventDetails";
import type { CalendarEvent } from "./useCalendar";

/** Ours: a month cell lists this many events, then '+N more'. */
const MONTH_CELL_EVENTS = 3;

const monthTitleFormat = dateFormat({ month: "long", year: "numeric", timeZone: "UTC" });
const weekdayFormat = dateFormat({ weekday: "short", timeZone: "UTC" });
const longWeekdayFormat = dateFormat({ weekday: "long", timeZone: "UTC" });
const longDayFormat = dateFormat({ weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const dayNumber = (date: string) => Number(date.slice(8, 10));

export interface ViewProps {
  anchor: string;
  today: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  /** Adds an event on the day; absent when the viewer may not add events. */
  onAddOn?: ((date: string) => void) | undefined;
}

function eventsByDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) days.set(event.date, [...(days.get(event.date) ?? []), event]);
  return days;
}

/** `inGrid`: a chip in a month cell is for the mouse; the keyboard reaches the event through the selected day's list. */
function EventChip({ event, onOpen, compact = false, inGrid = false }: { event: CalendarEvent; onOpen: (event: CalendarEvent) => void; compact?: boolean; inGrid?: boolean }) {
  const { chip, Icon } = CATEGORY_STYLES[event.category];
  const { eventTime, clock } = useFamilyTime();
  // The chip shows the family's clock; its name also says the reader's own when that differs.
  const time = event.time ? clock(event.date, event.time) : null;
  const accessibleName = `${event.title}, ${event.time ? eventTime(event.date, event.time) : "All day"}${event.isArchived ? ", archived" : ""}`;
  return (
    <button
      type="button"
      tabIndex={inGrid ? -1 : undefined}
      onClick={(click) => {
        // Opening an event in a month cell does not also select (or unselect) its day.
        click.stopPropagation();
        onOpen(event);
      }}
      aria-label={accessibleName}
      className={clsx("flex w-full min-w-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-left text-xs font-semibold focus-visible:outline-2 focus-visible:outline-ring", chip, event.isArchived && "line-through opacity-70")}
    >
      <Icon className="size-3.5" />
      {!compact && time && <span className="shrink-0">{time}</span>}
      <span className="truncate">{event.title}</span>
    </button>
  );
}

/** 'March 2026': the month grid's name and the page's heading in the month view. */
export const monthTitle = (date: string) => monthTitleFormat.format(utc(date));

/**
 * Month grid, Monday first, on the WAI-ARIA grid pattern: one tab stop (the focused day, roving
 * tabindex), arrows move by a day or a week, Home/End to the week's ends, Page Up/Down by a month
 * (a day in another month shows that month), Enter or Space selects the day, as a click does. The
 * selected day's events are listed below the grid, where they are tab stops; the chips in the cells
 * are for the mouse. On phones a cell shows coloured dots; from 640 px the event titles.
 */
export function MonthView({ anchor, today, events, onOpen, onAddOn, selectedDay, onSelectDay, onShowMonth }: ViewProps & { selectedDay: string | null; onSelectDay: (date: string) => void; onShowMonth: (date: string) => void }) {
  const weeks = monthGridDays(anchor);
  const month = anchor.slice(0, 7);
  const byDay = eventsByDay(events);
  const selectedEvents = selectedDay ? (byDay.get(selectedDay) ?? []) : [];
  const dayList = useRef<HTMLElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const [moved, setMoved] = useState<string | null>(null);
  // The grid's one tab stop: the day the keys last reached, else the selected day, in the month shown.
  const focusDay = [moved, selectedDay].find((day) => day?.startsWith(month)) ?? anchor;
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    // The chosen day's events are listed under the grid, below the fold on a phone: bring them into view.
    if (selectedDay) dayList.current?.scrollIntoView({ block: "nearest" });
  }, [selectedDay]);
  useEffect(() => {
    // A key moved the focus: follow it once its day is on screen (a day in another month shows that month first).
    const target = pendingFocus.current;
    if (!target?.startsWith(month)) return;
    pendingFocus.current = null;
    grid.current?.querySelector<HTMLElement>(`[data-date="${target}"]`)?.focus();
  }, [focusDay, month]);

  function onKey(event: KeyboardEvent<HTMLTableCellElement>, day: string) {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelectDay(day);
      return;
    }
    const target = monthGridKeyTarget(day, event.key);
    if (!target) return;
    event.preventDefault();
    if (target === day) return;
    pendingFocus.current = target;
    setMoved(target);
    if (!target.startsWith(month)) onShowMonth(target);
  }

  return (
    <div className="flex flex-col gap-4">
      <table ref={grid} role="grid" aria-label={monthTitle(anchor)} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {(weeks[0] ?? []).map((day) => (
              <th key={day} scope="col" className="pb-2 text-center text-xs font-semibold text-muted-foreground uppercase">
                <abbr title={longWeekdayFormat.format(utc(day))} className="no-underline">
                  {weekdayFormat.format(utc(day))}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const dayEvents = byDay.get(day) ?? [];
                const inMonth = day.startsWith(month);
                const isToday = day === today;
                const selected = selectedDay === day;
                return (
                  <td
                    key={day}
                    role="gridcell"
                    data-date={day}
                    tabIndex={day === focusDay ? 0 : -1}
                    aria-selected={selected}
                    aria-current={isToday ? "date" : undefined}
                    onClick={() => {
                      setMoved(day);
                      onSelectDay(day);
                    }}
                    onKeyDown={(event) => onKey(event, day)}
                    className={clsx(
                      "h-14 cursor-pointer border border-border p-0.5 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:h-28 sm:p-1",
                      !inMonth && "bg-muted/50",
                    )}
                  >
                    <div className="flex h-full flex-col gap-0.5">
                      {/* The cell's name (from its content: an aria-label would differ from the titles shown). */}
                      <span className="sr-only">{`${longDayFormat.format(utc(day))}, ${dayEvents.length === 0 ? "no events" : `${dayEvents.length} ${dayEvents.length === 1 ? "event" : "events"}`}`}</span>
                      <span
                        aria-hidden="true"
                        className={clsx(
                          "inline-flex size-8 items-center justify-center self-start rounded-full text-sm",
                          isToday ? "bg-primary font-bold text-primary-foreground" : inMonth ? "font-semibold" : "text-muted-foreground",
                          selected && !isToday && "ring-2 ring-primary",
                        )}
                      >
                        {dayNumber(day)}
                      </span>
                      {/* Phones: one dot per event (up to the cell's limit), the titles are listed below on tap. */}
                      <span aria-hidden="true" className="flex flex-wrap gap-0.5 px-1 sm:hidden">
                        {dayEvents.slice(0, MONTH_CELL_EVENTS).map((event) => (
                          <span key={event.id} className={clsx("size-2 rounded-full", CATEGORY_STYLES[event.category].dot)} />
                        ))}
                      </span>
                      {/* For the mouse: the cell's name counts the events; the keyboard and screen readers reach them in the day's list. */}
                      <ul aria-hidden="true" className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                        {dayEvents.slice(0, MONTH_CELL_EVENTS).map((event) => (
                          <li key={event.id} className="min-w-0">
                            <EventChip event={event} onOpen={onOpen} compact inGrid />
                          </li>
                        ))}
                        {dayEvents.length > MONTH_CELL_EVENTS && <li className="px-1.5 text-xs font-semibold text-link">+{dayEvents.length - MONTH_CELL_EVENTS} more</li>}
                      </ul>
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {selectedDay && (
        <section ref={dayList} aria-labelledby="selected-day" className="flex scroll-mt-20 scroll-mb-24 flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h2 id="selected-day" className="text-lg font-bold">
              {longDayFormat.format(utc(selectedDay))}
            </h2>
            {onAddOn && (
              <button type="button" onClick={() => onAddOn(selectedDay)} className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-link hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                <PlusIcon className="size-4" />
                Add on this day
              </button>
            )}
          </div>
          {selectedEvents.length === 0 ? <p className="text-muted-foreground">Nothing planned on this day.</p> : <EventList events={selectedEvents} onOpen={onOpen} />}
        </section>
      )}
    </div>
  );
}

/** A list of event cards: the agenda's days and the selected day of the month view. */
function EventList({ events, onOpen }: { events: CalendarEvent[]; onOpen: (event: CalendarEvent) => void }) {
  const { eventTime } = useFamilyTime();
  return (
    <ul className="flex flex-col gap-2">
      {events.map((event) => (
        <li key={event.id}>
          <button
            type="button"
            onClick={() => onOpen(event)}
            className={clsx("flex w-full flex-col gap-1 rounded-xl border border-l-4 border-border bg-surface px-4 py-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring", CATEGORY_STYLES[event.category].accent)}
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold break-words">{event.title}</span>
              <CategoryChip category={event.category} className="text-xs" />
              {event.isArchived && <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">Archived</span>}
            </span>
            <span className="text-sm text-muted-foreground">
              {event.time ? eventTime(event.date, event.time) : "All day"}
              {event.location && ` · ${event.location}`}
              {event.invitees.length > 0 && ` · ${event.rsvpCounts.attending} attending`}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Seven day columns from 1024 px; stacked days below. */
export function WeekView({ anchor, today, events, onOpen, onAddOn }: ViewProps) {
  const byDay = eventsByDay(events);
  return (
    <ol className="grid gap-2 lg:grid-cols-7">
      {weekDays(anchor).map((day) => {
        const dayEvents = byDay.get(day) ?? [];
        return (
          <li key={day} className={clsx("flex min-h-24 flex-col gap-2 rounded-xl border border-border p-2 lg:min-h-64", day === today && "border-primary bg-primary-soft/40")}>
            <div className="flex items-center justify-between gap-1">
              <h2 className="text-sm font-bold">
                {weekdayFormat.format(utc(day))} {dayNumber(day)}
                {day === today && <span className="sr-only"> (today)</span>}
              </h2>
              {onAddOn && (
                <button type="button" onClick={() => onAddOn(day)} aria-label={`Add an event on ${longDayFormat.format(utc(day))}`} className="inline-flex size-9 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                  <PlusIcon className="size-4" />
                </button>
              )}
            </div>
            {dayEvents.length === 0 ? (
              <p className="text-xs text-muted-foreground">No events</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {dayEvents.map((event) => (
                  <li key={event.id}>
                    <EventChip event={event} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Upcoming days with events, in order; days without events are left out. */
export function AgendaView({ events, onOpen, today }: ViewProps) {
  const byDay = [...eventsByDay(events).entries()];
  if (byDay.length === 0) return <p className="rounded-xl bg-muted px-4 py-6 text-center text-muted-foreground">Nothing planned in these months.</p>;
  return (
    <ol className="flex flex-col gap-5">
      {byDay.map(([day, dayEvents]) => (
        <li key={day} className="flex flex-col gap-2">
          <h2 className="text-base font-bold">
            {formatDateOnly(day)}
            {day === today && " (today)"}
          </h2>
          <EventList events={dayEvents} onOpen={onOpen} />
        </li>
      ))}
    </ol>
  );
}
