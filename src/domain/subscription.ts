import type { SubscriptionStatus } from "./enums";
import { READ_ONLY_YEARS } from "./dates";
import { formatPrice } from "./billing";

export const SUBSCRIPTION_TOASTS = {
  upgradeFailed: "Upgrade failed: There was an issue creating your checkout session. Please try again.",
  downgradeFailed: "Downgrade failed: There was an issue scheduling your downgrade.",
  syncError: "Sync Error",
  syncFailed: "Sync Failed",
  portalError: "Portal Error",
  portalErrorDefault: "Unable to open customer portal. Please try again.",
  syncedWithWarnings: "Synced with warnings: Dates updated, but Stripe sync failed. Please try again later.",
} as const;

/**
 * Subscription management and account lifetime (core spec 4). The spec has no words for these
 * (only 'a clear message' and an explicit confirmation), so the wording is ours.
 */
export const SUBSCRIPTION_MESSAGES = {
  noSubscription: "No subscription to manage",
  /** Stripe refused the call; the server's answer when a change did not reach the provider. */
  providerFailed: "The payment provider could not be reached. Please try again.",
  alreadyOnPlan: "You are already on this plan",
  onlyOwnerCancels: "Only the pregnancy owner can cancel the subscription",
  cancelTitle: "Cancel subscription?",
  cancelDescription:
    "Cancelling ends your subscription now and closes your pregnancy immediately: parent features end, and your partner and every guest lose access. This cannot be undone. This month's payment is refunded: what your card paid goes back to the card, and gift card credit it used goes back to your account. Earlier months are not refunded.",
  cancelConfirm: "Cancel subscription and close pregnancy",
  cancelled: "Subscription cancelled",
  cancelFailed: "Cancellation failed",
  /** The server's refusal of a write to a pregnancy whose service has ended. */
  readOnly: `This pregnancy is read-only: its service has ended. You can still view everything for ${READ_ONLY_YEARS} years, but nothing can be changed.`,
} as const;

/** Subscription states that give access (a trial counts: no payment is needed to start). */
export const SUBSCRIBED_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];

export const isSubscribedStatus = (status: SubscriptionStatus): boolean => (SUBSCRIBED_STATUSES as readonly string[]).includes(status);

/** Subscription states in which Stripe may still charge (a failed payment is retried): every state but the two ended ones. */
export const BILLABLE_STATUSES = ["trialing", "active", "past_due", "incomplete", "unpaid", "paused"] as const satisfies readonly SubscriptionStatus[];

/** What cancelling gave back: this month's invoice, its card payment and the gift card credit it drew. */
export interface CancellationRefund {
  cardCents: number;
  creditCents: number;
}

/** The cancellation's toast: the pregnancy closed, and exactly what was refunded and where. */
export function cancelledDescription({ cardCents, creditCents }: CancellationRefund): string {
  const card = cardCents > 0 ? `${formatPrice(cardCents)} is refunded to your card (it can take 5 to 10 business days to show)` : null;
  const credit = creditCents > 0 ? `${formatPrice(creditCents)} of gift card credit is back on your account` : null;
  const given = [card, credit].filter((part) => part !== null).join(", and ");
  return `Your pregnancy is closed. ${given ? `${given}.` : "Nothing was paid for this month, so there is nothing to refund."}`;
}
