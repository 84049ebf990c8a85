import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { todayIso } from "../../domain/dates";
import { type ActiveKickSession, formatClock, formatSpan, HEALTH_MESSAGES, HEALTH_TIMER_TICK_MS, KICK_TARGET_MOVEMENTS, KICK_TARGET_WINDOW_MS, kickHistoryByDay, type KickSession, kickSessionStats, lastDays, localDay, minutesOf } from "../../domain/healthTrackers";
import { csvRows } from "../../domain/csv";
import { downloadCsv } from "../../lib/download";
import { useNow } from "../../lib/useNow";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { SelectField } from "../../ui/fields";
import { DownloadIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { RadioCards } from "../../ui/RadioCards";
import { Spinner } from "../../ui/Spinner";
import { AREAS } from "../../lib/areas";
import { BarChart } from "./BarChart";
import { csvTime, chartDayLabel, dateTimeLabel, dayLabel } from "./format";
import { formatNumber } from "../../lib/format";
import { HealthToolLayout, type HealthScope } from "./HealthToolLayout";
import { StatFigure } from "./StatFigure";
import { SyncStatusLine } from "./SyncStatusLine";
import { kickBabiesOptions, useKickSessions } from "./useTrackers";
import { MS_PER_HOUR } from "../../domain/units";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/** Ours: days the kick history chart shows, and the latest sessions listed one by one. */
export const KICK_CHART_DAYS = 14;

export const KICK_RECENT_SESSIONS_SHOWN = 10;

interface Baby {
  id: string;
  name: string;
}

const ALL_BABIES = "all";

export const KICK_COUNTER_SUMMARY = `Tap for each movement and see how long ${KICK_TARGET_MOVEMENTS} take. Counting works without a connection.`;

/** /health/kicks: count movements, see the time to 10, look back by day; counting works offline. */
export function KickCounterPage() {
  const readOnly = usePregnancyReadOnly();
  return (
    <HealthToolLayout title={AREAS.kicks.title} summary={KICK_COUNTER_SUMMARY}>
      {(scope) => <KickCounter scope={scope} readOnly={readOnly} />}
    </HealthToolLayout>
  );
}

/**
 * The counter; `knownBabies` stands in for the pregnancy's babies until the server answers (the names
 * kept on the device, offline). Read-only (after the service end) it shows the history alone: the
 * server would refuse a new session or a removal.
 */
export function KickCounter({ scope, knownBabies = [], readOnly = false }: { scope: HealthScope; knownBabies?: Baby[]; readOnly?: boolean }) {
  const trpc = useTRPC();
  const kicks = useKickSessions(scope);
  const details = useQuery(kickBabiesOptions(trpc, { pregnancyId: scope.pregnancyId, mode: scope.mode }));
  const babies: Baby[] = details.data?.babies ?? knownBabies;
  const babyName = (babyId: string | null) => babies.find((baby) => baby.id === babyId)?.name ?? null;

  return (
    <>
      <SyncStatusLine sync={kicks.sync} />
      {!readOnly &&
        (kicks.active ? (
          <CountingPanel session={kicks.active} babyName={babies.length > 1 ? babyName(kicks.active.babyId) : null} onTap={kicks.tap} onUndo={kicks.undo} onFinish={kicks.finishSession} onDiscard={kicks.discard} />
        ) : (
          <StartPanel babies={babies} onStart={kicks.start} />
        ))}
      {kicks.list.isPending && kicks.records.length === 0 ? (
        <Spinner label="Loading kick sessions" />
      ) : (
        <>
          {kicks.list.isError && (
            <LoadError title={HEALTH_MESSAGES.loadFailed} onRetry={() => void kicks.list.refetch()} busy={kicks.list.isFetching}>
              Sessions saved on other devices could not be loaded. Sessions on this device are shown.
            </LoadError>
          )}
          <KickHistory sessions={kicks.records} babies={babies} babyName={babyName} pendingIds={kicks.sync.pendingIds} {...(!readOnly && { onRemove: kicks.remove })} />
        </>
      )}
    </>
  );
}

function StartPanel({ babies, onStart }: { babies: Baby[]; onStart: (babyId: string | null) => void }) {
  const headingId = useId();
  const [babyId, setBabyId] = useState<string | null>(null);
  const chosen = babyId ?? babies[0]?.id ?? null;
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-5">
      <h2 id={headingId} className="text-xl font-bold">
        Start a session
      </h2>
      <p className="text-muted-foreground">
        Choose a time when your baby is usually active, lie on your side or sit with your feet up, and tap for every movement you feel: kicks, rolls, swishes and jabs. Most babies
        reach {KICK_TARGET_MOVEMENTS} movements well within {KICK_TARGET_WINDOW_MS / MS_PER_HOUR} hours.
      </p>
      {babies.length > 1 && chosen && <RadioCards legend="Which baby are you counting?" showLegend options={babies.map((baby) => ({ value: baby.id, label: baby.name }))} value={chosen} onChange={setBabyId} />}
      <Button size="lg" className="self-start" onClick={() => onStart(babies.length > 1 ? chosen : (babies[0]?.id ?? null))}>
        Start counting
      </Button>
    </section>
  );
}

