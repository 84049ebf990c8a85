import { Hono } from "hono";
import { buildIcalendar, ICAL_CONTENT_TYPE } from "../../src/domain/ical";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { feedEvents } from "../services/calendar";

const FEED_TOKEN = /^([0-9a-f-]{36})\.ics$/i;

/**
 * GET /api/calendar/<token>.ics: a participant's private calendar subscription. Calendar apps
 * cannot sign in, so the unguessable token is the credential; each fetch applies the
 * participant's current rights, and a revoked token answers 404 like one that never existed.
 */
export const calendarRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().get("/:file", async (c) => {
  const token = FEED_TOKEN.exec(c.req.param("file"))?.[1];
  const feed = token ? await feedEvents(c.var.scope, token.toLowerCase()) : null;
  if (!feed) return c.text("Not found", 404);
  return c.body(buildIcalendar(feed.name, feed.events, feed.timeZone), 200, {
    "content-type": ICAL_CONTENT_TYPE,
    // Private data behind a bearer URL: never stored by shared caches.
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
  });
});
