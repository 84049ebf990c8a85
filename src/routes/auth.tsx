import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthPage } from "../features/auth/AuthPage";
import { validateAuthSearch } from "../features/auth/search";
import { SessionPending } from "../features/shell/SessionPending";

/**
 * /auth?mode=signin|signup|verify|code (onboarding spec 2). Signed-in visitors are sent to '/',
 * except to the verify mode while their email is unverified (sign-up signs in straight away).
 */
export const Route = createFileRoute("/auth")({
  validateSearch: validateAuthSearch,
  beforeLoad: async ({ context, search }) => {
    const session = await context.auth.getSession().catch(() => null);
    if (session && !(search.mode === "verify" && !session.user.emailVerified)) throw redirect({ to: "/" });
  },
  pendingComponent: SessionPending,
  component: AuthPage,
});
