import { useId, useState } from "react";
import { clsx } from "clsx";
import type { UseQueryResult } from "@tanstack/react-query";
import { BABY_GAME_CLOSENESS_POINTS, BABY_GAME_EXACT_POINTS, GAME_TOASTS, type LeaderboardRow, playerKeyOf, SCORE_CATEGORIES, SCORE_CATEGORY_LABELS } from "../../domain/babyGame";
import { splitToast } from "../../domain/errors";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { Tabs } from "../../ui/Tabs";
import type { Baby, Leaderboard } from "./useBabyGame";
import type { MeasurementSystem } from "../../domain/enums";
import { formatInchesInCentimetres, formatOuncesInGrams } from "../../domain/measurement";
import { useMeasurementSystem } from "../../lib/measurementSystem";

const OVERALL = "overall";
const { title: errorTitle, description: errorText } = splitToast(GAME_TOASTS.generic);

/** 'day' for a step of one, '30 minutes' otherwise. */
const stepText = (step: number, unit: string, units: string) => (step === 1 ? unit : `${step} ${units}`);

/** How far off costs a point, in words, for each closeness category (the table lives in constants); scoring is in ounces and inches, with their metric size for metric readers. */
function closenessSteps(system: MeasurementSystem): Readonly<Record<keyof typeof BABY_GAME_CLOSENESS_POINTS, string>> {
  const { weight, length } = BABY_GAME_CLOSENESS_POINTS;
  const metric = (words: string, size: string) => (system === "metric" ? `${words} (${size})` : words);
  return {
    date: stepText(BABY_GAME_CLOSENESS_POINTS.date.step, "day", "days"),
    time: stepText(BABY_GAME_CLOSENESS_POINTS.time.step, "minute", "minutes"),
    weight: metric(stepText(weight.step, "ounce", "ounces"), formatOuncesInGrams(weight.step)),
    length: metric(stepText(length.step, "inch", "inches"), formatInchesInCentimetres(length.step)),
  };
}

/**
 * The ranked leaderboard once the game is locked: each player's points per category and total,
 * overall and, for twins and more, per baby. Ties have already been broken by the server
 * (earlier guess first, then name), so every row has its own rank.
 */
export function LeaderboardSection({ leaderboard, babies, userId }: { leaderboard: UseQueryResult<Leaderboard, unknown>; babies: readonly Baby[]; userId: string }) {
  const headingId = useId();
  const [tab, setTab] = useState<string>(OVERALL);
  const me = playerKeyOf(userId, "");
  let body;
  if (leaderboard.isPending) body = <Spinner label="Scoring the guesses" />;
  else if (leaderboard.isError)
    body = (
      <LoadError title={errorTitle} onRetry={() => void leaderboard.refetch()} busy={leaderboard.isFetching}>
        {errorText ?? GAME_TOASTS.generic}
      </LoadError>
    );
  else if (babies.length > 1)
    body = (
      <Tabs
        label="Leaderboards"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { key: OVERALL, label: "Overall", panel: <LeaderboardTable label="Leaderboard: Overall" rows={leaderboard.data.overall} me={me} /> },
          ...babies.map((baby) => ({ key: baby.id, label: baby.name, panel: <LeaderboardTable label={`Leaderboard: ${baby.name}`} rows={leaderboard.data.byBaby[baby.id] ?? []} me={me} /> })),
        ]}
      />
    );
  else body = <LeaderboardTable label="Leaderboard" rows={leaderboard.data.overall} me={me} />;

  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Leaderboard
      </h2>
      {body}
      <PointsTable />
    </section>
  );
}

function LeaderboardTable({ label, rows, me }: { label: string; rows: LeaderboardRow[]; me: string }) {
  if (rows.length === 0) return <p className="text-muted-foreground">No one guessed this time.</p>;
  return (
    // Seven categories do not fit a phone: the table scrolls sideways, reachable by keyboard.
    <div role="region" aria-label={`${label} (scrolls sideways)`} tabIndex={0} className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-ring">
      <table aria-label={label} className="w-full min-w-[40rem] text-sm">
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-3 py-2">
              Rank
            </th>
            <th scope="col" className="px-3 py-2">
              Player
            </th>
            {SCORE_CATEGORIES.map((category) => (
              <th key={category} scope="col" className="px-2 py-2 text-right">
                {SCORE_CATEGORY_LABELS[category]}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const mine = row.playerKey === me;
            return (
              <tr key={row.playerKey} className={clsx("border-t border-border", mine && "bg-lavender")}>
                <td className="px-3 py-2 font-bold">{row.rank}</td>
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {row.playerName}
                  {mine && <span className="font-normal"> (you)</span>}
                </th>
                {SCORE_CATEGORIES.map((category) => (
                  <td key={category} className="px-2 py-2 text-right tabular-nums">
                    {row.points[category] ?? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">not scored</span>
                      </>
                    )}
                  </td>
                ))}
                <td className="px-3 py-2 text-right font-bold tabular-nums">{row.total}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The points table, in words, so everyone can check their score. */
function PointsTable() {
  const steps = closenessSteps(useMeasurementSystem());
  const closeness = Object.entries(BABY_GAME_CLOSENESS_POINTS) as Array<[keyof typeof BABY_GAME_CLOSENESS_POINTS, { max: number }]>;
  const exact = Object.entries(BABY_GAME_EXACT_POINTS) as Array<[keyof typeof BABY_GAME_EXACT_POINTS, number]>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold">How points are scored</summary>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
        {closeness.map(([category, { max }]) => (
          <li key={category}>
            {SCORE_CATEGORY_LABELS[category]}: {max} points when exact, 1 less for each {steps[category]}.
          </li>
        ))}
        {exact.map(([category, points]) => (
          <li key={category}>
            {SCORE_CATEGORY_LABELS[category]}: {points} points for an exact match (capitals and spaces do not count).
          </li>
        ))}
        <li>Equal totals go to the earlier guess, then alphabetically by name.</li>
      </ul>
    </details>
  );
}
