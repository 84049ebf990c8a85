/**
 * The wizard's data (onboarding spec 3), kept in session storage under 'onboarding-data' while the
 * wizard runs. The password never is: it goes straight to sign-up and is forgotten.
 */
import { checkoutDiscount, orderSummary, REFERRAL_DISCOUNT_PERCENT } from "../../domain/billing";
import type { OnboardingGender, SubscriptionTier } from "../../domain/enums";
import { isValidReferralFormat } from "../../domain/referral";

/** Local storage: onboarding data staged for /confirm-pregnancy (onboarding spec 3). */
export const STAGED_ONBOARDING_STORAGE_KEY = "staged-onboarding";

export const ONBOARDING_DATA_KEY = "onboarding-data";

export type AccountRole = "parent" | "guest";

/** The role choice of /createaccount step 3 and the wizard's first step. */
export const ACCOUNT_ROLE_OPTIONS = [
  { value: "parent", label: "I'm expecting", description: "Set up your pregnancy, invite your partner for free and share it with family and friends." },
  { value: "guest", label: "I'm family or a friend", description: "Follow a pregnancy you were invited to: updates, photos, RSVPs, the waiting room and the guessing game. Always free." },
] as const satisfies readonly { value: AccountRole; label: string; description: string }[];

/** A further baby (twins and more): the spec's babyName and gender are the first one's. */
export interface WizardBaby {
  name: string;
  gender: OnboardingGender;
}

export interface OnboardingData {
  role: AccountRole;
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  includePartner: boolean;
  partnerFirstName: string;
  partnerLastName: string;
  partnerEmail: string;
  babyName: string;
  /** Ours: the babies after the first, so twins are named once, in the wizard. */
  moreBabies: WizardBaby[];
  dueDate: string;
  lastMenstrualPeriod: string;
  serviceEndDate: string;
  gender: OnboardingGender;
  planSelected: boolean;
  selectedPlan: SubscriptionTier;
  stripeSessionId: string;
  paymentStatus: string;
  skipCheckout: boolean;
  /** A signed-in guest becoming a parent: their guest pregnancies are kept (onboarding spec 4). */
  isGuestConversion: boolean;
}

export function readOnboardingData(): Partial<OnboardingData> {
  try {
    const stored = sessionStorage.getItem(ONBOARDING_DATA_KEY);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return typeof parsed === "object" && parsed !== null ? (parsed as Partial<OnboardingData>) : {};
  } catch {
    return {};
  }
}

/** Merges `changes` into the stored data. */
export function saveOnboardingData(changes: Partial<OnboardingData>): void {
  try {
    sessionStorage.setItem(ONBOARDING_DATA_KEY, JSON.stringify({ ...readOnboardingData(), ...changes }));
  } catch {
    // Storage blocked: the wizard still works within this page.
  }
}

/** Data handed to checkout, kept for /confirm-pregnancy with when it was staged. */
export interface StagedOnboarding {
  data: Partial<OnboardingData>;
  /** When it was staged, in epoch milliseconds. */
  stagedAt: number;
}

/** Stages the data; false when this browser's storage refused it (blocked or full). */
export function stageOnboarding(data: Partial<OnboardingData>, now = Date.now()): boolean {
  try {
    localStorage.setItem(STAGED_ONBOARDING_STORAGE_KEY, JSON.stringify({ data, stagedAt: now } satisfies StagedOnboarding));
    return true;
  } catch {
    return false;
  }
}

export function readStagedOnboarding(): StagedOnboarding | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STAGED_ONBOARDING_STORAGE_KEY) ?? "null");
    return typeof parsed === "object" && parsed !== null && "data" in parsed && "stagedAt" in parsed ? (parsed as StagedOnboarding) : null;
  } catch {
    return null;
  }
}

export function clearStagedOnboarding(): void {
  try {
    localStorage.removeItem(STAGED_ONBOARDING_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The order the wizard's choices make: the plan selected and the referral code typed (when
 * well-formed). A returning family's larger discount is the server's to find; the wizard shows the referral.
 */
export function wizardOrder(data: Partial<OnboardingData>) {
  const tier = data.selectedPlan ?? "basic";
  const referralCode = data.referralCode && isValidReferralFormat(data.referralCode) ? data.referralCode : undefined;
  const discount = checkoutDiscount({ tier, referralPercent: referralCode ? REFERRAL_DISCOUNT_PERCENT : null, returningFamily: false });
  return { tier, referralCode, discount, summary: orderSummary(tier, discount) };
}
