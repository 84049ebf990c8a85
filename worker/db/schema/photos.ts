import { relations, sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ClipUploadPlan } from "../../../src/domain/clipUploadPlan";
import { users } from "./auth";
import { calendarEvents } from "./calendar";
import { createdAt, timestamps } from "./columns";
import { albumItemKindEnum, clipUploadRoleEnum, itemPrivacyLevelEnum } from "./enums";
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
    /** A photo, or a video clip (issue 41): a clip's original is `storagePath`, its H.264 display copy `displayPath`, its poster `thumbnailPath`. */
    kind: albumItemKindEnum("kind").notNull().default("photo"),
    /** A clip's length. */
    durationMs: integer("duration_ms"),
    /** Photos this item counts as in the pregnancy's storage and a guest's quota: 1, or a clip's one per started 2 MB. */
    storageUnits: integer("storage_units").notNull().default(1),
    /** Bytes (a photo at most 10 MB, a clip 1 GB). */
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

/**
 * A clip on its way into R2 in parts (issue 41): one R2 multipart upload, its parts sent in turn
 * through the Worker, each acknowledged, so a dropped connection goes on from the last one stored
 * and the same file picked again after a closed tab (same fingerprint) skips what is there. The
 * storage it will take is counted when it starts and given back if it is abandoned.
 */
export const clipUploads = pgTable(
  "clip_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: clipUploadRoleEnum("role").notNull(),
    /** The browser's fingerprint of the file (name, size, date, first and last bytes): finds this upload again. */
    fingerprint: text("fingerprint").notNull(),
    /** R2's id for the multipart upload: never leaves the Worker, so no part reaches it but through this row's checks. */
    r2UploadId: text("r2_upload_id").notNull(),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** What the inspection found and how each part is checked and cleaned (src/domain/clipUploadPlan.ts). */
    plan: jsonb("plan").$type<ClipUploadPlan>().notNull(),
    /** Parts stored, in turn from 1; their ETags in order, for R2's completion. */
    partsStored: integer("parts_stored").notNull().default(0),
    partEtags: text("part_etags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Photos it counts as, taken from the pregnancy's storage when it started (a display copy's given back once the clip is finished). */
    storageUnits: integer("storage_units").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("clip_uploads_owner_idx").on(t.pregnancyId, t.userId, t.fingerprint),
    // The retention job's sweep of abandoned uploads.
    index("clip_uploads_updated_idx").on(t.updatedAt),
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
