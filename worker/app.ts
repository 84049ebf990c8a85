import { Hono } from "hono";
import { routePartykitRequest } from "partyserver";
import { missingSettings } from "./config";
import { createAppContext, type AppVariables } from "./context";
import { runScheduledJobs } from "./cron";
import { handleQueue } from "./queues";
import type { Bindings } from "./env";
import { analyticsRoutes } from "./http/analytics";
import { avatarRoutes } from "./http/avatars";
import { billingRoutes } from "./http/billing";
import { calendarRoutes } from "./http/calendar";
import { clipRoutes } from "./http/clips";
import { clientErrorRoutes } from "./http/clientErrors";
import { configurationGuard } from "./http/configurationGuard";
import { contactFormRoutes } from "./http/contactForm";
import { dataExportRoutes } from "./http/dataExport";
import { healthRoute } from "./http/liveness";
import { newsletterRoutes } from "./http/newsletter";
import { pageRoutes } from "./http/pages";
import { photoRoutes } from "./http/photos";
import { pictureRoutes } from "./http/pictures";
import { requestLog } from "./http/requestLog";
import { authorizeRoomConnection } from "./http/rooms";
import { accountConfirmationRoutes } from "./http/accountConfirmation";
import { sameOriginWrites } from "./http/guards";
import { securityHeadersMiddleware } from "./http/securityHeaders";
import { trpcRoute } from "./http/trpc";
import { waitingRoomImageRoutes } from "./http/waitingRoomImages";
import { weeklyDigestRoutes } from "./http/weeklyDigest";
import { PregnancyRoom } from "../party/pregnancyRoom";
import { INTERNAL_ERROR_MESSAGE } from "../src/domain/errors";
import { trackDurableObject, trackError, withErrorTracking } from "./infra/errorTracker";
import { currentRequestId, logEvent } from "./infra/log";

export type App = Hono<{ Bindings: Bindings; Variables: AppVariables }>;

const HTTP_NOT_FOUND = 404;
const HTTP_SERVER_ERROR = 500;

/**
 * The whole app as deployed. `mountDev` is how the dev entry (worker/dev/index.ts) adds its routes:
 * under their own prefixes, before the catch-alls, so they can touch no other route. The production
 * entry passes nothing and its bundle holds no dev code.
 */
export function createApp(mountDev?: (app: App) => App): App {
  const app: App = new Hono();
  app.use("*", requestLog);
  app.use("*", securityHeadersMiddleware);
  app.use("*", configurationGuard);
  app.use("*", createAppContext);
  // better-auth checks the origin of its own routes, tRPC's cookies are SameSite, Stripe's webhook
  // is signed, the digest's one-click unsubscribe comes from mail providers with a signed token, and
  // the dev entry's test hooks (absent in production, where they answer 404) are called by scripts.
  app.use("/api/*", sameOriginWrites(["/api/auth/", "/api/trpc", "/api/billing/webhook", "/api/digest/one-click-unsubscribe", "/api/dev/"]));
  app.onError((error, c) => {
    // The details go to the log only; the caller gets an id to quote.
    logEvent("error", "unhandled error", { route: c.req.routePath, error: error.message, stack: error.stack });
    trackError(error, currentRequestId());
    return c.json({ error: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, requestId: currentRequestId() }, HTTP_SERVER_ERROR);
  });

  app.route("/api/health", healthRoute);
  app.on(["GET", "POST"], "/api/auth/*", (c) => c.var.getAuth().handler(c.req.raw));
  app.route("/api/trpc", trpcRoute);
  app.route("/api/photos", photoRoutes);
  app.route("/api/clips", clipRoutes);
  app.route("/api/pictures", pictureRoutes);
  app.route("/api/avatars", avatarRoutes);
  app.route("/api/waiting-room", waitingRoomImageRoutes);
  app.route("/api/billing", billingRoutes);
  app.route("/api/export", dataExportRoutes);
  app.route("/api/calendar", calendarRoutes);
  app.route("/api/analytics", analyticsRoutes);
  app.route("/api/client-errors", clientErrorRoutes);
  app.route("/api/contact", contactFormRoutes);
  app.route("/api/account/confirmation", accountConfirmationRoutes);
  app.route("/api/newsletter", newsletterRoutes);
  app.route("/api/digest", weeklyDigestRoutes);
  mountDev?.(app);
  app.all("/parties/*", async (c) => {
    const response = await routePartykitRequest(c.req.raw, c.env, {
      onBeforeConnect: (request, lobby) => authorizeRoomConnection(request, lobby, c.var, c.env.BETTER_AUTH_URL),
      // Rooms speak WebSocket only; plain HTTP never reaches them.
      onBeforeRequest: () => new Response("Not found", { status: HTTP_NOT_FOUND }),
    });
    return response ?? c.notFound();
  });
  // Whatever the dev entry did not mount is absent: no app shell for a dev path.
  app.all("/api/*", (c) => c.json({ error: "Not found" }, HTTP_NOT_FOUND));
  app.all("/dev/*", (c) => c.json({ error: "Not found" }, HTTP_NOT_FOUND));
  app.route("/", pageRoutes);
  return app;
}

/** The pregnancy room, with its uncaught errors reported; each entry exports it as PregnancyRoom. */
export const TrackedPregnancyRoom = trackDurableObject(PregnancyRoom);

/**
 * The Worker's handlers: the app, and the cron (which also refuses to run half-configured), with
 * their uncaught errors reported.
 */
export function createWorker(mountDev?: (app: App) => App): ExportedHandler<Bindings> {
  const app = createApp(mountDev);
  return withErrorTracking({
    fetch: app.fetch,
    scheduled(controller, env, ctx) {
      const missing = missingSettings(env);
      if (missing.length > 0) return logEvent("error", "configuration missing", { missing, job: "scheduled" });
      ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime), controller.cron, (promise) => ctx.waitUntil(promise)));
    },
    async queue(batch, env, ctx) {
      const missing = missingSettings(env);
      if (missing.length > 0) {
        logEvent("error", "configuration missing", { missing, job: "queue" });
        return batch.retryAll();
      }
      await handleQueue(batch, env, ctx);
    },
  });
}
