import { useEffect } from "react";
import { Navigate, getRouteApi, useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { ROUTE_TEXTS } from "../../domain/errors";
import { FULL_WIZARD_STEPS, UPGRADE_WIZARD_STEPS, type WizardStep } from "../../domain/wizard";
import { useTRPC } from "../../lib/trpc";
import { PageSpinner } from "../../ui/Spinner";
import { saveOnboardingData } from "./onboardingData";
import { ParentWizard } from "./ParentWizard";
import { isPaymentCancelled } from "./search";

const onboardingRoute = getRouteApi("/onboarding");
const upgradeRoute = getRouteApi("/onboarding-parent");

/** /onboarding: the full wizard; Back on its first step returns to the home page. */
export function OnboardingPage() {
  const search = onboardingRoute.useSearch();
  const navigate = useNavigate();
  return (
    <ParentWizard
      flow={FULL_WIZARD_STEPS}
      step={search.step ?? "role"}
      goTo={(step: WizardStep) => navigate({ to: "/onboarding", search: { step } })}
      onExit={() => navigate({ to: "/" })}
      paymentCancelled={isPaymentCancelled(search)}
    />
  );
}

/**
 * /onboarding-parent: Pregnancy Details, Partner, Partner Details, Plan, Checkout. A user who
 * already has a pregnancy of their own goes to the dashboard; a guest converting keeps their guest
 * pregnancies (onboarding spec 4). Back on the first step returns to the dashboard.
 */
export function OnboardingParentPage() {
  const search = upgradeRoute.useSearch();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const mine = useQuery(trpc.pregnancy.mine.queryOptions());
  const isGuestConversion = (mine.data?.guestPregnancies.length ?? 0) > 0;

  useEffect(() => {
    if (mine.isSuccess) saveOnboardingData({ isGuestConversion });
  }, [mine.isSuccess, isGuestConversion]);

  if (mine.isPending) return <PageSpinner label={ROUTE_TEXTS.loading} />;
  if (mine.data?.parentPregnancy) return <Navigate to="/dashboard" replace />;
  return (
    <ParentWizard
      flow={UPGRADE_WIZARD_STEPS}
      step={search.step ?? "pregnancy"}
      goTo={(step: WizardStep) => navigate({ to: "/onboarding-parent", search: { step } })}
      onExit={() => navigate({ to: "/dashboard" })}
      paymentCancelled={isPaymentCancelled(search)}
    />
  );
}
