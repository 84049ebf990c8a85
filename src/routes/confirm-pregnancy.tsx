import { createFileRoute, redirect } from "@tanstack/react-router";
import { ConfirmPregnancyPage } from "../features/confirm-pregnancy/ConfirmPregnancyPage";
import { validateCheckoutReturnSearch } from "../features/confirm-pregnancy/search";
import { SessionPending } from "../features/shell/SessionPending";

/** /confirm-pregnancy (protected): reviews the staged wizard data and creates the pregnancy once payment is verified. */
export const Route = createFileRoute("/confirm-pregnancy")({
  validateSearch: validateCheckoutReturnSearch,
  beforeLoad: async ({ context }) => {
    const session = await context.auth.getSession();
    if (!session) throw redirect({ to: "/" });
    return { session };
  },
  pendingComponent: SessionPending,
  component: ConfirmPregnancyPage,
});
