/** Paying through the local fake Stripe from API tests, the way the wizard's checkout does. */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { LOCAL_STRIPE } from "../../scripts/stack";
import type { Executor } from "../../worker/db";
import { devStripeObjects } from "../../worker/db/schema";
import type { Bindings } from "../../worker/env";
import { billingConfig, createStripe } from "../../worker/infra/stripe";
import type { ApiClient } from "./client";
import { baseUrl } from "./env";
import { signUp } from "./families";

const SUCCESS_PATH = "/onboarding-parent?session_id={CHECKOUT_SESSION_ID}";
export const CANCEL_PATH = "/onboarding?step=payment&payment=cancelled";
const onboardingData = { firstName: "Wren", lastName: "Billing", email: "wren@example.test", includePartner: false, dueDate: "2027-03-01", gender: "surprise" as const };

export const sessionIdOf = (url: string) => new URL(url).pathname.split("/").at(-1) ?? "";

export async function startPreauthCheckout(client: ApiClient, input: { plan?: "basic" | "premium"; photoUpgrade?: boolean; referralCode?: string } = {}) {
  const { url } = await client.trpc.billing.createPreauthCheckout.mutate({ plan: "basic", ...input, successUrl: SUCCESS_PATH, cancelUrl: CANCEL_PATH, onboardingData });
  return { url, sessionId: sessionIdOf(url) };
}

/** Presses 'Pay' on the dev checkout page: the same form POST the page sends. */
export async function pay(client: ApiClient, sessionId: string): Promise<Response> {
  return client.fetch(`/dev/checkout/${sessionId}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
}

/** A new account that has paid: the webhook has stored a trialing subscription not yet tied to a pregnancy. */
export async function subscribedUser(label: string, input: Parameters<typeof startPreauthCheckout>[1] = {}) {
  const user = await signUp(label);
  const { sessionId } = await startPreauthCheckout(user.client, input);
  const response = await pay(user.client, sessionId);
  expect(response.status).toBe(303);
  return { ...user, sessionId };
}

/** The SDK as the Worker configures it locally, from Node: arranges and reads provider-side state (plan change, cancellation, balances). */
export const providerStripe = (secretKey: string = LOCAL_STRIPE.secretKey) =>
  createStripe(
    billingConfig({
      APP_ENV: "test",
      PAYMENTS_MODE: "local",
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE.webhookSecret,
      STRIPE_PRICE_BASIC: LOCAL_STRIPE.priceBasic,
      STRIPE_PRICE_PREMIUM: LOCAL_STRIPE.pricePremium,
    } as Bindings),
    baseUrl(),
  );

/** The event the fake Stripe recorded for a checkout session's completion, exactly as it was sent. */
export async function completedEventFor(db: Executor, sessionId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ data: devStripeObjects.data })
    .from(devStripeObjects)
    .where(sql`${devStripeObjects.type} = 'event' and ${devStripeObjects.data}->>'type' = 'checkout.session.completed' and ${devStripeObjects.data}->'data'->'object'->>'id' = ${sessionId}`);
  if (!row) throw new Error(`No completion event for ${sessionId}`);
  return row.data;
}

export async function postWebhook(client: ApiClient, payload: string, signature: string): Promise<Response> {
  return client.fetch("/api/billing/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
}
