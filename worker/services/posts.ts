import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { canSeeItem, guestLevelOf } from "../../src/domain/audience";
import type { AlbumItemKind, GuestPrivacyLevel, ItemPrivacyLevel } from "../../src/domain/enums";
import { audienceGroupsOf, NO_REPLIES_MESSAGE, normalizePostLink, POST_COMMENT_PAGE_SIZE, POST_MOOD_MAX_LENGTH, POST_PAGE_SIZE, POST_PREVIEW_COMMENTS, POST_PREVIEW_REPLIES, postPrivacyLevel } from "../../src/domain/posts";
import { isBlankPostContent, sanitizePostContent } from "../../src/domain/richText";
import { sanitizeComment, sanitizeLocation, sanitizePlainText } from "../../src/domain/sanitize";
import type { Db } from "../db";
import { audienceFilter } from "../db/audience";
import { photos, postComments, postLikes, posts, users } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import type { PregnancyAccess } from "./access";
import type { PregnancyCaller } from "./caller";
import { countOf, likedBy, setLikeRow } from "./reactions";
import { AppError, assertInPregnancy } from "./errors";
import { pictureLinksOf, storedFileColumns, visibleTo } from "./photos";

/** Every committed write tells the pregnancy's feed; viewers reload what they may see. */
const announce = (caller: PregnancyCaller) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "posts"));

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
const notFound = (what: string) => new AppError("NOT_FOUND", "NOT_FOUND", `${what} not found`);
const idTaken = () => new AppError("CONFLICT", "ID_TAKEN", "This id is already used");

// ---------------------------------------------------------------------------------------------
// Reading

const authorColumns = { authorFirstName: users.firstName, authorLastName: users.lastName, authorAvatarUrl: users.image };
interface AuthorRow {
  authorFirstName: string;
  authorLastName: string;
  authorAvatarUrl: string | null;
}
const authorOf = (id: string, row: AuthorRow) => ({ id, firstName: row.authorFirstName, lastName: row.authorLastName, avatarUrl: row.authorAvatarUrl });

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  parentCommentId: postComments.parentCommentId,
  userId: postComments.userId,
  content: postComments.content,
  createdAt: postComments.createdAt,
  updatedAt: postComments.updatedAt,
  ...authorColumns,
};
interface CommentRow extends AuthorRow {
  id: string;
  postId: string;
  parentCommentId: string | null;
  userId: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CommentView {
  id: string;
  postId: string;
  parentCommentId: string | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  author: ReturnType<typeof authorOf>;
}
export type CommentThread = CommentView & { replies: CommentView[] };

const commentView = (row: CommentRow): CommentView => ({
  id: row.id,
  postId: row.postId,
  parentCommentId: row.parentCommentId,
  content: row.content,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  author: authorOf(row.userId, row),
});

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Top-level comments in order, each with its replies in order. */
function threads(topLevel: CommentRow[], replies: CommentRow[]): CommentThread[] {
  const byParent = groupBy(replies, (reply) => reply.parentCommentId);
  return topLevel.map((row) => ({ ...commentView(row), replies: (byParent.get(row.id) ?? []).map(commentView) }));
}

const threadOrder = [asc(postComments.createdAt), asc(postComments.id)];

/**
 * The feed's preview of each post's discussion in one statement: every comment is numbered inside
 * its group (a post's top-level comments, or one comment's replies), and a reply is kept when it is
 * among its parent's first replies and its parent among its post's first comments.
 */
async function previewComments(db: Db, postIds: string[]) {
  if (postIds.length === 0) return new Map<string, CommentThread[]>();
  const ranked = db.$with("ranked").as(
    db
      .select({
        ...commentColumns,
        rank: sql<number>`row_number() over (partition by ${postComments.postId}, ${postComments.parentCommentId} order by ${postComments.createdAt}, ${postComments.id})`.as("rank"),
      })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.userId))
      .where(inArray(postComments.postId, postIds)),
  );
  const shownParents = sql`select shown.id from ${ranked} as shown where shown.parent_comment_id is null and shown.rank <= ${POST_PREVIEW_COMMENTS}`;
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(
      or(
        and(isNull(ranked.parentCommentId), lte(ranked.rank, POST_PREVIEW_COMMENTS)),
        and(lte(ranked.rank, POST_PREVIEW_REPLIES), sql`${ranked.parentCommentId} in (${shownParents})`),
      ),
    )
    .orderBy(asc(ranked.createdAt), asc(ranked.id));
  const comments = rows.map(({ rank: _rank, ...row }) => row);
  const topLevel = comments.filter((comment) => comment.parentCommentId === null);
  const replies = comments.filter((comment) => comment.parentCommentId !== null);
  return groupBy(threads(topLevel, replies), (thread) => thread.postId);
}

