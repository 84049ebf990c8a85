import { createFileRoute, redirect } from "@tanstack/react-router";
import { parseCreateAccountStep } from "../features/create-account/steps";

/** /signup (marketing links, '?step=2' in emails) is the create-account flow under its other name. */
export const Route = createFileRoute("/signup")({
  beforeLoad: ({ search }) => {
    throw redirect({ to: "/createaccount", search: { step: parseCreateAccountStep((search as { step?: unknown }).step) }, replace: true });
  },
});
