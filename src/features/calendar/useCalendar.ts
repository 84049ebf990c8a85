/**
 * The calendar's data: events of the range on screen, cached per core spec 9, reloaded live when
 * anyone changes an event or answers an invitation, and the writes, which show at once and roll
 * back with the spec's toasts (core spec 4 and 8) if the server refuses.
 */
import { useEffect } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { mayOpenArea } from "../../domain/areaAccess";
import { CALENDAR_TOASTS, countRsvps, viewRange, type RsvpAnswer } from "../../domain/calendar";
import type { UserMode } from "../../domain/enums";
import { parseEventTime } from "../../domain/time";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import { appCodeOf, httpStatusOf } from "../../lib/query-client";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import type { ScreenReads } from "../../lib/screenReads";
import { useTRPC, type AppTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { todayIso } from "../../domain/dates";
import { validateCalendarSearch } from "./search";
import { toast } from "../../ui/toast";
import { MS_PER_MINUTE, MS_PER_SECOND } from "../../domain/units";

export const CALENDAR_CACHE_TTL_MS = 5 * MS_PER_MINUTE;

/** Oldest entries are removed beyond this. */
export const CALENDAR_CACHE_MAX_ENTRIES = 50;

export const CALENDAR_FETCH_DEBOUNCE_MS = 300;

/** Created, updated and deleted events are shown optimistically this long. */
export const CALENDAR_OPTIMISTIC_MS = 5 * MS_PER_SECOND;

export interface CalendarScope {
  pregnancyId: string;
  mode: UserMode;
}
export type CalendarEvent = RouterOutputs["calendar"]["list"][number];
export type NewEventInput = Omit<RouterInputs["calendar"]["create"], "pregnancyId" | "mode">;
export type EventChanges = Omit<RouterInputs["calendar"]["update"], "pregnancyId" | "mode">;

/** These calls say what failed themselves; the app-wide refusal toast would only be replaced. */
const quiet = { isolationToast: false } as const;
const failed = (title: string, description?: string) => toast({ title, variant: "error", ...(description ? { description } : {}) });

/** 'Permission Denied' when the server refused the right (core spec 6), else the action's own failure text. */
function failureToast(error: unknown, fallback: string) {
  if (httpStatusOf(error) === 403) return failed(CALENDAR_TOASTS.permissionDenied);
  // A validation refusal carries the reason (e.g. the time's message): worth showing under the spec's text.
  return failed(fallback, appCodeOf(error) === "VALIDATION_FAILED" && error instanceof Error ? error.message : undefined);
}

/**
 * Core spec 9, calendar cache: the 5-minute lifetime is the queries' staleTime and gcTime (below);
 * at most 50 range entries are kept, the oldest removed first (this subscriber).
 */
function useCalendarCacheLimit() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    return cache.subscribe((event) => {
      if (event.type !== "added") return;
      const entries = cache.findAll(trpc.calendar.list.pathFilter()).filter((query) => query.getObserversCount() === 0);
      const excess = cache.findAll(trpc.calendar.list.pathFilter()).length - CALENDAR_CACHE_MAX_ENTRIES;
      if (excess <= 0) return;
      entries.sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
      for (const query of entries.slice(0, excess)) cache.remove(query);
    });
  }, [queryClient, trpc]);
}

function calendarEventsOptions(trpc: AppTRPC, scope: CalendarScope, { from, to }: { from: string; to: string }, includeArchived: boolean) {
  return trpc.calendar.list.queryOptions({ ...scope, from, to, ...(includeArchived ? { includeArchived } : {}) }, { meta: quiet, staleTime: CALENDAR_CACHE_TTL_MS, gcTime: CALENDAR_CACHE_TTL_MS });
}

/** What /calendar reads first (parent mode only, as its guard allows): the events of the view and day in the address, archived ones hidden. */
export const calendarReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, mode, permissions }, search) => {
  // A guest's flags are known here once the shell has read them; without them the screen asks itself.
  if (!pregnancy || !permissions || !mayOpenArea("calendar", mode, permissions)) return;
  const { view = "month", date = todayIso() } = validateCalendarSearch(search);
  void queryClient.prefetchQuery(calendarEventsOptions(trpc, pregnancy, viewRange(view, date), false));
};

/** The events between `from` and `to` (archived ones too when asked); the range is asked for once it has stood still 300 ms (core spec 9). */
export function useCalendarEvents(scope: CalendarScope, range: { from: string; to: string }, includeArchived = false) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rangeKey = useDebouncedValue(`${range.from}/${range.to}`, CALENDAR_FETCH_DEBOUNCE_MS);
  const [from = range.from, to = range.to] = rangeKey.split("/");
  useCalendarCacheLimit();
  const events = useQuery({
    ...calendarEventsOptions(trpc, scope, { from, to }, includeArchived),
    // The previous range stays on screen while the next one loads, instead of an empty grid.
    placeholderData: keepPreviousData,
  });
  usePregnancyFeed(scope.pregnancyId, "calendar", () => void queryClient.invalidateQueries(trpc.calendar.pathFilter()));
  const failedAt = events.isError ? events.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) failed(CALENDAR_TOASTS.loadFailed);
  }, [failedAt]);
  return events;
}

/** One event (the event page and the details of an invitation), reloaded live like the lists. */
export function useCalendarEvent(scope: CalendarScope, eventId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  usePregnancyFeed(scope.pregnancyId, "calendar", () => void queryClient.invalidateQueries(trpc.calendar.pathFilter()));
  return useQuery(trpc.calendar.get.queryOptions({ ...scope, eventId }, { meta: quiet, retry: (count, error) => httpStatusOf(error) !== 404 && count < 2 }));
}

