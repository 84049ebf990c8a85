import { Hono } from "hono";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { verifyWebhookEvent } from "../infra/stripe";
import { billingClient, handleStripeEvent } from "../services/billing";

/**
 * POST /api/billing/webhook: Stripe's events, the source of truth for subscriptions. The signature
 * is checked on the raw body (HMAC and a 5-minute timestamp tolerance) before anything is read.
 */
export const billingRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().post("/webhook", async (c) => {
  const signature = c.req.header("stripe-signature");
  if (!signature) return c.json({ error: "Missing Stripe-Signature header" }, 400);
  const rawBody = await c.req.text();
  const { config, stripe } = billingClient(c.var.scope);
  let event;
  try {
    event = await verifyWebhookEvent(stripe, config, rawBody, signature);
  } catch {
    return c.json({ error: "Invalid signature" }, 400);
  }
  return c.json({ received: true, outcome: await handleStripeEvent(c.var.scope, event) });
});
