/** Form checks of the auth screens: the shared zod schemas of src/domain/auth.ts (onboarding spec 5). */
import { otpCodeSchema, signInSchema, signUpSchema, type SignUpInput } from "../../domain/auth";
import { fieldErrors } from "../../lib/formErrors";

export type SignUpValues = SignUpInput;
export type SignUpErrors = Partial<Record<keyof SignUpValues, string>>;

/** The first message of each invalid field; an empty object when the form is valid. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  return fieldErrors<SignUpValues>(signUpSchema.safeParse(values));
}

/** Sign-in needs both fields; the spec's message, or null when they are there. */
export function validateSignIn(email: string, password: string): string | null {
  const result = signInSchema.safeParse({ email, password });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** A code is exactly 6 digits once trimmed; the spec's message, or null when it is. */
export function validateCode(code: string): string | null {
  const result = otpCodeSchema.safeParse(code);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
