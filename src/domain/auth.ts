/**
 * Sign-in and sign-up forms (onboarding spec 5), as zod schemas carrying the spec's messages
 * (./authMessages.ts, re-exported here).
 * Each field reports its first failing rule only (a blank password says 'Password is required',
 * not also 'too short').
 */
import { z } from "zod";
import { CREATE_ACCOUNT_MESSAGES, GUEST_SIGNUP_MESSAGES, RESET_PASSWORD_MESSAGES, SIGN_IN_MESSAGES } from "./authMessages";
import { isCommonPassword, isEmailShaped, OTP_FORMAT, PASSWORD_MIN_CHARACTER_KINDS, PASSWORD_MIN_LENGTH_RESET, PASSWORD_MIN_LENGTH_SIGNUP } from "./authRules";
import { PARTNER_MESSAGES } from "./partnerInvitation";
import { NAME_MAX_LENGTH } from "./textLimits";

export * from "./authMessages";

/** Required text: trimmed, then non-empty. */
const requiredText = (message: string) => z.string().trim().min(1, { error: message, abort: true });

/** The create-account rule: an email must contain '@'. */
const emailField = requiredText(CREATE_ACCOUNT_MESSAGES.emailRequired).refine(isEmailShaped, CREATE_ACCOUNT_MESSAGES.invalidEmail);

/** Passwords are not trimmed: spaces may be part of them. */
const signUpPassword = z
  .string()
  .min(1, { error: CREATE_ACCOUNT_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH_SIGNUP, { error: CREATE_ACCOUNT_MESSAGES.passwordTooShort, abort: true })
  .refine((password) => !isCommonPassword(password), CREATE_ACCOUNT_MESSAGES.commonPassword);

/** A first or last name as the profile takes it. */
export const personNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** better-auth's display name: a first and a last name with a space between. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX_LENGTH * 2 + 1);

export const signUpSchema = z.object({
  firstName: requiredText(CREATE_ACCOUNT_MESSAGES.firstNameRequired),
  lastName: requiredText(CREATE_ACCOUNT_MESSAGES.lastNameRequired),
  email: emailField,
  password: signUpPassword,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Both fields required, one message for either. */
export const signInSchema = z.object({
  email: requiredText(SIGN_IN_MESSAGES.missingInformation),
  password: z.string().min(1, SIGN_IN_MESSAGES.missingInformation),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Requesting a sign-in code needs an email. */
export const otpEmailSchema = requiredText(SIGN_IN_MESSAGES.missingEmail);

/** A typed code: trimmed, exactly 6 digits. */
export const otpCodeSchema = z.string().trim().regex(OTP_FORMAT, SIGN_IN_MESSAGES.invalidCode);

/** Guest signup: every field required with one message; the invitation code is optional, trimmed. */
export const guestSignUpSchema = z.object({
  firstName: requiredText(GUEST_SIGNUP_MESSAGES.missingInformation),
  lastName: requiredText(GUEST_SIGNUP_MESSAGES.missingInformation),
  email: requiredText(GUEST_SIGNUP_MESSAGES.missingInformation),
  password: z.string().min(1, GUEST_SIGNUP_MESSAGES.missingInformation),
  invitationCode: z
    .string()
    .trim()
    .optional()
    .transform((code) => code || undefined),
});
export type GuestSignUpInput = z.infer<typeof guestSignUpSchema>;

/** Partner invitation, create-account tab: sign-up rules plus matching passwords and accepted terms. */
export const partnerSignUpSchema = signUpSchema
  .extend({
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((accepted) => accepted, PARTNER_MESSAGES.acceptTerms),
  })
  .refine((form) => form.password === form.confirmPassword, { error: PARTNER_MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });
export type PartnerSignUpInput = z.infer<typeof partnerSignUpSchema>;

/** The partner's emailed code: required, then exactly 6 digits. */
export const partnerCodeSchema = z
  .string()
  .trim()
  .min(1, { error: PARTNER_MESSAGES.enterCode, abort: true })
  .regex(OTP_FORMAT, SIGN_IN_MESSAGES.invalidCode);

export { keepDigits, RESET_PASSWORD_PATH } from "./authRules";

const PASSWORD_CHARACTER_KINDS = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/] as const;

/** The stated rule for new passwords: long enough, at least three kinds of characters, and not a common one. */
export function isWeakPassword(password: string): boolean {
  const kinds = PASSWORD_CHARACTER_KINDS.filter((kind) => kind.test(password)).length;
  return password.length < PASSWORD_MIN_LENGTH_RESET || kinds < PASSWORD_MIN_CHARACTER_KINDS || isCommonPassword(password);
}

/** New password: at least 8 characters, not weak, and confirmed. */
export const resetPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH_RESET, { error: RESET_PASSWORD_MESSAGES.passwordTooShort, abort: true })
      .refine((password) => !isWeakPassword(password), RESET_PASSWORD_MESSAGES.weakPassword),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { error: RESET_PASSWORD_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
