import { getRouteApi } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useDocumentTitle } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { ReadOnlyLine, usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { useCurrentPregnancy, type CurrentPregnancy } from "../pregnancy-context/currentPregnancy";
import { BabiesCard, BabiesHereCard, EndedCard, NewbornBabies, ProgressCard, SizeCard } from "./DashboardCards";
import { isAfterBirth } from "../../domain/afterBirth";
import { Card } from "../../ui/Card";
import { GuestLastDayNotice, ServiceEndNotices } from "./ServiceEndNotices";
import { GuestPregnancySwitcher } from "./GuestPregnancySwitcher";
import { GuestModeEmpty } from "../modes/GuestModeEmpty";
import { useAppMode } from "../pregnancy-context/useAppMode";
import { ClosedPregnancies, ClosingNotices } from "./ClosedPregnancy";
import { DashboardSkeleton } from "./DashboardSkeleton";
import { EndedInLossCard, LossNotice } from "./EndedInLoss";
import { SummarySections } from "./SummarySections";
import { LoadError } from "../../ui/LoadError";
import { PREGNANCY_TOASTS } from "../../domain/pregnancy";

const route = getRouteApi("/_authenticated/dashboard");

/**
 * /dashboard: the home after sign-in, for parents and guests. Greets the user, then shows the
 * pregnancy's progress, babies, this week's size (once a baby is here: the babies, their ages and
 * birth details instead), upcoming events, latest updates and photos and the waiting room, each as
 * the server lets this viewer see them.
 */
export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { session } = route.useRouteContext();
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const firstName = me.data?.firstName ?? session.user.firstName;
  const current = useCurrentPregnancy();
  const { modeContext } = useAppMode();
  const closingNotices = modeContext?.closingNotices ?? [];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      {/* Log Out is the menu's (the sidebar's from 768 px), never a large button in the page's header. */}
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-1 text-lg text-muted-foreground">{firstName ? `Welcome, ${firstName}!` : "Welcome!"}</p>
      </div>
      <ClosingNotices notices={closingNotices} />
      <ServiceEndNotices notices={modeContext?.serviceEndNotices ?? []} />
      <DashboardBody current={current} toldOfClosing={closingNotices.length > 0} showClosed={modeContext?.hasClosedPregnancy ?? false} />
    </div>
  );
}

/**
 * `toldOfClosing`: a notice above already says why there is no pregnancy here. `showClosed`: the
 * owner closed a pregnancy that can still be downloaded, shown in Parent mode in its place.
 */
function DashboardBody({ current, toldOfClosing, showClosed }: { current: CurrentPregnancy; toldOfClosing: boolean; showClosed: boolean }) {
  if (current.isLoading) return <DashboardSkeleton />;
  if (current.isError) return <LoadError title={PREGNANCY_TOASTS.loadPregnancyFailed} onRetry={current.refetch} />;
  if (!current.pregnancy || !current.pregnancyId) {
    if (current.mode === "parent" && showClosed) return <ClosedPregnancies />;
    if (current.mode === "guest" && current.hasParentRole) return <GuestModeEmpty />;
    if (toldOfClosing) return null;
    return (
      <section aria-labelledby="no-pregnancy" className="rounded-card border border-dashed border-input bg-surface p-6 text-center">
        <h2 id="no-pregnancy" className="text-xl font-bold">
          No pregnancy yet
        </h2>
        <p className="mt-2 text-muted-foreground">You are not part of an active pregnancy yet. When a parent invites you, their pregnancy will appear here.</p>
      </section>
    );
  }
  return <PregnancyDashboard current={current} pregnancyId={current.pregnancyId} />;
}

function PregnancyDashboard({ current, pregnancyId }: { current: CurrentPregnancy; pregnancyId: string }) {
  const trpc = useTRPC();
  const { mode, access, pregnancy } = current;
  const details = useQuery(trpc.pregnancy.details.queryOptions({ pregnancyId, mode }));
  // The babies' births decide what the top shows: the same query as the sections below (one request).
  const summary = useQuery(trpc.dashboard.summary.queryOptions({ pregnancyId, mode }));
  // Without an answer from pregnancy.access, the role decides (core spec 6: role defaults apply).
  const isParent = access?.isParent ?? mode === "parent";
  const isGuest = mode === "guest";
  const readOnly = usePregnancyReadOnly();
  const displayTitle = access?.displayTitle ?? pregnancy?.displayTitle ?? "";

  // Waiting for the births too, so a family with a newborn never sees the countdown flash by.
  if (details.isPending || summary.isPending) return <DashboardSkeleton />;
  if (details.isError) return <LoadError title={PREGNANCY_TOASTS.loadPregnancyFailed} onRetry={() => void details.refetch()} busy={details.isFetching} />;
  // Unknown births (the summary failed; its own error shows below): no countdown that may be wrong.
  const babies = summary.data?.babies ?? null;
  const afterBirth = babies !== null && isAfterBirth(babies);

  return (
    <div className="flex flex-col gap-4">
      <ReadOnlyLine />
      {isGuest && <GuestLastDayNotice title={details.data.title} serviceEndDate={details.data.serviceEndDate} />}
      {!isGuest && current.parentPregnancyCount > 1 && (
        <Alert variant="info">You take part in {current.parentPregnancyCount} active pregnancies as a parent; the most recently created one is shown.</Alert>
      )}
      {isGuest && current.guestPregnancies.length > 1 && <GuestPregnancySwitcher pregnancies={current.guestPregnancies} selectedId={pregnancyId} onSelect={current.selectGuestPregnancy} />}
      {details.data.lossNotice && <LossNotice scope={{ pregnancyId, mode }} notice={details.data.lossNotice} />}
      {/* After a loss nothing is counted and no baby is listed: neither the countdown nor the ended dates. */}
      {details.data.endedInLoss ? (
        <EndedInLossCard title={details.data.title} displayTitle={displayTitle} isGuest={isGuest} />
      ) : readOnly ? (
        <>
          <EndedCard title={details.data.title} dueDate={details.data.dueDate} serviceEndDate={details.data.serviceEndDate} displayTitle={displayTitle} isGuest={isGuest} />
          {afterBirth ? (
            <Card title="Babies">
              <NewbornBabies babies={babies} showAge={false} />
            </Card>
          ) : (
            <BabiesCard babies={details.data.babies} isParent={false} />
          )}
        </>
      ) : afterBirth ? (
        <BabiesHereCard title={details.data.title} displayTitle={displayTitle} isGuest={isGuest} babies={babies} serviceEndDate={details.data.serviceEndDate} />
      ) : babies ? (
        <>
          <ProgressCard title={details.data.title} dueDate={details.data.dueDate} displayTitle={displayTitle} isGuest={isGuest} />
          <div className="grid gap-4 md:grid-cols-2">
            <SizeCard dueDate={details.data.dueDate} />
            <BabiesCard babies={details.data.babies} isParent={isParent && !isGuest} />
          </div>
        </>
      ) : null}
      <SummarySections pregnancyId={pregnancyId} mode={mode} isParent={isParent && !isGuest} permissions={access?.permissions ?? null} search={current.pregnancySearch} />
    </div>
  );
}
