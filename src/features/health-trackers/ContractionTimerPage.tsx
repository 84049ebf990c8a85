import { useId, useState } from "react";
import { todayIso } from "../../domain/dates";
import { CONTRACTION_SESSION_GAP_MS, type ContractionRow, contractionRows, contractionSessions, FIVE_ONE_ONE_MIN_SPAN_MS, fiveOneOne, formatClock, formatSpan, HEALTH_MESSAGES, HEALTH_TIMER_TICK_MS, localDay, minutesOf, recentAverages, secondsOf } from "../../domain/healthTrackers";
import { csvRows } from "../../domain/csv";
import { downloadCsv } from "../../lib/download";
import { useNow } from "../../lib/useNow";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { DownloadIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { AREAS } from "../../lib/areas";
import { BarChart } from "./BarChart";
import { csvTime, dayLabel, timeLabel } from "./format";
import { formatNumber } from "../../lib/format";
import { HealthToolLayout, type HealthScope } from "./HealthToolLayout";
import { StatFigure } from "./StatFigure";
import { SyncStatusLine } from "./SyncStatusLine";
import { useContractions } from "./useTrackers";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

export const CONTRACTION_TIMER_SUMMARY = "Tap when a contraction starts and again when it ends. Durations, intervals and the 5-1-1 pattern are worked out for you, even without a connection.";

/** /health/contractions: start/stop timing, durations and intervals, last-hour averages and the 5-1-1 rule; works offline. */
export function ContractionTimerPage() {
  const readOnly = usePregnancyReadOnly();
  return (
    <HealthToolLayout title={AREAS.contractions.title} summary={CONTRACTION_TIMER_SUMMARY}>
      {(scope) => <ContractionTimer scope={scope} readOnly={readOnly} />}
    </HealthToolLayout>
  );
}

function contractionsCsv(rows: readonly ContractionRow[]): string {
  return csvRows([
    ["Date", "Start", "End", "Duration (sec)", "Interval (min)"],
    ...rows.map((row) => [localDay(row.startedAt), csvTime(row.startedAt), csvTime(row.endedAt), secondsOf(row.durationMs), row.intervalMs === null ? null : minutesOf(row.intervalMs)]),
  ]);
}

/** The timer; read-only (after the service end) it shows what was timed, without timing or removing (the server would refuse both). */
export function ContractionTimer({ scope, readOnly = false }: { scope: HealthScope; readOnly?: boolean }) {
  const timer = useContractions(scope);
  const now = useNow(HEALTH_TIMER_TICK_MS);
  const [removing, setRemoving] = useState<ContractionRow | null>(null);
  const rows = contractionRows(timer.records);
  const sessions = contractionSessions(rows);
  const latest = sessions.at(-1) ?? [];
  const latestStart = latest.at(-1)?.startedAt;
  // The latest session is still going while its last contraction is less than the session gap ago.
  const isCurrent = latestStart !== undefined && (timer.active?.startedAt ?? now) - latestStart <= CONTRACTION_SESSION_GAP_MS;
  const current = isCurrent ? latest : [];
  const earlier = (isCurrent ? sessions.slice(0, -1) : sessions).reverse();
  const averages = recentAverages(rows, now);
  const pattern = fiveOneOne(rows, now);
  const remove = readOnly ? {} : { onRemove: setRemoving };

  return (
    <>
      <SyncStatusLine sync={timer.sync} />
      {pattern.met && <FiveOneOneAlert />}
      {!readOnly && <TimerPanel activeSince={timer.active?.startedAt ?? null} lastStart={latestStart ?? null} now={now} onStart={timer.start} onStop={timer.stop} />}
      {timer.list.isError && (
        <LoadError title={HEALTH_MESSAGES.loadFailed} onRetry={() => void timer.list.refetch()} busy={timer.list.isFetching}>
          Contractions saved on other devices could not be loaded. Contractions on this device are shown.
        </LoadError>
      )}
      <LastHour count={averages.count} averageDurationMs={averages.averageDurationMs} averageIntervalMs={averages.averageIntervalMs} patternMs={pattern.met ? 0 : pattern.patternMs} />
      {timer.list.isPending && rows.length === 0 ? (
        <Spinner label="Loading contractions" />
      ) : (
        <section aria-labelledby="this-session" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="this-session" className="text-2xl font-bold">
              This session
            </h2>
            {rows.length > 0 && (
              <Button variant="secondary" size="sm" onClick={() => downloadCsv(`contractions-${todayIso()}.csv`, contractionsCsv(rows))}>
                <DownloadIcon className="size-4" />
                Download CSV
              </Button>
            )}
          </div>
          {current.length === 0 ? (
            <p className="rounded-card border border-dashed border-input p-6 text-center text-muted-foreground">No contractions timed in this session yet.</p>
          ) : (
            <>
              <BarChart
                caption="Duration of each contraction"
                description="Bars are in the order the contractions came. The table below lists each one's duration and interval."
                bars={current.map((row) => ({ key: row.id, label: timeLabel(row.startedAt), value: row.durationMs, valueText: formatClock(row.durationMs) }))}
                formatMax={formatClock}
              />
              <ContractionTable caption="Contractions this session, newest first" rows={current} pendingIds={timer.sync.pendingIds} {...remove} />
            </>
          )}
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="earlier-sessions" className="flex flex-col gap-3">
          <h2 id="earlier-sessions" className="text-2xl font-bold">
            Earlier sessions
          </h2>
          {earlier.map((session) => {
            const first = session[0];
            if (!first) return null;
            const label = `${dayLabel(localDay(first.startedAt))}, ${timeLabel(first.startedAt)}`;
            return (
              <details key={first.id} className="card p-4">
                <summary className="min-h-11 cursor-pointer py-2 font-semibold">
                  {label} · {session.length === 1 ? "1 contraction" : `${session.length} contractions`}
                </summary>
                <ContractionTable caption={`Contractions of ${label}, newest first`} rows={session} pendingIds={timer.sync.pendingIds} {...remove} />
              </details>
            );
          })}
        </section>
      )}
      <section aria-labelledby="about-511" className="text-sm text-muted-foreground">
        <h2 id="about-511" className="font-semibold text-foreground">
          About the 5-1-1 rule
        </h2>
        <p className="mt-1">
          Many providers ask you to call when contractions come about 5 minutes apart or less, each lasting 1 minute or more, for at least 1 hour. Intervals are measured from the start
          of one contraction to the start of the next. Follow your own provider&apos;s advice if it differs. {HEALTH_MESSAGES.callAnyway}
        </p>
      </section>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this contraction?"
        description={removing ? `The contraction at ${timeLabel(removing.startedAt)} will be removed for both parents.` : ""}
        confirmLabel="Remove contraction"
        onConfirm={() => (removing ? timer.remove(removing.id) : Promise.resolve())}
      />
    </>
  );
}

function FiveOneOneAlert() {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-card border-2 border-danger bg-danger-soft p-5 text-danger-foreground">
      <h2 className="text-xl font-bold">{HEALTH_MESSAGES.fiveOneOneTitle}</h2>
      <p className="text-base">{HEALTH_MESSAGES.fiveOneOne}</p>
      <p className="text-sm">{HEALTH_MESSAGES.callAnyway}</p>
    </div>
  );
}

