import { relations, sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { calendarEvents } from "./calendar";
import { createdAt, timestamps } from "./columns";
import { itemPrivacyLevelEnum } from "./enums";
import { pregnancies, pregnancyParticipants } from "./pregnancy";

export const photos = pgTable(
  "photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    /** Authorised app route serving the photo (never a public bucket URL). */
    fileUrl: text("file_url").notNull(),
    /** R2 key, `pregnancies/<id>/...`. */
    storagePath: text("storage_path").notNull(),
    thumbnailUrl: text("thumbnail_url"),
    thumbnailPath: text("thumbnail_path"),
    /** R2 key of a copy every browser shows (JPEG), made when the original is not one (HEIC/HEIF). */
    displayPath: text("display_path"),
    /**
     * Set while the Worker owes this photo copies (a HEIC/HEIF's display copy, a thumbnail the
     * browser did not send): when they were last asked of the queue consumer
     * (worker/services/photoCopies.ts), which clears it; null once they are made.
     */
    copiesRequestedAt: timestamp("copies_requested_at", { withTimezone: true }),
    title: text("title"),
    description: text("description"),
    altText: text("alt_text"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    week: integer("week").notNull().default(24),
    // Null once the uploader deleted their account and chose to leave their photos in the album
    // (shown as from a former member; only the parents manage them). Set null, not cascade: the DB
    // cannot delete R2 objects or fix pregnancies.photo_storage_used, so a deletion that removes the
    // photos deletes them itself (worker/services/accountDeletion.ts).
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    privacyLevel: itemPrivacyLevelEnum("privacy_level").notNull().default("immediate-family"),
    /** Upload metadata may give audienceGroups instead of a privacy level. */
    audienceGroups: text("audience_groups")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Set null: deleting an event must not delete its photos.
    eventId: uuid("event_id").references(() => calendarEvents.id, { onDelete: "set null" }),
    /** Bytes (max 10 MB). */
    fileSize: integer("file_size").notNull(),
    /** The detected type (magic bytes), not the declared one. */
    mimeType: text("mime_type").notNull(),
    // No longer read or written: likes and comments are counted when read (worker/services/reactions.ts).
    // Kept so the version before this one still runs if rolled back; a later migration drops them.
    likesCount: integer("likes_count").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    uploadDate: timestamp("upload_date", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    index("photos_pregnancy_created_idx").on(t.pregnancyId, t.createdAt.desc().nullsFirst()),
    index("photos_pregnancy_week_idx").on(t.pregnancyId, t.week),
    index("photos_tags_gin_idx").using("gin", t.tags),
    index("photos_uploaded_by_idx").on(t.uploadedBy),
    index("photos_event_idx").on(t.eventId),
    // The cron's sweep of photos still owed copies (worker/services/photoCopies.ts): few rows, if any.
    index("photos_copies_requested_idx").on(t.copiesRequestedAt).where(sql`${t.copiesRequestedAt} is not null`),
  ],
);

export const photoLikes = pgTable(
  "photo_likes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("photo_likes_user_photo_uq").on(t.userId, t.photoId),
    index("photo_likes_photo_idx").on(t.photoId),
  ],
);

export const photoComments = pgTable(
  "photo_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    ...timestamps(),
  },
  (t) => [index("photo_comments_photo_created_idx").on(t.photoId, t.createdAt)],
);

export const photoGuestTags = pgTable(
  "photo_guest_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => pregnancyParticipants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("photo_guest_tags_photo_participant_uq").on(t.photoId, t.participantId),
    index("photo_guest_tags_participant_idx").on(t.participantId),
  ],
);

/** Favourite inspiration templates (the templates themselves are static, in the client). */
export const favoriteTemplates = pgTable(
  "favorite_templates",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: text("template_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "favorite_templates_pk", columns: [t.userId, t.templateId] })],
);

export const photosRelations = relations(photos, ({ one, many }) => ({
  pregnancy: one(pregnancies, { fields: [photos.pregnancyId], references: [pregnancies.id] }),
  uploader: one(users, { fields: [photos.uploadedBy], references: [users.id] }),
  event: one(calendarEvents, { fields: [photos.eventId], references: [calendarEvents.id] }),
  likes: many(photoLikes),
  comments: many(photoComments),
  guestTags: many(photoGuestTags),
}));

export const photoLikesRelations = relations(photoLikes, ({ one }) => ({
  photo: one(photos, { fields: [photoLikes.photoId], references: [photos.id] }),
  user: one(users, { fields: [photoLikes.userId], references: [users.id] }),
}));

export const photoCommentsRelations = relations(photoComments, ({ one }) => ({
  photo: one(photos, { fields: [photoComments.photoId], references: [photos.id] }),
  user: one(users, { fields: [photoComments.userId], references: [users.id] }),
}));

export const photoGuestTagsRelations = relations(photoGuestTags, ({ one }) => ({
  photo: one(photos, { fields: [photoGuestTags.photoId], references: [photos.id] }),
  participant: one(pregnancyParticipants, {
    fields: [photoGuestTags.participantId],
    references: [pregnancyParticipants.id],
  }),
}));

export const favoriteTemplatesRelations = relations(favoriteTemplates, ({ one }) => ({
  user: one(users, { fields: [favoriteTemplates.userId], references: [users.id] }),
}));
