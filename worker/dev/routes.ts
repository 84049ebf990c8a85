import { desc, notInArray } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import { createMiddleware } from "hono/factory";
import { isDevEnvironment } from "../config";
import type { AppVariables } from "../context";
import { mailOutbox } from "../db/schema";
import type { Bindings } from "../env";
import { tellRoom } from "../infra/rooms";
import { waitingRoomStateFor } from "../services/waitingRoom";
import { digestRunProgress, runWeeklyDigest } from "../services/weeklyDigest";
import { runServiceEndNotices } from "../services/serviceEnd";
import { makePhotoCopies } from "../services/photoCopies";
import { FAKE_STRIPE_API_MOUNT } from "../infra/stripe";
import { devCheckoutRoutes } from "./checkout";
import { fakeStripeApi } from "./fakeStripe";

/** Dev mailbox page (not in the spec). */
export const DEV_OUTBOX_PAGE_SIZE = 50;

type Env = { Bindings: Bindings; Variables: AppVariables };
type App = Hono<Env>;

/**
 * Dev pages style themselves inline: they get their own policy, as strict as the app's for
 * everything else (the security headers middleware keeps a policy a route set).
 */
/** How long the dev digest run waits for the consumer, and how often it looks. */
const DIGEST_WAIT_MS = 60_000;
const DIGEST_POLL_MS = 100;
const DEV_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const HTTP_LENGTH_REQUIRED = 411;

/** Fails closed: unless APP_ENV says development or test, a dev path answers like an unknown path. */
const devOnly = createMiddleware<Env>(async (c, next) => {
  if (!isDevEnvironment(c.env)) return c.json({ error: "Not found" }, 404);
  await next();
  if (c.res.headers.get("content-type")?.startsWith("text/html")) c.res.headers.set("content-security-policy", DEV_PAGE_POLICY);
});

/**
 * The mail the app sent, as far as this machine goes: every outbox row but those the consumer found
 * no longer wanted or the mail API refused (a pending row is on its way).
 */
const sent = notInArray(mailOutbox.state, ["cancelled", "refused"]);

