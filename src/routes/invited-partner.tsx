import { createFileRoute } from "@tanstack/react-router";
import { InvitedPartnerPage } from "../features/partners/InvitedPartnerPage";
import { validateInvitedPartnerSearch } from "../features/partners/search";

/** /invited-partner?email=&pregnancy_id=&inviter=&verified=true: public, the partner has no account yet (onboarding spec 2). */
export const Route = createFileRoute("/invited-partner")({
  validateSearch: validateInvitedPartnerSearch,
  component: InvitedPartnerPage,
});
