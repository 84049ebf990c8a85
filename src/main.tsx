import "./lib/zodConfig";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { AppErrorBoundary, RouteErrorFallback } from "./features/errors/ErrorFallback";
import { SessionPending } from "./features/shell/SessionPending";
import { startGlobalErrorCapture } from "./lib/errorReports";
import { startPerformanceMonitoring } from "./lib/performance";
import { createQueryClient } from "./lib/query-client";
import { createAuthContext, SESSION_QUERY_KEY, type Session } from "./lib/session";
import { startServiceWorker } from "./lib/serviceWorker";
import { watchTheme } from "./lib/theme";
import { watchThemeColor } from "./features/theme/themeColor";
import { showHandedOverToast } from "./ui/toast";
import { createAppTRPC, createAppTRPCClient, TRPCProvider } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";

startGlobalErrorCapture();
watchTheme();
watchThemeColor();
showHandedOverToast();
startServiceWorker();

const queryClient = createQueryClient({
  // A tRPC call refused with UNAUTHORIZED means the session ended: forget it and go home.
  onUnauthorized: () => {
    void auth.clear().then(() => router.navigate({ to: "/" }));
  },
});
const trpcClient = createAppTRPCClient();
const trpc = createAppTRPC(trpcClient, queryClient);
const auth = createAuthContext(queryClient, trpcClient, trpc);

const router = createRouter({
  routeTree,
  context: { queryClient, auth, trpc },
  defaultPreload: "intent",
  // The query cache decides freshness, not the router.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  defaultPendingComponent: SessionPending,
  defaultErrorComponent: RouteErrorFallback,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

startPerformanceMonitoring({
  send: (metrics) => trpcClient.metrics.record.mutate({ metrics }),
  // Known once the session query has answered: a user id, or null for a signed-out visitor.
  currentUser: () => {
    const session = queryClient.getQueryData<Session | null>(SESSION_QUERY_KEY);
    return session === undefined ? undefined : (session?.user.id ?? null);
  },
  router,
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
