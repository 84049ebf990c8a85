import { createFileRoute, redirect } from "@tanstack/react-router";
import { SessionPending } from "../features/shell/SessionPending";

/** Authenticated-only guard (core spec 2): unauthenticated users go to '/'. Children get `session`. */
export const Route = createFileRoute("/_authenticated")({
  beforeLoad: async ({ context }) => {
    const session = await context.auth.getSession();
    if (!session) throw redirect({ to: "/" });
    return { session };
  },
  pendingComponent: SessionPending,
});
