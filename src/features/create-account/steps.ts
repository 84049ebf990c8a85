/** /createaccount (onboarding spec 2): five steps, chosen by ?step=1..5. */

export const CREATE_ACCOUNT_STEPS = 5;

export const CREATE_ACCOUNT_STEP_TITLES = ["Create Account", "Verify Email", "Account Type", "Choose Plan", "Payment"] as const satisfies readonly string[] & {
  length: typeof CREATE_ACCOUNT_STEPS;
};

export type CreateAccountStep = 1 | 2 | 3 | 4 | 5;

/** A ?step value as a step number; anything else is step 1. */
export function parseCreateAccountStep(value: unknown): CreateAccountStep {
  const step = typeof value === "number" ? value : Number(value);
  return Number.isInteger(step) && step >= 1 && step <= CREATE_ACCOUNT_STEPS ? (step as CreateAccountStep) : 1;
}

/**
 * The step a visitor may see: signed-out visitors start at 1; a signed-in user is past step 1 (on
 * to step 2, or step 3 once the email is confirmed). Step 2 stays open after the confirmation: it
 * shows the countdown that moves on.
 */
export function allowedCreateAccountStep(requested: CreateAccountStep, session: { emailVerified: boolean } | null): CreateAccountStep {
  if (!session) return 1;
  if (requested === 1) return session.emailVerified ? 3 : 2;
  return requested;
}
