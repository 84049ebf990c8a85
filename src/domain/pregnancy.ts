/** Pregnancy and baby defaults (core spec 3, onboarding spec 3). */
import { MAX_SETUP_BABIES } from "./constants";
import type { BabyGender, ONBOARDING_GENDERS } from "./enums";

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
