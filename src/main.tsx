import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { ErrorFallback } from "./features/errors/ErrorFallback";
import { SessionPending } from "./features/shell/SessionPending";
import { createQueryClient } from "./lib/query-client";
import { createAuthContext } from "./lib/session";
import { watchTheme } from "./lib/theme";
import { createAppTRPCClient, TRPCProvider } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";

watchTheme();

const queryClient = createQueryClient({
  // A tRPC call refused with UNAUTHORIZED means the session ended: forget it and go home.
  onUnauthorized: () => {
    auth.clear();
    void router.navigate({ to: "/" });
  },
});
const auth = createAuthContext(queryClient);
const trpcClient = createAppTRPCClient();

const router = createRouter({
  routeTree,
  context: { queryClient, auth },
  defaultPreload: "intent",
  // The query cache decides freshness, not the router.
  defaultPreloadStaleTime: 0,
  defaultPendingMs: 150,
  defaultPendingMinMs: 300,
  defaultPendingComponent: SessionPending,
  defaultErrorComponent: ErrorFallback,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
