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
  discount: VerifiedSession["discount"];
  /** The wizard's answers staged with the checkout; undefined until the server answered. */
  answers: VerifiedSession["answers"] | undefined;
}

type VerifiedSession = RouterOutputs["billing"]["verifySession"];

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
  const known = { trial, discount: session.data?.discount ?? null, answers: session.data?.answers };
  if (verified) return { status: "verified", ...known };
  // Without a session to ask about, or once the server refused it, waiting cannot help.
  if (timedOut || !stripeSessionId || session.isError) return { status: "failed", ...known };
  return { status: "checking", ...known };
}
