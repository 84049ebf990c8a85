import { createFileRoute } from "@tanstack/react-router";
import { PartnerVerifyPage } from "../../../features/partners/PartnerVerifyPage";
import { validatePartnerVerifySearch } from "../../../features/partners/search";

/** /partner/verify?participantId=: a signed-in user whose email has a pending partner invitation (onboarding spec 2). */
export const Route = createFileRoute("/_authenticated/partner/verify")({
  validateSearch: validatePartnerVerifySearch,
  component: PartnerVerifyPage,
});
