import { createFileRoute, redirect } from "@tanstack/react-router";

/**
 * '/' is the prerendered home page, and the Worker sends signed-in users from it to /dashboard
 * (worker/http/pages.ts): a navigation inside the app to '/' (the logo, signing out) loads it afresh.
 */
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/", reloadDocument: true });
  },
});
