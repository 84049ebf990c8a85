import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The local fake Stripe's objects (PAYMENTS_MODE=local): customers, checkout sessions, subscriptions,
 * invoices, coupons and events, each stored as Stripe would return it. Empty in production.
 */
export const devStripeObjects = pgTable(
  "dev_stripe_objects",
  {
    /** Stripe-style id with its prefix (cs_test_..., sub_..., evt_...). */
    id: text("id").primaryKey(),
    /** Stripe's `object` field: 'checkout.session', 'subscription', 'event'... */
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_stripe_objects_type_created_idx").on(t.type, t.createdAt)],
);
