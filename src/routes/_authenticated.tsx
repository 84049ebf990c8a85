import { createFileRoute, redirect } from "@tanstack/react-router";
import { AppShell } from "../features/shell/AppShell";
import { SessionPending } from "../features/shell/SessionPending";
import { isUuid } from "../features/pregnancy/guestChoice";

interface AppSearch {
  /** Guest mode keeps the selected pregnancy here on every signed-in page (core spec 2). */
  preg?: string;
}

/**
 * Authenticated-only guard (core spec 2): unauthenticated users go to '/'. Children get `session`
 * and render inside the app shell (sidebar, mobile bars).
 */
export const Route = createFileRoute("/_authenticated")({
  validateSearch: (search: Record<string, unknown>): AppSearch => (isUuid(search.preg) ? { preg: search.preg } : {}),
  beforeLoad: async ({ context }) => {
    const session = await context.auth.getSession();
    if (!session) throw redirect({ to: "/" });
    return { session };
  },
  pendingComponent: SessionPending,
  component: AppShell,
});
