import { createFileRoute } from "@tanstack/react-router";
import { CheckEmailPage } from "../features/check-email/CheckEmailPage";
import { validateCheckEmailSearch } from "../features/check-email/search";

/** /check-email (public, onboarding spec 2): email confirmation, payment return, expired reset link. */
export const Route = createFileRoute("/check-email")({
  validateSearch: validateCheckEmailSearch,
  component: CheckEmailPage,
});
