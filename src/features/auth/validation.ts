/**
 * Form checks of the /auth screens (onboarding spec 5): the rules of src/domain/auth.ts's signUpSchema,
 * signInSchema and otpCodeSchema, written without zod for the standalone page's size budget
 * (tests/unit/authValidation.test.ts holds them to the schemas). Each field reports its first failing rule.
 */
import type { SignUpInput } from "../../domain/auth";
import { isCommonPassword, isEmailShaped, OTP_FORMAT, PASSWORD_MIN_LENGTH_SIGNUP } from "../../domain/authRules";
import { CREATE_ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from "../../domain/authMessages";

export type SignUpValues = SignUpInput;
export type SignUpErrors = Partial<Record<keyof SignUpValues, string>>;

function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return CREATE_ACCOUNT_MESSAGES.emailRequired;
  return isEmailShaped(trimmed) ? undefined : CREATE_ACCOUNT_MESSAGES.invalidEmail;
}

/** Passwords are not trimmed: spaces may be part of them. */
function passwordError(password: string): string | undefined {
  if (!password) return CREATE_ACCOUNT_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH_SIGNUP) return CREATE_ACCOUNT_MESSAGES.passwordTooShort;
  return isCommonPassword(password) ? CREATE_ACCOUNT_MESSAGES.commonPassword : undefined;
}

/** The first message of each invalid field; an empty object when the form is valid. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {
    firstName: values.firstName.trim() ? undefined : CREATE_ACCOUNT_MESSAGES.firstNameRequired,
    lastName: values.lastName.trim() ? undefined : CREATE_ACCOUNT_MESSAGES.lastNameRequired,
    email: emailError(values.email),
    password: passwordError(values.password),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** Sign-in needs both fields; the spec's message, or null when they are there. */
export function validateSignIn(email: string, password: string): string | null {
  return email.trim() && password ? null : SIGN_IN_MESSAGES.missingInformation;
}

/** A code is exactly 6 digits once trimmed; the spec's message, or null when it is. */
export function validateCode(code: string): string | null {
  return OTP_FORMAT.test(code.trim()) ? null : SIGN_IN_MESSAGES.invalidCode;
}
