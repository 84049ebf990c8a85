import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { html } from "hono/html";
import { z } from "zod";
import { DEV_OUTBOX_PAGE_SIZE } from "../../src/domain/constants";
import type { AppVariables } from "../context";
import { mailOutbox } from "../db/schema";
import type { Bindings } from "../env";
import { waitingRoomStateFor } from "../routers/waitingRoom.service";
import { FAKE_STRIPE_API_MOUNT } from "../services/billing";
import { devCheckoutRoutes } from "./devCheckout";
import { fakeStripeApi } from "./fakeStripe";
import { tellRoom } from "./rooms";

/** Dev-only routes: never mounted when APP_ENV is production. */
export const devRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>()
  .use("*", async (c, next) => {
    if (c.env.APP_ENV === "production") return c.notFound();
    await next();
  })
  .route(`${FAKE_STRIPE_API_MOUNT}/v1`, fakeStripeApi)
  .route("/dev/checkout", devCheckoutRoutes)
  .get("/api/dev/outbox", async (c) => {
    const mails = await c.var.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(DEV_OUTBOX_PAGE_SIZE);
    return c.json(mails);
  })
  /**
   * Tells a pregnancy's room its stored waiting-room state again, as the parent controls do after a
   * change: a test moves a scheduled close in the database to seconds ahead, and the room re-arms its alarm.
   */
  .post("/api/dev/waiting-room/:pregnancyId/announce-state", async (c) => {
    const pregnancyId = z.uuid().safeParse(c.req.param("pregnancyId"));
    if (!pregnancyId.success) return c.notFound();
    const { state, scheduledCloseAt } = await waitingRoomStateFor(c.var.db, pregnancyId.data);
    await tellRoom(c.env, pregnancyId.data, { kind: "state", state, scheduledCloseAt });
    return c.json({ state, scheduledCloseAt });
  })
  .get("/dev/mailbox", async (c) => {
    const mails = await c.var.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(DEV_OUTBOX_PAGE_SIZE);
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
                <p>To: ${m.to} · ${m.createdAt.toISOString()}</p>
                <pre>${m.text}</pre>
              </article>`,
            )}
          </main>
        </body>
      </html>`);
  });
