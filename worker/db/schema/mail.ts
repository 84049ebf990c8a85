import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PushPayload } from "../../../src/domain/push";
import type { OutboxState, OutboxTopic } from "../../../src/domain/outbox";
import { users } from "./auth";
import { createdAt } from "./columns";
import { pregnancies } from "./pregnancy";

/**
 * What every outbox row carries besides its message (src/domain/outbox.ts): its idempotency key,
 * its kind, whom it is for (a deleted account or pregnancy takes its unsent rows with it), and
 * where it is in its delivery.
 */
const delivery = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  /** Unique: writing the same message twice (a webhook delivered again) stores one row. Also the mail API's Idempotency-Key. */
  idempotencyKey: text("idempotency_key")
    .notNull()
    .unique()
    .default(sql`gen_random_uuid()::text`),
  topic: text("topic").$type<OutboxTopic>().notNull().default("account"),
  recipientUserId: text("recipient_user_id").references(() => users.id, { onDelete: "cascade" }),
  pregnancyId: uuid("pregnancy_id").references(() => pregnancies.id, { onDelete: "cascade" }),
  state: text("state").$type<OutboxState>().notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  lastError: text("last_error"),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every mail the app sends, written with the change that causes it and sent by the outbox queue's
 * consumer. Locally it is also the captured mail shown at /dev/mailbox.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    ...delivery(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** List-Unsubscribe and friends, for the mail API. */
    headers: jsonb("headers").$type<Record<string, string>>(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("mail_outbox_to_created_idx").on(t.to, t.createdAt.desc().nullsFirst()),
    // The sweep's scan: only rows still waiting.
    index("mail_outbox_waiting_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
  ],
);

/** One push to one device (its endpoint; the keys are read from the subscription when it is sent). */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    ...delivery(),
    endpoint: text("endpoint").notNull(),
    payload: jsonb("payload").$type<PushPayload>().notNull(),
  },
  (t) => [
    index("push_outbox_waiting_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
  ],
);
