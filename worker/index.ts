import { Hono } from "hono";
import { routePartykitRequest } from "partyserver";
import { runScheduledJobs } from "./cron";
import { createAppContext, type AppVariables } from "./context";
import type { Bindings } from "./env";
import { analyticsRoutes } from "./http/analytics";
import { avatarRoutes } from "./http/avatars";
import { billingRoutes } from "./http/billing";
import { calendarRoutes } from "./http/calendar";
import { contactRoutes } from "./http/contact";
import { devRoutes } from "./http/dev";
import { healthRoute } from "./http/health";
import { newsletterRoutes } from "./http/newsletter";
import { pageRoutes } from "./http/pages";
import { photoRoutes } from "./http/photos";
import { authorizeRoomConnection } from "./http/rooms";
import { waitingRoomImageRoutes } from "./http/waitingRoomImages";
import { trpcRoute } from "./http/trpc";

export { WaitingRoom } from "../party/waitingRoom";

const app = new Hono<{ Bindings: Bindings; Variables: AppVariables }>();

app.use("*", createAppContext);
app.route("/api/health", healthRoute);
app.on(["GET", "POST"], "/api/auth/*", (c) => c.var.getAuth().handler(c.req.raw));
app.route("/api/trpc", trpcRoute);
app.route("/api/photos", photoRoutes);
app.route("/api/avatars", avatarRoutes);
app.route("/api/waiting-room", waitingRoomImageRoutes);
app.route("/api/billing", billingRoutes);
app.route("/api/calendar", calendarRoutes);
app.route("/api/analytics", analyticsRoutes);
app.route("/api/contact", contactRoutes);
app.route("/api/newsletter", newsletterRoutes);
app.route("/", devRoutes);
app.all("/parties/*", async (c) => {
  const response = await routePartykitRequest(c.req.raw, c.env, {
    onBeforeConnect: (request, lobby) => authorizeRoomConnection(request, lobby, c.var, c.env.BETTER_AUTH_URL),
    // Rooms speak WebSocket only; plain HTTP never reaches them.
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? c.notFound();
});
app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));
app.route("/", pageRoutes);

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Bindings>;
