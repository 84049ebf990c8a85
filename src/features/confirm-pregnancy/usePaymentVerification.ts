import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from "../../domain/billing";

export type PaymentVerification = "checking" | "verified" | "failed";

export interface PaymentVerificationState {
  status: PaymentVerification;
  /** A verified checkout that started the free trial rather than charging. */
  trial: boolean;
  /** The discount the checkout applied, as the server recorded it (a referral names its code). */
  discount: RouterOutputs["billing"]["verifySession"]["discount"];
}

/**
 * Payment verification on /confirm-pregnancy (onboarding spec 4): asks verify-session every 3 s
 * until the session is paid, and gives up after 5 minutes. A subscriber who skipped checkout is
 * verified already.
 */
export function usePaymentVerification(stripeSessionId: string | undefined, skipCheckout: boolean): PaymentVerificationState {
  const trpc = useTRPC();
  const [timedOut, setTimedOut] = useState(false);
  const polling = !skipCheckout && Boolean(stripeSessionId) && !timedOut;
  const session = useQuery({
    ...trpc.billing.verifySession.queryOptions({ stripeSessionId: stripeSessionId ?? "" }),
    enabled: polling,
    refetchInterval: (query) => (query.state.data?.verified ? false : PAYMENT_POLL_INTERVAL_MS),
  });
  const verified = skipCheckout || Boolean(session.data?.verified);

  useEffect(() => {
    if (verified) return;
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [verified]);

  const trial = Boolean(session.data?.trial);
  const discount = session.data?.discount ?? null;
  if (verified) return { status: "verified", trial, discount };
  // Without a session to ask about, or once the server refused it, waiting cannot help.
  if (timedOut || !stripeSessionId || session.isError) return { status: "failed", trial, discount };
  return { status: "checking", trial, discount };
}