const byDateAndTime = (a: CalendarEvent, b: CalendarEvent) => a.date.localeCompare(b.date) || (a.time ?? "").localeCompare(b.time ?? "");

/** What the calendar shows for a new event until the server's copy arrives. */
function draftEvent(pregnancyId: string, input: NewEventInput): CalendarEvent {
  const now = new Date();
  const time = input.time ? parseEventTime(input.time) : null;
  return {
    id: input.id,
    pregnancyId,
    title: input.title,
    notes: input.notes ?? null,
    questions: input.questions ?? null,
    location: input.location ?? null,
    date: input.date,
    time: time?.ok ? time.value : null,
    category: input.category,
    weekNumber: input.weekNumber ?? null,
    privacyLevel: input.privacyLevel ?? "parents-only",
    isArchived: false,
    autoDate: false,
    milestoneKey: null,
    guestCount: 0,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    invitees: [],
    rsvpCounts: countRsvps([]),
    myRsvp: null,
  };
}

/**
 * Writes shown at once (core spec 4: optimistic for 5 s). The change is applied to every cached
 * range; if the server has not answered after 5 s the cache is reloaded from the server, and a
 * refusal restores what was there before, with the spec's toast.
 */
export function useCalendarWrites(scope: CalendarScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lists = trpc.calendar.list.pathFilter();
  const reload = () => queryClient.invalidateQueries(trpc.calendar.pathFilter());

  interface Optimistic {
    snapshot: Array<[QueryKey, CalendarEvent[] | undefined]>;
    timer: ReturnType<typeof setTimeout>;
  }
  /** The handlers every optimistic write shares: apply `change`, roll back with `failure`'s toast, reload when settled. */
  function optimistic<Input>(change: (input: Input) => (events: CalendarEvent[]) => CalendarEvent[], failure: string) {
    return {
      meta: quiet,
      onMutate: async (input: Input): Promise<Optimistic> => {
        await queryClient.cancelQueries(lists);
        const snapshot = queryClient.getQueriesData<CalendarEvent[]>(lists);
        queryClient.setQueriesData<CalendarEvent[]>(lists, (events) => events && change(input)(events));
        const timer = setTimeout(() => void reload(), CALENDAR_OPTIMISTIC_MS);
        return { snapshot, timer };
      },
      onError: (error: unknown, _input: Input, context: Optimistic | undefined) => {
        for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
        failureToast(error, failure);
      },
      onSettled: (_data: unknown, _error: unknown, _input: Input, context: Optimistic | undefined) => {
        clearTimeout(context?.timer);
        return reload();
      },
    };
  }

  const create = useMutation(
    trpc.calendar.create.mutationOptions(
      optimistic((input: RouterInputs["calendar"]["create"]) => (events) => [...events.filter((e) => e.id !== input.id), draftEvent(scope.pregnancyId, input)].sort(byDateAndTime), CALENDAR_TOASTS.createFailed),
    ),
  );

  const update = useMutation(
    trpc.calendar.update.mutationOptions(
      optimistic(
        ({ eventId, time, pregnancyId: _pregnancyId, mode: _mode, ...changes }: RouterInputs["calendar"]["update"]) =>
          (events) =>
            events
              .map((event) => {
                if (event.id !== eventId) return event;
                const parsed = time === undefined ? undefined : time ? parseEventTime(time) : null;
                const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
                return { ...event, ...defined, ...(parsed === undefined ? {} : { time: parsed?.ok ? parsed.value : null }) };
              })
              .filter((event) => !(event.id === eventId && changes.isArchived))
              .sort(byDateAndTime),
        CALENDAR_TOASTS.updateFailed,
      ),
    ),
  );

  const remove = useMutation(
    trpc.calendar.delete.mutationOptions(optimistic(({ eventId }: RouterInputs["calendar"]["delete"]) => (events) => events.filter((event) => event.id !== eventId), CALENDAR_TOASTS.deleteFailed)),
  );

  const invite = useMutation(
    trpc.calendar.invite.mutationOptions({
      meta: quiet,
      onError: (error) => failureToast(error, CALENDAR_TOASTS.inviteFailed),
      onSettled: reload,
    }),
  );

  const uninvite = useMutation(
    trpc.calendar.uninvite.mutationOptions({
      meta: quiet,
      onError: (error) => failureToast(error, CALENDAR_TOASTS.inviteFailed),
      onSettled: reload,
    }),
  );

  return {
    create: (input: NewEventInput) => create.mutateAsync({ ...scope, ...input }),
    update: (input: EventChanges) => update.mutateAsync({ ...scope, ...input }),
    remove: (eventId: string) => remove.mutateAsync({ ...scope, eventId }),
    invite: (eventId: string, participantIds: string[]) => invite.mutateAsync({ ...scope, eventId, participantIds }),
    uninvite: (eventId: string, userId: string) => uninvite.mutateAsync({ ...scope, eventId, userId }),
    isSaving: create.isPending || update.isPending,
  };
}

/** The signed-in invitee's answer, from the event page, the calendar or the dashboard. */
export function useRsvp(scope: CalendarScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rsvp = useMutation(
    trpc.calendar.rsvp.mutationOptions({
      meta: quiet,
      onError: () => failed(CALENDAR_TOASTS.rsvpFailed),
      onSettled: () => Promise.all([queryClient.invalidateQueries(trpc.calendar.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]),
    }),
  );
  return { answer: (eventId: string, status: RsvpAnswer) => rsvp.mutateAsync({ ...scope, eventId, status }), pending: rsvp.isPending ? rsvp.variables : undefined };
}
