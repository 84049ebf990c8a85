/**
 * The parents' health trackers (issue 9): the vitamin checklist's streak, kick-counting sessions
 * and the contraction timer's durations, intervals, averages and 5-1-1 rule. Times are epoch
 * milliseconds; days are the person's local 'YYYY-MM-DD'. The record schemas check what a device
 * sends to the server and what it keeps in its own storage, so both read records the same way.
 */
import { z } from "zod";
import { addDays, todayIso } from "./dates";
import { MINUTES_PER_HOUR, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND, SECONDS_PER_MINUTE } from "./units";

/** Kick counting times how long 10 movements take; fewer than 10 in 2 hours is worth a call (common prenatal guidance). */
export const KICK_TARGET_MOVEMENTS = 10;

export const KICK_TARGET_WINDOW_MS = 2 * MS_PER_HOUR;

/** Ours: the most movements and the longest session one record may hold. */
export const KICK_SESSION_MAX_MOVEMENTS = 500;

export const KICK_SESSION_MAX_MS = 12 * MS_PER_HOUR;

/** The 5-1-1 rule: contractions about 5 minutes apart or less, lasting 1 minute or more, for at least 1 hour. */
export const FIVE_ONE_ONE_MAX_INTERVAL_MS = 5 * MS_PER_MINUTE;

export const FIVE_ONE_ONE_MIN_DURATION_MS = MS_PER_MINUTE;

export const FIVE_ONE_ONE_MIN_SPAN_MS = MS_PER_HOUR;

/** Ours: "about": a tap a few seconds early or late does not break the pattern. */
export const FIVE_ONE_ONE_TOLERANCE_MS = 10 * MS_PER_SECOND;

/** Averages cover the last hour, and the 5-1-1 flag stays up while the latest contraction started within it. */
export const CONTRACTION_RECENT_WINDOW_MS = MS_PER_HOUR;

/** Ours: a contraction more than an hour after the previous one starts a new session (and has no interval). */
export const CONTRACTION_SESSION_GAP_MS = MS_PER_HOUR;

/** Ours: the longest contraction one record may hold (a forgotten Stop). */
export const CONTRACTION_MAX_MS = MS_PER_HOUR;

/** Ours: records sent in one sync call. */
export const HEALTH_SYNC_BATCH_MAX = 100;

/** Ours: how far ahead of the server's clock a phone's may run before its times are refused. */
export const CLIENT_CLOCK_SKEW_MAX_MS = MS_PER_DAY;

/** Ours: the running timers redraw once a second. */
export const HEALTH_TIMER_TICK_MS = MS_PER_SECOND;

/** Ours: a supplement's name, dose and time of day. */
export const SUPPLEMENT_TEXT_MAX_LENGTH = 100;

/** Ours: the supplements one person keeps on the checklist. */
export const SUPPLEMENTS_MAX = 30;

const CLOCK_PART_DIGITS = 2;
/** CSV minutes keep one decimal. */
const TENTHS = 10;

/** Texts of the trackers (the spec has none for them). */
export const HEALTH_MESSAGES = {
  fiveOneOneTitle: "Time to call your provider",
  fiveOneOne:
    "Your contractions have been about 5 minutes apart or less, each lasting 1 minute or more, for at least 1 hour (the 5-1-1 pattern). Call your provider or the hospital now and tell them your timings.",
  callAnyway: "Call at once, whatever the timing, if your waters break, you are bleeding, or your baby moves less than usual.",
  fewMovementsTitle: `Fewer than ${KICK_TARGET_MOVEMENTS} movements in ${KICK_TARGET_WINDOW_MS / MS_PER_HOUR} hours`,
  fewMovements: "If your baby is moving less than usual, call your provider or maternity unit now. Do not wait until the next day.",
  savedOnDevice: "Saved on this device, will sync",
  syncing: "Syncing...",
  synced: "All saved",
  syncFailed: "Could not sync yet. Your records are safe on this device and will be sent again.",
  loadFailed: "Failed to load your health records",
  saveFailed: "Failed to save. Please try again.",
  removeFailed: "Failed to remove. Please try again.",
} as const;

