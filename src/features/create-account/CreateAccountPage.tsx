import { useEffect, useState, type FormEvent } from "react";
import { getRouteApi, useNavigate, useRouteContext } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { usePageMeta } from "../../lib/document-title";
import { useSessionQueryOptions } from "../../lib/session";
import { useCountdown } from "../../lib/useCountdown";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { AuthCard, useFocusHeadingOnChange } from "../../ui/AuthLayout";
import { VerifyEmailForm } from "../auth/VerifyEmailForm";
import { RadioCards } from "../../ui/RadioCards";
import { SignUpFormWithReferral } from "../onboarding/ReferralCodeField";
import { ACCOUNT_ROLE_OPTIONS, readOnboardingData, saveOnboardingData, type AccountRole } from "../onboarding/onboardingData";
import { PaymentCancelledNotice } from "../onboarding/PaymentCancelledNotice";
import { PaymentStep } from "../onboarding/PaymentStep";
import { PlanStep, type WizardData } from "../onboarding/WizardSteps";
import { CHECKOUT_SESSION_ID_TEMPLATE } from "../../domain/billing";
import { CREATE_ACCOUNT_STEP_TITLES, CREATE_ACCOUNT_STEPS, type CreateAccountStep } from "./steps";
import { CREATE_ACCOUNT_MESSAGES } from "../../domain/auth";
import { EMAIL_AUTO_CONTINUE_SECONDS } from "../../domain/wizard";

/** Ours: how often create-account step 2 asks whether the email was confirmed elsewhere. */
export const EMAIL_CONFIRMATION_POLL_MS = 3000;

const route = getRouteApi("/createaccount");

/** A paid checkout goes on to set up the pregnancy (its dates come there); a cancelled one back to Payment. */
const CHECKOUT_SUCCESS_PATH = `/setup-pregnancy?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`;
const CHECKOUT_CANCEL_PATH = "/createaccount?step=5&payment=cancelled";

/** /createaccount: Create Account, Verify Email, Account Type (then plan and payment), one step per ?step. */
export function CreateAccountPage() {
  const { step: requested, payment } = route.useSearch();
  const paymentCancelled = payment === "cancelled";
  const navigate = useNavigate();
  // The route's guard has already put the visitor on a step their account allows.
  const step = requested;
  const title = CREATE_ACCOUNT_STEP_TITLES[step - 1] ?? CREATE_ACCOUNT_STEP_TITLES[0];
  usePageMeta({
    title: `${title} (Step ${step} of ${CREATE_ACCOUNT_STEPS})`,
    description: "Create your BabySteps account: track your pregnancy and share the journey with your partner, family and friends. 7 days free.",
    canonicalPath: "/createaccount",
  });

  useFocusHeadingOnChange(step);

  const goTo = (next: CreateAccountStep) => navigate({ to: "/createaccount", search: { step: next } });

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-5 px-4 py-8 sm:py-12">
      <StepProgress step={step} />
      {step === 1 && (
        <SignUpFormWithReferral
          title={title}
          onSignedUp={async (account) => {
            saveOnboardingData(account);
            await goTo(2);
          }}
        />
      )}
      {step === 2 && <VerifyEmailStep title={title} onContinue={() => goTo(3)} />}
      {step === 3 && <AccountTypeStep title={title} onParent={() => goTo(4)} />}
      {(step === 4 || step === 5) && <PlanAndPayment title={title} step={step} goTo={goTo} paymentCancelled={paymentCancelled} />}
    </div>
  );
}

