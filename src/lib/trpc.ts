/**
 * tRPC client for the worker's /api/trpc (same origin). httpBatchLink, not the stream link, so
 * procedures can set cookies; superjson matches the server's transformer. Every call is timed for
 * the performance helper; the helper's own `metrics.record` goes unbatched with fetch keepalive,
 * so the batch sent when the page is hidden still arrives.
 */
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
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
        false: httpBatchLink({
          url: TRPC_URL,
          transformer: superjson,
          fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
        }),
      }),
    ],
  });
}

export type AppTRPCClient = ReturnType<typeof createAppTRPCClient>;