// ---------------------------------------------------------------------------------------------
// Durations

const pad = (value: number) => String(value).padStart(CLOCK_PART_DIGITS, "0");

/** A stopwatch reading: '0:45', '12:05', '1:02:03'. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / MS_PER_SECOND));
  const hours = Math.floor(totalSeconds / (SECONDS_PER_MINUTE * MINUTES_PER_HOUR));
  const minutes = Math.floor(totalSeconds / SECONDS_PER_MINUTE) % MINUTES_PER_HOUR;
  const seconds = totalSeconds % SECONDS_PER_MINUTE;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** A span in words for summaries: '45 sec', '12 min', '1 hr 5 min' (seconds only under a minute). */
export function formatSpan(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / MS_PER_SECOND));
  if (totalSeconds < SECONDS_PER_MINUTE) return `${totalSeconds} sec`;
  const totalMinutes = Math.round(ms / MS_PER_MINUTE);
  const hours = Math.floor(totalMinutes / MINUTES_PER_HOUR);
  const minutes = totalMinutes % MINUTES_PER_HOUR;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} hr` : `${hours} hr ${minutes} min`;
}

/** The person's local day of an instant (where the code runs: the browser's time zone). */
export const localDay = (ms: number): string => todayIso(new Date(ms));

const average = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);

// ---------------------------------------------------------------------------------------------
// Records as devices send and keep them

const epochMs = z.number().int().nonnegative();

/** Movement times are milliseconds after the start, in the order felt. */
const kickOffsets = z
  .array(epochMs)
  .max(KICK_SESSION_MAX_MOVEMENTS)
  .refine((offsets) => offsets.every((offset, i) => i === 0 || offset >= (offsets[i - 1] ?? 0)), "Movements must be in the order they were felt");

/** A kick session being counted on this device (not finished, so not sent yet). */
export const activeKickSessionSchema = z.object({ id: z.uuid(), babyId: z.uuid().nullable(), startedAt: epochMs, kickOffsetsMs: kickOffsets });
export type ActiveKickSession = z.infer<typeof activeKickSessionSchema>;

/** A finished kick session: every movement falls between its start and end. */
export const kickSessionSchema = activeKickSessionSchema.extend({ endedAt: epochMs }).refine(
  (s) => s.endedAt >= s.startedAt && s.endedAt - s.startedAt <= KICK_SESSION_MAX_MS && s.kickOffsetsMs.every((offset) => offset <= s.endedAt - s.startedAt),
  "A session must end after its last movement and last at most 12 hours",
);
export type KickSession = z.infer<typeof kickSessionSchema>;

/** A contraction being timed on this device. */
export const activeContractionSchema = z.object({ id: z.uuid(), startedAt: epochMs });
export type ActiveContraction = z.infer<typeof activeContractionSchema>;

export const contractionSchema = activeContractionSchema
  .extend({ endedAt: epochMs })
  .refine((c) => c.endedAt >= c.startedAt && c.endedAt - c.startedAt <= CONTRACTION_MAX_MS, "A contraction must end after it starts and last at most an hour");
export type Contraction = z.infer<typeof contractionSchema>;

/** Server records with this device's unsynced ones; the device's copy wins (it is the newer). */
export function mergeRecords<T extends { id: string; startedAt: number }>(server: readonly T[], device: readonly T[]): T[] {
  const deviceIds = new Set(device.map((r) => r.id));
  return [...server.filter((r) => !deviceIds.has(r.id)), ...device].sort((a, b) => a.startedAt - b.startedAt);
}

// ---------------------------------------------------------------------------------------------
// Vitamins

export interface StreakSupplement {
  id: string;
  isActive: boolean;
  /** The local day it was added: days before it do not ask for it. */
  since: string;
}
export interface SupplementDose {
  supplementId: string;
  takenOn: string;
}

/** Supplement ids taken per day. */
function takenByDay(doses: readonly SupplementDose[]): Map<string, Set<string>> {
  const byDay = new Map<string, Set<string>>();
  for (const dose of doses) {
    const day = byDay.get(dose.takenOn) ?? new Set<string>();
    day.add(dose.supplementId);
    byDay.set(dose.takenOn, day);
  }
  return byDay;
}

/** The active supplements not yet ticked on `day`: what is left to take. */
export function supplementsLeft<S extends StreakSupplement>(supplements: readonly S[], doses: readonly SupplementDose[], day: string): S[] {
  const taken = takenByDay(doses).get(day);
  return supplements.filter((s) => s.isActive && !taken?.has(s.id));
}

/**
 * Consecutive days on which every active supplement (those already added that day) was taken.
 * Today counts once everything is ticked; until then the streak runs to yesterday, so it is not
 * lost in the morning before the first tablet. Paused supplements ask for nothing.
 */
export function vitaminStreak(supplements: readonly StreakSupplement[], doses: readonly SupplementDose[], today: string): number {
  const active = supplements.filter((s) => s.isActive);
  const byDay = takenByDay(doses);
  const complete = (day: string) => {
    const due = active.filter((s) => s.since <= day);
    const taken = byDay.get(day);
    return due.length > 0 && due.every((s) => taken?.has(s.id));
  };
  let day = complete(today) ? today : addDays(today, -1);
  let streak = 0;
  while (complete(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

// ---------------------------------------------------------------------------------------------
// Kick counter

/** How long the first 10 movements took, or null before the 10th. */
export const timeToTarget = (kickOffsetsMs: readonly number[]): number | null => kickOffsetsMs[KICK_TARGET_MOVEMENTS - 1] ?? null;

/**
 * A session's figures; an unfinished one is measured up to `now`. `tooFew` is the 2-hour warning:
 * the session has run that long without 10 movements.
 */
export function kickSessionStats(session: { startedAt: number; endedAt?: number | null; kickOffsetsMs: readonly number[] }, now = Date.now()) {
  const durationMs = Math.max(0, (session.endedAt ?? now) - session.startedAt);
  const toTarget = timeToTarget(session.kickOffsetsMs);
  return {
    movements: session.kickOffsetsMs.length,
    durationMs,
    timeToTargetMs: toTarget,
    tooFew: toTarget === null && durationMs >= KICK_TARGET_WINDOW_MS,
  };
}

export interface KickDay {
  day: string;
  sessions: number;
  movements: number;
  /** Average time to 10 movements over the day's sessions that reached 10; null when none did. */
  averageToTargetMs: number | null;
  /** Sessions that did not reach 10 movements. */
  shortSessions: number;
}

/** Sessions grouped by the local day they started, newest day first. */
export function kickHistoryByDay(sessions: readonly { startedAt: number; kickOffsetsMs: readonly number[] }[], dayOf: (ms: number) => string = localDay): KickDay[] {
  const byDay = new Map<string, { startedAt: number; kickOffsetsMs: readonly number[] }[]>();
  for (const session of sessions) {
    const day = dayOf(session.startedAt);
    byDay.set(day, [...(byDay.get(day) ?? []), session]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, list]) => {
      const times = list.map((s) => timeToTarget(s.kickOffsetsMs)).filter((t): t is number => t !== null);
      return {
        day,
        sessions: list.length,
        movements: list.reduce((sum, s) => sum + s.kickOffsetsMs.length, 0),
        averageToTargetMs: average(times),
        shortSessions: list.length - times.length,
      };
    });
}

/** The `count` days up to `today`, oldest first: a chart's axis, days without sessions included. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

// ---------------------------------------------------------------------------------------------
// Contraction timer

export interface ContractionRow extends Contraction {
  durationMs: number;
  /** From the previous contraction's start; null for the first of a session. */
  intervalMs: number | null;
}

/** Oldest first, each with its duration and interval; a gap over an hour starts a new session (no interval). */
export function contractionRows(contractions: readonly Contraction[]): ContractionRow[] {
  const sorted = [...contractions].sort((a, b) => a.startedAt - b.startedAt);
  return sorted.map((c, i) => {
    const previous = sorted[i - 1];
    const interval = previous ? c.startedAt - previous.startedAt : null;
    return { ...c, durationMs: c.endedAt - c.startedAt, intervalMs: interval !== null && interval <= CONTRACTION_SESSION_GAP_MS ? interval : null };
  });
}

/** The rows split into sessions (oldest first): each session starts at a row without an interval. */
export function contractionSessions(rows: readonly ContractionRow[]): ContractionRow[][] {
  const sessions: ContractionRow[][] = [];
  for (const row of rows) {
    const current = sessions.at(-1);
    if (row.intervalMs === null || !current) sessions.push([row]);
    else current.push(row);
  }
  return sessions;
}

/** Averages over the contractions that started in the last hour. */
export function recentAverages(rows: readonly ContractionRow[], now: number) {
  const recent = rows.filter((r) => r.startedAt >= now - CONTRACTION_RECENT_WINDOW_MS && r.startedAt <= now);
  return {
    count: recent.length,
    averageDurationMs: average(recent.map((r) => r.durationMs)),
    averageIntervalMs: average(recent.map((r) => r.intervalMs).filter((i): i is number => i !== null)),
  };
}

export interface FiveOneOneStatus {
  /** The pattern has held for at least an hour and is current: call the provider. */
  met: boolean;
  /** From the start of the first contraction of the pattern to the end of the latest (0 when there is none). */
  patternMs: number;
  /** Contractions in the pattern. */
  contractions: number;
}

/**
 * The 5-1-1 rule: contractions about 5 minutes apart or less (start to previous start), each lasting
 * 1 minute or more, for at least 1 hour. Counted back from the latest contraction while each one
 * fits; it is current while the latest started within the last hour, so an old session's pattern
 * does not raise the alarm days later.
 */
export function fiveOneOne(rows: readonly ContractionRow[], now: number): FiveOneOneStatus {
  const none = { met: false, patternMs: 0, contractions: 0 };
  const lastsLongEnough = (row: ContractionRow | undefined) => row !== undefined && row.durationMs >= FIVE_ONE_ONE_MIN_DURATION_MS - FIVE_ONE_ONE_TOLERANCE_MS;
  const closeEnough = (row: ContractionRow | undefined) => row?.intervalMs != null && row.intervalMs <= FIVE_ONE_ONE_MAX_INTERVAL_MS + FIVE_ONE_ONE_TOLERANCE_MS;
  const lastIndex = rows.length - 1;
  const last = rows[lastIndex];
  if (!last || now - last.startedAt > CONTRACTION_RECENT_WINDOW_MS || !lastsLongEnough(last)) return none;
  let first = lastIndex;
  while (first > 0 && closeEnough(rows[first]) && lastsLongEnough(rows[first - 1])) first -= 1;
  const count = lastIndex - first + 1;
  if (count < 2) return none;
  const patternMs = last.endedAt - (rows[first]?.startedAt ?? last.startedAt);
  return { met: patternMs >= FIVE_ONE_ONE_MIN_SPAN_MS, patternMs, contractions: count };
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** Minutes with one decimal, for CSV columns. */
export const minutesOf = (ms: number): number => Math.round((ms / MS_PER_MINUTE) * TENTHS) / TENTHS;
/** Whole seconds, for CSV columns. */
export const secondsOf = (ms: number): number => Math.round(ms / MS_PER_SECOND);
