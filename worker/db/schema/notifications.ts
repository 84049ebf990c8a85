import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./auth";
import { createdAt, timestamps } from "./columns";

/**
 * One Web Push subscription per device (browser profile), with the user and the session that made
 * it: signing out deletes the session and so the device's subscription, and a push service's
 * 404/410 answer deletes the row. The three switches are the device's own choices per kind of push
 * (Settings, "Notifications on this device"); permissions still decide who may receive at all.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    /** The push service's URL for this device: unique, a device re-subscribing replaces its row. */
    endpoint: text("endpoint").notNull().unique(),
    /** RFC 8291 keys of the browser, base64url: the P-256 public key and the 16-byte auth secret. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** A short name the browser gives itself ("Chrome on Android"), shown in Settings. */
    deviceLabel: text("device_label").notNull().default(""),
    waitingRoom: boolean("waiting_room").notNull().default(true),
    directMessages: boolean("direct_messages").notNull().default(true),
    eventInvitations: boolean("event_invitations").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The weekly digest sent to a user for a week (the Monday of the week in the recipient's zone): the
 * row is written before the mail goes, so a second run in the same week sends nothing.
 */
export const weeklyDigests = pgTable(
  "weekly_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: date("week", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set by the digest queue's consumer once it has composed it (mailed, or nothing new); a claim without it after an hour is enqueued again. */
    composedAt: timestamp("composed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);
