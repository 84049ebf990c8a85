import { useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import type { SubscriptionTier, UserMode } from "../../domain/enums";
import { SUCCESS_TOASTS, splitToast } from "../../domain/errors";
import { isUnlimited } from "../../domain/uploads";
import { useTRPC, type AppRouter } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast";
import { formatDateOnly } from "../../lib/format";
import { SUBSCRIPTION_STATUS_LABELS } from "../../lib/labels";
import { RedeemGiftCard } from "./RedeemGiftCard";
import { DataExportPanel } from "../data-export/DataExportPanel";
import { DATA_EXPORT_MESSAGES } from "../../domain/dataExport";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { serverErrorText } from "../../lib/serverError";
import { track } from "../../lib/analytics";
import { cancelledDescription, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_TOASTS } from "../../domain/subscription";
import { DAYS_PER_WEEK } from "../../domain/units";
import { PAYMENT_POLL_INTERVAL_MS, PLANS, TRIAL_DAYS, formatPrice } from "../../domain/billing";
import { SERVICE_END_DAYS_AFTER_DUE } from "../../domain/dates";

type Subscription = NonNullable<inferRouterOutputs<AppRouter>["billing"]["subscription"]>;

interface BillingSectionProps {
  pregnancyId: string;
  mode: UserMode;
  /** The owner pays; a partner is always free. */
  isOwner: boolean;
}

/** A catalogue text 'Title: description' as a toast, the description replaced by the server's words when it has some. */
function errorToast(text: string, error?: unknown) {
  const { title, description } = splitToast(text);
  toast({ title, description: serverErrorText(error) ?? description, variant: "error" });
}

const dateOf = (value: Date | null) => (value ? formatDateOnly(value.toISOString().slice(0, 10)) : null);
const photoLimitText = (limit: number) => (isUnlimited(limit) ? "Unlimited photos" : `Up to ${limit} photos`);
const SERVICE_WEEKS_AFTER_DUE = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;
const SYNC_HINT_ID = "billing-sync-hint";
/** Ours: what 'Sync subscription' does. */
const SYNC_HINT = "Reloads your plan, trial and dates from our payment provider, for example after paying in another tab.";
/** Ours: the 'Secure checkout' toast's description when checkout opens from Settings. */
const SECURE_CHECKOUT_DESCRIPTION = "Checkout opened in a new tab. Your card details go straight to our payment provider, never to us.";
const planText = (tier: SubscriptionTier) => `${PLANS[tier].name}, ${formatPrice(PLANS[tier].priceCents)}/month`;

/**
 * Billing in /settings (core spec 4): the plan, trial and renewal, plan changes (a downgrade waits
 * for the period end), the provider's portal, a sync, and cancellation, which closes the pregnancy;
 * then the account's gift card credit and redeeming a card.
 */
export function BillingSection({ pregnancyId, isOwner }: BillingSectionProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The webhook stores a plan change a moment after Stripe accepts it: poll until it shows.
  const [awaitedTier, setAwaitedTier] = useState<SubscriptionTier | null>(null);
  const subscription = useQuery({
    ...trpc.billing.subscription.queryOptions(),
    refetchInterval: (query) => {
      const data = query.state.data;
      return awaitedTier && data && (data.pendingTier ?? data.tier) !== awaitedTier ? PAYMENT_POLL_INTERVAL_MS : false;
    },
  });

  const sync = useMutation({
    mutationFn: () => Promise.all([queryClient.fetchQuery({ ...trpc.billing.checkSubscription.queryOptions(), staleTime: 0 }), subscription.refetch({ throwOnError: true })]),
    onSuccess: () => toast({ title: SUCCESS_TOASTS.subscriptionSynced, variant: "success" }),
    onError: (error) => toast({ title: SUBSCRIPTION_TOASTS.syncFailed, description: serverErrorText(error), variant: "error" }),
  });

  let body: ReactNode;
  if (subscription.isPending) body = <SectionLoading label="Loading your subscription..." />;
  else if (subscription.isError) body = <LoadFailed title={SUBSCRIPTION_TOASTS.syncError} onRetry={() => void subscription.refetch()} busy={subscription.isFetching} />;
  else if (subscription.data?.subscribed) body = <SubscriptionDetails subscription={subscription.data} pregnancyId={pregnancyId} onPlanChange={setAwaitedTier} />;
  else body = <NoSubscription isOwner={isOwner} />;

  return (
    <SettingsSection id="billing" title="Billing" description="Your plan, its dates and payment. Partners and guests are always free.">
      {body}
      {subscription.isSuccess && (
        <div className="flex flex-col items-start gap-1">
          <Button variant="ghost" size="sm" onClick={() => sync.mutate()} loading={sync.isPending} aria-describedby={SYNC_HINT_ID}>
            Sync subscription
          </Button>
          <p id={SYNC_HINT_ID} className="text-sm text-muted-foreground">
            {SYNC_HINT}
          </p>
        </div>
      )}
      <RedeemGiftCard />
    </SettingsSection>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="font-semibold sm:w-40 sm:shrink-0">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SubscriptionDetails({ subscription, pregnancyId, onPlanChange }: { subscription: Subscription; pregnancyId: string; onPlanChange: (tier: SubscriptionTier) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { tier, pendingTier } = subscription;
  const periodEnd = dateOf(subscription.currentPeriodEnd);

  const changePlan = useMutation(
    trpc.billing.updateSubscription.mutationOptions({
      onSuccess: (result, { tier: requested }) => {
        onPlanChange(requested);
        if (result.scheduled) toast({ title: SUCCESS_TOASTS.downgradeScheduled, description: `${PLANS[tier].name} stays until ${periodEnd ?? "the end of this period"}.`, variant: "success" });
        else toast({ title: SUCCESS_TOASTS.success, description: `You are on ${PLANS[result.tier].name}.`, variant: "success" });
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
        void queryClient.invalidateQueries(trpc.giftCards.credit.pathFilter());
      },
      onError: (error, { tier: requested }) => errorToast(requested === "basic" ? SUBSCRIPTION_TOASTS.downgradeFailed : SUBSCRIPTION_TOASTS.upgradeFailed, error),
    }),
  );
  const portal = useMutation(
    trpc.billing.customerPortal.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast({ title: SUBSCRIPTION_TOASTS.portalError, description: serverErrorText(error) ?? SUBSCRIPTION_TOASTS.portalErrorDefault, variant: "error" }),
    }),
  );
  const cancel = useMutation(
    trpc.billing.cancelSubscription.mutationOptions({
      onSuccess: async ({ closedPregnancyId, refund }) => {
        // Said at once: the refetches below can take a while on a slow phone.
        toast({ title: SUBSCRIPTION_MESSAGES.cancelled, description: cancelledDescription(refund), variant: "success" });
        // The pregnancy is closed: its views would now be refused (each with an 'Access Denied' toast).
        // Refetch everything else first (mine, the shell's mode), which unmounts those views, then drop them.
        const aboutClosed = (query: { queryKey: readonly unknown[] }) => closedPregnancyId !== null && JSON.stringify(query.queryKey).includes(closedPregnancyId);
        await queryClient.invalidateQueries({ predicate: (query) => !aboutClosed(query) });
        queryClient.removeQueries({ predicate: aboutClosed });
        // The dashboard shows the closed pregnancy and its download (the owner stays in Parent mode for it).
        if (closedPregnancyId) await navigate({ to: "/dashboard" });
      },
    }),
  );

  return (
    <>
      <dl className="flex flex-col gap-2">
        <Fact term="Current plan">{planText(tier)}</Fact>
        <Fact term="Status">{SUBSCRIPTION_STATUS_LABELS[subscription.status]}</Fact>
        {subscription.status === "trialing" && subscription.trialEnd && <Fact term="Trial ends">{dateOf(subscription.trialEnd)}</Fact>}
        {periodEnd && <Fact term={pendingTier ? "Changes on" : "Renews on"}>{pendingTier ? `${periodEnd}, to ${planText(pendingTier)}` : periodEnd}</Fact>}
        {subscription.serviceEndDate && <Fact term="Ends on">{formatDateOnly(subscription.serviceEndDate)}, with your service ({SERVICE_WEEKS_AFTER_DUE} weeks after the due date)</Fact>}
        <Fact term="Photo limit">{photoLimitText(subscription.photoStorageLimit)}</Fact>
      </dl>
      <div className="flex flex-wrap gap-2">
        {tier === "basic" && (
          <Button onClick={() => changePlan.mutate({ tier: "premium" })} loading={changePlan.isPending}>
            Upgrade
          </Button>
        )}
        {tier === "premium" &&
          (pendingTier ? (
            <Button variant="secondary" onClick={() => changePlan.mutate({ tier: "premium" })} loading={changePlan.isPending}>
              Keep {PLANS.premium.name}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => changePlan.mutate({ tier: "basic" })} loading={changePlan.isPending}>
              Downgrade
            </Button>
          ))}
        <Button variant="secondary" onClick={() => portal.mutate()} loading={portal.isPending}>
          Manage billing
        </Button>
        <Button variant="danger" onClick={() => setConfirmingCancel(true)}>
          Cancel subscription
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title={SUBSCRIPTION_MESSAGES.cancelTitle}
        description={
          <div className="flex flex-col gap-3">
            <p>{SUBSCRIPTION_MESSAGES.cancelDescription}</p>
            <p className="font-semibold text-foreground">{DATA_EXPORT_MESSAGES.cancelOffer}</p>
            <DataExportPanel onlyPregnancyId={pregnancyId} />
          </div>
        }
        confirmLabel={SUBSCRIPTION_MESSAGES.cancelConfirm}
        onConfirm={() => cancel.mutateAsync({ confirm: true })}
        errorTitle={SUBSCRIPTION_MESSAGES.cancelFailed}
      />
    </>
  );
}

function NoSubscription({ isOwner }: { isOwner: boolean }) {
  const trpc = useTRPC();
  const checkout = useMutation(trpc.billing.createCheckout.mutationOptions({ onError: (error) => errorToast(SUBSCRIPTION_TOASTS.upgradeFailed, error) }));

  function upgrade() {
    // Opened before the call: a tab opened after an await is blocked as a pop-up.
    const tab = window.open("", "_blank");
    checkout.mutate(
      { plan: "premium" },
      {
        onSuccess: ({ url }) => {
          track("payment_initiated", { plan: "premium", page: window.location.pathname });
          if (tab) {
            // The checkout page gets no handle back on this one.
            tab.opener = null;
            tab.location.href = url;
            toast({ title: SUCCESS_TOASTS.secureCheckout, description: SECURE_CHECKOUT_DESCRIPTION, variant: "success" });
          }
          else window.location.assign(url);
        },
        onError: () => tab?.close(),
      },
    );
  }

  if (!isOwner) return <p className="text-muted-foreground">Partners are always free: the pregnancy owner manages the family's subscription.</p>;
  return (
    <>
      <p>No active subscription on your account.</p>
      <p>
        {planText("premium")}: {PLANS.premium.features.join(", ")}. {TRIAL_DAYS}-day free trial.
      </p>
      <div>
        <Button onClick={upgrade} loading={checkout.isPending}>
          Upgrade
        </Button>
      </div>
    </>
  );
}
