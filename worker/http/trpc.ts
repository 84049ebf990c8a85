import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { trackError } from "../infra/errorTracker";
import { currentRequestId, logEvent } from "../infra/log";
import { clientAddress } from "../infra/rateLimit";
import { appRouter } from "../trpc/router";

export const trpcRoute = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().all("/*", (c) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req: c.req.raw,
    router: appRouter,
    createContext: async () => ({
      ...c.var.scope,
      session: await c.var.getAuth().api.getSession({ headers: c.req.raw.headers }),
      clientAddress: clientAddress(c.req.raw),
    }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") {
        logEvent("error", "procedure failed", { path, error: error.message });
        trackError(error.cause ?? error, currentRequestId());
      }
    },
  }),
);
