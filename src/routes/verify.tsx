import { createFileRoute } from "@tanstack/react-router";
import { validateVerificationSearch, verificationRedirect } from "../features/check-email/verificationRoute";
import { SessionPending } from "../features/shell/SessionPending";

/** /verify?type=&token=&email=&code= (public, onboarding spec 2): only decides where to go. */
export const Route = createFileRoute("/verify")({
  validateSearch: validateVerificationSearch,
  beforeLoad: ({ search }) => {
    throw verificationRedirect(search);
  },
  component: SessionPending,
});
