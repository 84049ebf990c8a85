import { useMemo, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import { lmpFromDueDate } from "../../domain/dates";
import type { UserMode } from "../../domain/enums";
import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ChevronLeftIcon, PrinterIcon } from "../../ui/icons";
import { PageSpinner } from "../../ui/Spinner";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { HEALTH_PAGE_MESSAGES } from "./messages";
import { PageHeader } from "../../ui/PageHeader";
import { ReadOnlyLine } from "../pregnancy-context/readOnly";

/** What every health record call is scoped to, and the dates the pages need. */
export interface HealthScope {
  pregnancyId: string;
  mode: UserMode;
}
export interface HealthPregnancy {
  title: string;
  dueDate: string;
  lastMenstrualPeriod: string;
}

interface HealthToolPageProps {
  title: string;
  description: string;
  /** Buttons and links beside the heading (print, export). */
  actions?: ReactNode;
  children: (scope: HealthScope, pregnancy: HealthPregnancy) => ReactNode;
}

/** The pregnancy the parent works in, once known; the page's spinner or notice until then. */
function usePregnancyFrame(): { state: "loading" | "none" } | { state: "ready"; scope: HealthScope; pregnancy: HealthPregnancy } {
  const { pregnancyId, mode, pregnancy, isLoading } = usePregnancyContext();
  // Stable objects: hooks below depend on the scope and must not see a new one on every render.
  const scope = useMemo(() => (pregnancyId ? { pregnancyId, mode } : null), [pregnancyId, mode]);
  const { title, dueDate, lastMenstrualPeriod } = pregnancy ?? {};
  const dates = useMemo(
    () => (title !== undefined && dueDate ? { title, dueDate, lastMenstrualPeriod: lastMenstrualPeriod ?? lmpFromDueDate(dueDate) } : null),
    [title, dueDate, lastMenstrualPeriod],
  );
  if (isLoading) return { state: "loading" };
  if (!scope || !dates) return { state: "none" };
  return { state: "ready", scope, pregnancy: dates };
}

const BackLink = ({ to, label }: { to: "/health" | "/health/birth-plan" | "/health/hospital-bag"; label: string }) => (
  <Link to={to} className="inline-flex min-h-11 items-center gap-1 self-start rounded-full pr-3 font-semibold text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring">
    <ChevronLeftIcon className="size-4" />
    {label}
  </Link>
);

/** A health tool's page: the way back to /health, the heading with its actions, then the tool. */
export function HealthToolPage({ title, description, actions, children }: HealthToolPageProps) {
  useDocumentTitle(title);
  const frame = usePregnancyFrame();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/health" label={HEALTH_PAGE_MESSAGES.backToHealth} />
      {/* Every tool's header is the row with actions, whether or not this tool has any. */}
      <PageHeader title={title} description={description} actions={actions ?? null} />
      {frame.state === "loading" && <PageSpinner />}
      {frame.state === "none" && <Alert variant="info">{HEALTH_PAGE_MESSAGES.noPregnancy}</Alert>}
      {frame.state === "ready" && (
        <>
          <ReadOnlyLine />
          {children(frame.scope, frame.pregnancy)}
        </>
      )}
    </div>
  );
}

interface PrintPageProps {
  /** The document title (and the tab's). */
  title: string;
  back: { to: "/health/birth-plan" | "/health/hospital-bag"; label: string };
  /** Screen-only settings above the printed page (what to include). */
  controls?: ReactNode;
  children: (scope: HealthScope, pregnancy: HealthPregnancy) => ReactNode;
}

/**
 * A page made to be printed: on screen, the way back and a Print button above a paper-like sheet;
 * on paper, the sheet alone (the app's bars hide themselves when printing) in black on white.
 */
export function PrintPage({ title, back, controls, children }: PrintPageProps) {
  useDocumentTitle(title);
  const frame = usePregnancyFrame();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={back.to} label={back.label} />
        <Button onClick={() => window.print()} disabled={frame.state !== "ready"}>
          <PrinterIcon />
          {HEALTH_PAGE_MESSAGES.print}
        </Button>
      </div>
      {controls && <div className="print:hidden">{controls}</div>}
      <article
        className={clsx(
          "rounded-card border border-border bg-surface p-6 font-serif text-base leading-relaxed shadow-sm sm:p-10",
          // On paper: black ink on white whatever the theme, no frame.
          "print:rounded-none print:border-0 print:bg-white print:p-4 print:text-black print:shadow-none print:**:border-neutral-400 print:**:text-black",
        )}
      >
        {frame.state === "loading" && <PageSpinner />}
        {frame.state === "none" && <p>{HEALTH_PAGE_MESSAGES.noPregnancy}</p>}
        {frame.state === "ready" && children(frame.scope, frame.pregnancy)}
      </article>
    </div>
  );
}
