import { createFileRoute } from "@tanstack/react-router";
import { validateVerificationSearch, verificationRedirect } from "../features/check-email/verificationRoute";
import { SessionPending } from "../features/shell/SessionPending";

/**
 * /auth/callback?type=recovery|signup&token= (public, onboarding spec 2), decided like /verify.
 * The trailing '_' keeps it out of /auth's layout, so /auth renders its own page.
 */
export const Route = createFileRoute("/auth_/callback")({
  validateSearch: validateVerificationSearch,
  beforeLoad: ({ search }) => {
    throw verificationRedirect(search);
  },
  component: SessionPending,
});
