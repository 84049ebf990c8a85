import { doublePrecision, date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { createdAt } from "./columns";
import { contactInquiryTypeEnum } from "./enums";
import { pregnancies } from "./pregnancy";

/** The contact form (the spec's form makes no call; we keep what is sent). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    inquiryType: contactInquiryTypeEnum("inquiry_type").notNull().default("general"),
    // Set null: the message stays for support even if the sender's account goes.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/** Double opt-in newsletter; store e-mails lowercased. */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  firstName: text("first_name").notNull(),
  email: text("email").notNull().unique(),
  dueDate: date("due_date", { mode: "string" }),
  confirmToken: text("confirm_token")
    .notNull()
    .unique()
    .default(sql`gen_random_uuid()::text`),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Addresses no newsletter or marketing mail may ever reach (issue 38: parents after a loss). Kept
 * for good, apart from the subscriber rows: undoing the loss, or subscribing again, changes nothing.
 * Stored lowercased.
 */
export const marketingSuppressions = pgTable("marketing_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

/** Conversion events (signup complete, onboarding complete, payment initiated, ...). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Set null: aggregate history stays, the link to the person does not.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    properties: jsonb("properties").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt)],
);

/** record_performance_metric. */
export const performanceMetrics = pgTable(
  "performance_metrics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    metricType: text("metric_type").notNull(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    unit: text("unit"),
    // Set null on both: metrics are aggregate history, not the family's or user's content.
    pregnancyId: uuid("pregnancy_id").references(() => pregnancies.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("performance_metrics_type_name_created_idx").on(t.metricType, t.name, t.createdAt)],
);
