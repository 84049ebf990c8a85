import { relations, sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PostKind } from "../../../src/domain/posts";
import { users } from "./auth";
import { createdAt, timestamps } from "./columns";
import { itemPrivacyLevelEnum } from "./enums";
import { pregnancies } from "./pregnancy";

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pregnancyId: uuid("pregnancy_id")
      .notNull()
      .references(() => pregnancies.id, { onDelete: "cascade" }),
    // Cascade: a post is its author's own content and goes with the account.
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Sanitised HTML (b, i, em, strong, p, br, ul, ol, li, links), max 5000. */
    content: text("content").notNull(),
    mood: text("mood"),
    location: text("location"),
    linkUrl: text("link_url"),
    photoUrls: text("photo_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    privacyLevel: itemPrivacyLevelEnum("privacy_level").notNull().default("immediate-family"),
    audienceGroups: text("audience_groups")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** People chosen one by one (a loss message, issue 38), beside the circles: each sees it too. */
    audienceUserIds: text("audience_user_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** False when the author asked for no replies or reactions: likes and comments are refused. */
    repliesAllowed: boolean("replies_allowed").notNull().default(true),
    /** 'loss-message': the parents' own words after a loss, mailed (or not) as they chose, never in the digest. */
    kind: text("kind").$type<PostKind>().notNull().default("update"),
    ...timestamps(),
  },
  (t) => [
    index("posts_pregnancy_created_idx").on(t.pregnancyId, t.createdAt.desc().nullsFirst()),
    index("posts_author_idx").on(t.authorId),
  ],
);

export const postLikes = pgTable(
  "post_likes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("post_likes_post_user_uq").on(t.postId, t.userId)],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** One reply level only (enforced in code: a reply's parent must have no parent). */
    parentCommentId: uuid("parent_comment_id").references((): AnyPgColumn => postComments.id, {
      onDelete: "cascade",
    }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("post_comments_post_idx").on(t.postId, t.createdAt),
    index("post_comments_parent_idx").on(t.parentCommentId),
  ],
);

export const postsRelations = relations(posts, ({ one, many }) => ({
  pregnancy: one(pregnancies, { fields: [posts.pregnancyId], references: [pregnancies.id] }),
  author: one(users, { fields: [posts.authorId], references: [users.id] }),
  likes: many(postLikes),
  comments: many(postComments),
}));

export const postLikesRelations = relations(postLikes, ({ one }) => ({
  post: one(posts, { fields: [postLikes.postId], references: [posts.id] }),
  user: one(users, { fields: [postLikes.userId], references: [users.id] }),
}));

export const postCommentsRelations = relations(postComments, ({ one, many }) => ({
  post: one(posts, { fields: [postComments.postId], references: [posts.id] }),
  user: one(users, { fields: [postComments.userId], references: [users.id] }),
  parent: one(postComments, {
    fields: [postComments.parentCommentId],
    references: [postComments.id],
    relationName: "post_comment_replies",
  }),
  replies: many(postComments, { relationName: "post_comment_replies" }),
}));
