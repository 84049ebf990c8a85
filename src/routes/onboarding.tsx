import { createFileRoute, redirect } from "@tanstack/react-router";
import { FULL_WIZARD_STEPS } from "../domain/wizard";
import { OnboardingPage } from "../features/onboarding/OnboardingPage";
import { validateWizardSearch } from "../features/onboarding/search";
import { SessionPending } from "../features/shell/SessionPending";

/**
 * /onboarding: the full 8-step parent wizard for visitors (onboarding spec 2). A signed-in user has
 * no account to create and continues in /onboarding-parent; a visitor without an account starts at
 * the beginning.
 */
export const Route = createFileRoute("/onboarding")({
  validateSearch: validateWizardSearch(FULL_WIZARD_STEPS),
  beforeLoad: async ({ context, search }) => {
    const session = await context.auth.getSession().catch(() => null);
    const beforeAccount = !search.step || search.step === "role" || search.step === "account";
    if (session && beforeAccount) throw redirect({ to: "/onboarding-parent", search: { payment: search.payment } });
    if (!session && !beforeAccount) throw redirect({ to: "/onboarding", search: {} });
  },
  pendingComponent: SessionPending,
  component: OnboardingPage,
});
