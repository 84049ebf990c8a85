import { relations, sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, timestamps } from "./columns";
import { eventCategoryEnum, itemPrivacyLevelEnum, rsvpStatusEnum } from "./enums";
import { pregnancies, pregnancyParticipants } from "./pregnancy";

export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    notes: text("notes"),
    questions: text("questions"),
    location: text("location"),
    date: date("date", { mode: "string" }).notNull(),
    /** 'HH:mm:ss'; null = all-day. */
    time: time("time"),
    category: eventCategoryEnum("category").notNull(),
    weekNumber: integer("week_number"),
    privacyLevel: itemPrivacyLevelEnum("privacy_level").notNull().default("parents-only"),
    isArchived: boolean("is_archived").notNull().default(false),
    /** True when the date was computed from the due date / LMP (moves when those change). */
    autoDate: boolean("auto_date").notNull().default(false),
    /** The suggested milestone template this event came from, if any. */
    milestoneKey: text("milestone_key"),
    guestCount: integer("guest_count").notNull().default(0),
    // Set null: the event belongs to the pregnancy's calendar and stays if its creator leaves.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("calendar_events_pregnancy_archived_date_idx").on(t.pregnancyId, t.isArchived, t.date)],
);

export const eventParticipants = pgTable(
  "event_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rsvpStatus: rsvpStatusEnum("rsvp_status").notNull().default("pending"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** For one-click RSVP links in e-mails. */
    rsvpToken: text("rsvp_token")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
  },
  (t) => [
    uniqueIndex("event_participants_event_user_uq").on(t.eventId, t.userId),
    index("event_participants_user_idx").on(t.userId),
  ],
);

/** Private iCalendar feed URLs, one token per participant; revoke by setting revoked_at. */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    participantId: uuid("participant_id").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("calendar_feed_tokens_participant_idx").on(t.participantId),
    // Named explicitly: the generated name is longer than Postgres' 63-byte identifier limit.
    foreignKey({
      name: "calendar_feed_tokens_participant_fk",
      columns: [t.participantId],
      foreignColumns: [pregnancyParticipants.id],
    }).onDelete("cascade"),
  ],
);

export const calendarEventsRelations = relations(calendarEvents, ({ one, many }) => ({
  pregnancy: one(pregnancies, { fields: [calendarEvents.pregnancyId], references: [pregnancies.id] }),
  creator: one(users, { fields: [calendarEvents.createdBy], references: [users.id] }),
  participants: many(eventParticipants),
}));

export const eventParticipantsRelations = relations(eventParticipants, ({ one }) => ({
  event: one(calendarEvents, { fields: [eventParticipants.eventId], references: [calendarEvents.id] }),
  user: one(users, { fields: [eventParticipants.userId], references: [users.id] }),
}));

export const calendarFeedTokensRelations = relations(calendarFeedTokens, ({ one }) => ({
  participant: one(pregnancyParticipants, {
    fields: [calendarFeedTokens.participantId],
    references: [pregnancyParticipants.id],
  }),
}));
