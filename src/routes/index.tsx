import { createFileRoute, redirect } from "@tanstack/react-router";
import { HomePage } from "../features/home/HomePage";
import { SessionPending } from "../features/shell/SessionPending";

/** Visitors see the home page; signed-in users go on to /dashboard (onboarding spec 2). */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    // A failing session check must not hide the home page from visitors.
    const session = await context.auth.getSession().catch(() => null);
    if (session) throw redirect({ to: "/dashboard" });
  },
  pendingComponent: SessionPending,
  component: HomePage,
});
