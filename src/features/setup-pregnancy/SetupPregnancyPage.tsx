import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Navigate, getRouteApi } from "@tanstack/react-router";
import { ROUTE_TEXTS } from "../../domain/errors";
import { stepProgress } from "../../domain/wizard";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { PageSpinner } from "../../ui/Spinner";
import { StepProgress } from "../../ui/StepProgress";
import { toast } from "../../ui/toast";
import { AuthCard, useFocusHeadingOnChange } from "../../ui/AuthLayout";
import { BabiesStep, GuestsStep, PartnerStep, TimelineStep, type SetupStep, type Timeline } from "./SetupSteps";
import { SETUP_MESSAGES } from "../../domain/pregnancy";

export const SETUP_PREGNANCY_STEPS = 4;

const route = getRouteApi("/setup-pregnancy");

type SetupStatus = RouterOutputs["pregnancy"]["setupStatus"];

const STEP_TITLES: Readonly<Record<SetupStep, string>> = {
  1: "Set Your Timeline",
  2: "About Your Baby",
  3: "Add Your Partner",
  4: "Invite Family & Friends",
};

/** Where the gate sends the user instead (onboarding spec 4), with the spec's reason. */
function gateRefusal(status: SetupStatus, paidJustNow: boolean): { to: "/" | "/dashboard"; message: string } | null {
  if (status.pregnancy?.setupCompleted) return { to: "/dashboard", message: SETUP_MESSAGES.alreadyHasPregnancy };
  // Just back from checkout the webhook may still be on its way: the paid session lets the user in.
  if (!status.pregnancy && !status.subscribed && !paidJustNow) return { to: "/", message: SETUP_MESSAGES.subscriptionRequired };
  return null;
}

function Refused({ to, message }: { to: "/" | "/dashboard"; message: string }) {
  useEffect(() => {
    toast({ title: message, variant: "error" });
  }, [message]);
  return <Navigate to={to} replace />;
}

/** /setup-pregnancy: the gate, then the 4-step setup (onboarding spec 2 and 4). */
export function SetupPregnancyPage() {
  const search = route.useSearch();
  const trpc = useTRPC();
  // Always asked afresh: a subscription may have started or a pregnancy been created moments ago.
  const status = useQuery({ ...trpc.pregnancy.setupStatus.queryOptions(), refetchOnMount: "always" });
  // The gate decides once; finishing setup later must not send the user away before the 2 s are up.
  const [decided, setDecided] = useState<ReturnType<typeof gateRefusal> | "allowed" | null>(null);

  useEffect(() => {
    if (decided === null && status.isSuccess && !status.isFetching) setDecided(gateRefusal(status.data, Boolean(search.session_id)) ?? "allowed");
  }, [decided, status.isSuccess, status.isFetching, status.data, search.session_id]);

  if (status.isError) return <Refused to="/" message={SETUP_MESSAGES.verifySubscriptionFailed} />;
  if (decided === null || !status.data) return <PageSpinner label={ROUTE_TEXTS.loading} />;
  if (decided !== "allowed") return <Refused {...decided} />;
  return <SetupWizard status={status.data} />;
}

function SetupWizard({ status }: { status: SetupStatus }) {
  const [step, setStep] = useState<SetupStep>(1);
  const pregnancy = status.pregnancy;
  const [timeline, setTimeline] = useState<Timeline>(() =>
    pregnancy?.lastMenstrualPeriod ? { mode: "lmp", date: pregnancy.lastMenstrualPeriod } : { mode: "due-date", date: pregnancy?.dueDate ?? "" },
  );
  const title = STEP_TITLES[step];
  const [done, setDone] = useState(false);
  const progress = stepProgress(step, SETUP_PREGNANCY_STEPS, done);

  useFocusHeadingOnChange(step);

  const goTo = (next: SetupStep) => () => setStep(next);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8 sm:py-12">
      <StepProgress progress={progress} />
      <AuthCard title={title}>
        {step === 1 && <TimelineStep pregnancy={pregnancy} timeline={timeline} onTimelineChange={setTimeline} onNext={goTo(2)} />}
        {step === 2 && <BabiesStep pregnancyId={pregnancy?.id ?? null} timeline={timeline} onBack={goTo(1)} onNext={goTo(3)} />}
        {step === 3 && pregnancy && <PartnerStep pregnancyId={pregnancy.id} invitedPartner={pregnancy.partner} onBack={goTo(2)} onNext={goTo(4)} />}
        {step === 4 && pregnancy && <GuestsStep pregnancyId={pregnancy.id} onBack={goTo(3)} onDone={() => setDone(true)} />}
      </AuthCard>
    </div>
  );
}
