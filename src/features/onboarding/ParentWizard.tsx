import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { CHECKOUT_MESSAGES } from "../../domain/errors";
import { FULL_WIZARD_STEPS, WIZARD_STEP_TITLES, nextWizardStep, previousWizardStep, wizardProgress, type WizardFlow, type WizardStep } from "../../domain/wizard";
import { useDocumentTitle } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { toast } from "../../ui/toast";
import { AUTH_HEADING_ID, AuthCard } from "../auth/AuthLayout";
import { SignUpForm } from "../auth/SignUpForm";
import { readOnboardingData, readStagedOnboarding, saveOnboardingData } from "./onboardingData";
import { PaymentStep } from "./PaymentStep";
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
  const [data, setData] = useState<WizardData>(() => ({ ...readStagedOnboarding()?.data, ...readOnboardingData() }));
  const progress = wizardProgress(flow, step, step === "role" ? (data.role ?? "parent") : "parent");
  const title = WIZARD_STEP_TITLES[step];
  useDocumentTitle(`${title} (${progress.label})`);

  const toasted = useRef(false);
  useEffect(() => {
    if (!paymentCancelled || toasted.current) return;
    toasted.current = true;
    toast({ title: CHECKOUT_MESSAGES.paymentCancelled, description: "No payment was taken. Your details are saved, so you can try again.", variant: "error" });
  }, [paymentCancelled]);

  // Each step's heading takes focus when the step changes, so screen readers follow.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    document.getElementById(AUTH_HEADING_ID)?.focus();
  }, [step]);

  function change(changes: WizardData) {
    setData((current) => ({ ...current, ...changes }));
    saveOnboardingData(changes);
  }

  const includePartner = Boolean(data.includePartner);
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
      {paymentCancelled && (
        <Alert variant="warning" title={CHECKOUT_MESSAGES.paymentCancelled}>
          No payment was taken. Check your details and start your free trial again when you are ready.
        </Alert>
      )}
      <div>
        <div className="flex justify-between text-sm font-semibold text-muted-foreground">
          <span>{progress.label}</span>
          <span>{progress.percent}% complete</span>
        </div>
        <div role="progressbar" aria-label="Setup progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent} className="mt-2 h-2 rounded-full bg-border">
          <div className="h-2 rounded-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
        </div>
      </div>
      {step === "account" ? (
        <SignUpForm
          title={title}
          initialEmail={data.email}
          withReferral
          onSignedUp={async (account) => {
            change(account);
            await goTo("early-access");
          }}
        />
      ) : (
        <AuthCard title={step === "payment" && flow !== FULL_WIZARD_STEPS ? "" : title}>
          {step === "role" && <RoleStep {...stepProps} onGuest={() => void navigate({ to: "/guest-signup" })} />}
          {step === "early-access" && <EarlyAccessStep {...stepProps} />}
          {step === "partner" && <PartnerChoiceStep {...stepProps} />}
          {step === "partner-details" && <PartnerDetailsStep {...stepProps} />}
          {step === "pregnancy" && <PregnancyDetailsStep {...stepProps} />}
          {step === "plan" && <PlanStep {...stepProps} />}
          {step === "payment" && <PaymentStep {...stepProps} flow={flow} />}
        </AuthCard>
      )}
    </div>
  );
}
