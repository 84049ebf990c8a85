import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { afterTrialLines, CHECKOUT_MESSAGES, CHECKOUT_SESSION_ID_TEMPLATE, discountText, formatPrice, PLANS, referralNotForPremium, subscriptionTermMonths, TRIAL_DAYS, wizardPlanName } from "../../domain/billing";
import { isDateOnly, lmpFromDueDate, READ_ONLY_YEARS, SERVICE_END_DAYS_AFTER_DUE, serviceEndDate, todayIso, weeksPregnant } from "../../domain/dates";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { StepActions, type StepProps } from "./WizardSteps";
import { stageOnboarding, wizardOrder } from "./onboardingData";
import { track } from "../../lib/analytics";
import { DAYS_PER_WEEK } from "../../domain/units";
import { formatNumericDate } from "../../lib/format";
import { isUnauthorized } from "../../lib/query-client";
import { serverAnswered, serverErrorText } from "../../lib/serverError";

/** Where checkout returns from the wizard: the session id is kept and /confirm-pregnancy takes over (onboarding spec 4). */
export const WIZARD_CHECKOUT_SUCCESS_PATH = `/onboarding-parent?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`;

/**
 * How long the plan runs, derived from the service-end rule (due date + 12 weeks) rather than the
 * spec's conflicting '10 months' / '13 months' copy.
 */
function termText(dueDate: string | undefined): string {
  const weeksAfterDue = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;
  if (!dueDate || !isDateOnly(dueDate)) return `Your plan runs until ${weeksAfterDue} weeks after your due date, then your memories stay readable for ${READ_ONLY_YEARS} years.`;
  const months = subscriptionTermMonths(weeksPregnant(lmpFromDueDate(dueDate), todayIso()));
  return `Your plan runs until ${formatNumericDate(serviceEndDate(dueDate))}, ${weeksAfterDue} weeks after your due date: about ${months} monthly payments. Then your memories stay readable for ${READ_ONLY_YEARS} years.`;
}

/**
 * Why checkout did not start (onboarding spec 8): the session ended, the server refused or failed
 * (its words when it has some), or no answer came at all.
 */
function checkoutFailure(error: unknown): string {
  if (isUnauthorized(error)) return CHECKOUT_MESSAGES.pleaseLogIn;
  if (!serverAnswered(error)) return CHECKOUT_MESSAGES.checkoutError;
  const reason = serverErrorText(error);
  return reason ? `${CHECKOUT_MESSAGES.startPaymentFailed}: ${reason}` : CHECKOUT_MESSAGES.startPaymentFailed;
}

interface PaymentStepProps extends StepProps {
  /** Where a paid checkout returns (with the session id). */
  successPath: string;
  /** Where a cancelled checkout returns. */
  cancelPath: string;
  /** The upgrade flow: a user who is already subscribed needs no checkout ('Ready to Create Your Pregnancy'). */
  upgrade?: boolean;
}

/**
 * The last step: the order summary, then 'Complete Sign Up' stages the data and opens checkout. A
 * user who already has a subscription (the upgrade flow) goes straight on to create the pregnancy.
 */
export function PaymentStep({ data, onChange, onBack, successPath, cancelPath, upgrade = false }: PaymentStepProps) {
  const navigate = useNavigate();
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const subscription = useQuery({ ...trpc.billing.checkSubscription.queryOptions(), enabled: upgrade });
  const subscribed = upgrade && Boolean(subscription.data?.subscribed);
  const { tier, referralCode, discount, summary } = wizardOrder(data);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function fail(text: string) {
    setMessage(text);
    setBusy(false);
  }

  async function complete() {
    setMessage(null);
    setBusy(true);
    // The screens after checkout read the staged data: a browser that cannot keep it could pay for a setup it cannot finish.
    if (!stageOnboarding(subscribed ? { ...data, skipCheckout: true } : data)) return fail(CHECKOUT_MESSAGES.initializePaymentFailed);
    if (subscribed) {
      onChange({ skipCheckout: true });
      await navigate({ to: "/confirm-pregnancy" });
      return;
    }
    try {
      const { url } = await trpcClient.billing.createPreauthCheckout.mutate({
        plan: tier,
        ...(referralCode ? { referralCode } : {}),
        successUrl: successPath,
        cancelUrl: cancelPath,
        onboardingData: data,
      });
      if (!url) return fail(CHECKOUT_MESSAGES.noCheckoutUrl);
      track("payment_initiated", { plan: tier, page: window.location.pathname });
      window.location.assign(url);
    } catch (error) {
      fail(checkoutFailure(error));
    }
  }

  const heading = upgrade ? (subscribed ? "Ready to Create Your Pregnancy" : "Ready to Start Your Subscription") : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void complete();
      }}
      className="flex flex-col gap-5"
    >
      {heading && <h2 className="text-2xl font-bold">{heading}</h2>}
      <FormMessage message={message} />
      {!subscribed && (
        <section aria-labelledby="order-summary" className="rounded-xl border border-border p-4">
          <h3 id="order-summary" className="font-semibold">
            Order summary
          </h3>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
            <dt>{wizardPlanName(tier)}</dt>
            <dd className="text-right">{formatPrice(PLANS[tier].priceCents)}/month</dd>
            <dt>Partner account</dt>
            <dd className="text-right font-semibold">FREE</dd>
            {discount && (
              <>
                <dt>{discountText(discount, referralCode)}</dt>
                <dd className="text-right">{formatPrice(summary.firstMonthCents)} first month</dd>
              </>
            )}
            <dt className="border-t border-border pt-2 font-bold">Total due today</dt>
            <dd className="border-t border-border pt-2 text-right font-bold">{formatPrice(summary.dueTodayCents)}</dd>
          </dl>
          {referralCode && !discount && <p className="mt-3 text-sm text-muted-foreground">{referralNotForPremium(referralCode)}</p>}
          <p className="mt-3 text-sm text-muted-foreground">Your {TRIAL_DAYS}-day free trial starts today.</p>
          {afterTrialLines(summary).map((line) => (
            <p key={line} className="text-sm text-muted-foreground">
              {line}.
            </p>
          ))}
          <p className="mt-2 text-sm text-muted-foreground">{termText(data.dueDate)}</p>
        </section>
      )}
      <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
        <li>Secure checkout: card details go straight to our payment provider, never to us.</li>
        <li>Cancel anytime from Settings.</li>
      </ul>
      <StepActions onBack={onBack} continueLabel={subscribed ? "Create My Pregnancy" : "Complete Sign Up"} busy={busy} busyLabel="Creating Your Account..." />
    </form>
  );
}
