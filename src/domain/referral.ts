/**
 * Referral codes (onboarding spec 5): optional, stored lowercase, exactly 8 letters or digits,
 * checked 500 ms after typing stops (REFERRAL_VALIDATION_DEBOUNCE_MS).
 */

export const REFERRAL_CODE_LENGTH = 8;

/** Raw referral input is bounded before anything else looks at it. */
export const REFERRAL_INPUT_MAX = 64;

export const REFERRAL_MESSAGES = {
  invalidFormat: `Referral code must be ${REFERRAL_CODE_LENGTH} alphanumeric characters`,
  validating: "Validating...",
  valid: "Valid referral code!",
  notFound: "Referral code not found",
  unableToValidate: "Unable to validate referral code",
} as const;

export const REFERRAL_VALIDATION_STATES = ["idle", "validating", "valid", "invalid"] as const;
export type ReferralValidationState = (typeof REFERRAL_VALIDATION_STATES)[number];

const REFERRAL_FORMAT = new RegExp(`^[a-z0-9]{${REFERRAL_CODE_LENGTH}}$`, "i");

/** As stored and looked up: trimmed, lowercase. */
export function normalizeReferralCode(input: string): string {
  return input.trim().toLowerCase();
}

/** The code field's value while typing: lowercase, at most 8 characters. */
export function referralInput(input: string): string {
  return input.toLowerCase().slice(0, REFERRAL_CODE_LENGTH);
}

/** Exactly 8 ASCII letters or digits (after normalising). */
export function isValidReferralFormat(code: string): boolean {
  return REFERRAL_FORMAT.test(normalizeReferralCode(code));
}

/** Submitting is blocked only when a code was checked and found invalid. */
export function referralBlocksSubmit(state: ReferralValidationState): boolean {
  return state === "invalid";
}
