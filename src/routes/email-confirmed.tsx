import { createFileRoute } from "@tanstack/react-router";
import { EmailConfirmedPage } from "../features/check-email/EmailConfirmedPage";
import { searchText } from "../lib/searchParams";

interface EmailConfirmedSearch {
  email?: string;
  code?: string;
}

const MAX_PARAM_LENGTH = 254;

/** /email-confirmed?email=&code= (public, onboarding spec 2): what the confirmation mail links to. */
export const Route = createFileRoute("/email-confirmed")({
  validateSearch: (search: Record<string, unknown>): EmailConfirmedSearch => {
    const email = searchText(search.email, MAX_PARAM_LENGTH);
    const code = searchText(search.code, MAX_PARAM_LENGTH);
    return { ...(email ? { email } : {}), ...(code ? { code } : {}) };
  },
  component: EmailConfirmedPage,
});
