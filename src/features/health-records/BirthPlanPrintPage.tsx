import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTRPC } from "../../lib/trpc";
import { Switch } from "../../ui/fields";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { dateFormat, formatDateOnly } from "../../lib/format";
import { PrintPage, type HealthScope } from "./HealthToolPage";
import { BIRTH_PLAN_MESSAGES, HEALTH_PAGE_MESSAGES } from "./messages";
import { answeredSections, parentNames, type BirthPlanAnswers } from "../../domain/birthPlan";
import { SEVERITY_LABELS, symptomsByWeek, weekHeading } from "../../domain/healthLogs";

const updatedFormat = dateFormat({ dateStyle: "long" });

/** /health/birth-plan/print: the answered sections of the plan, headed by the parents and the due date, and the symptoms by week for the provider. */
export function BirthPlanPrintPage() {
  const [includeSymptoms, setIncludeSymptoms] = useState(true);
  return (
    <PrintPage
      title={BIRTH_PLAN_MESSAGES.printTitle}
      back={{ to: "/health/birth-plan", label: BIRTH_PLAN_MESSAGES.backToPlan }}
      controls={<Switch label={BIRTH_PLAN_MESSAGES.includeSymptoms} hint={BIRTH_PLAN_MESSAGES.includeSymptomsHint} checked={includeSymptoms} onCheckedChange={setIncludeSymptoms} />}
    >
      {(scope) => <BirthPlanSheet key={scope.pregnancyId} scope={scope} includeSymptoms={includeSymptoms} />}
    </PrintPage>
  );
}

function BirthPlanSheet({ scope, includeSymptoms }: { scope: HealthScope; includeSymptoms: boolean }) {
  const trpc = useTRPC();
  const plan = useQuery(trpc.healthRecords.birthPlan.get.queryOptions(scope, { meta: { isolationToast: false } }));
  if (plan.isPending) return <Spinner label={BIRTH_PLAN_MESSAGES.loading} showLabel />;
  if (plan.isError) return <LoadError title={BIRTH_PLAN_MESSAGES.loadFailed} onRetry={() => void plan.refetch()} busy={plan.isFetching} />;
  const { answers, parents, dueDate, updatedAt } = plan.data;
  const sections = answeredSections(answers);

  return (
    <div className="flex flex-col gap-6">
      <header className="border-b-2 border-foreground pb-4">
        <h1 className="text-3xl font-bold">{BIRTH_PLAN_MESSAGES.printTitle}</h1>
        {parents.length > 0 && <p className="mt-1 text-xl">{parentNames(parents)}</p>}
        <p className="mt-1">
          <strong>{HEALTH_PAGE_MESSAGES.dueDate}:</strong> {formatDateOnly(dueDate)}
        </p>
        {updatedAt && (
          <p className="text-sm text-muted-foreground">
            {BIRTH_PLAN_MESSAGES.lastUpdated} {updatedFormat.format(updatedAt)}
          </p>
        )}
      </header>
      {sections.length === 0 ? (
        <p>
          {BIRTH_PLAN_MESSAGES.printEmpty}{" "}
          <Link to="/health/birth-plan" className="font-semibold text-link underline print:hidden">
            {BIRTH_PLAN_MESSAGES.backToPlan}
          </Link>
        </p>
      ) : (
        <AnsweredSections answers={answers} />
      )}
      {includeSymptoms && <SymptomSummary scope={scope} />}
    </div>
  );
}

/** The plan's answered sections as text: the printed sheet, and the plan's page once it is read-only. */
export function AnsweredSections({ answers }: { answers: BirthPlanAnswers }) {
  return answeredSections(answers).map((section) => (
    <section key={section.key} className="break-inside-avoid">
      <h2 className="mb-2 border-b border-border pb-1 text-xl font-bold">{section.title}</h2>
      <dl className="flex flex-col gap-3">
        {section.questions.map((question) => (
          <div key={question.key}>
            <dt className="font-bold">{question.label}</dt>
            <dd>
              {question.kind === "multiple" ? (
                <ul className="list-disc pl-6">
                  {question.values.map((value) => (
                    <li key={value}>{value}</li>
                  ))}
                </ul>
              ) : (
                <p className="whitespace-pre-line">{question.values.join(", ")}</p>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  ));
}

/** For the provider: each week's symptoms, how often, and how strong at worst. */
function SymptomSummary({ scope }: { scope: HealthScope }) {
  const trpc = useTRPC();
  const logs = useQuery(trpc.healthRecords.logs.list.queryOptions({ ...scope, kind: "symptom" }, { meta: { isolationToast: false } }));
  const weeks = logs.data ? symptomsByWeek(logs.data) : [];
  return (
    <section className="break-inside-avoid">
      <h2 className="mb-2 border-b border-border pb-1 text-xl font-bold">{BIRTH_PLAN_MESSAGES.symptomsTitle}</h2>
      {logs.isPending ? (
        <Spinner label={BIRTH_PLAN_MESSAGES.symptomsLoading} showLabel />
      ) : logs.isError ? (
        <LoadError title={BIRTH_PLAN_MESSAGES.symptomsLoadFailed} onRetry={() => void logs.refetch()} busy={logs.isFetching} />
      ) : weeks.length === 0 ? (
        <p>{BIRTH_PLAN_MESSAGES.symptomsEmpty}</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-3">
                {BIRTH_PLAN_MESSAGES.weekColumn}
              </th>
              <th scope="col" className="py-1 pr-3">
                {BIRTH_PLAN_MESSAGES.symptomColumn}
              </th>
              <th scope="col" className="py-1 pr-3">
                {BIRTH_PLAN_MESSAGES.timesColumn}
              </th>
              <th scope="col" className="py-1">
                {BIRTH_PLAN_MESSAGES.worstColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.flatMap(({ week, logs: symptoms }) =>
              symptoms.map((symptom, index) => (
                <tr key={`${week}-${symptom.name}`} className="border-b border-border align-top">
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={symptoms.length} className="py-1 pr-3 font-bold">
                      {weekHeading(week)}
                    </th>
                  )}
                  <td className="py-1 pr-3">{symptom.name}</td>
                  <td className="py-1 pr-3">{symptom.count}</td>
                  <td className="py-1">{SEVERITY_LABELS[symptom.worst] ?? ""}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
