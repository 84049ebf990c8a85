import { useEffect, useState } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { PREGNANCY_TOASTS } from "../../domain/errors";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { LogOutButton } from "../auth/LogOutButton";
import { forgetGuestChoice, readGuestChoice } from "../pregnancy/guestChoice";
import { PregnancyCard } from "../pregnancy/PregnancyCard";

const route = getRouteApi("/_authenticated/dashboard");

/** /dashboard: greets the user and shows the active pregnancy (parent) or the selected guest pregnancy. */
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { session } = route.useRouteContext();
  const { preg } = route.useSearch();
  const userId = session.user.id;
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const firstName = me.data?.firstName ?? session.user.firstName;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-lg text-muted-foreground">{firstName ? `Welcome, ${firstName}!` : "Welcome!"}</p>
        </div>
        <LogOutButton />
      </div>
      <PregnancySection userId={userId} preg={preg} />
    </div>
  );
}

/** The pregnancy to show: `preg` from the URL, else the stored guest choice, else the server's pick. */
function PregnancySection({ userId, preg }: { userId: string; preg: string | undefined }) {
  const trpc = useTRPC();
  const [storedChoice] = useState(() => readGuestChoice(userId));
  const query = useQuery(trpc.pregnancy.mine.queryOptions({ ...(preg ? { preg } : {}), ...(storedChoice ? { storedChoice } : {}) }));
  const dropStoredChoice = query.data?.dropStoredChoice ?? false;
  useEffect(() => {
    if (dropStoredChoice) forgetGuestChoice(userId);
  }, [dropStoredChoice, userId]);

  if (query.isPending) return <Spinner label="Loading your pregnancy..." showLabel className="py-6" />;
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert title={PREGNANCY_TOASTS.loadPregnancyFailed}>Please check your connection and try again.</Alert>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try Again
        </Button>
      </div>
    );
  }
  const { parentPregnancy, parentPregnancyCount, guestPregnancies, selectedGuestPregnancyId } = query.data;
  const guestPregnancy = guestPregnancies.find((p) => p.id === selectedGuestPregnancyId) ?? null;
  const pregnancy = parentPregnancy ?? guestPregnancy;
  if (!pregnancy) {
    return (
      <section aria-labelledby="no-pregnancy" className="rounded-card border border-dashed border-input bg-surface p-6 text-center">
        <h2 id="no-pregnancy" className="text-xl font-bold">
          No pregnancy yet
        </h2>
        <p className="mt-2 text-muted-foreground">You are not part of an active pregnancy yet. When a parent invites you, their pregnancy will appear here.</p>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {parentPregnancy && parentPregnancyCount > 1 && (
        <Alert variant="info">You take part in {parentPregnancyCount} active pregnancies as a parent; the most recently created one is shown.</Alert>
      )}
      {!parentPregnancy && <p className="text-muted-foreground">You are following this pregnancy as a guest.</p>}
      <PregnancyCard pregnancy={pregnancy} />
    </div>
  );
}
