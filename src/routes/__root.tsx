import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext } from "@tanstack/react-router";
import { NotFoundPage } from "../features/errors/NotFoundPage";
import { RootErrorFallback } from "../features/errors/ErrorFallback";
import { RootLayout } from "../features/shell/RootLayout";
import type { AuthContext } from "../lib/session";

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RootErrorFallback,
});
