/**
 * The auth forms' rules without zod, so the standalone /auth page stays small (its budget is 90 KB
 * of JS): the zod schemas in ./auth.ts and the /auth form checks (src/features/auth/validation.ts)
 * both build on these.
 */
import { OTP_LENGTH } from "./constants";

/** A typed code once trimmed: exactly 6 digits. */
export const OTP_FORMAT = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The create-account rule: an email must contain '@'. */
export const isEmailShaped = (email: string) => email.includes("@");

/** What a code input keeps of what was typed or pasted: digits only, at most 6. */
export function keepDigits(input: string, max: number = OTP_LENGTH): string {
  return input.replace(/\D/g, "").slice(0, max);
}

/** Where password-reset links land (better-auth redirects there with ?token= or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = "/reset-password";
