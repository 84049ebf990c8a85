import Stripe from "stripe";
import type { SubscriptionTier } from "../../src/domain/enums";
import { isDevEnvironment } from "../config";
import type { Bindings } from "../env";

export type PaymentsMode = "local" | "stripe";

/** Where the fake Stripe's API is mounted on our own origin (worker/dev/fakeStripe.ts). */
export const FAKE_STRIPE_API_MOUNT = "/dev/stripe";

export interface BillingConfig {
  mode: PaymentsMode;
  secretKey: string;
  webhookSecret: string;
  /** The price id of each plan. */
  prices: Record<SubscriptionTier, string>;
}

/** Configuration decides only production versus local; every code path after it is the same. */
export function billingConfig(env: Bindings): BillingConfig {
  const dev = isDevEnvironment(env);
  const mode: PaymentsMode = env.PAYMENTS_MODE ?? (dev ? "local" : "stripe");
  // The fake Stripe is a dev route: production never has it, so it must never point there.
  if (mode === "local" && !dev) throw new Error("PAYMENTS_MODE=local runs only when APP_ENV is development or test");
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_BASIC || !STRIPE_PRICE_PREMIUM) {
    throw new Error("Billing is not configured: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM");
  }
  return { mode, secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, prices: { basic: STRIPE_PRICE_BASIC, premium: STRIPE_PRICE_PREMIUM } };
}

/** The plan a price id stands for, or undefined for a price that is not one of ours. */
export function tierForPrice(config: BillingConfig, priceId: string | undefined): SubscriptionTier | undefined {
  return (Object.keys(config.prices) as SubscriptionTier[]).find((tier) => config.prices[tier] === priceId);
}

/**
 * The SDK's API paths all start with /v1; locally they are served under FAKE_STRIPE_API_MOUNT, so the
 * fetch the SDK uses moves them there. The request itself (form body, headers, auth) is untouched.
 */
const fetchFakeStripe: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  url.pathname = `${FAKE_STRIPE_API_MOUNT}${url.pathname}`;
  return fetch(url, init);
};

/**
 * One Stripe client per request, on the fetch HTTP client (Workers have no Node http). Locally the
 * SDK's host, port and protocol point at our own origin, where the fake Stripe is mounted: the
 * Worker calls itself over real HTTP. A Node sidecar was the alternative; the Worker was chosen so the
 * fake shares the app's database access and dev-route guard and the stack needs no extra process
 * (measured: a Worker fetching its own origin, nested, works under wrangler dev).
 */
export function createStripe(config: BillingConfig, origin: string): Stripe {
  if (config.mode === "stripe") return new Stripe(config.secretKey, { httpClient: Stripe.createFetchHttpClient() });
  const url = new URL(origin);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFakeStripe),
    host: url.hostname,
    port: url.port || (protocol === "https" ? "443" : "80"),
    protocol,
    // A local failure is a bug to see at once, not a network blip to retry.
    maxNetworkRetries: 0,
  });
}

/** Web Crypto (crypto.subtle): Workers have no synchronous HMAC, so webhooks use constructEventAsync. */
export const webhookCryptoProvider = Stripe.createSubtleCryptoProvider();

/** Verifies the Stripe-Signature header (HMAC and timestamp tolerance) and parses the event; throws when either fails. */
export function verifyWebhookEvent(stripe: Stripe, config: BillingConfig, rawBody: string, signature: string): Promise<Stripe.Event> {
  return stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, undefined, webhookCryptoProvider);
}
