import { useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { FULL_WIZARD_STEPS, WIZARD_STEP_TITLES, nextWizardStep, previousWizardStep, wizardProgress, type WizardFlow, type WizardStep } from "../../domain/wizard";
import { useDocumentTitle } from "../../lib/document-title";
import { StepProgress } from "../../ui/StepProgress";
import { AuthCard, useFocusHeadingOnChange } from "../../ui/AuthLayout";
import { SignUpFormWithReferral } from "./ReferralCodeField";
import { readOnboardingData, readStagedOnboarding, saveOnboardingData } from "./onboardingData";
import { PaymentCancelledNotice } from "./PaymentCancelledNotice";
import { PaymentStep, WIZARD_CHECKOUT_SUCCESS_PATH } from "./PaymentStep";
import { EarlyAccessStep, PartnerChoiceStep, PartnerDetailsStep, PlanStep, PregnancyDetailsStep, RoleStep, type WizardData } from "./WizardSteps";

interface ParentWizardProps {
  flow: WizardFlow;
  step: WizardStep;
  /** Moves the wizard (the step lives in the URL, so the browser's Back works too). */
  goTo: (step: WizardStep) => Promise<void>;
  /** Where Back on the first step leads. */
  onExit: () => Promise<void>;
  /** A checkout that was cancelled: the 'Payment Cancelled' toast and the orange banner. */
  paymentCancelled: boolean;
}

/**
 * The parent wizard (onboarding spec 2 and 4): its data lives in session storage under
 * 'onboarding-data'; returning from a cancelled checkout restores what was staged for it.
 */
export function ParentWizard({ flow, step, goTo, onExit, paymentCancelled }: ParentWizardProps) {
  const navigate = useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [data, setData] = useState<WizardData>(() => ({ ...readStagedOnboarding()?.data, ...readOnboardingData() }));
  const progress = wizardProgress(flow, step, step === "role" ? (data.role ?? "parent") : "parent");
  const title = WIZARD_STEP_TITLES[step];
  useDocumentTitle(`${title} (${progress.label})`);

  useFocusHeadingOnChange(step);

  function change(changes: WizardData) {
    setData((current) => ({ ...current, ...changes }));
    saveOnboardingData(changes);
  }

  const includePartner = Boolean(data.includePartner);
  const upgrade = flow !== FULL_WIZARD_STEPS;
  const next = () => {
    const target = nextWizardStep(flow, step, includePartner);
    if (target) void goTo(target);
  };
  const back = () => {
    const target = previousWizardStep(flow, step, includePartner);
    void (target ? goTo(target) : onExit());
  };
  const stepProps = { data, onChange: change, onNext: next, onBack: back };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8 sm:py-12">
      {paymentCancelled && <PaymentCancelledNotice />}
      <StepProgress progress={progress} />
      {step === "account" ? (
        <SignUpFormWithReferral
          title={title}
          initialEmail={data.email}
          onSignedUp={async (account) => {
            change(account);
            await goTo("early-access");
          }}
        />
      ) : (
        <AuthCard title={title}>
          {step === "role" && <RoleStep {...stepProps} onGuest={() => void navigate({ to: "/guest-signup" })} />}
          {step === "early-access" && <EarlyAccessStep {...stepProps} />}
          {step === "partner" && <PartnerChoiceStep {...stepProps} />}
          {step === "partner-details" && <PartnerDetailsStep {...stepProps} />}
          {step === "pregnancy" && <PregnancyDetailsStep {...stepProps} />}
          {step === "plan" && (
            // The upgrade flow's checkout step depends on the subscription ('Ready to Create Your Pregnancy' or not).
            <PlanStep {...stepProps} {...(upgrade ? { prepare: () => queryClient.fetchQuery(trpc.billing.checkSubscription.queryOptions()) } : {})} />
          )}
          {step === "payment" && (
            <PaymentStep
              {...stepProps}
              upgrade={upgrade}
              successPath={WIZARD_CHECKOUT_SUCCESS_PATH}
              cancelPath={upgrade ? "/onboarding-parent?step=payment&payment_status=cancelled" : "/onboarding?step=payment&payment=cancelled"}
            />
          )}
        </AuthCard>
      )}
    </div>
  );
}
