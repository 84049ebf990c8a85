import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import { todayIso } from "../../domain/dates";
import type { HealthLogKind } from "../../domain/enums";
import { HEALTH_RECORD_MESSAGES } from "../../domain/healthRecords";
import { downloadCsv } from "../../lib/download";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { TextAreaField } from "../../ui/fields";
import { DownloadIcon, PrinterIcon, TrashIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { HealthToolPage, type HealthPregnancy, type HealthScope } from "./HealthToolPage";
import { HEALTH_LOG_MESSAGES, LOG_TIMELINE_MESSAGES } from "./messages";
import { logInput, useHealthLogs, type HealthLog } from "./useHealthLogs";
import { groupLogsByWeek, HEALTH_LOG_CLOCK_SKEW_MS, HEALTH_LOG_NAME_MAX_LENGTH, HEALTH_LOG_SUGGESTIONS, healthLogsCsv, healthLogsFileName, healthLogWeek, SEVERITY_LABELS, severityLabel, SYMPTOM_SEVERITIES, SYMPTOM_SEVERITY_DEFAULT, weekHeading } from "../../domain/healthLogs";
import { localDateAndTime } from "../../domain/timeZones";
import { MS_PER_SECOND } from "../../domain/units";
import { NOTES_MAX_LENGTH } from "../../domain/textLimits";
import { dateFormat } from "../../lib/format";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/** How long 'Undo' stays on offer after a log is deleted. */
export const HEALTH_LOG_UNDO_MS = 10 * MS_PER_SECOND;

const whenFormat = dateFormat({ weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** A moment as a datetime-local input shows it (local time, minutes). */
const inputValueOf = (moment: Date) => {
  const { date, time } = localDateAndTime(moment);
  return `${date}T${time}`;
};

/** /health/cravings and /health/symptoms: a quick log above the timeline of past entries by week. */
export function HealthLogPage({ kind }: { kind: HealthLogKind }) {
  const messages = HEALTH_LOG_MESSAGES[kind];
  return (
    <HealthToolPage title={messages.title} description={messages.description}>
      {(scope, pregnancy) => <HealthLog key={scope.pregnancyId} kind={kind} scope={scope} pregnancy={pregnancy} />}
    </HealthToolPage>
  );
}

function HealthLog({ kind, scope, pregnancy }: { kind: HealthLogKind; scope: HealthScope; pregnancy: HealthPregnancy }) {
  const messages = HEALTH_LOG_MESSAGES[kind];
  const { logs, unsent, add, remove, restore } = useHealthLogs(scope, pregnancy, kind);
  const [deleted, setDeleted] = useState<HealthLog | null>(null);
  // After the service end the timeline stays to read and export: no logging or deleting (the server refuses them).
  const readOnly = usePregnancyReadOnly();

  // 'Undo' stays on offer for a while after a delete, then the deletion stands.
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), HEALTH_LOG_UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  function deleteLog(log: HealthLog) {
    setDeleted(log);
    remove(log.id).catch(() => setDeleted(null));
  }

  function undo() {
    if (!deleted) return;
    setDeleted(null);
    restore(deleted)
      .then(() => toast({ title: LOG_TIMELINE_MESSAGES.restored, variant: "success" }))
      .catch(() => undefined);
  }

  function exportCsv() {
    downloadCsv(healthLogsFileName(kind, todayIso()), healthLogsCsv(logs.data ?? []));
  }

  const hasLogs = (logs.data?.length ?? 0) > 0;
  return (
    <>
      {!readOnly && <QuickLogForm kind={kind} onLog={(log) => add(log).then(() => toast({ title: messages.saved, variant: "success" }))} />}
      <div role="status" className="empty:hidden">
        {deleted && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-lavender px-4 py-3">
            <p>{LOG_TIMELINE_MESSAGES.deleted(deleted.name)}</p>
            <Button variant="secondary" size="sm" onClick={undo}>
              {LOG_TIMELINE_MESSAGES.undo}
            </Button>
          </div>
        )}
      </div>
      <Card
        title={LOG_TIMELINE_MESSAGES.timeline}
        action={
          <div className="flex flex-wrap gap-2">
            {kind === "symptom" && (
              <Link to="/health/birth-plan/print" className={buttonStyles({ variant: "ghost", size: "sm" })}>
                <PrinterIcon className="size-4" />
                {LOG_TIMELINE_MESSAGES.providerSummary}
              </Link>
            )}
            <Button variant="secondary" size="sm" onClick={exportCsv} disabled={!hasLogs}>
              <DownloadIcon className="size-4" />
              {LOG_TIMELINE_MESSAGES.exportCsv}
            </Button>
          </div>
        }
      >
        {logs.isPending ? (
          <Spinner label={messages.loading} showLabel />
        ) : logs.isError ? (
          <LoadError title={messages.loadFailed} onRetry={() => void logs.refetch()} busy={logs.isFetching} />
        ) : !hasLogs ? (
          <EmptyState>{readOnly ? LOG_TIMELINE_MESSAGES.emptyReadOnly : messages.empty}</EmptyState>
        ) : (
          <Timeline logs={logs.data} currentWeek={healthLogWeek(todayIso(), pregnancy.lastMenstrualPeriod)} unsent={unsent} {...(!readOnly && { onDelete: deleteLog })} />
        )}
      </Card>
    </>
  );
}

interface QuickLogFormProps {
  kind: HealthLogKind;
  onLog: (log: ReturnType<typeof logInput>) => Promise<unknown>;
}

/** One tap on a suggestion (or a few words), a severity for symptoms, optional notes and time. */
function QuickLogForm({ kind, onLog }: QuickLogFormProps) {
  const messages = HEALTH_LOG_MESSAGES[kind];
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [severity, setSeverity] = useState(SYMPTOM_SEVERITY_DEFAULT);
  const [notes, setNotes] = useState("");
  /** Null while the parent has not picked a time: the entry is for the moment it is logged. */
  const [when, setWhen] = useState<string | null>(null);
  const [shownNow, setShownNow] = useState(() => new Date());
  const [errors, setErrors] = useState<{ name?: string; when?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const loggedAt = when ? new Date(when) : new Date();
    const found: typeof errors = {};
    if (!name.trim()) found.name = HEALTH_RECORD_MESSAGES.nameRequired;
    if (Number.isNaN(loggedAt.getTime()) || loggedAt.getTime() > Date.now() + HEALTH_LOG_CLOCK_SKEW_MS) found.when = LOG_TIMELINE_MESSAGES.futureTime;
    setErrors(found);
    if (found.name) nameRef.current?.focus();
    if (Object.keys(found).length > 0) return;
    // The timeline shows it at once; a refusal takes it back out with a toast.
    onLog(logInput({ id: crypto.randomUUID(), kind, name, severity: kind === "symptom" ? severity : null, notes, loggedAt })).catch(() => undefined);
    setName("");
    setNotes("");
    setWhen(null);
    setShownNow(new Date());
    setSeverity(SYMPTOM_SEVERITY_DEFAULT);
    nameRef.current?.focus();
  }

  return (
    <Card title={messages.formTitle}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Suggestions label={messages.suggestions} suggestions={HEALTH_LOG_SUGGESTIONS[kind]} chosen={name} onChoose={setName} />
        <TextField ref={nameRef} label={messages.nameLabel} value={name} maxLength={HEALTH_LOG_NAME_MAX_LENGTH} autoComplete="off" required error={errors.name} onChange={(e) => setName(e.target.value)} />
        {kind === "symptom" && <SeverityField value={severity} onChange={setSeverity} />}
        <TextAreaField label={LOG_TIMELINE_MESSAGES.notes} value={notes} maxLength={NOTES_MAX_LENGTH} rows={2} onChange={(e) => setNotes(e.target.value)} />
        <TextField
          label={LOG_TIMELINE_MESSAGES.when}
          type="datetime-local"
          hint={LOG_TIMELINE_MESSAGES.whenHint}
          value={when ?? inputValueOf(shownNow)}
          max={inputValueOf(new Date())}
          error={errors.when}
          onChange={(e) => setWhen(e.target.value || null)}
          className="sm:max-w-xs"
        />
        <Button type="submit" className="self-start">
          {messages.submit}
        </Button>
      </form>
    </Card>
  );
}

function Suggestions({ label, suggestions, chosen, onChoose }: { label: string; suggestions: readonly string[]; chosen: string; onChoose: (name: string) => void }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-semibold">
        {label}
      </p>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {suggestions.map((suggestion) => {
          const pressed = chosen.trim().toLowerCase() === suggestion.toLowerCase();
          return (
            <button
              key={suggestion}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? "" : suggestion)}
              className={clsx(
                "min-h-9 rounded-full border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                pressed ? "border-primary bg-primary text-primary-foreground" : "border-input bg-surface hover:bg-muted",
              )}
            >
              {suggestion}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** 1 to 5 as native radios (arrow keys move), each named by its number and word. */
function SeverityField({ value, onChange }: { value: number; onChange: (severity: number) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{LOG_TIMELINE_MESSAGES.severity}</legend>
      <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {SYMPTOM_SEVERITIES.map((severity) => (
          <label
            key={severity}
            className={clsx(
              "relative flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-xl border px-1 py-1.5 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              value === severity ? "border-primary bg-lavender" : "border-border",
            )}
          >
            <input
              type="radio"
              name={name}
              value={severity}
              checked={value === severity}
              onChange={() => onChange(severity)}
              aria-label={`${severity} ${SEVERITY_LABELS[severity] ?? ""}`}
              // Invisible over the whole card, so a tap anywhere on it picks it.
              className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
            />
            <span className="text-lg leading-none font-bold">{severity}</span>
            <span className="mt-1 text-xs leading-tight">{SEVERITY_LABELS[severity]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface TimelineProps {
  logs: HealthLog[];
  currentWeek: number;
  unsent: Set<string>;
  /** None once the pregnancy is read-only. */
  onDelete?: (log: HealthLog) => void;
}

function Timeline({ logs, currentWeek, unsent, onDelete }: TimelineProps) {
  return (
    <div className="flex flex-col gap-5">
      {groupLogsByWeek(logs).map((group) => (
        <WeekSection key={group.week ?? "unknown"} week={group.week} isCurrent={group.week === currentWeek}>
          <ul className="flex flex-col divide-y divide-border">
            {group.logs.map((log) => (
              <LogEntry key={log.id} log={log} unsent={unsent.has(log.id)} {...(onDelete && { onDelete: () => onDelete(log) })} />
            ))}
          </ul>
        </WeekSection>
      ))}
    </div>
  );
}

function WeekSection({ week, isCurrent, children }: { week: number | null; isCurrent: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3 id={headingId} className="text-base font-bold">
        {weekHeading(week)}
        {isCurrent && <span className="ml-2 rounded-full bg-lavender px-2 py-0.5 text-xs font-semibold">{LOG_TIMELINE_MESSAGES.thisWeek}</span>}
      </h3>
      {children}
    </section>
  );
}

function LogEntry({ log, unsent, onDelete }: { log: HealthLog; unsent: boolean; onDelete?: () => void }) {
  const when = whenFormat.format(log.loggedAt);
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{log.name}</span>
          {log.severity !== null && <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">{severityLabel(log.severity)}</span>}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={log.loggedAt.toISOString()}>{when}</time>
          {log.loggedBy && ` · ${log.loggedBy}`}
        </p>
        {log.notes && <p className="text-sm break-words whitespace-pre-line">{log.notes}</p>}
        {unsent && <p className="self-start rounded-lg bg-warning-soft px-2 py-0.5 text-sm font-medium text-warning-foreground">{LOG_TIMELINE_MESSAGES.notSynced}</p>}
      </div>
      {onDelete && (
        <Button variant="ghost" size="sm" aria-label={`Delete ${log.name}, ${when}`} onClick={onDelete} className="shrink-0">
          <TrashIcon className="size-4" />
        </Button>
      )}
    </li>
  );
}
