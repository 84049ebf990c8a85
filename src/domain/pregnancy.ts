/** Pregnancy and baby defaults (core spec 3, onboarding spec 3). */
import type { BabyGender, ONBOARDING_GENDERS } from "./enums";

export const MAX_SETUP_BABIES = 4;

export const PREGNANCY_TOASTS = {
  updateBabyFailed: "Failed to update baby details",
  addBabyFailed: "Failed to add baby",
  updatePregnancyFailed: "Failed to update pregnancy details",
  createPregnancyFailed: "Failed to create pregnancy",
  loadPregnancyFailed: "Failed to load pregnancy data",
  loadBabyFailed: "Failed to load baby data",
} as const;

export const SETUP_MESSAGES = {
  createPregnancyFailed: "Failed to create pregnancy",
  tryAgain: "Please try again",
  setupFailed: "Setup failed",
  unexpected: "An unexpected error occurred",
  signInRequired: "Please sign in to access this page",
  verifySubscriptionFailed: "Failed to verify subscription status",
  subscriptionRequired: "You need an active subscription to set up a pregnancy",
  alreadyHasPregnancy: "You already have an active pregnancy. Go to your dashboard to manage it.",
  partnerInvitationFailed: "Failed to send partner invitation",
  invitationFailed: "Failed to send invitation",
  allInvitationsSent: (count: number) => `All ${count} invitations sent successfully!`,
  someInvitationsSent: (sent: number, total: number) => `${sent} of ${total} invitations sent successfully`,
  invitationsFailed: "Failed to send invitations",
  setupComplete: "Setup completed successfully!",
  missingRequiredInformation: "Missing required information",
  noPregnancyData: "No pregnancy data found",
  logoutFailed: "Failed to log out. Please try again.",
} as const;

/** 'Failed to create pregnancy' goes with the server's words, or one of these (onboarding spec 8). */
export const CREATION_FAILURE_TEXTS = { crashed: SETUP_MESSAGES.unexpected, unanswered: SETUP_MESSAGES.tryAgain } as const;

export const DEFAULT_PREGNANCY_TITLE = "My Pregnancy Journey";

/** 'My Pregnancy Journey', or "{name}'s Journey" when the baby has a name. */
export function defaultPregnancyTitle(babyName?: string | null): string {
  const name = babyName?.trim();
  return name ? `${name}'s Journey` : DEFAULT_PREGNANCY_TITLE;
}

/** A new baby's name: 'Baby N' (N from 1). */
export function defaultBabyName(birthOrder: number): string {
  return `Baby ${birthOrder}`;
}

/** Onboarding's 'surprise' is stored on the baby as 'unknown'. */
export function babyGenderFromOnboarding(gender: (typeof ONBOARDING_GENDERS)[number]): BabyGender {
  return gender === "surprise" ? "unknown" : gender;
}

/** Ours: the spec caps babies at 4 in setup and we keep that cap everywhere. */
export const TOO_MANY_BABIES_MESSAGE = `You can add up to ${MAX_SETUP_BABIES} babies.`;

/**
 * A pregnancy's dates as a viewer may read them. The last menstrual period is medical: guests get
 * it empty and count weeks from the due date (which implies the same week).
 */
export function pregnancyForViewer<T extends { lastMenstrualPeriod: string | null }>(pregnancy: T, isParent: boolean): T {
  return isParent ? pregnancy : { ...pregnancy, lastMenstrualPeriod: null };
}
