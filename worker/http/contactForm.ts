import { Hono } from "hono";
import { contactMessageSchema } from "../../src/domain/publicForms";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { submitContactForm } from "../services/contactForm";
import { publicPost, readBody, sessionUserId } from "./guards";

/**
 * POST /api/contact {firstName, lastName, email, phone?, inquiryType?, subject?, message}: the
 * contact form. Stores the message (linked to the user when signed in), mails the sender a
 * confirmation and answers {ok: true}; 400 {error, message, fields} names each invalid field.
 */
export const contactFormRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().post("/", publicPost("contact"), async (c) => {
  const body = await readBody(c, contactMessageSchema);
  if ("refusal" in body) return body.refusal;
  await submitContactForm(c.var.scope, body.data, await sessionUserId(c));
  return c.json({ ok: true });
});
