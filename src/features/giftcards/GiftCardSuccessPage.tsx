import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, getRouteApi } from "@tanstack/react-router";
import { GIFT_CARD_MESSAGES, GIFT_CARD_PLAN_TIER } from "../../domain/giftCards";
import { usePageMeta } from "../../lib/document-title";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { buttonStyles } from "../../ui/buttonStyles";
import { Spinner } from "../../ui/Spinner";
import { PageHeader } from "../../ui/PageHeader";
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS, PLANS, formatPrice } from "../../domain/billing";

const route = getRouteApi("/giftcards_/success");

/**
 * /giftcards/success?session_id= (public): the code of the card this checkout bought. The webhook
 * may land a moment after the buyer does, so the page asks again until the card is there.
 */
export function GiftCardSuccessPage() {
  const { session_id: sessionId } = route.useSearch();
  const trpc = useTRPC();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  usePageMeta({ title: "Your Gift Card", description: "Your BabySteps gift card code, ready to give.", canonicalPath: "/giftcards/success" });
  const purchase = useQuery({
    ...trpc.giftCards.purchase.queryOptions({ stripeSessionId: sessionId ?? "" }),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (query.state.data === null && !timedOut ? PAYMENT_POLL_INTERVAL_MS : false),
  });
  const card = purchase.data;
  const gaveUp = !sessionId || purchase.isError || (card === null && timedOut);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:py-14">
      <PageHeader title={card ? GIFT_CARD_MESSAGES.purchased : "Your gift card"} />
      {card ? (
        <>
          <p className="text-lg">
            {PLANS[GIFT_CARD_PLAN_TIER[card.plan]].name} gift card worth <strong>{formatPrice(card.valueCents)}</strong>
            {card.recipientName ? ` for ${card.recipientName}` : ""}. We also emailed the code to {card.purchaserEmail}.
          </p>
          <dl className="rounded-card border-2 border-dashed border-primary bg-surface p-6 text-center">
            <dt className="text-sm font-semibold text-muted-foreground">Gift card code</dt>
            <dd className="mt-2 font-mono text-2xl font-bold tracking-widest break-all sm:text-3xl">{card.code}</dd>
          </dl>
          <p className="text-muted-foreground">
            To redeem it, sign in to BabySteps, open Settings and enter the code under Billing. It never expires, has no fees and is not refundable.
          </p>
        </>
      ) : gaveUp ? (
        <Alert title={GIFT_CARD_MESSAGES.sessionNotFound}>If you were charged, the code is in your email; otherwise please contact support.</Alert>
      ) : (
        <Spinner label={GIFT_CARD_MESSAGES.preparing} showLabel />
      )}
      <div>
        <Link to="/giftcards" className={buttonStyles({ variant: "secondary" })}>
          Buy another gift card
        </Link>
      </div>
    </div>
  );
}