interface CountingPanelProps {
  session: ActiveKickSession;
  babyName: string | null;
  onTap: () => void;
  onUndo: () => void;
  onFinish: () => void;
  onDiscard: () => void;
}

function CountingPanel({ session, babyName, onTap, onUndo, onFinish, onDiscard }: CountingPanelProps) {
  const headingId = useId();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const now = useNow(HEALTH_TIMER_TICK_MS);
  const stats = kickSessionStats(session, now);
  return (
    <section aria-labelledby={headingId} className="card flex flex-col items-center gap-5 p-5">
      <h2 id={headingId} className="self-start text-xl font-bold">
        {babyName ? `Counting ${babyName}'s movements` : "Counting movements"}
      </h2>
      <dl className="grid w-full grid-cols-3 gap-2 text-center">
        <StatFigure term="Movements" value={formatNumber(stats.movements)} />
        <StatFigure term="Elapsed" value={formatClock(stats.durationMs)} />
        <StatFigure term={`Time to ${KICK_TARGET_MOVEMENTS}`} value={stats.timeToTargetMs === null ? "Not yet" : formatClock(stats.timeToTargetMs)} />
      </dl>
      <button
        type="button"
        onClick={onTap}
        className="flex size-48 items-center justify-center rounded-full bg-primary p-6 text-center text-2xl font-bold text-primary-foreground shadow-lg transition-transform select-none active:scale-95 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-ring sm:size-56"
      >
        Record movement
      </button>
      <p aria-live="polite" className="sr-only">
        {stats.movements === 1 ? "1 movement" : `${stats.movements} movements`}
      </p>
      {stats.timeToTargetMs !== null && (
        <Alert variant="success" className="w-full">
          {`${KICK_TARGET_MOVEMENTS} movements in ${formatSpan(stats.timeToTargetMs)}. You can finish the session now or keep counting.`}
        </Alert>
      )}
      {stats.tooFew && (
        <Alert variant="warning" title={HEALTH_MESSAGES.fewMovementsTitle} className="w-full">
          {HEALTH_MESSAGES.fewMovements}
        </Alert>
      )}
      <div className="flex w-full flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onUndo} disabled={stats.movements === 0}>
          Undo last movement
        </Button>
        <Button onClick={onFinish}>Finish session</Button>
        <Button variant="ghost" onClick={() => setConfirmDiscard(true)}>
          Discard
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title="Discard this session?"
        description="The movements counted in this session will not be saved."
        confirmLabel="Discard session"
        onConfirm={async () => onDiscard()}
      />
    </section>
  );
}

interface KickHistoryProps {
  sessions: KickSession[];
  babies: Baby[];
  babyName: (babyId: string | null) => string | null;
  pendingIds: ReadonlySet<string>;
  /** None once the pregnancy is read-only. */
  onRemove?: (sessionId: string) => Promise<void>;
}

/** Each session as a spreadsheet row, in the person's time zone. */
function kicksCsv(sessions: readonly KickSession[], babyName: (babyId: string | null) => string | null): string {
  return csvRows([
    ["Date", "Start", "End", "Baby", "Movements", `Time to ${KICK_TARGET_MOVEMENTS} movements (min)`, "Duration (min)"],
    ...sessions.map((s) => {
      const stats = kickSessionStats(s);
      return [localDay(s.startedAt), csvTime(s.startedAt), csvTime(s.endedAt), babyName(s.babyId), stats.movements, stats.timeToTargetMs === null ? null : minutesOf(stats.timeToTargetMs), minutesOf(stats.durationMs)];
    }),
  ]);
}