function StepProgress({ step }: { step: CreateAccountStep }) {
  return (
    <nav aria-label="Sign-up progress">
      <p className="text-sm font-semibold text-muted-foreground">
        Step {step} of {CREATE_ACCOUNT_STEPS}
      </p>
      <ol className="mt-2 grid grid-cols-5 gap-1.5">
        {CREATE_ACCOUNT_STEP_TITLES.map((name, index) => (
          <li key={name} aria-current={index + 1 === step ? "step" : undefined} className="flex flex-col gap-1">
            <span aria-hidden="true" className={clsx("h-1.5 rounded-full", index < step ? "bg-primary" : "bg-border")} />
            <span className={clsx("hidden text-xs sm:block", index + 1 === step ? "font-semibold text-foreground" : "text-muted-foreground")}>{name}</span>
            <span className="sr-only sm:hidden">{name}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Step 2 watches for the confirmation (a code typed here, or the emailed link opened in another
 * tab), then counts down 5 seconds and moves on by itself; the user can also check by hand.
 */
function VerifyEmailStep({ title, onContinue }: { title: string; onContinue: () => Promise<void> }) {
  const { auth } = useRouteContext({ from: "__root__" });
  const session = useQuery({ ...useSessionQueryOptions(), refetchInterval: (query) => (query.state.data?.user.emailVerified ? false : EMAIL_CONFIRMATION_POLL_MS) }).data;
  const verified = Boolean(session?.user.emailVerified);
  const { secondsLeft, start } = useCountdown();
  const [counting, setCounting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!verified) return;
    start(EMAIL_AUTO_CONTINUE_SECONDS);
    setCounting(true);
  }, [verified, start]);

  useEffect(() => {
    if (counting && secondsLeft === 0) void onContinue();
  }, [counting, secondsLeft, onContinue]);

  async function checkNow() {
    setChecking(true);
    setMessage(null);
    try {
      const current = await auth.refresh();
      if (!current?.user.emailVerified) setMessage(CREATE_ACCOUNT_MESSAGES.emailNotVerified);
    } catch {
      setMessage(CREATE_ACCOUNT_MESSAGES.checkFailed);
    } finally {
      setChecking(false);
    }
  }

  if (verified) {
    const shown = counting ? secondsLeft : EMAIL_AUTO_CONTINUE_SECONDS;
    return (
      <AuthCard title="Email Confirmed">
        <p role="status" className="text-lg">
          Your email address is confirmed. Continuing in {shown} {shown === 1 ? "second" : "seconds"}...
        </p>
        <Button className="mt-6" fullWidth onClick={() => void onContinue()}>
          Continue
        </Button>
      </AuthCard>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <VerifyEmailForm title={title} onVerified={() => auth.refresh().then(() => undefined)} resendFailedTitle={CREATE_ACCOUNT_MESSAGES.resendFailed} />
      <div className="flex flex-col items-center gap-2 text-center">
        <FormMessage message={message} variant="info" className="w-full" />
        <Button variant="secondary" loading={checking} onClick={() => void checkNow()}>
          I&apos;ve Confirmed My Email
        </Button>
      </div>
    </div>
  );
}

/** Step 3: a parent goes on to plan and payment; a guest is done and goes to the dashboard. */
function AccountTypeStep({ title, onParent }: { title: string; onParent: () => Promise<void> }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<AccountRole>("parent");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveOnboardingData({ role: choice });
    await (choice === "guest" ? navigate({ to: "/dashboard" }) : onParent());
  }

  return (
    <AuthCard title={title} description="How will you use BabySteps?">
      <form onSubmit={handleSubmit} className="flex flex-col gap-5">
        <RadioCards legend="Account type" options={ACCOUNT_ROLE_OPTIONS} value={choice} onChange={setChoice} />
        <Button type="submit" fullWidth>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}

/** Steps 4 and 5: the wizard's plan card and order summary, then checkout (onboarding spec 2). */
function PlanAndPayment({ title, step, goTo, paymentCancelled }: { title: string; step: 4 | 5; goTo: (step: CreateAccountStep) => Promise<void>; paymentCancelled: boolean }) {
  const [data, setData] = useState<WizardData>(readOnboardingData);
  const change = (changes: WizardData) => {
    setData((current) => ({ ...current, ...changes }));
    saveOnboardingData(changes);
  };
  const stepProps = { data, onChange: change };
  return (
    <>
      {paymentCancelled && <PaymentCancelledNotice />}
      <AuthCard title={title}>
        {step === 4 ? (
          <PlanStep {...stepProps} onNext={() => void goTo(5)} onBack={() => void goTo(3)} />
        ) : (
          <PaymentStep {...stepProps} onNext={() => undefined} onBack={() => void goTo(4)} successPath={CHECKOUT_SUCCESS_PATH} cancelPath={CHECKOUT_CANCEL_PATH} />
        )}
      </AuthCard>
    </>
  );
}
