import { useId } from "react";
import { lmpFromDueDate, todayIso, trimester, weeksPregnant } from "../../domain/dates";
import type { BabyGender } from "../../domain/enums";

export interface PregnancySummary {
  id: string;
  title: string;
  dueDate: string;
  lastMenstrualPeriod: string | null;
  displayTitle: string;
  babies: { id: string; name: string; birthOrder: number; gender: BabyGender | string }[];
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const ORDINALS = { 1: "1st", 2: "2nd", 3: "3rd" } as const;
const GENDER_LABELS: Record<string, string> = { boy: "Boy", girl: "Girl", unknown: "Not known yet" };

/** 'YYYY-MM-DD' as 'June 1, 2026' (read as a calendar day, so no time zone can shift it). */
export function formatDateOnly(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}

function progress(pregnancy: PregnancySummary): { weeks: number; trimester: 1 | 2 | 3 } | null {
  try {
    const weeks = weeksPregnant(pregnancy.lastMenstrualPeriod ?? lmpFromDueDate(pregnancy.dueDate), todayIso());
    return { weeks, trimester: trimester(weeks) };
  } catch {
    return null;
  }
}

/** One pregnancy: title, due date, weeks and trimester, the viewer's role and the babies. */
export function PregnancyCard({ pregnancy }: { pregnancy: PregnancySummary }) {
  const titleId = useId();
  const babiesId = useId();
  const stage = progress(pregnancy);
  return (
    <article aria-labelledby={titleId} className="rounded-card border border-border bg-surface p-5 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
        {pregnancy.title}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Due date" value={formatDateOnly(pregnancy.dueDate)} tone="bg-primary-soft" />
        {stage && <Fact label="Weeks pregnant" value={String(stage.weeks)} tone="bg-lavender" />}
        {stage && <Fact label="Trimester" value={ORDINALS[stage.trimester]} tone="bg-mint" />}
        <Fact label="Your role" value={pregnancy.displayTitle} tone="bg-muted" />
      </dl>
      <h3 id={babiesId} className="mt-6 text-lg font-semibold">
        Babies
      </h3>
      {pregnancy.babies.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No babies added yet.</p>
      ) : (
        <ul aria-labelledby={babiesId} className="mt-2 flex flex-col gap-2">
          {[...pregnancy.babies]
            .sort((a, b) => a.birthOrder - b.birthOrder)
            .map((baby) => (
              <li key={baby.id} className="flex items-center justify-between gap-3 rounded-xl bg-muted px-4 py-3">
                <span className="font-semibold">{baby.name}</span>
                <span className="text-sm text-muted-foreground">{GENDER_LABELS[baby.gender] ?? baby.gender}</span>
              </li>
            ))}
        </ul>
      )}
    </article>
  );
}

function Fact({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className={`rounded-xl px-3 py-2.5 ${tone}`}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words">{value}</dd>
    </div>
  );
}
