/** Health logs: quick entries of cravings and symptoms, by week, exported as CSV (issue 9). */
import type { HealthLogKind } from "./enums";
import { z } from "zod";
import { HEALTH_RECORD_MESSAGES, SYMPTOM_SEVERITY_MAX, SYMPTOM_SEVERITY_MIN } from "./healthRecords";
import { dateOnlySchema } from "./dateSchema";
import { weeksPregnant } from "./dates";
import { sanitizePlainText } from "./sanitize";
import { csvRows } from "./csv";
import { localDateAndTime } from "./timeZones";
import { MS_PER_HOUR, MS_PER_MINUTE } from "./units";
import { NOTES_MAX_LENGTH } from "./textLimits";

/** What the quick-log form starts at: the middle of the scale. */
export const SYMPTOM_SEVERITY_DEFAULT = 3;

/** A craving or a symptom is named in a few words ('Pickles', 'Heartburn'). */
export const HEALTH_LOG_NAME_MAX_LENGTH = 100;

/** Quick logs one sync may carry (a phone catching up after a while offline). */
export const HEALTH_LOG_SYNC_BATCH_MAX = 100;

/** A log may be timed this far past the server's clock (a phone's clock running fast). */
export const HEALTH_LOG_CLOCK_SKEW_MS = 5 * MS_PER_MINUTE;

export const HEALTH_LOG_LABELS: Readonly<Record<HealthLogKind, { singular: string; plural: string }>> = {
  craving: { singular: "Craving", plural: "Cravings" },
  symptom: { singular: "Symptom", plural: "Symptoms" },
};

/** One-tap suggestions for the quick log: the cravings and symptoms pregnant people log most. */
export const HEALTH_LOG_SUGGESTIONS: Readonly<Record<HealthLogKind, readonly string[]>> = {
  craving: ["Pickles", "Ice cream", "Chocolate", "Citrus fruit", "Spicy food", "Salty snacks", "Cold milk", "Ice", "Pizza", "Sour sweets"],
  symptom: ["Nausea", "Fatigue", "Heartburn", "Back pain", "Headache", "Swollen feet", "Leg cramps", "Trouble sleeping", "Braxton Hicks", "Round ligament pain", "Dizziness", "Mood swings"],
};

export const SEVERITY_LABELS: Readonly<Record<number, string>> = { 1: "Very mild", 2: "Mild", 3: "Moderate", 4: "Strong", 5: "Severe" };

export const SYMPTOM_SEVERITIES = Array.from({ length: SYMPTOM_SEVERITY_MAX - SYMPTOM_SEVERITY_MIN + 1 }, (_, i) => SYMPTOM_SEVERITY_MIN + i);

/** 'Moderate (3 of 5)'. */
export const severityLabel = (severity: number) => `${SEVERITY_LABELS[severity] ?? severity} (${severity} of ${SYMPTOM_SEVERITY_MAX})`;

const logName = z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(HEALTH_LOG_NAME_MAX_LENGTH);

const logNotes = z.string().max(NOTES_MAX_LENGTH).optional();

const logCommon = {
  /** Made by the client: a retried or offline sync stores each entry once. */
  id: z.uuid(),
  name: logName,
  notes: logNotes,
  loggedAt: z.date(),
  /** The day of `loggedAt` where it was logged: it decides the pregnancy week. */
  loggedOn: dateOnlySchema,
};

/** A quick log as the client records it: symptoms carry a severity, cravings do not. */
export const healthLogInputSchema = z.discriminatedUnion("kind", [
  z.object({ ...logCommon, kind: z.literal("craving") }),
  z.object({
    ...logCommon,
    kind: z.literal("symptom"),
    severity: z.number({ error: HEALTH_RECORD_MESSAGES.severityOutOfRange }).int().min(SYMPTOM_SEVERITY_MIN, HEALTH_RECORD_MESSAGES.severityOutOfRange).max(SYMPTOM_SEVERITY_MAX, HEALTH_RECORD_MESSAGES.severityOutOfRange),
  }),
]);

export type HealthLogInput = z.infer<typeof healthLogInputSchema>;

export const healthLogSyncSchema = z.object({ logs: z.array(healthLogInputSchema).min(1).max(HEALTH_LOG_SYNC_BATCH_MAX) });

