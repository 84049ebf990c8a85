import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { trackError } from "../infra/errorTracker";
import { currentRequestId, logEvent } from "../infra/log";
import { clientAddress } from "../infra/rateLimit";
import { sessionAccessLoader } from "../services/access";
import { appRouter } from "../trpc/router";

export const trpcRoute = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().all("/*", (c) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req: c.req.raw,
    router: appRouter,
    createContext: async () => {
      const session = await c.var.getSession("cached");
      const loadAccess = session ? sessionAccessLoader(c.var.db, { userId: session.user.id, sessionId: session.session.id }, c.var.scope.now) : () => Promise.resolve({ signedIn: false as const });
      return { ...c.var.scope, session, freshSession: () => c.var.getSession("fresh"), loadAccess, clientAddress: clientAddress(c.req.raw) };
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") {
        logEvent("error", "procedure failed", { path, error: error.message });
        trackError(error.cause ?? error, currentRequestId());
      }
    },
  }),
);
