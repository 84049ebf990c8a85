/**
 * tRPC client for the worker's /api/trpc (same origin). httpBatchLink, not the stream link, so
 * procedures can set cookies; superjson matches the server's transformer. Every call is timed for
 * the performance helper; the helper's own `metrics.record` goes unbatched with fetch keepalive,
 * so the batch sent when the page is hidden still arrives. A call can also ask to go alone
 * (UNBATCHED_CALL): the session's retry does, so a batch that failed as a whole cannot fail it twice.
 */
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { QueryClient } from "@tanstack/react-query";
import superjson from "superjson";
import type { AppRouter } from "../../worker/trpc/router";
import { pregnancyIdOf, recordApiCall } from "./performance";

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const TRPC_URL = "/api/trpc";
export const METRICS_PATH = "metrics.record";

/** Times each call from start to answer (success or failure) for the performance helper. */
const timingLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const started = performance.now();
      let recorded = false;
      const record = (ok: boolean) => {
        if (recorded || op.path === METRICS_PATH) return;
        recorded = true;
        recordApiCall(op.path, performance.now() - started, { ok, type: op.type, pregnancyId: pregnancyIdOf(op.input) });
      };
      const subscription = next(op).subscribe({
        next: (value) => {
          record(true);
          observer.next(value);
        },
        error: (error) => {
          record(false);
          observer.error(error);
        },
        complete: () => {
          record(true);
          observer.complete();
        },
      });
      return () => subscription.unsubscribe();
    });

/** A call made with `{ context: UNBATCHED_CALL }` goes in a request of its own. */
const UNBATCHED = "unbatched";
export const UNBATCHED_CALL = { [UNBATCHED]: true } as const;

export function createAppTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      timingLink,
      splitLink({
        condition: (op) => op.path === METRICS_PATH,
        true: httpLink({
          url: TRPC_URL,
          transformer: superjson,
          fetch: (url, options) => fetch(url, { ...options, credentials: "include", keepalive: true }),
        }),
        false: splitLink({
          condition: (op) => op.context[UNBATCHED] === true,
          true: httpLink({
            url: TRPC_URL,
            transformer: superjson,
            fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
          }),
          false: httpBatchLink({
            url: TRPC_URL,
            transformer: superjson,
            fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
          }),
        }),
      }),
    ],
  });
}

export type AppTRPCClient = ReturnType<typeof createAppTRPCClient>;

/** The query options of every procedure outside React (route loaders), on the app's one client and cache. */
export type AppTRPC = TRPCOptionsProxy<AppRouter>;

export function createAppTRPC(client: AppTRPCClient, queryClient: QueryClient): AppTRPC {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}
