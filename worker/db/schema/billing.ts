import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamps } from "./columns";
import { giftCardPlanEnum, subscriptionStatusEnum, subscriptionTierEnum } from "./enums";
import { pregnancies } from "./pregnancy";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Null until the pregnancy is created (checkout happens before setup). Set null on pregnancy
     * delete, not cascade: the billing record must outlive it while Stripe may still bill.
     */
    pregnancyId: uuid("pregnancy_id").references(() => pregnancies.id, { onDelete: "set null" }),
    /** The paying user. Cascade: a subscription without its account has no meaning (Stripe keeps the record). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: subscriptionStatusEnum("status").notNull().default("incomplete"),
    tier: subscriptionTierEnum("tier").notNull().default("basic"),
    /** Photos; >= 999999 means unlimited (premium). */
    photoStorageLimit: integer("photo_storage_limit").notNull().default(400),
    monthlyCostCents: integer("monthly_cost_cents").notNull().default(0),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripePriceId: text("stripe_price_id"),
    /** The spec's subscription_end. */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A scheduled downgrade: the current tier (and its limit) lasts until current_period_end. */
    pendingTier: subscriptionTierEnum("pending_tier"),
    trialEnd: timestamp("trial_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("subscriptions_pregnancy_status_created_idx").on(t.pregnancyId, t.status, t.createdAt.desc().nullsFirst()),
    index("subscriptions_user_idx").on(t.userId),
    index("subscriptions_stripe_customer_idx").on(t.stripeCustomerId),
  ],
);

/** Webhook idempotency: insert the Stripe event id first; a conflict means "already handled". */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 8 lowercase alphanumerics; look up with the lowercased input. */
    referralCode: text("referral_code").notNull().unique(),
    /** The referrer. Set null: the code stops paying out to anyone but stays for bookkeeping. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    discountPercent: integer("discount_percent").notNull().default(25),
    active: boolean("active").notNull().default(true),
    timesUsed: integer("times_used").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("referrals_code_format_chk", sql`${t.referralCode} ~ '^[a-z0-9]{8}$'`),
    check("referrals_discount_percent_chk", sql`${t.discountPercent} between 0 and 100`),
  ],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'ABCD-EFGH-JKMN-PQRS' (src/domain/giftCards.ts); typed codes are normalised to this form. */
    code: text("code").notNull().unique(),
    /** What is still on the card; redeeming moves all of it onto the account as credit. */
    balanceCents: integer("balance_cents").notNull(),
    initialBalanceCents: integer("initial_balance_cents").notNull(),
    plan: giftCardPlanEnum("plan").notNull(),
    purchaserEmail: text("purchaser_email"),
    /** The paid checkout that issued the card: one card per checkout, and the success page's key. */
    stripeCheckoutSessionId: text("stripe_checkout_session_id").notNull().unique(),
    recipientName: text("recipient_name"),
    message: text("message"),
    /** Set null: the card's money history must survive the redeemer's account deletion. */
    redeemedByUserId: text("redeemed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** The Stripe customer whose balance received the credit. */
    stripeCustomerId: text("stripe_customer_id"),
    /** Set once Stripe has the credit: a redeemed card without it was claimed but never credited. */
    stripeBalanceTransactionId: text("stripe_balance_transaction_id"),
    ...timestamps(),
  },
  (t) => [
    check("gift_cards_balance_chk", sql`${t.balanceCents} >= 0`),
    check("gift_cards_code_format_chk", sql`${t.code} ~ '^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$'`),
    index("gift_cards_redeemed_by_idx").on(t.redeemedByUserId),
  ],
);

export const subscriptionsRelations = relations(subscriptions, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [subscriptions.pregnancyId], references: [pregnancies.id] }),
  user: one(users, { fields: [subscriptions.userId], references: [users.id] }),
}));
