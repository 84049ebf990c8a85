import { createFileRoute, redirect } from "@tanstack/react-router";
import { RouteErrorFallback } from "../features/errors/ErrorFallback";
import { AppShell } from "../features/shell/AppShell";
import { OfflineApp, OfflineStart, offlineStart, offlineStartAfter } from "../features/shell/OfflineApp";
import { syncEarlyAccess } from "../features/auth/earlyAccess";
import { SessionPending } from "../features/shell/SessionPending";
import { isUuid } from "../domain/messaging";
import { rememberedSessionUser, SESSION_QUERY_KEY } from "../lib/session";
import { startShellReads } from "../features/pregnancy-context/screenLoader";

interface AppSearch {
  /** Guest mode keeps the selected pregnancy here on every signed-in page (core spec 2). */
  preg?: string;
}

/**
 * Authenticated-only guard (core spec 2): unauthenticated users go to '/'. Children get `session`
 * and render inside the app shell (sidebar, mobile bars); each screen's loader (screenLoader)
 * starts the screen's reads once the shell's have answered. Started with no connection (the browser
 * says so, or the session read gets no answer), the app cannot ask who is signed in: the offline app
 * shows what works without one (OfflineApp).
 */
export const Route = createFileRoute("/_authenticated")({
  validateSearch: (search: Record<string, unknown>): AppSearch => (isUuid(search.preg) ? { preg: search.preg } : {}),
  beforeLoad: async ({ context, search }) => {
    const offline = offlineStart(context.queryClient.getQueryData(SESSION_QUERY_KEY) !== undefined);
    if (offline) throw offline;
    // The shell's reads leave in the session's batch, for the user of the last session in this browser.
    startShellReads(context, rememberedSessionUser(), search.preg);
    const session = await context.auth.getSession().catch((error: unknown) => {
      throw offlineStartAfter(error) ?? error;
    });
    if (!session) throw redirect({ to: "/" });
    // After 24 hours of early access an unconfirmed email has to be confirmed first (onboarding spec 4).
    if (!syncEarlyAccess(session.user)) throw redirect({ to: "/check-email", search: { email: session.user.email } });
    return { session };
  },
  pendingComponent: SessionPending,
  component: AppShell,
  errorComponent: (props) => (props.error instanceof OfflineStart ? <OfflineApp snapshot={props.error.snapshot} /> : <RouteErrorFallback {...props} />),
});