/**
 * Feed pages are keyed by (created_at, id), newest first. The cursor carries the last post's
 * created_at to the microsecond (a JavaScript Date keeps milliseconds only, which would skip posts
 * made within the same millisecond) and its id.
 */
export const FEED_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor's shape and a real instant (no 30 February, no hour 25): the database never sees a bad one. */
export function isFeedCursor(cursor: string): boolean {
  if (!FEED_CURSOR.test(cursor)) return false;
  const at = cursor.slice(0, cursor.indexOf("|"));
  const ms = Date.parse(at);
  // Date.parse rolls an impossible date over (30 February is 2 March); the round trip catches it.
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
}
const cursorColumn = sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${posts.id}::text`;

function afterCursor(cursor: string): SQL {
  const [at, id] = cursor.split("|");
  return sql`(${posts.createdAt}, ${posts.id}) < (${at}::timestamptz, ${id}::uuid)`;
}

/** Posts of this pregnancy the viewer may see: the audience rule in SQL. */
export function visiblePosts(access: PregnancyAccess, userId?: string): SQL | undefined {
  const byLevel = audienceFilter(posts.privacyLevel, access);
  if (!byLevel) return eq(posts.pregnancyId, access.id);
  // A loss message reaches exactly the circles and people the parents chose (issue 38), and only a reader named by id.
  const chosen = userId ? and(eq(posts.kind, "loss-message"), or(sql`${guestLevelOf(access)} = any(${posts.audienceGroups})`, sql`${userId} = any(${posts.audienceUserIds})`)) : undefined;
  return and(eq(posts.pregnancyId, access.id), or(and(ne(posts.kind, "loss-message"), byLevel), chosen));
}

/**
 * Posts this viewer may see (the audience rule, in SQL), newest first, with author, like count,
 * whether the viewer liked each, comment count (replies included) and the comment preview: one
 * query for the page and two for all its comments, whatever the page size.
 */
async function loadPosts(caller: PregnancyCaller, where: SQL | undefined, limit: number) {
  const { db, access } = caller;
  const userId = caller.user.id;
  const rows = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      content: posts.content,
      mood: posts.mood,
      location: posts.location,
      linkUrl: posts.linkUrl,
      photoUrls: posts.photoUrls,
      privacyLevel: posts.privacyLevel,
      audienceGroups: posts.audienceGroups,
      kind: posts.kind,
      repliesAllowed: posts.repliesAllowed,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      cursor: cursorColumn,
      likeCount: countOf(postLikes, postLikes.postId, posts.id),
      likedByMe: likedBy(postLikes, postLikes.postId, postLikes.userId, posts.id, userId),
      commentCount: countOf(postComments, postComments.postId, posts.id),
      ...authorColumns,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(visiblePosts(access, userId), where))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  const [comments, attached] = await Promise.all([
    previewComments(
      db,
      rows.map((r) => r.id),
    ),
    attachedPhotos(
      caller,
      rows.flatMap((r) => r.photoUrls),
    ),
  ]);
  return rows.map(({ authorFirstName, authorLastName, authorAvatarUrl, content, photoUrls: storedPhotoUrls, ...row }) => ({
    ...row,
    // Stored content is sanitised on write; sanitising again on read costs little and protects old rows.
    content: sanitizePostContent(content),
    author: authorOf(row.authorId, { authorFirstName, authorLastName, authorAvatarUrl }),
    photos: storedPhotoUrls.flatMap((url) => attached.get(url) ?? []),
    comments: comments.get(row.id) ?? [],
  }));
}

export interface PostPhotoView {
  id: string;
  /** Signed links to its full size and thumbnail (worker/services/photos.ts `pictureLinksOf`). */
  url: string;
  /** Null only for a clip without a poster. */
  thumbnailUrl: string | null;
  kind: AlbumItemKind;
  durationMs: number | null;
  playsEverywhere: boolean;
  /** Its display copy or thumbnail is still being made: a placeholder stands in. */
  copiesPending: boolean;
  altText: string | null;
  title: string | null;
  week: number;
}

/**
 * The photos behind the posts' stored photo URLs that are still in the album and that this viewer
 * may see by the photo's own audience, by stored URL: a post shows a guest only those, so no
 * picture on it fails to load.
 */
async function attachedPhotos(caller: PregnancyCaller, storedUrls: string[]): Promise<Map<string, PostPhotoView>> {
  const wanted = [...new Set(storedUrls)];
  if (wanted.length === 0) return new Map();
  const rows = await caller.db
    .select({ id: photos.id, ...storedFileColumns, durationMs: photos.durationMs, fileUrl: photos.fileUrl, copiesRequestedAt: photos.copiesRequestedAt, altText: photos.altText, title: photos.title, week: photos.week })
    .from(photos)
    .where(and(visibleTo(caller), inArray(photos.fileUrl, wanted)));
  return new Map(
    await Promise.all(
      rows.map(async (row) => [row.fileUrl, { id: row.id, ...(await pictureLinksOf(caller, row)), kind: row.kind, durationMs: row.durationMs, playsEverywhere: row.kind === "photo" || row.displayPath !== null, copiesPending: row.copiesRequestedAt !== null, altText: row.altText, title: row.title, week: row.week }] as const),
    ),
  );
}

export type PostView = Awaited<ReturnType<typeof loadPosts>>[number];

/** One page of the feed and the cursor of the next (null after the oldest post). */
export async function listPosts(caller: PregnancyCaller, page: { cursor?: string | null | undefined; limit?: number | undefined }) {
  const limit = page.limit ?? POST_PAGE_SIZE;
  const rows = await loadPosts(caller, page.cursor ? afterCursor(page.cursor) : undefined, limit + 1);
  const pagePosts = rows.slice(0, limit).map(({ cursor: _cursor, ...post }) => post);
  return { posts: pagePosts, nextCursor: rows.length > limit ? (rows[limit - 1]?.cursor ?? null) : null };
}

async function postView(caller: PregnancyCaller, postId: string) {
  const [post] = await loadPosts(caller, eq(posts.id, postId), 1);
  if (!post) throw notFound("Post");
  const { cursor: _cursor, ...view } = post;
  return view;
}

async function findPost(db: Db, pregnancyId: string, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      pregnancyId: posts.pregnancyId,
      authorId: posts.authorId,
      content: posts.content,
      photoUrls: posts.photoUrls,
      privacyLevel: posts.privacyLevel,
      kind: posts.kind,
      audienceGroups: posts.audienceGroups,
      audienceUserIds: posts.audienceUserIds,
      repliesAllowed: posts.repliesAllowed,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return assertInPregnancy(row, pregnancyId, "Post");
}

/** A post the viewer may see; one they may not is answered like a missing one (its existence is private too). */
async function findVisiblePost(caller: PregnancyCaller, postId: string) {
  const post = await findPost(caller.db, caller.access.id, postId);
  // A loss message reaches exactly the circles and people chosen (issue 38), as in visiblePosts.
  const chosen = post.kind === "loss-message" && (post.audienceGroups.includes(guestLevelOf(caller.access)) || post.audienceUserIds.includes(caller.user.id));
  if (!canSeeItem(caller.access, post.privacyLevel) && !chosen) throw notFound("Post");
  return post;
}

/** A post whose author asked for no replies or reactions takes neither. */
async function findRepliablePost(caller: PregnancyCaller, postId: string) {
  const post = await findVisiblePost(caller, postId);
  if (!post.repliesAllowed) throw new AppError("FORBIDDEN", "NO_REPLIES", NO_REPLIES_MESSAGE);
  return post;
}

/** Only a post's author edits or deletes it (core spec 6). */
async function findOwnPost(caller: PregnancyCaller, postId: string) {
  const post = await findVisiblePost(caller, postId);
  if (post.authorId !== caller.user.id) throw new AppError("FORBIDDEN", "NOT_AUTHOR", "Only the author can change this post");
  return post;
}

// ---------------------------------------------------------------------------------------------
// Writing posts

export interface PostFieldsInput {
  content?: string | undefined;
  mood?: string | undefined;
  location?: string | undefined;
  link?: string | undefined;
  photoIds?: string[] | undefined;
  privacyLevel?: ItemPrivacyLevel | undefined;
  audienceGroups?: GuestPrivacyLevel[] | undefined;
}

/** Empty text clears an optional field. */
const orNull = (text: string) => text || null;

function linkUrlOf(link: string): string | null {
  if (!link.trim()) return null;
  const url = normalizePostLink(link);
  if (!url.ok) throw invalid("The link must be a valid https URL");
  return url.value;
}

/**
 * The photos' served URLs, in the order given: each must be a photo of this pregnancy that the
 * author may see (the same audience rule the album uses).
 */
async function photoUrlsOf(caller: PregnancyCaller, photoIds: string[]): Promise<string[]> {
  const wanted = [...new Set(photoIds)];
  if (wanted.length === 0) return [];
  const rows = await caller.db
    .select({ id: photos.id, fileUrl: photos.fileUrl })
    .from(photos)
    .where(and(inArray(photos.id, wanted), eq(photos.pregnancyId, caller.access.id), audienceFilter(photos.privacyLevel, caller.access)));
  if (rows.length !== wanted.length) throw invalid("A photo is not in this pregnancy's album");
  const urlById = new Map(rows.map((r) => [r.id, r.fileUrl]));
  return wanted.map((id) => urlById.get(id) ?? "");
}

/** The stored form of the fields given (sanitised, link normalised, photos resolved); absent fields are left out. */
async function postColumns(caller: PregnancyCaller, input: PostFieldsInput) {
  const privacyChosen = input.privacyLevel !== undefined || input.audienceGroups !== undefined;
  const privacyLevel = postPrivacyLevel(input);
  return {
    ...(input.content !== undefined && { content: sanitizePostContent(input.content) }),
    ...(input.mood !== undefined && { mood: orNull(sanitizePlainText(input.mood, POST_MOOD_MAX_LENGTH)) }),
    ...(input.location !== undefined && { location: orNull(sanitizeLocation(input.location)) }),
    ...(input.link !== undefined && { linkUrl: linkUrlOf(input.link) }),
    ...(input.photoIds !== undefined && { photoUrls: await photoUrlsOf(caller, input.photoIds) }),
    ...(privacyChosen && { privacyLevel, audienceGroups: audienceGroupsOf(privacyLevel) }),
  };
}

function assertHasSomething(content: string, photoUrls: readonly string[]) {
  if (isBlankPostContent(content) && photoUrls.length === 0) throw invalid("A post needs some text or a photo");
}

/**
 * Creates a post under the client's id: sending the same id again returns the stored post instead
 * of a second one (a retried request after a lost answer), another author's id is refused.
 */
export async function createPost(caller: PregnancyCaller, input: PostFieldsInput & { id: string; content: string }) {
  const columns = await postColumns(caller, input);
  const content = columns.content ?? "";
  const photoUrls = columns.photoUrls ?? [];
  assertHasSomething(content, photoUrls);
  const privacyLevel = postPrivacyLevel(input);
  const [created] = await caller.db
    .insert(posts)
    .values({ ...columns, id: input.id, pregnancyId: caller.access.id, authorId: caller.user.id, content, photoUrls, privacyLevel, audienceGroups: audienceGroupsOf(privacyLevel) })
    .onConflictDoNothing()
    .returning({ id: posts.id });
  if (created) {
    announce(caller);
  } else {
    const [existing] = await caller.db.select({ pregnancyId: posts.pregnancyId, authorId: posts.authorId }).from(posts).where(eq(posts.id, input.id)).limit(1);
    if (existing?.pregnancyId !== caller.access.id || existing.authorId !== caller.user.id) throw idTaken();
  }
  return postView(caller, input.id);
}

/** Changes the fields given on the author's own post. */
export async function updatePost(caller: PregnancyCaller, input: PostFieldsInput & { postId: string }) {
  const post = await findOwnPost(caller, input.postId);
  const columns = await postColumns(caller, input);
  assertHasSomething(columns.content ?? post.content, columns.photoUrls ?? post.photoUrls);
  // The author check is repeated in the write, so a post cannot change hands between the two.
  // updated_at is set here too, so an edit that changes nothing still has something to write.
  await caller.db
    .update(posts)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(posts.id, post.id), eq(posts.authorId, caller.user.id)));
  announce(caller);
  return postView(caller, post.id);
}

/** Deletes the author's own post with its likes and comments (cascade). */
export async function deletePost(caller: PregnancyCaller, postId: string) {
  const post = await findOwnPost(caller, postId);
  await caller.db.delete(posts).where(and(eq(posts.id, post.id), eq(posts.authorId, caller.user.id)));
  announce(caller);
  return { id: post.id };
}

// ---------------------------------------------------------------------------------------------
// Likes and comments

/** Sets the caller's like to `liked` (worker/services/reactions.ts). */
export async function setLike(caller: PregnancyCaller, input: { postId: string; liked: boolean }) {
  const post = await (input.liked ? findRepliablePost : findVisiblePost)(caller, input.postId);
  const like = await setLikeRow(caller.db, { table: postLikes, parent: postLikes.postId, user: postLikes.userId }, post.id, caller.user.id, input.liked);
  if (like.changed) announce(caller);
  return { postId: post.id, liked: input.liked, likeCount: like.count };
}

const commentById = async (db: Db, id: string) => {
  const [row] = await db.select(commentColumns).from(postComments).innerJoin(users, eq(users.id, postComments.userId)).where(eq(postComments.id, id)).limit(1);
  return row;
};

/**
 * Adds a comment, or a reply to a top-level comment of the same post (one reply level), under the
 * client's id (idempotent like posts).
 */
export async function addComment(caller: PregnancyCaller, input: { id: string; postId: string; content: string; parentCommentId?: string | undefined }) {
  const { db } = caller;
  const userId = caller.user.id;
  const post = await findRepliablePost(caller, input.postId);
  const content = sanitizeComment(input.content);
  if (!content) throw invalid("A comment needs some text");
  if (input.parentCommentId) {
    const [parent] = await db.select({ postId: postComments.postId, parentCommentId: postComments.parentCommentId }).from(postComments).where(eq(postComments.id, input.parentCommentId)).limit(1);
    if (parent?.postId !== post.id) throw notFound("Comment");
    if (parent.parentCommentId) throw invalid("Replies go one level deep: reply to the comment itself");
  }
  const [created] = await db
    .insert(postComments)
    .values({ id: input.id, postId: post.id, userId, content, parentCommentId: input.parentCommentId ?? null })
    .onConflictDoNothing()
    .returning({ id: postComments.id });
  if (created) announce(caller);
  const row = await commentById(db, input.id);
  if (!row || row.userId !== userId || row.postId !== post.id) throw idTaken();
  return commentView(row);
}

/** A page of a post's discussion: 20 top-level comments from `offset`, oldest first, each with all its replies. */
export async function listComments(caller: PregnancyCaller, input: { postId: string; cursor: number }) {
  const { db } = caller;
  const post = await findVisiblePost(caller, input.postId);
  const topLevel = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(and(eq(postComments.postId, post.id), isNull(postComments.parentCommentId)))
    .orderBy(...threadOrder)
    .limit(POST_COMMENT_PAGE_SIZE + 1)
    .offset(input.cursor);
  const page = topLevel.slice(0, POST_COMMENT_PAGE_SIZE);
  const replies = page.length
    ? await db
        .select(commentColumns)
        .from(postComments)
        .innerJoin(users, eq(users.id, postComments.userId))
        .where(
          inArray(
            postComments.parentCommentId,
            page.map((c) => c.id),
          ),
        )
        .orderBy(...threadOrder)
    : [];
  return { comments: threads(page, replies), nextCursor: topLevel.length > POST_COMMENT_PAGE_SIZE ? input.cursor + POST_COMMENT_PAGE_SIZE : null };
}
