import type { PregnancyRoom } from "../party/pregnancyRoom";
import type { OutboxMessage } from "../src/domain/outbox";
import type { DigestMessage } from "../src/domain/weeklyDigest";
import type { PhotoCopyMessage } from "../src/domain/photos";

/** The Worker's bindings: wrangler.toml [vars], secrets, R2, Durable Objects and Queues. */
export interface Bindings {
  /**
   * Only 'development' or 'test' turn on dev-only behaviour (worker/config.ts); any other value, or
   * none, is production. wrangler.toml says 'production'.
   */
  APP_ENV?: string;
  DATABASE_URL: string;
  /** Set only locally: host:port of the WebSocket-to-TCP proxy in front of PGlite or a local Postgres. */
  LOCAL_WS_PROXY?: string;
  BETTER_AUTH_SECRET: string;
  /** Public origin; when unset the request's own origin is used (local ports vary). */
  BETTER_AUTH_URL?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /**
   * 'stripe' uses the real Stripe API; 'local' points the same SDK at the fake Stripe mounted under
   * /dev/stripe (development and test only). Unset means 'local' in development and test, 'stripe' otherwise.
   */
  PAYMENTS_MODE?: "local" | "stripe";
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Price ids of the monthly plans (PLANS in src/domain/billing.ts). */
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PREMIUM?: string;
  /**
   * Web Push (RFC 8292): the server's P-256 key pair, base64url (`npm run vapid-keys` makes one),
   * and the contact push services may use, a mailto: address or an https URL. Required in
   * production; the local stack makes a pair each time it starts.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** The error tracker's DSN (Sentry); unset, errors are only logged. */
  SENTRY_DSN?: string;
  /** A page of support resources after a pregnancy loss, linked from its Settings page; unset, no link (issue 38). */
  SUPPORT_RESOURCES_URL?: string;
  /**
   * Development and test only: divides the outbox's retry schedule and its sweep's grace, so a fault
   * test lives through minutes of a provider's outage in seconds. Ignored elsewhere.
   */
  OUTBOX_RETRY_SPEEDUP?: string;
  PHOTOS: R2Bucket;
  /** The durable outbox's queue: each message names a mail or push row to send (worker/services/outboxDelivery.ts). */
  OUTBOX: Queue<OutboxMessage>;
  /** The weekly digest's queue: one message per recipient whose Monday morning it is. */
  DIGEST: Queue<DigestMessage>;
  /** Photos owed copies (display copy, thumbnail), one message per photo (worker/services/photoCopies.ts). */
  PHOTO_COPIES: Queue<PhotoCopyMessage>;
  PregnancyRoom: DurableObjectNamespace<PregnancyRoom>;
  ASSETS: Fetcher;
}

declare global {
  // partyserver types its servers against Cloudflare.Env; ours is Bindings.
  namespace Cloudflare {
    interface Env extends Bindings {}
  }
}
