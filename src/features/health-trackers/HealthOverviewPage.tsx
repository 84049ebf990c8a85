import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { todayIso } from "../../domain/dates";
import { contractionRows, fiveOneOne, formatClock, HEALTH_MESSAGES, KICK_TARGET_MOVEMENTS, kickSessionStats, recentAverages } from "../../domain/healthTrackers";
import { useNow } from "../../lib/useNow";
import { AREAS } from "../../lib/areas";
import { dateTimeLabel } from "./format";
import { HealthToolLayout, type HealthScope } from "./HealthToolLayout";
import { useVitaminList, vitaminSummary } from "./useVitamins";
import { useContractions, useKickSessions } from "./useTrackers";
import { MS_PER_MINUTE } from "../../domain/units";

/** /health: every health tool, with where each stands today. */
export function HealthOverviewPage() {
  return (
    <HealthToolLayout title={AREAS.health.title} summary={AREAS.health.summary} backLink={false}>
      {(scope) => <Overview scope={scope} />}
    </HealthToolLayout>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function useVitaminsLine(scope: HealthScope): string {
  const list = useVitaminList(scope);
  if (list.isPending) return "Loading...";
  if (list.isError) return AREAS.vitamins.summary;
  const { active, left, streak } = vitaminSummary(list.data, todayIso());
  if (active.length === 0) return AREAS.vitamins.summary;
  const streakText = streak > 0 ? ` · ${plural(streak, "day", "days")} in a row` : "";
  if (left.length === 0) return `All ${active.length} taken today${streakText}`;
  return `${left.length} left today: ${left.map((s) => s.name).join(", ")}${streakText}`;
}

function useKicksLine(scope: HealthScope): string {
  const kicks = useKickSessions(scope);
  if (kicks.active) return `Counting now: ${plural(kicks.active.kickOffsetsMs.length, "movement", "movements")}`;
  const last = kicks.records.at(-1);
  if (!last) return AREAS.kicks.summary;
  const stats = kickSessionStats(last);
  const toTarget = stats.timeToTargetMs === null ? `${plural(stats.movements, "movement", "movements")} in ${formatClock(stats.durationMs)}` : `${KICK_TARGET_MOVEMENTS} movements in ${formatClock(stats.timeToTargetMs)}`;
  return `Last session ${dateTimeLabel(last.startedAt)}: ${toTarget}`;
}

function useContractionsLine(scope: HealthScope): { text: string; urgent: boolean } {
  const timer = useContractions(scope);
  // A summary line: redrawn each minute, enough for 'in the last hour'.
  const now = useNow(MS_PER_MINUTE);
  const rows = contractionRows(timer.records);
  if (fiveOneOne(rows, now).met) return { text: `${HEALTH_MESSAGES.fiveOneOneTitle}: your contractions follow the 5-1-1 pattern.`, urgent: true };
  if (timer.active) return { text: "Timing a contraction now", urgent: false };
  const recent = recentAverages(rows, now);
  if (recent.count > 0) {
    const apart = recent.averageIntervalMs === null ? "" : `, about ${formatClock(recent.averageIntervalMs)} apart`;
    return { text: `${plural(recent.count, "contraction", "contractions")} in the last hour${apart}`, urgent: false };
  }
  const last = rows.at(-1);
  return { text: last ? `Last contraction ${dateTimeLabel(last.startedAt)}` : AREAS.contractions.summary, urgent: false };
}

type ToolPath = "/health/vitamins" | "/health/kicks" | "/health/contractions" | "/health/cravings" | "/health/symptoms" | "/health/birth-plan" | "/health/hospital-bag" | "/health/medical-contacts";
type ToolArea = "vitamins" | "kicks" | "contractions" | "cravings" | "symptoms" | "birthPlan" | "hospitalBag" | "medicalContacts";

/** The tools in the order the overview lists them. */
const TOOLS: readonly { area: ToolArea; to: ToolPath }[] = [
  { area: "vitamins", to: "/health/vitamins" },
  { area: "kicks", to: "/health/kicks" },
  { area: "contractions", to: "/health/contractions" },
  { area: "cravings", to: "/health/cravings" },
  { area: "symptoms", to: "/health/symptoms" },
  { area: "birthPlan", to: "/health/birth-plan" },
  { area: "hospitalBag", to: "/health/hospital-bag" },
  { area: "medicalContacts", to: "/health/medical-contacts" },
];

function Overview({ scope }: { scope: HealthScope }) {
  const contractions = useContractionsLine(scope);
  // Where a tool stands today, for the trackers; the others show what they are for.
  const status: Partial<Record<ToolArea, ReactNode>> = {
    vitamins: useVitaminsLine(scope),
    kicks: useKicksLine(scope),
    contractions: contractions.urgent ? <strong className="text-danger">{contractions.text}</strong> : contractions.text,
  };
  return (
    <ul aria-label="Health tools" className="grid gap-4 sm:grid-cols-2">
      {TOOLS.map(({ area, to }) => (
        <ToolCard key={to} to={to} title={AREAS[area].title}>
          {status[area] ?? AREAS[area].summary}
        </ToolCard>
      ))}
    </ul>
  );
}

/** A tool's card: the whole card opens the tool, while the link's name stays the tool's title. */
function ToolCard({ to, title, children }: { to: ToolPath; title: string; children: ReactNode }) {
  return (
    <li className="card relative flex flex-col gap-1 p-5 transition-shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring hover:shadow-md">
      <h2 className="text-lg font-bold">
        <Link to={to} className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none">
          {title}
        </Link>
      </h2>
      <p className="text-muted-foreground">{children}</p>
    </li>
  );
}
