import { useState, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { babyGenderFromOnboarding, CREATION_FAILURE_TEXTS, defaultPregnancyTitle, SETUP_MESSAGES } from "../../domain/pregnancy";
import { useTRPC, type RouterInputs } from "../../lib/trpc";
import { Alert, FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { PageSpinner, Spinner } from "../../ui/Spinner";
import { ROUTE_TEXTS } from "../../domain/errors";
import { toast } from "../../ui/toast";
import { AuthCard } from "../../ui/AuthLayout";
import { clearStagedOnboarding, readStagedOnboarding, type OnboardingData, type WizardBaby } from "../onboarding/onboardingData";
import { GENDER_LABELS } from "../onboarding/WizardSteps";
import { failureDescription } from "../../lib/serverError";
import { usePaymentVerification, type PaymentVerificationState } from "./usePaymentVerification";
import { track } from "../../lib/analytics";
import { CHECKOUT_MESSAGES, discountText, formatPrice, PLANS, TRIAL_DAYS, wizardPlanName } from "../../domain/billing";
import { browserTimeZone } from "../../lib/timeZone";
import { formatNumericDate } from "../../lib/format";

/** Local storage: the pregnancy the session was last refreshed for, so it happens once per pregnancy. */
export const SESSION_REFRESHED_PREGNANCY_STORAGE_KEY = "session-refreshed-pregnancy";

/** Confirm-pregnancy goes to /setup-pregnancy this long after creating. */
export const AFTER_CREATE_REDIRECT_MS = 200;

/** The session is refreshed this long after a pregnancy is created. */
export const AUTH_REFRESH_DELAY_MS = 100;

const route = getRouteApi("/confirm-pregnancy");

/** The wizard cannot pass its pregnancy step without a due date or LMP: without one, there are no answers. */
const hasWizardAnswers = (data: Partial<OnboardingData>) => Boolean(data.dueDate || data.lastMenstrualPeriod);

/** Every baby the wizard named: the spec's babyName and gender first, then twins and more. */
const wizardBabies = (data: Partial<OnboardingData>): WizardBaby[] => [{ name: data.babyName ?? "", gender: data.gender ?? "unknown" }, ...(data.moreBabies ?? [])];

/** What the wizard staged, as create_pregnancy_complete takes it: the partner only with a name and email. */
function pregnancySetup(data: Partial<OnboardingData>): RouterInputs["pregnancy"]["createComplete"] {
  const partner = data.includePartner && data.partnerFirstName?.trim() && data.partnerLastName?.trim() && data.partnerEmail?.trim() ? { firstName: data.partnerFirstName, lastName: data.partnerLastName, email: data.partnerEmail } : undefined;
  return {
    // The family's zone starts as the creating parent's (Settings changes it).
    pregnancy: { dueDate: data.dueDate || undefined, lastMenstrualPeriod: data.lastMenstrualPeriod || undefined, timeZone: browserTimeZone() ?? undefined },
    partner,
    babies: wizardBabies(data).map((baby) => ({ name: baby.name.trim() || undefined, gender: babyGenderFromOnboarding(baby.gender) })),
    isGuestConversion: Boolean(data.isGuestConversion),
  };
}

/** The session is refreshed once per new pregnancy, so the app sees the new parent role (onboarding spec 4). */
function refreshSessionOnce(pregnancyId: string, refresh: () => Promise<unknown>) {
  try {
    if (localStorage.getItem(SESSION_REFRESHED_PREGNANCY_STORAGE_KEY) === pregnancyId) return;
    localStorage.setItem(SESSION_REFRESHED_PREGNANCY_STORAGE_KEY, pregnancyId);
  } catch {
    // Storage blocked: refreshing again costs one request.
  }
  setTimeout(() => void refresh().catch(() => undefined), AUTH_REFRESH_DELAY_MS);
}

function ReviewSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `review-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      {/* Long emails wrap anywhere rather than widen the page on a phone. */}
      <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
    </>
  );
}

/** Ours: while verify-session has not confirmed the checkout yet. */
const VERIFYING_TEXT = "Verifying your payment...";

/** What the verified checkout did: a subscriber who skipped it, a trial begun, or a payment made. */
const verifiedText = (skipCheckout: boolean, trial: boolean) => (skipCheckout ? CHECKOUT_MESSAGES.subscriptionConfirmed : trial ? CHECKOUT_MESSAGES.trialStarted : CHECKOUT_MESSAGES.paymentConfirmed);

function VerificationStatus({ verification: { status, trial }, skipCheckout }: { verification: PaymentVerificationState; skipCheckout: boolean }) {
  if (status === "failed") return <Alert>{CHECKOUT_MESSAGES.verificationFailed}</Alert>;
  if (status === "checking") {
    return (
      <Alert variant="info">
        <span className="inline-flex items-center gap-2">
          <Spinner size="sm" /> {VERIFYING_TEXT}
        </span>
      </Alert>
    );
  }
  return <FormMessage variant="success" message={verifiedText(skipCheckout, trial)} />;
}

/**
 * /confirm-pregnancy (onboarding spec 2 and 4): the staged wizard data for review while the payment
 * is verified; 'Create My Pregnancy' creates it all at once, then setup continues.
 */
export function ConfirmPregnancyPage() {
  const { session, auth } = route.useRouteContext();
  const search = route.useSearch();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [staged] = useState(readStagedOnboarding);
  const local = staged?.data ?? {};
  const skipCheckout = Boolean(local.skipCheckout);
  const sessionId = local.stripeSessionId || search.session_id;
  const verification = usePaymentVerification(sessionId, skipCheckout);
  // This browser's copy of the answers, else the server's (staged with the checkout): paying on one
  // device and confirming on another asks nothing again.
  const data: Partial<OnboardingData> = hasWizardAnswers(local) ? local : { ...verification.answers, ...local };

  const create = useMutation(
    trpc.pregnancy.createComplete.mutationOptions({
      onSuccess: ({ pregnancy_id }) => {
        track("onboarding_complete", { plan: data.selectedPlan ?? "basic", page: window.location.pathname });
        clearStagedOnboarding();
        void queryClient.invalidateQueries();
        refreshSessionOnce(pregnancy_id, auth.refresh);
        setTimeout(() => void navigate({ to: "/setup-pregnancy" }), AFTER_CREATE_REDIRECT_MS);
      },
      onError: (error) => {
        toast({ title: SETUP_MESSAGES.createPregnancyFailed, description: failureDescription(error, CREATION_FAILURE_TEXTS), variant: "error" });
      },
    }),
  );

  // Without answers of its own, this browser waits for the server's before showing anything.
  if (!hasWizardAnswers(local) && sessionId && !skipCheckout && verification.answers === undefined && verification.status === "checking") return <PageSpinner label={ROUTE_TEXTS.loading} />;
  if (!staged && !hasWizardAnswers(data)) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
        <AuthCard title={SETUP_MESSAGES.noPregnancyData} description="Your pregnancy details were not found in this browser. Start setup again to enter them.">
          <Button fullWidth onClick={() => void navigate({ to: "/onboarding-parent" })}>
            Start Pregnancy Setup
          </Button>
        </AuthCard>
      </div>
    );
  }

  const tier = data.selectedPlan ?? "basic";
  const name = [data.firstName, data.lastName].filter(Boolean).join(" ") || session.user.name;
  const partner = pregnancySetup(data).partner;
  const babies = wizardBabies(data);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <AuthCard title="Confirm Your Pregnancy" description="Check your details, then create your pregnancy.">
        <div className="flex flex-col gap-4">
          <VerificationStatus verification={verification} skipCheckout={skipCheckout} />
          <ReviewSection title="Pregnancy">
            <Row label="Title" value={defaultPregnancyTitle(data.babyName)} />
            <Row label="Due date" value={data.dueDate ? formatNumericDate(data.dueDate) : "Not set"} />
            {data.lastMenstrualPeriod && <Row label="Last menstrual period" value={formatNumericDate(data.lastMenstrualPeriod)} />}
          </ReviewSection>
          <ReviewSection title="You">
            <Row label="Name" value={name} />
            <Row label="Email" value={data.email || session.user.email} />
          </ReviewSection>
          <ReviewSection title="Partner">
            {partner ? (
              <>
                <Row label="Name" value={`${partner.firstName} ${partner.lastName}`} />
                <Row label="Email" value={partner.email} />
              </>
            ) : (
              <Row label="Partner" value="Not invited yet. You can invite your partner in the next steps." />
            )}
          </ReviewSection>
          {babies.map((baby, index) => (
            <ReviewSection key={index} title={babies.length > 1 ? `Baby ${index + 1}` : "Baby"}>
              <Row label="Name" value={baby.name.trim() || "Not named yet"} />
              <Row label="Gender" value={GENDER_LABELS[baby.gender]} />
            </ReviewSection>
          ))}
          <ReviewSection title="Plan">
            <Row label="Plan" value={`${wizardPlanName(tier)}, ${formatPrice(PLANS[tier].priceCents)}/month`} />
            <Row label="Trial" value={`${TRIAL_DAYS} days free`} />
            {verification.discount && <Row label="Discount" value={discountText(verification.discount, verification.discount.referralCode)} />}
            <Row label="Partner account" value="FREE" />
          </ReviewSection>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="secondary" disabled={create.isPending || create.isSuccess} onClick={() => void navigate({ to: "/onboarding-parent", search: { step: "payment" } })}>
              Back to Setup
            </Button>
            <Button disabled={verification.status !== "verified" || create.isSuccess} loading={create.isPending} onClick={() => create.mutate(pregnancySetup(data))}>
              Create My Pregnancy
            </Button>
          </div>
        </div>
      </AuthCard>
    </div>
  );
}
