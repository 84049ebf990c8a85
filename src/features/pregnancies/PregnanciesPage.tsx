import { Suspense } from "react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, Navigate } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { PageSpinner, Spinner } from "../../ui/Spinner";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { usePregnancyContext, usePregnancyMineInput } from "../pregnancy-context/usePregnancyContext";
import { formatDateOnly } from "../../lib/format";
import { PageHeader } from "../../ui/PageHeader";

/**
 * /pregnancies (core spec 2): the pregnancies the user follows as a guest, with a switch per row.
 * Guest mode only; a parent in parent mode goes to /dashboard.
 */
export function PregnanciesPage() {
  useDocumentTitle("Pregnancies");
  const { mode, isLoading } = useAppMode();
  if (isLoading) return <PageSpinner label={ROUTE_TEXTS.loading} />;
  if (mode === "parent") return <Navigate to="/dashboard" replace />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader title="Pregnancies" description="The pregnancies you follow as a guest. Switch to choose which one the app shows." lead />
      <Suspense fallback={<Spinner label="Loading pregnancies..." showLabel className="py-6" />}>
        <GuestPregnancyList />
      </Suspense>
      <p className="text-muted-foreground">
        Expecting a baby yourself?{" "}
        <Link to="/become-parent" className="font-semibold text-link underline underline-offset-4 hover:no-underline">
          Become a Parent
        </Link>
      </p>
    </div>
  );
}

function GuestPregnancyList() {
  const trpc = useTRPC();
  const input = usePregnancyMineInput();
  // Suspense: a failure here shows the error screen with its retries.
  const { data } = useSuspenseQuery(trpc.pregnancy.mine.queryOptions(input));
  const { selectGuestPregnancy } = usePregnancyContext();

  if (data.guestPregnancies.length === 0) {
    return (
      <section aria-labelledby="no-guest-pregnancies" className="card p-6 text-center">
        <h2 id="no-guest-pregnancies" className="text-xl font-bold">
          No pregnancies yet
        </h2>
        <p className="mt-2 text-muted-foreground">When a parent invites you, their pregnancy appears here.</p>
      </section>
    );
  }

  return (
    <ul aria-label="Your guest pregnancies" className="flex flex-col gap-3">
      {data.guestPregnancies.map((pregnancy) => {
        const viewing = pregnancy.id === data.selectedGuestPregnancyId;
        return (
          <li key={pregnancy.id} aria-current={viewing ? "true" : undefined} className="card flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
            <div className="min-w-0">
              <h2 className="text-lg font-bold break-words">{pregnancy.title}</h2>
              <p className="text-muted-foreground">
                {/* After a loss no due date is spoken of (issue 38). */}
                {pregnancy.endedInLoss ? `You are ${pregnancy.displayTitle}` : `Due ${formatDateOnly(pregnancy.dueDate)} · You are ${pregnancy.displayTitle}`}
              </p>
            </div>
            {viewing ? (
              <span className="inline-flex min-h-9 items-center rounded-full bg-primary-soft px-4 text-sm font-semibold text-foreground">Viewing</span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => selectGuestPregnancy(pregnancy.id)}>
                Switch<span className="sr-only"> to {pregnancy.title}</span>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
