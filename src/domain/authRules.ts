/**
 * The auth forms' rules without zod, so the standalone /auth page stays small (its budget is 70 KB
 * of JS): the zod schemas in ./auth.ts and the /auth form checks (src/features/auth/validation.ts)
 * both build on these.
 */
import { SECONDS_PER_DAY, SECONDS_PER_MINUTE } from "./units";

/** Session lifetime (not in the spec; better-auth's usual week). */
export const SESSION_EXPIRES_SECONDS = 7 * SECONDS_PER_DAY;

/**
 * How long the signed session cookie vouches for the session without the database (issue 21).
 * Family data and account doors check the session row anyway (same statement or a fresh read), so
 * this bounds only how stale the cached name and email may be on other pregnancy reads.
 */
export const SESSION_COOKIE_CACHE_SECONDS = 5 * SECONDS_PER_MINUTE;

export const PASSWORD_MIN_LENGTH_SIGNUP = 6;

export const PASSWORD_MIN_LENGTH_RESET = 8;

/** Ours: a new password mixes at least 3 of lower case, upper case, digits and symbols (the spec recommends all four). */
export const PASSWORD_MIN_CHARACTER_KINDS = 3;

/** Ours: how long a password-reset link works (better-auth's default, said in the mail). */
export const PASSWORD_RESET_LINK_EXPIRES_SECONDS = 60 * SECONDS_PER_MINUTE;

/** Every emailed code (sign-in and partner verification) has 6 digits. */
export const OTP_LENGTH = 6;

/** Partner code: 3 attempts; the same cap applies to sign-in codes. */
export const OTP_ALLOWED_ATTEMPTS = 3;

/** Code lifetime (not in the spec): better-auth's emailOTP expiresIn; the mail and the pages say it (codeLifetimeNote). */
export const OTP_EXPIRES_MINUTES = 10;
export const OTP_EXPIRES_SECONDS = OTP_EXPIRES_MINUTES * SECONDS_PER_MINUTE;

/** Minimum age 13; under 18 needs a parent's permission (terms). */
export const MINIMUM_AGE_YEARS = 13;

export const ADULT_AGE_YEARS = 18;

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
