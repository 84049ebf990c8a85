import { Hono } from "hono";
import { NEWSLETTER_MESSAGES, newsletterSubscribeSchema, newsletterTokenSchema } from "../../src/domain/publicForms";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { confirmNewsletter, subscribeToNewsletter, unsubscribeNewsletter } from "../services/newsletter";
import { publicPost, readBody } from "./guards";

const invalidLink = { error: "INVALID_LINK", message: NEWSLETTER_MESSAGES.invalidLink } as const;

/**
 * The newsletter with double opt-in (instead of the spec's external mailing-list service):
 * POST /subscribe {firstName, email, dueDate?: 'MM/DD/YYYY'} answers 202 {ok: true} whether or not
 * the address was already subscribed; POST /confirm and /unsubscribe {token} (from the emailed
 * links) answer {status} or 404 {error: 'INVALID_LINK', message}.
 */
export const newsletterRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>()
  .post("/subscribe", publicPost("newsletter"), async (c) => {
    const body = await readBody(c, newsletterSubscribeSchema);
    if ("refusal" in body) return body.refusal;
    await subscribeToNewsletter(c.var.scope, body.data);
    return c.json({ ok: true }, 202);
  })
  .post("/confirm", publicPost("newsletterLink"), async (c) => {
    const body = await readBody(c, newsletterTokenSchema);
    if ("refusal" in body || !(await confirmNewsletter(c.var.scope, body.data.token))) return c.json(invalidLink, 404);
    return c.json({ status: "confirmed" });
  })
  .post("/unsubscribe", publicPost("newsletterLink"), async (c) => {
    const body = await readBody(c, newsletterTokenSchema);
    if ("refusal" in body || !(await unsubscribeNewsletter(c.var.scope, body.data.token))) return c.json(invalidLink, 404);
    return c.json({ status: "unsubscribed" });
  });
