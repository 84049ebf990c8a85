import { useId, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import type { BabyColor } from "../../domain/enums";
import { PREGNANCY_WEEKS } from "../../domain/dates";
import { type SeedKind, sizeComparison, type SizePicture } from "../../domain/sizeComparison";
import { babyAgeText, weekWithBabiesLine } from "../../domain/afterBirth";
import { formatBabyLength, formatBabyWeight, inBothSystems } from "../../domain/measurement";
import { formatDateOnly, formatPercent } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";
import { genderLabel } from "../../lib/labels";
import { babyColorStyle } from "../../lib/babyColors";
import { daysToGoLabel, pregnancyProgress, trimesterLabel, weeksLabel } from "./progress";
import { ProgressRing } from "./ProgressRing";
import { Card } from "../../ui/Card";
import { EmptyState } from "../../ui/EmptyState";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";

interface ProgressCardProps {
  title: string;
  dueDate: string;
  /** 'Mom', 'Aunt Maya'... */
  displayTitle: string;
  isGuest: boolean;
}

/** The family's card at the top of the dashboard: the pregnancy's title and who the reader is in it. */
function FamilyCard({ title, roleLine, children }: { title: string; roleLine: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-card border border-border bg-gradient-to-br from-primary-soft via-surface to-lavender p-5 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-2xl font-bold break-words sm:text-3xl">
        {title}
      </h2>
      <p className="mt-1 text-muted-foreground">{roleLine}</p>
      {children}
    </section>
  );
}

/** The pregnancy's title, the progress ring, week, trimester, days to go and due date. */
export function ProgressCard({ title, dueDate, displayTitle, isGuest }: ProgressCardProps) {
  const { today } = useFamilyTime();
  const progress = pregnancyProgress(dueDate, today);
  const label = `Pregnancy progress: week ${progress.week} of ${PREGNANCY_WEEKS}, ${formatPercent(progress.percent)} of the way to the due date`;
  return (
    <FamilyCard title={title} roleLine={isGuest ? `You are following as ${displayTitle}.` : `Your role: ${displayTitle}`}>
      <div className="mt-5 flex flex-col items-center gap-5 sm:flex-row sm:items-center sm:gap-8">
        <ProgressRing percent={progress.percent} label={label}>
          <span className="text-sm font-semibold text-muted-foreground">Week</span>
          <span className="text-4xl leading-none font-bold">{progress.week}</span>
          <span className="mt-1 text-sm text-muted-foreground">{formatPercent(progress.percent)}</span>
        </ProgressRing>
        <dl className="grid w-full grid-cols-2 gap-3">
          <Fact label="Weeks pregnant" value={weeksLabel(progress.week)} tone="bg-surface/80" />
          <Fact label="Trimester" value={trimesterLabel(progress.trimester)} tone="bg-surface/80" />
          <Fact label="Countdown" value={daysToGoLabel(progress.daysToGo)} tone="bg-surface/80" />
          <Fact label="Due date" value={formatDateOnly(dueDate)} tone="bg-surface/80" />
        </dl>
      </div>
    </FamilyCard>
  );
}

/** After the service end: the pregnancy as it ended, its title and dates, with no week, countdown or size. */
export function EndedCard({ title, dueDate, serviceEndDate, displayTitle, isGuest }: ProgressCardProps & { serviceEndDate: string }) {
  return (
    <FamilyCard title={title} roleLine={isGuest ? `You followed as ${displayTitle}.` : `Your role: ${displayTitle}`}>
      <dl className="mt-5 grid grid-cols-2 gap-3">
        <Fact label="Due date" value={formatDateOnly(dueDate)} tone="bg-surface/80" />
        <Fact label="Service ended" value={formatDateOnly(serviceEndDate)} tone="bg-surface/80" />
      </dl>
    </FamilyCard>
  );
}

type SummaryBaby = RouterOutputs["dashboard"]["summary"]["babies"][number];

/**
 * Once the first baby is here, in place of the countdown (issue 37): the weeks with the babies until
 * the service ends, and each baby's age and birth details.
 */
export function BabiesHereCard({ title, displayTitle, isGuest, babies, serviceEndDate }: Omit<ProgressCardProps, "dueDate"> & { babies: readonly SummaryBaby[]; serviceEndDate: string }) {
  const weekLine = weekWithBabiesLine(babies, useFamilyTime().today, serviceEndDate);
  return (
    <FamilyCard title={title} roleLine={isGuest ? `You are following as ${displayTitle}.` : `Your role: ${displayTitle}`}>
      {weekLine && <p className="mt-4 text-xl font-semibold">{weekLine}</p>}
      <div className="mt-4">
        <NewbornBabies babies={babies} />
      </div>
    </FamilyCard>
  );
}

/**
 * Each baby by name: its age and what the parents told of the birth, or still expected (one twin may
 * come later). `showAge` false: after the service end the page keeps the births as they were, with
 * no age that goes on counting through the read-only years.
 */
export function NewbornBabies({ babies, showAge = true }: { babies: readonly SummaryBaby[]; showAge?: boolean }) {
  const { today, eventTime } = useFamilyTime();
  return (
    <ul aria-label="Babies" className="grid gap-3 md:grid-cols-2">
      {babies.map((baby) => {
        const sex = baby.gender === "unknown" ? null : genderLabel(baby.gender);
        // Sizes in the units the parent gave them, the other system beside them, as the announcement reads.
        const system = baby.birthMeasurementSystem ?? "imperial";
        return (
          <li key={baby.id} className="rounded-xl bg-surface/80 px-4 py-3">
            <h3 className="text-lg font-bold break-words">{baby.name}</h3>
            {baby.bornAnnouncedAt && baby.birthDate ? (
              <>
                {(showAge || sex) && <p className="font-semibold text-muted-foreground">{[showAge ? babyAgeText(baby.birthDate, today) : null, sex].filter(Boolean).join(" · ")}</p>}
                <dl className="mt-2 grid grid-cols-2 gap-2">
                  <Fact label="Born" value={formatDateOnly(baby.birthDate)} tone="bg-muted" />
                  {baby.birthTime && <Fact label="Time" value={eventTime(baby.birthDate, baby.birthTime)} tone="bg-muted" />}
                  {baby.birthWeightPounds !== null && <Fact label="Weight" value={inBothSystems(formatBabyWeight, baby.birthWeightPounds, system)} tone="bg-muted" />}
                  {baby.birthLengthInches !== null && <Fact label="Length" value={inBothSystems(formatBabyLength, baby.birthLengthInches, system)} tone="bg-muted" />}
                </dl>
              </>
            ) : (
              <p className="text-muted-foreground">Still expected</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Fact({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className={clsx("rounded-xl px-3 py-2.5", tone)}>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words">{value}</dd>
    </div>
  );
}

interface Baby {
  id: string;
  name: string;
  birthOrder: number;
  gender: string;
  color: BabyColor | null;
}

export function BabiesCard({ babies, isParent }: { babies: readonly Baby[]; isParent: boolean }) {
  return (
    <Card title="Babies">
      {babies.length === 0 ? (
        <EmptyState
          action={
            isParent ? (
              <Link to="/settings" hash="babies" className="font-semibold text-link underline underline-offset-4 hover:no-underline">
                Add a baby in Settings
              </Link>
            ) : undefined
          }
        >
          No babies added yet.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {[...babies]
            .sort((a, b) => a.birthOrder - b.birthOrder)
            .map((baby) => {
              const color = babyColorStyle(baby.color);
              return (
                <li key={baby.id} className="flex items-center gap-3 rounded-xl bg-muted px-4 py-3">
                  <span aria-hidden="true" className="size-4 shrink-0 rounded-full border border-border bg-surface" style={color ? { backgroundColor: color.swatch } : undefined} />
                  <span className="min-w-0 flex-1 font-semibold break-words">{baby.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {genderLabel(baby.gender)}
                    {color && <span className="sr-only">, colour {color.label}</span>}
                  </span>
                </li>
              );
            })}
        </ul>
      )}
    </Card>
  );
}

/** A seed's colour and size as drawn (no emoji shows one). */
const SEED_DRAWING: Record<SeedKind, { fill: string; rx: number; ry: number }> = {
  poppy: { fill: "#4B4B5C", rx: 3, ry: 2.5 },
  sesame: { fill: "#D9BE84", rx: 3.5, ry: 6 },
  lentil: { fill: "#C98B4A", rx: 8, ry: 7 },
};

/** The size's picture; decorative, the sentence beside it names the size. */
function SizePictureView({ picture }: { picture: SizePicture }) {
  if (picture.kind === "emoji") {
    return (
      <span aria-hidden="true" className="text-5xl leading-none">
        {picture.emoji}
      </span>
    );
  }
  const seed = SEED_DRAWING[picture.seed];
  return (
    <svg aria-hidden="true" data-seed={picture.seed} viewBox="0 0 48 48" className="h-12 w-12 shrink-0">
      <ellipse cx="24" cy="24" rx={seed.rx} ry={seed.ry} fill={seed.fill} />
    </svg>
  );
}

/** This week's size comparison (src/domain/sizeComparison). */
export function SizeCard({ dueDate }: { dueDate: string }) {
  const { week } = pregnancyProgress(dueDate, useFamilyTime().today);
  const size = sizeComparison(week);
  return (
    <Card title="This week's size" tone="border-border bg-mint">
      {size.stage === "early" ? (
        <p>{size.message}</p>
      ) : (
        <div className="flex items-start gap-4">
          <SizePictureView picture={size.entry.picture} />
          <div className="flex flex-col gap-1">
            <p className="text-lg font-semibold">
              Week {size.week}: about the size of {size.entry.size}
            </p>
            <p className="text-muted-foreground">{size.stage === "past-due" ? size.message : size.entry.development}</p>
          </div>
        </div>
      )}
    </Card>
  );
}
