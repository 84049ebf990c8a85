import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { trackError } from "../services/errorTracker";
import { currentRequestId, logEvent } from "../services/log";
import { clientAddress } from "../services/rateLimit";
import { appRouter } from "../trpc/router";

export const trpcRoute = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().all("/*", (c) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req: c.req.raw,
    router: appRouter,
    createContext: async () => ({
      db: c.var.db,
      env: c.env,
      executionCtx: c.executionCtx,
      session: await c.var.getAuth().api.getSession({ headers: c.req.raw.headers }),
      origin: c.env.BETTER_AUTH_URL ?? new URL(c.req.url).origin,
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
