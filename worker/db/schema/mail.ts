import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** The local/test Mailer writes here instead of sending (shown at /dev/mailbox). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("mail_outbox_to_created_idx").on(t.to, t.createdAt.desc().nullsFirst()),
  ],
);
