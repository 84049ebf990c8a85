import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";
import { contactNotificationTypeEnum, waitingRoomMessageKindEnum } from "./enums";
import { photos } from "./photos";
import { pregnancies } from "./pregnancy";

/**
 * Group chat. The id has NO default: the client generates it (UUID) so a retried insert is
 * idempotent (insert ... on conflict do nothing).
 */
export const waitingRoomMessages = pgTable(
  "waiting_room_messages",
  {
    id: uuid("id").primaryKey(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** The account that sent the row; set null so system notices it triggered survive it. */
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    /** The author shown; null = system message (activation, false alarm, closing notices). */
    authorId: text("author_id").references(() => users.id, { onDelete: "cascade" }),
    kind: waitingRoomMessageKindEnum("kind").notNull().default("standard"),
    content: text("content").notNull().default(""),
    /** R2 key of an attached image. */
    storagePath: text("storage_path"),
    /** An album clip its sender attached (issue 41): played from the album's checked route, by the album's audience. */
    clipId: uuid("clip_id").references(() => photos.id, { onDelete: "set null" }),
    parentMessageId: uuid("parent_message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("waiting_room_messages_pregnancy_created_idx").on(t.pregnancyId, t.createdAt),
    index("waiting_room_messages_parent_idx").on(t.parentMessageId),
    // Named explicitly (generated names exceed Postgres' 63-byte identifier limit).
    foreignKey({
      name: "waiting_room_messages_parent_fk",
      columns: [t.parentMessageId],
      foreignColumns: [t.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Images uploaded to the waiting room, before a message attaches them by name. Each counts in the
 * pregnancy's photo storage and in its uploader's guest quota like an album photo, and is deleted
 * (row, R2 object and count) with the message that shows it.
 */
export const waitingRoomImages = pgTable(
  "waiting_room_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** R2 key (pregnancies/<id>/waiting-room/<name>), what messages store as storage_path. */
    storagePath: text("storage_path").notNull(),
    // Cascade on account deletion, as photos do: the deletion path must remove the objects first.
    uploadedBy: text("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileSize: integer("file_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waiting_room_images_storage_path_uq").on(t.storagePath), index("waiting_room_images_pregnancy_uploader_idx").on(t.pregnancyId, t.uploadedBy)],
);

export const waitingRoomReactions = pgTable(
  "waiting_room_reactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => waitingRoomMessages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waiting_room_reactions_message_user_emoji_uq").on(t.messageId, t.userId, t.emoji)],
);

/**
 * A direct-message thread between two users of one pregnancy. The pair is stored sorted:
 * user_a < user_b in byte order (COLLATE "C"), which is what plain JS string comparison gives
 * for better-auth's ASCII ids, so sort with `a < b` in code, never localeCompare.
 */
export const waitingRoomConversations = pgTable(
  "waiting_room_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    userA: text("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: text("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    unreadA: integer("unread_a").notNull().default(0),
    unreadB: integer("unread_b").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("waiting_room_conversations_sorted_pair_chk", sql`(${t.userA} COLLATE "C") < (${t.userB} COLLATE "C")`),
    uniqueIndex("waiting_room_conversations_pair_uq").on(t.pregnancyId, t.userA, t.userB),
    index("waiting_room_conversations_user_b_idx").on(t.pregnancyId, t.userB),
  ],
);

/** Direct messages; id client-generated like group messages. */
export const waitingRoomDmMessages = pgTable(
  "waiting_room_dm_messages",
  {
    id: uuid("id").primaryKey(),
    conversationId: uuid("conversation_id").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("waiting_room_dm_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    foreignKey({
      name: "waiting_room_dm_messages_conversation_fk",
      columns: [t.conversationId],
      foreignColumns: [waitingRoomConversations.id],
    }).onDelete("cascade"),
  ],
);

/**
 * One row per activation. At most one active session per pregnancy (partial unique index).
 * False alarm: scheduled_close_at = now + 2 h; baby here: now + 4 h; the cron closes due rows
 * (is_active = false, closed_at = now).
 */
export const waitingRoomSessions = pgTable(
  "waiting_room_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    isFalseAlarm: boolean("is_false_alarm").notNull().default(false),
    isBabyHere: boolean("is_baby_here").notNull().default(false),
    scheduledCloseAt: timestamp("scheduled_close_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    // Set null: the session record is the pregnancy's history, not the parent's content.
    activatedBy: text("activated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("waiting_room_sessions_pregnancy_created_idx").on(t.pregnancyId, t.createdAt.desc().nullsFirst()),
    // The cron's scan: is_active and scheduled_close_at <= now().
    index("waiting_room_sessions_due_close_idx")
      .on(t.scheduledCloseAt)
      .where(sql`${t.isActive} and ${t.scheduledCloseAt} is not null`),
    uniqueIndex("waiting_room_sessions_one_active_uq")
      .on(t.pregnancyId)
      .where(sql`${t.isActive}`),
  ],
);

/** In-app notifications (DM received, waiting room activated), per recipient. */
export const contactNotifications = pgTable(
  "contact_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** The recipient. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationType: contactNotificationTypeEnum("notification_type").notNull(),
    title: text("title").notNull(),
    /** DM previews are cut to 140 characters. */
    message: text("message").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const waitingRoomMessagesRelations = relations(waitingRoomMessages, ({ one, many }) => ({
  pregnancy: one(pregnancies, { fields: [waitingRoomMessages.pregnancyId], references: [pregnancies.id] }),
  author: one(users, {
    fields: [waitingRoomMessages.authorId],
    references: [users.id],
    relationName: "waiting_room_message_author",
  }),
  sender: one(users, {
    fields: [waitingRoomMessages.senderId],
    references: [users.id],
    relationName: "waiting_room_message_sender",
  }),
  parent: one(waitingRoomMessages, {
    fields: [waitingRoomMessages.parentMessageId],
    references: [waitingRoomMessages.id],
    relationName: "waiting_room_message_replies",
  }),
  replies: many(waitingRoomMessages, { relationName: "waiting_room_message_replies" }),
  reactions: many(waitingRoomReactions),
}));

export const waitingRoomReactionsRelations = relations(waitingRoomReactions, ({ one }) => ({
  message: one(waitingRoomMessages, {
    fields: [waitingRoomReactions.messageId],
    references: [waitingRoomMessages.id],
  }),
  user: one(users, { fields: [waitingRoomReactions.userId], references: [users.id] }),
}));

export const waitingRoomConversationsRelations = relations(waitingRoomConversations, ({ one, many }) => ({
  pregnancy: one(pregnancies, {
    fields: [waitingRoomConversations.pregnancyId],
    references: [pregnancies.id],
  }),
  memberA: one(users, {
    fields: [waitingRoomConversations.userA],
    references: [users.id],
    relationName: "waiting_room_conversation_user_a",
  }),
  memberB: one(users, {
    fields: [waitingRoomConversations.userB],
    references: [users.id],
    relationName: "waiting_room_conversation_user_b",
  }),
  messages: many(waitingRoomDmMessages),
}));

export const waitingRoomDmMessagesRelations = relations(waitingRoomDmMessages, ({ one }) => ({
  conversation: one(waitingRoomConversations, {
    fields: [waitingRoomDmMessages.conversationId],
    references: [waitingRoomConversations.id],
  }),
  author: one(users, { fields: [waitingRoomDmMessages.authorId], references: [users.id] }),
}));

export const waitingRoomSessionsRelations = relations(waitingRoomSessions, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [waitingRoomSessions.pregnancyId], references: [pregnancies.id] }),
}));

export const contactNotificationsRelations = relations(contactNotifications, ({ one }) => ({
  pregnancy: one(pregnancies, { fields: [contactNotifications.pregnancyId], references: [pregnancies.id] }),
  user: one(users, { fields: [contactNotifications.userId], references: [users.id] }),
}));