/** The test hooks under /api/dev. */
const devApi = new Hono<Env>()
  .get("/outbox", async (c) => {
    const mails = await c.var.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, state: mailOutbox.state, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(sent)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(DEV_OUTBOX_PAGE_SIZE);
    return c.json(mails);
  })
  /**
   * Tells a pregnancy's room its stored waiting-room state again, as the parent controls do after a
   * change: a test moves a scheduled close in the database to seconds ahead, and the room re-arms its alarm.
   */
  .post("/waiting-room/:pregnancyId/announce-state", async (c) => {
    const pregnancyId = z.uuid().safeParse(c.req.param("pregnancyId"));
    if (!pregnancyId.success) return c.notFound();
    const { state, scheduledCloseAt } = await waitingRoomStateFor(c.var.db, pregnancyId.data);
    await tellRoom(c.env, pregnancyId.data, { kind: "state", state, scheduledCloseAt });
    return c.json({ state, scheduledCloseAt });
  })
  /**
   * Runs the weekly digest as the hourly trigger would at `now` ({now: ISO date-time}): tests pick
   * a Monday morning instead of waiting for one. Answers the run's counts.
   */
  .post("/weekly-digest", async (c) => {
    const body = z.object({ now: z.iso.datetime() }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: "VALIDATION_FAILED" }, 400);
    const now = new Date(body.data.now);
    const summary = await runWeeklyDigest(c.var.scope, now);
    // The digest queue's consumer composes them: answer once this run's claims are settled, so a
    // test reads the mail next. Those still waiting after the deadline are reported as failed.
    const deadline = Date.now() + DIGEST_WAIT_MS;
    let progress = await digestRunProgress(c.var.db, now);
    while (progress.waiting > 0 && Date.now() < deadline) {
      await scheduler.wait(DIGEST_POLL_MS);
      progress = await digestRunProgress(c.var.db, now);
    }
    return c.json({ ...summary, sent: progress.sent, nothingNew: progress.nothingNew, failed: progress.waiting });
  })
  /**
   * Runs the daily job's service-end notices as the trigger would at `now` ({now: ISO date-time}):
   * tests move to 14 days and 1 day before a family's last day. Answers how many were told.
   */
  .post("/service-end-notices", async (c) => {
    const body = z.object({ now: z.iso.datetime() }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: "VALIDATION_FAILED" }, 400);
    return c.json(await runServiceEndNotices(c.var.scope, new Date(body.data.now)));
  })
  /**
   * Handles one photo-copies message for the photo, as the queue's consumer does for each message it
   * is given: tests deliver it again (a redelivery) and read the outcome ("made", "nothing-owed").
   */
  .post("/photo-copies/:photoId", async (c) => {
    const photoId = z.uuid().safeParse(c.req.param("photoId"));
    if (!photoId.success) return c.notFound();
    return c.json({ outcome: await makePhotoCopies(c.var.db, c.env, photoId.data) });
  })
  /** The keys stored in R2 under a prefix (`pregnancies/<id>/`, `users/<id>/`): tests count what deletion leaves. */
  .get("/objects", async (c) => {
    const prefix = z.string().regex(/^(pregnancies|users)\/[^/]+\/$/).safeParse(c.req.query("prefix"));
    if (!prefix.success) return c.json({ error: "VALIDATION_FAILED" }, 400);
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await c.env.PHOTOS.list({ prefix: prefix.data, ...(cursor ? { cursor } : {}) });
      keys.push(...page.objects.map((object) => object.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return c.json({ keys });
  })
  /**
   * The bench's control for clips sent in parts (`npm run bench -- --clips`): the request's body
   * streamed straight into one R2 put, then deleted. R2 takes a stream only of known length, which
   * a request body has from its Content-Length.
   */
  .put("/raw-put", async (c) => {
    const length = Number(c.req.header("content-length"));
    const body = c.req.raw.body;
    if (!body || !Number.isSafeInteger(length) || length <= 0) return c.json({ error: "LENGTH_REQUIRED" }, HTTP_LENGTH_REQUIRED);
    const key = `dev/raw-put/${crypto.randomUUID()}`;
    try {
      // Null only answers a conditional put, which this is not.
      const stored = await c.env.PHOTOS.put(key, body);
      return c.json({ bytes: stored?.size ?? 0 });
    } finally {
      await c.env.PHOTOS.delete(key);
    }
  });

/** /dev/mailbox: the captured mail, for a person. */
const mailbox = new Hono<Env>().get("/", async (c) => {
    const mails = await c.var.db.select().from(mailOutbox).where(sent).orderBy(desc(mailOutbox.createdAt)).limit(DEV_OUTBOX_PAGE_SIZE);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Mailbox (development)</title>
          <style>
            body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
            article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 1rem; margin-block: 1rem; }
            pre { white-space: pre-wrap; }
          </style>
        </head>
        <body>
          <main>
            <h1>Mailbox</h1>
            <p>Mail the app sent in development, newest first. Nothing here left this machine.</p>
            ${mails.length === 0 ? html`<p>No mail yet.</p>` : ""}
            ${mails.map(
              (m) => html`<article>
                <h2>${m.subject}</h2>
                <p>To: ${m.to} · ${m.createdAt.toISOString()} · ${m.state}</p>
                <pre>${m.text}</pre>
              </article>`,
            )}
          </main>
        </body>
      </html>`);
});

/**
 * Mounts every dev-only route group under its own prefix, each behind the guard, so nothing here can
 * touch another route. Only the dev entry (worker/dev/index.ts) calls it: the production bundle
 * holds none of this folder.
 */
export function mountDevRoutes(app: App): App {
  for (const [prefix, routes] of [
    [`${FAKE_STRIPE_API_MOUNT}/v1`, fakeStripeApi],
    ["/dev/checkout", devCheckoutRoutes],
    ["/dev/mailbox", mailbox],
    ["/api/dev", devApi],
  ] as const) {
    // '/prefix/*' also matches '/prefix' itself.
    app.use(`${prefix}/*`, devOnly);
    app.route(prefix, routes as App);
  }
  return app;
}
