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

/**
 * Passwords found at the top of every leaked-password list, and well-known ones that pass the mix
 * rule of a new password; compared in lower case.
 */
const COMMON_PASSWORDS = new Set([
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "1234567890",
  "123123",
  "111111",
  "000000",
  "654321",
  "abc123",
  "qwerty",
  "qwertyuiop",
  "password",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "letmein",
  "welcome",
  "monkey",
  "dragon",
  "babysteps",
  "password1",
  "password1!",
  "password123",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword1",
  "qwerty123",
  "qwerty123!",
  "welcome1",
  "welcome1!",
  "letmein1",
  "iloveyou1",
  "abc12345",
  "admin123",
  "changeme1",
  "babysteps1",
]);

/** A password everyone tries first: refused wherever a password is set. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** Where password-reset links land (better-auth redirects there with ?token= or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = "/reset-password";
