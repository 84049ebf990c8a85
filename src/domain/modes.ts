/** User mode and early access (core spec 4, onboarding spec 4). */
import type { UserMode } from "./enums";
import { MS_PER_HOUR } from "./units";

/** Full access while the email is being confirmed. */
export const EARLY_ACCESS_HOURS = 24;

export const EARLY_ACCESS_MS = EARLY_ACCESS_HOURS * MS_PER_HOUR;

/**
 * The mode a user starts in. With parent capability (active owner or partner, or subscription
 * access) always parent. Otherwise the spec uses the saved mode, falling back to guest, and turns a
 * saved 'parent' without capability into guest: so the saved mode never changes the outcome.
 * Switching parent to guest during the session stays allowed.
 */
export function initialUserMode(hasParentCapability: boolean): UserMode {
  return hasParentCapability ? "parent" : "guest";
}

export type GuestToParentTarget = "parent-mode" | "/setup-pregnancy" | "/onboarding-parent";

/**
 * Switching from guest to parent: allowed with capability; else /setup-pregnancy for a user with
 * pregnancy access as a parent or an active subscription (what its gate lets in), else (a pure
 * guest, or when the check failed) the upgrade flow, /onboarding-parent.
 */
export function guestToParentTarget(check: { hasParentCapability: boolean; hasPregnancyAccess: boolean; hasActiveSubscription: boolean } | null): GuestToParentTarget {
  if (!check) return "/onboarding-parent";
  if (check.hasParentCapability) return "parent-mode";
  return check.hasPregnancyAccess || check.hasActiveSubscription ? "/setup-pregnancy" : "/onboarding-parent";
}

/** When an early-access record created now expires (24 hours), in epoch milliseconds. */
export function earlyAccessExpiresAt(now: number): number {
  return now + EARLY_ACCESS_MS;
}

/** A stored early-access record counts until its expiry; an expired one is removed by the caller. */
export function isEarlyAccessActive(expiresAt: number, now: number): boolean {
  return now < expiresAt;
}
