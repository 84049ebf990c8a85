import { createFileRoute, redirect } from "@tanstack/react-router";
import { GuestSignupPage } from "../features/guest-signup/GuestSignupPage";
import { SessionPending } from "../features/shell/SessionPending";
import { searchText } from "../lib/searchParams";
import { NAME_MAX_LENGTH } from "../domain/textLimits";

interface GuestSignupSearch {
  /** Prefills the invitation code (the link in the invitation mail carries it). */
  code?: string;
}

/** /guest-signup (public, onboarding spec 2): signed-in visitors go on to /dashboard. */
export const Route = createFileRoute("/guest-signup")({
  validateSearch: (search: Record<string, unknown>): GuestSignupSearch => {
    const code = searchText(search.code, NAME_MAX_LENGTH);
    return code ? { code } : {};
  },
  beforeLoad: async ({ context }) => {
    const session = await context.auth.getSession().catch(() => null);
    if (session) throw redirect({ to: "/dashboard" });
  },
  pendingComponent: SessionPending,
  component: GuestSignupPage,
});
