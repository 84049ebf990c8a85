import { createFileRoute } from "@tanstack/react-router";
import { CreateAccountPage } from "../features/create-account/CreateAccountPage";
import { parseCreateAccountStep, type CreateAccountStep } from "../features/create-account/steps";

/** /createaccount?step=1..5 (onboarding spec 2): public; the page keeps each visitor on a step their account allows. */
export const Route = createFileRoute("/createaccount")({
  validateSearch: (search: Record<string, unknown>): { step: CreateAccountStep } => ({ step: parseCreateAccountStep(search.step) }),
  component: CreateAccountPage,
});