/** The UTC calendar day of a moment. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, "YYYY-MM-DD".length);

const HOURS_AHEAD_OF_UTC_MAX = 14;

const HOURS_BEHIND_UTC_MAX = 12;

/**
 * True when `loggedOn` can be the local day of `loggedAt` somewhere on Earth (UTC-12 to UTC+14):
 * the day decides the week, so a day that no time zone gives is refused.
 */
export function isLocalDayOf(loggedAt: Date, loggedOn: string): boolean {
  const earliest = utcDay(new Date(loggedAt.getTime() - HOURS_BEHIND_UTC_MAX * MS_PER_HOUR));
  const latest = utcDay(new Date(loggedAt.getTime() + HOURS_AHEAD_OF_UTC_MAX * MS_PER_HOUR));
  return loggedOn >= earliest && loggedOn <= latest;
}

/** The pregnancy week a log belongs to (week 0 is the LMP's week, as for calendar events). */
export const healthLogWeek = (loggedOn: string, lastMenstrualPeriod: string) => weeksPregnant(lastMenstrualPeriod, loggedOn);

/** Stored name and notes: plain text (markup removed), cut to the limits; empty notes are none. */
export function cleanHealthLog(log: Pick<HealthLogInput, "name" | "notes">): { name: string; notes: string | null } {
  return { name: sanitizePlainText(log.name, HEALTH_LOG_NAME_MAX_LENGTH), notes: sanitizePlainText(log.notes ?? "", NOTES_MAX_LENGTH) || null };
}

export interface WeekGroup<T> {
  /** Null for entries logged without a known week. */
  week: number | null;
  logs: T[];
}

/** The timeline: newest week first, newest entry first within a week, entries without a week last. */
export function groupLogsByWeek<T extends { week: number | null; loggedAt: Date }>(logs: readonly T[]): WeekGroup<T>[] {
  const byWeek = new Map<number | null, T[]>();
  for (const log of [...logs].sort((a, b) => b.loggedAt.getTime() - a.loggedAt.getTime())) {
    const group = byWeek.get(log.week) ?? [];
    group.push(log);
    byWeek.set(log.week, group);
  }
  return [...byWeek.entries()].map(([week, grouped]) => ({ week, logs: grouped })).sort((a, b) => (b.week ?? -1) - (a.week ?? -1));
}

export const weekHeading = (week: number | null) => (week === null ? "Week unknown" : `Week ${week}`);

export interface LoggedEntry {
  kind: HealthLogKind;
  name: string;
  severity: number | null;
  notes: string | null;
  loggedAt: Date;
  week: number | null;
}

export const HEALTH_LOG_CSV_HEADER = ["Date", "Time", "Week", "Type", "Name", "Severity", "Notes"] as const;

/** The logs as CSV (CRLF lines, a header row), oldest first, for a spreadsheet or the provider. */
export function healthLogsCsv(logs: readonly LoggedEntry[], timeZone?: string): string {
  const rows = [...logs]
    .sort((a, b) => a.loggedAt.getTime() - b.loggedAt.getTime())
    .map((log) => {
      const { date, time } = localDateAndTime(log.loggedAt, timeZone);
      return [date, time, log.week, HEALTH_LOG_LABELS[log.kind].singular, log.name, log.severity, log.notes];
    });
  return csvRows([[...HEALTH_LOG_CSV_HEADER], ...rows]);
}

export const healthLogsFileName = (kind: HealthLogKind, today: string) => `${HEALTH_LOG_LABELS[kind].plural.toLowerCase()}-${today}.csv`;

export interface SymptomSummary {
  name: string;
  count: number;
  /** The highest severity logged for it that week. */
  worst: number;
}

/** For the provider: each week's symptoms, most frequent first, with their worst severity. */
export function symptomsByWeek(logs: readonly LoggedEntry[]): WeekGroup<SymptomSummary>[] {
  return groupLogsByWeek(logs.filter((log) => log.kind === "symptom")).map(({ week, logs: entries }) => {
    const byName = new Map<string, SymptomSummary>();
    for (const entry of entries) {
      const key = entry.name.toLowerCase();
      const summary = byName.get(key) ?? { name: entry.name, count: 0, worst: 0 };
      summary.count += 1;
      summary.worst = Math.max(summary.worst, entry.severity ?? 0);
      byName.set(key, summary);
    }
    return { week, logs: [...byName.values()].sort((a, b) => b.count - a.count || b.worst - a.worst || a.name.localeCompare(b.name)) };
  });
}

