import { createFileRoute, redirect } from "@tanstack/react-router";
import { validateCheckoutReturnSearch } from "../features/confirm-pregnancy/search";
import { SetupPregnancyPage } from "../features/setup-pregnancy/SetupPregnancyPage";
import { SessionPending } from "../features/shell/SessionPending";
import { toast } from "../ui/toast";
import { SETUP_MESSAGES } from "../domain/pregnancy";

/**
 * /setup-pregnancy (protected): signed-out visitors go to '/' with the spec's reason; the
 * subscription and pregnancy checks of the gate run in the page (onboarding spec 4).
 */
export const Route = createFileRoute("/setup-pregnancy")({
  validateSearch: validateCheckoutReturnSearch,
  beforeLoad: async ({ context, preload }) => {
    const session = await context.auth.getSession();
    if (!session) {
      if (!preload) toast({ title: SETUP_MESSAGES.signInRequired, variant: "error" });
      throw redirect({ to: "/" });
    }
    return { session };
  },
  pendingComponent: SessionPending,
  component: SetupPregnancyPage,
});
