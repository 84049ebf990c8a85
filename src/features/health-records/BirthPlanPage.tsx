import { useId, type MouseEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { clsx } from "clsx";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { TextAreaField } from "../../ui/fields";
import { PrinterIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner, SpinnerIcon } from "../../ui/Spinner";
import { Card } from "../../ui/Card";
import { HealthToolPage, type HealthScope } from "./HealthToolPage";
import { AnsweredSections } from "./BirthPlanPrintPage";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { BIRTH_PLAN_MESSAGES } from "./messages";
import { useBirthPlanDraft, type SaveStatus } from "./useBirthPlan";
import { answeredSections, BIRTH_PLAN_SECTIONS, BIRTH_PLAN_TEXT_MAX_LENGTH, type BirthPlanAnswer, type BirthPlanAnswers, type BirthPlanQuestion, type BirthPlanSection } from "../../domain/birthPlan";

const sectionAnchor = (key: string) => `birth-plan-${key}`;

/** /health/birth-plan: the guided form, section by section, saved as the parents go. */
export function BirthPlanPage() {
  return (
    <HealthToolPage title={BIRTH_PLAN_MESSAGES.title} description={BIRTH_PLAN_MESSAGES.description}>
      {(scope) => <BirthPlanEditor key={scope.pregnancyId} scope={scope} />}
    </HealthToolPage>
  );
}

function BirthPlanEditor({ scope }: { scope: HealthScope }) {
  const trpc = useTRPC();
  const plan = useQuery(trpc.healthRecords.birthPlan.get.queryOptions(scope, { meta: { isolationToast: false } }));
  // After the service end the plan is read as it was saved (the server refuses changes).
  const readOnly = usePregnancyReadOnly();
  if (plan.isPending) return <Spinner label={BIRTH_PLAN_MESSAGES.loading} showLabel />;
  if (plan.isError) return <LoadError title={BIRTH_PLAN_MESSAGES.loadFailed} onRetry={() => void plan.refetch()} busy={plan.isFetching} />;
  if (readOnly) return <SavedPlan answers={plan.data.answers} />;
  return <BirthPlanForm scope={scope} saved={plan.data.answers} />;
}

function SavedPlan({ answers }: { answers: BirthPlanAnswers }) {
  return (
    <>
      <Link to="/health/birth-plan/print" className={clsx(buttonStyles({ variant: "secondary", size: "sm" }), "self-start")}>
        <PrinterIcon className="size-4" />
        {BIRTH_PLAN_MESSAGES.printView}
      </Link>
      {answeredSections(answers).length === 0 ? (
        <p className="text-muted-foreground">{BIRTH_PLAN_MESSAGES.answered(0, BIRTH_PLAN_SECTIONS.length)}</p>
      ) : (
        <div className="card flex flex-col gap-6 p-5">
          <AnsweredSections answers={answers} />
        </div>
      )}
    </>
  );
}

function BirthPlanForm({ scope, saved }: { scope: HealthScope; saved: BirthPlanAnswers }) {
  const { answers, status, change, flush, hasPending } = useBirthPlanDraft(scope, saved);
  const navigate = useNavigate();
  const answered = new Set(answeredSections(answers).map((section) => section.key));

  // The print view reads the saved plan: what is pending is saved before it opens.
  function openPrintView(event: MouseEvent<HTMLAnchorElement>) {
    if (!hasPending() || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    void flush().then(() => navigate({ to: "/health/birth-plan/print" }));
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3">
        <SaveState status={status} onRetry={() => void flush()} />
        <Link to="/health/birth-plan/print" onClick={openPrintView} className={buttonStyles({ variant: "secondary", size: "sm" })}>
          <PrinterIcon className="size-4" />
          {BIRTH_PLAN_MESSAGES.printView}
        </Link>
      </div>
      <nav aria-label={BIRTH_PLAN_MESSAGES.sections} className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{BIRTH_PLAN_MESSAGES.answered(answered.size, BIRTH_PLAN_SECTIONS.length)}</p>
        <ol className="flex flex-wrap gap-2">
          {BIRTH_PLAN_SECTIONS.map((section) => (
            <li key={section.key}>
              <a
                href={`#${sectionAnchor(section.key)}`}
                className={clsx(
                  "inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring",
                  answered.has(section.key) ? "border-primary bg-lavender" : "border-input bg-surface hover:bg-muted",
                )}
              >
                {section.title}
                {answered.has(section.key) && (
                  <>
                    <span aria-hidden="true">✓</span>
                    <span className="sr-only">(answered)</span>
                  </>
                )}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {BIRTH_PLAN_SECTIONS.map((section) => (
        <SectionCard key={section.key} section={section} answers={answers} onChange={change} />
      ))}
    </>
  );
}

const STATUS_TEXT: Readonly<Record<SaveStatus, string>> = {
  saved: BIRTH_PLAN_MESSAGES.saved,
  unsaved: BIRTH_PLAN_MESSAGES.unsaved,
  saving: BIRTH_PLAN_MESSAGES.saving,
  failed: BIRTH_PLAN_MESSAGES.saveFailed,
};

function SaveState({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className={clsx("inline-flex items-center gap-2 text-sm font-semibold", status === "failed" ? "text-danger" : "text-muted-foreground")}>
        {status === "saving" && <SpinnerIcon />}
        {STATUS_TEXT[status]}
      </p>
      {status === "failed" && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {BIRTH_PLAN_MESSAGES.retry}
        </Button>
      )}
    </div>
  );
}

function SectionCard({ section, answers, onChange }: { section: BirthPlanSection; answers: BirthPlanAnswers; onChange: (key: string, answer: BirthPlanAnswer) => void }) {
  return (
    <div id={sectionAnchor(section.key)} className="scroll-mt-20">
      <Card title={section.title}>
        <p className="-mt-2 text-muted-foreground">{section.description}</p>
        <div className="flex flex-col gap-5">
          {section.questions.map((question) => (
            <Question key={question.key} question={question} answer={answers[question.key]} onChange={(answer) => onChange(question.key, answer)} />
          ))}
        </div>
      </Card>
    </div>
  );
}

function Question({ question, answer, onChange }: { question: BirthPlanQuestion; answer: BirthPlanAnswer | undefined; onChange: (answer: BirthPlanAnswer) => void }) {
  const name = useId();
  if (question.kind === "text") {
    return <TextAreaField label={question.label} hint={question.hint} value={typeof answer === "string" ? answer : ""} maxLength={BIRTH_PLAN_TEXT_MAX_LENGTH} rows={2} onChange={(e) => onChange(e.target.value)} />;
  }
  const chosen = new Set(Array.isArray(answer) ? answer : answer ? [answer] : []);
  const toggle = (value: string, on: boolean) => onChange(question.options.map((o) => o.value).filter((v) => (v === value ? on : chosen.has(v))));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{question.label}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {question.options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              chosen.has(option.value) ? "border-primary bg-lavender" : "border-border",
            )}
          >
            <input
              type={question.kind === "single" ? "radio" : "checkbox"}
              name={name}
              value={option.value}
              checked={chosen.has(option.value)}
              onChange={(e) => (question.kind === "single" ? onChange(option.value) : toggle(option.value, e.target.checked))}
              className="size-4 shrink-0 accent-primary"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {question.kind === "single" && chosen.size > 0 && (
        <Button variant="link" size="sm" className="self-start text-sm" onClick={() => onChange("")} aria-label={`${BIRTH_PLAN_MESSAGES.clearChoice}: ${question.label}`}>
          {BIRTH_PLAN_MESSAGES.clearChoice}
        </Button>
      )}
    </fieldset>
  );
}
