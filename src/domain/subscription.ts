import type { SubscriptionStatus } from "./enums";

/** Subscription states that give access (a trial counts: no payment is needed to start). */
export const SUBSCRIBED_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];

export const isSubscribedStatus = (status: SubscriptionStatus): boolean => (SUBSCRIBED_STATUSES as readonly string[]).includes(status);