interface TimerPanelProps {
  activeSince: number | null;
  lastStart: number | null;
  now: number;
  onStart: () => void;
  onStop: () => void;
}

function TimerPanel({ activeSince, lastStart, now, onStart, onStop }: TimerPanelProps) {
  const headingId = useId();
  const timing = activeSince !== null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col items-center gap-4 p-5 text-center">
      <h2 id={headingId} className="text-xl font-bold">
        {timing ? "Contraction in progress" : "Timer"}
      </h2>
      <p className="text-5xl font-bold tabular-nums" aria-live="off">
        {timing ? formatClock(now - activeSince) : lastStart !== null && now - lastStart <= CONTRACTION_SESSION_GAP_MS ? formatClock(now - lastStart) : "0:00"}
      </p>
      <p className="text-muted-foreground">{timing ? "Tap Stop when it ends." : lastStart !== null && now - lastStart <= CONTRACTION_SESSION_GAP_MS ? "Since the last contraction started" : "Tap Start when a contraction begins."}</p>
      <button
        type="button"
        onClick={timing ? onStop : onStart}
        className={`flex size-44 items-center justify-center rounded-full p-6 text-2xl font-bold shadow-lg transition-transform select-none active:scale-95 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-ring sm:size-52 ${timing ? "bg-danger text-surface" : "bg-primary text-primary-foreground"}`}
      >
        {timing ? "Stop contraction" : "Start contraction"}
      </button>
    </section>
  );
}

interface LastHourProps {
  count: number;
  averageDurationMs: number | null;
  averageIntervalMs: number | null;
  /** How long the 5-1-1 pattern has held so far, while it is not yet an hour. */
  patternMs: number;
}

function LastHour({ count, averageDurationMs, averageIntervalMs, patternMs }: LastHourProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-5">
      <h2 id={headingId} className="text-xl font-bold">
        Last hour
      </h2>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <StatFigure term="Contractions" value={formatNumber(count)} />
        <StatFigure term="Average duration" value={averageDurationMs === null ? "–" : formatClock(averageDurationMs)} />
        <StatFigure term="Average interval" value={averageIntervalMs === null ? "–" : formatClock(averageIntervalMs)} />
      </dl>
      {patternMs > 0 && (
        <p className="text-sm text-muted-foreground">
          {`The 5-1-1 pattern has held for ${formatSpan(patternMs)} of the ${formatSpan(FIVE_ONE_ONE_MIN_SPAN_MS)} that call for your provider.`}
        </p>
      )}
    </section>
  );
}

interface ContractionTableProps {
  caption: string;
  rows: readonly ContractionRow[];
  pendingIds: ReadonlySet<string>;
  /** None once the pregnancy is read-only. */
  onRemove?: (row: ContractionRow) => void;
}

function ContractionTable({ caption, rows, pendingIds, onRemove }: ContractionTableProps) {
  const newestFirst = rows.map((row, i) => ({ row, number: i + 1 })).reverse();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-2">#</th>
            <th scope="col" className="py-2 pr-2">Started</th>
            <th scope="col" className="py-2 pr-2">Duration</th>
            <th scope="col" className="py-2 pr-2">Interval</th>
            {onRemove && (
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map(({ row, number }) => (
            <tr key={row.id} className="border-t border-border">
              <th scope="row" className="py-2 pr-2 font-semibold">{number}</th>
              <td className="py-2 pr-2">
                {timeLabel(row.startedAt)}
                {pendingIds.has(row.id) && <span className="block text-xs text-muted-foreground">On this device</span>}
              </td>
              <td className="py-2 pr-2 tabular-nums">{formatClock(row.durationMs)}</td>
              <td className="py-2 pr-2 tabular-nums">
                {row.intervalMs === null ? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">none</span>
                  </>
                ) : (
                  formatClock(row.intervalMs)
                )}
              </td>
              {onRemove && (
                <td className="py-2 text-right">
                  <Button variant="ghost" size="sm" aria-label={`Remove contraction ${number} at ${timeLabel(row.startedAt)}`} onClick={() => onRemove(row)}>
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
