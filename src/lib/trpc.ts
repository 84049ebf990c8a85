/**
 * tRPC client for the worker's /api/trpc (same origin). httpBatchLink, not the stream link, so
 * procedures can set cookies; superjson matches the server's transformer.
 */
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "../../worker/trpc/router";

export type { AppRouter };

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createAppTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/api/trpc",
        transformer: superjson,
        fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
      }),
    ],
  });
}

export type AppTRPCClient = ReturnType<typeof createAppTRPCClient>;
