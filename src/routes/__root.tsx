import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, redirect } from "@tanstack/react-router";
import { hashErrorRedirect } from "../domain/authLinks";
import { mustResetPasswordFirst } from "../features/auth/forcePasswordReset";
import { NotFoundPage } from "../features/errors/NotFoundPage";
import { RootErrorFallback } from "../features/errors/ErrorFallback";
import { RootLayout } from "../features/shell/RootLayout";
import type { AuthContext } from "../lib/session";
import type { AppTRPC } from "../lib/trpc";

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
  /** tRPC's query options, for route loaders that start a screen's reads before it renders. */
  trpc: AppTRPC;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    if (mustResetPasswordFirst(location.pathname)) throw redirect({ to: "/reset-password" });
    // An auth link that failed comes back with its error in the hash, on whichever page it named.
    const hashError = hashErrorRedirect(location.hash);
    if (hashError) throw redirect({ to: "/check-email", search: hashError });
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootErrorFallback,
});
