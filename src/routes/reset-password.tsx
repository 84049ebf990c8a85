import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage";
import { searchText } from "../lib/searchParams";

interface ResetPasswordSearch {
  /** The recovery token better-auth's link hands over. */
  token?: string;
  /** 'INVALID_TOKEN' when the link was used, expired or unknown. */
  error?: string;
}

const MAX_TOKEN_LENGTH = 256;

/** /reset-password (onboarding spec 2): open to everyone; the token in the link is the permission. */
export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => {
    const token = searchText(search.token, MAX_TOKEN_LENGTH);
    return { ...(token ? { token } : {}), ...(typeof search.error === "string" ? { error: search.error } : {}) };
  },
  component: ResetPasswordPage,
});