function KickHistory({ sessions, babies, babyName, pendingIds, onRemove }: KickHistoryProps) {
  const headingId = useId();
  const [babyFilter, setBabyFilter] = useState(ALL_BABIES);
  const [removing, setRemoving] = useState<KickSession | null>(null);
  const today = todayIso();
  const shown = babyFilter === ALL_BABIES ? sessions : sessions.filter((s) => s.babyId === babyFilter);
  const days = kickHistoryByDay(shown);
  const byDay = new Map(days.map((day) => [day.day, day]));
  const recent = [...shown].reverse().slice(0, KICK_RECENT_SESSIONS_SHOWN);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold">
          History
        </h2>
        {sessions.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(`kick-counts-${today}.csv`, kicksCsv(sessions, babyName))}>
            <DownloadIcon className="size-4" />
            Download CSV
          </Button>
        )}
      </div>
      {babies.length > 1 && (
        <SelectField label="Show sessions for" value={babyFilter} onChange={(event) => setBabyFilter(event.target.value)} className="max-w-xs">
          <option value={ALL_BABIES}>All babies</option>
          {babies.map((baby) => (
            <option key={baby.id} value={baby.id}>
              {baby.name}
            </option>
          ))}
        </SelectField>
      )}
      {shown.length === 0 ? (
        <p className="rounded-card border border-dashed border-input p-6 text-center text-muted-foreground">No sessions yet. Finished sessions appear here, day by day.</p>
      ) : (
        <>
          <BarChart
            caption={`Average time to ${KICK_TARGET_MOVEMENTS} movements, last ${KICK_CHART_DAYS} days`}
            description={`Days without a session that reached ${KICK_TARGET_MOVEMENTS} have no bar. The table below lists the same figures.`}
            bars={lastDays(today, KICK_CHART_DAYS).map((day) => {
              const value = byDay.get(day)?.averageToTargetMs ?? null;
              return { key: day, label: chartDayLabel(day), value, valueText: value === null ? `no session reached ${KICK_TARGET_MOVEMENTS}` : formatSpan(value) };
            })}
            formatMax={formatClock}
          />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="pb-2 text-left font-semibold">Sessions by day</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3">Day</th>
                  <th scope="col" className="py-2 pr-3">Sessions</th>
                  <th scope="col" className="py-2 pr-3">Movements</th>
                  <th scope="col" className="py-2">Average time to {KICK_TARGET_MOVEMENTS}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day} className="border-t border-border">
                    <th scope="row" className="py-2 pr-3 font-semibold">{dayLabel(day.day)}</th>
                    <td className="py-2 pr-3">{day.sessions}</td>
                    <td className="py-2 pr-3">{day.movements}</td>
                    <td className="py-2">{day.averageToTargetMs === null ? `Did not reach ${KICK_TARGET_MOVEMENTS}` : formatClock(day.averageToTargetMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="text-lg font-bold">Latest sessions</h3>
          <ul aria-label="Latest sessions" className="flex flex-col gap-2">
            {recent.map((session) => {
              const stats = kickSessionStats(session);
              const baby = babies.length > 1 ? babyName(session.babyId) : null;
              const when = dateTimeLabel(session.startedAt);
              return (
                <li key={session.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {when}
                      {baby && <span className="font-normal text-muted-foreground"> · {baby}</span>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {`${stats.movements} movements in ${formatClock(stats.durationMs)}`}
                      {/* The time to 10 is worth its own words only when the session went on after the 10th. */}
                      {stats.timeToTargetMs !== null && formatClock(stats.timeToTargetMs) !== formatClock(stats.durationMs) && ` · ${KICK_TARGET_MOVEMENTS} in ${formatClock(stats.timeToTargetMs)}`}
                      {pendingIds.has(session.id) && " · On this device"}
                    </p>
                  </div>
                  {onRemove && (
                    <Button variant="ghost" size="sm" aria-label={`Remove session of ${when}`} onClick={() => setRemoving(session)}>
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this session?"
        description={removing ? `The session of ${dateTimeLabel(removing.startedAt)} will be removed for both parents.` : ""}
        confirmLabel="Remove session"
        onConfirm={() => (removing && onRemove ? onRemove(removing.id) : Promise.resolve())}
      />
    </section>
  );
}
