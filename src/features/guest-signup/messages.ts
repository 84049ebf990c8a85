/**
 * Guest signup texts: the spec's titles from src/domain/errors.ts; descriptions added here (not in
 * the spec) are ours.
 */
import type { AuthClientError } from "../../lib/auth-client";
import { HTTP_TOO_MANY_REQUESTS, isAccountExistsError } from "../auth/authErrors";
import { AUTH_MESSAGES } from "../auth/messages";
import { GUEST_SIGNUP_MESSAGES } from "../../domain/auth";

const HTTP_BAD_REQUEST = 400;

export const GUEST_TEXTS = {
  /** Ours (description of 'Account Already Exists'). */
  accountExistsDescription: "Taking you to sign in...",
  /** Ours: shown with 'Invalid Invitation Code' or 'Invitation Error' once the account exists. */
  joinFailedDescription: "Your account was created, but it could not join the pregnancy with this code. Check the code and try again, or continue to your dashboard.",
  /** Ours (description of 'Welcome!'). */
  welcomeDescription: (pregnancyTitle: string) => `You joined ${pregnancyTitle}.`,
  /** Ours (description of 'Account Created!'). */
  accountCreatedDescription: "Check your email to confirm your address.",
} as const;

/** What guests can do (onboarding spec 2 and 6). */
export const GUEST_BENEFITS = [
  "View shared updates and photos",
  "RSVP to events and the baby shower",
  "Join the virtual waiting room",
  "Play the baby guessing game",
  "Always free",
] as const;

/** The form's message when sign-up was refused (the existing-email case redirects instead). */
export function guestSignUpErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.signUpTooManyRequests;
  if (isAccountExistsError(error)) return GUEST_SIGNUP_MESSAGES.accountExists;
  // A refusal the server explained (e.g. a too short password) is shown with its reason.
  if (error.status === HTTP_BAD_REQUEST && error.message) return `${GUEST_SIGNUP_MESSAGES.signupFailed}: ${error.message}`;
  return GUEST_SIGNUP_MESSAGES.createFailed;
}
