import { createFileRoute, redirect } from "@tanstack/react-router";
import { UPGRADE_WIZARD_STEPS } from "../domain/wizard";
import { OnboardingParentPage } from "../features/onboarding/OnboardingPage";
import { readStagedOnboarding, stageOnboarding } from "../features/onboarding/onboardingData";
import { validateWizardSearch } from "../features/onboarding/search";
import { SessionPending } from "../features/shell/SessionPending";

/**
 * /onboarding-parent (protected): the wizard for a signed-in user becoming a parent. Returning from
 * checkout with a session id keeps it with the staged data and goes to /confirm-pregnancy.
 */
export const Route = createFileRoute("/onboarding-parent")({
  validateSearch: validateWizardSearch(UPGRADE_WIZARD_STEPS),
  beforeLoad: async ({ context, search }) => {
    const session = await context.auth.getSession();
    if (!session) throw redirect({ to: "/" });
    if (search.session_id) {
      const staged = readStagedOnboarding();
      stageOnboarding({ ...staged?.data, stripeSessionId: search.session_id }, staged?.stagedAt);
      throw redirect({ to: "/confirm-pregnancy", search: { session_id: search.session_id } });
    }
  },
  pendingComponent: SessionPending,
  component: OnboardingParentPage,
});
