import { createFileRoute, redirect } from "@tanstack/react-router";
import { CreateAccountPage } from "../features/create-account/CreateAccountPage";
import { allowedCreateAccountStep, parseCreateAccountStep, type CreateAccountStep } from "../features/create-account/steps";
import { SessionPending } from "../features/shell/SessionPending";

/** /createaccount?step=1..5 (onboarding spec 2): public; the page keeps each visitor on a step their account allows. */
export const Route = createFileRoute("/createaccount")({
  validateSearch: (search: Record<string, unknown>): { step: CreateAccountStep; payment?: string } => ({
    step: parseCreateAccountStep(search.step),
    ...(typeof search.payment === "string" ? { payment: search.payment } : {}),
  }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.auth.getSession().catch(() => null);
    const step = allowedCreateAccountStep(search.step, session ? { emailVerified: session.user.emailVerified } : null);
    if (step !== search.step) throw redirect({ to: "/createaccount", search: { ...search, step }, replace: true });
  },
  pendingComponent: SessionPending,
  component: CreateAccountPage,
});
