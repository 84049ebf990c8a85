import { and, arrayOverlaps, asc, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { canSeeItem, resolveAudience } from "../../src/domain/audience";
import { GUEST_PHOTO_QUOTA, PHOTO_PAGE_SIZE } from "../../src/domain/constants";
import type { ItemPrivacyLevel } from "../../src/domain/enums";
import { displayTitle } from "../../src/domain/permissions";
import { cleanPhotoText, photoUrls, type PhotoDetails } from "../../src/domain/photos";
import { sanitizeComment } from "../../src/domain/sanitize";
import { isUnlimited } from "../../src/domain/uploads";
import type { Db, Executor } from "../db";
import { itemAudienceFilter } from "../db/audience";
import { photoComments, photoGuestTags, photoLikes, photos, pregnancies, pregnancyParticipants, users } from "../db/schema";
import type { Bindings } from "../env";
import { tellFeed } from "../http/rooms";
import type { PregnancyAccess } from "../trpc/access";
import { AppError } from "../trpc/init";
import { logEvent } from "../services/log";
import { guestPhotoCount } from "./photoStorage.service";

/** Who looks at the album: their participation (role, circle) and their user id. */
export interface PhotoViewer {
  access: PregnancyAccess;
  userId: string;
}

/** Who changes it, and what a change needs beyond the database: R2, the feed, work after the answer. */
export interface PhotoCaller extends PhotoViewer {
  db: Db;
  env: Pick<Bindings, "PHOTOS" | "WaitingRoom">;
  waitUntil(promise: Promise<unknown>): void;
}

const notFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "Photo not found");
const notYours = () => new AppError("FORBIDDEN", "ACCESS_DENIED", "Only the uploader or a parent can change this photo");

/** Viewers reload the album when told; the write has committed, so a lost signal only delays them. */
export const announcePhotos = (caller: Pick<PhotoCaller, "env" | "waitUntil" | "access">) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "photos"));

const PHOTO_AUDIENCE = { privacyLevel: photos.privacyLevel, audienceGroups: photos.audienceGroups, authorId: photos.uploadedBy };

/** Photos of this pregnancy the viewer may see: the audience rule in SQL, the uploader always. */
export const visibleTo = (viewer: PhotoViewer): SQL | undefined => and(eq(photos.pregnancyId, viewer.access.id), itemAudienceFilter(PHOTO_AUDIENCE, viewer.access, viewer.userId));

/** The uploader and the parents edit, tag and delete a photo. */
const canManage = (viewer: PhotoViewer, uploadedBy: string) => viewer.access.isParent || uploadedBy === viewer.userId;

// ---------------------------------------------------------------------------------------------
// Reading

/** A page is ordered newest first by (created_at, id); the cursor is the last row's pair, exact to the microsecond. */
export const PHOTO_CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([0-9a-f-]{36})$/;
const cursorAt = sql<string>`to_char(${photos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const photoColumns = {
  id: photos.id,
  pregnancyId: photos.pregnancyId,
  title: photos.title,
  description: photos.description,
  altText: photos.altText,
  tags: photos.tags,
  week: photos.week,
  privacyLevel: photos.privacyLevel,
  audienceGroups: photos.audienceGroups,
  eventId: photos.eventId,
  fileSize: photos.fileSize,
  mimeType: photos.mimeType,
  thumbnailPath: photos.thumbnailPath,
  likesCount: photos.likesCount,
  commentsCount: photos.commentsCount,
  uploadDate: photos.uploadDate,
  createdAt: photos.createdAt,
  updatedAt: photos.updatedAt,
  uploadedBy: photos.uploadedBy,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
  uploaderAvatarUrl: users.image,
  uploaderTitle: pregnancyParticipants.title,
  uploaderRole: pregnancyParticipants.role,
  cursorAt,
};

export interface PersonView {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  /** Their title in this pregnancy ('Grandma'), else 'Parent' or 'Guest'; empty for someone who left. */
  displayTitle: string;
}

export interface GuestTagView {
  participantId: string;
  firstName: string;
  lastName: string;
  displayTitle: string;
}

export interface PhotoView {
  id: string;
  /** The authorised routes: full size, thumbnail (the photo itself when none was made), download of the original. */
  url: string;
  thumbnailUrl: string;
  downloadUrl: string;
  title: string | null;
  description: string | null;
  altText: string | null;
  tags: string[];
  week: number;
  privacyLevel: ItemPrivacyLevel;
  /** Circles named instead of a level; empty when the level decides. */
  audienceGroups: string[];
  eventId: string | null;
  fileSize: number;
  mimeType: string;
  uploadDate: string;
  createdAt: string;
  updatedAt: string;
  uploader: PersonView;
  likesCount: number;
  commentsCount: number;
  likedByMe: boolean;
  guestTags: GuestTagView[];
  canEdit: boolean;
  canDelete: boolean;
}

type PhotoRow = Awaited<ReturnType<typeof selectPhotos>>[number];

function selectPhotos(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(photoColumns)
    .from(photos)
    .innerJoin(users, eq(users.id, photos.uploadedBy))
    .leftJoin(pregnancyParticipants, and(eq(pregnancyParticipants.pregnancyId, photos.pregnancyId), eq(pregnancyParticipants.userId, photos.uploadedBy)))
    .where(where)
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(limit);
}

/**
 * Likes by the viewer and guest tags of a whole page, two queries however long the page. One after
 * the other on purpose: in parallel each would open its own connection from the request's pool,
 * which costs more than the query.
 */
async function withDetails(db: Db, viewer: PhotoViewer, rows: PhotoRow[]): Promise<PhotoView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const liked = await db
    .select({ photoId: photoLikes.photoId })
    .from(photoLikes)
    .where(and(eq(photoLikes.userId, viewer.userId), inArray(photoLikes.photoId, ids)));
  const tags = await guestTagsOf(db, ids);
  const likedIds = new Set(liked.map((like) => like.photoId));
  return rows.map((row) => {
    const urls = photoUrls(row.pregnancyId, row.id);
    const manage = canManage(viewer, row.uploadedBy);
    return {
      id: row.id,
      url: urls.url,
      thumbnailUrl: row.thumbnailPath ? urls.thumbnailUrl : urls.url,
      downloadUrl: urls.downloadUrl,
      title: row.title,
      description: row.description,
      altText: row.altText,
      tags: row.tags,
      week: row.week,
      privacyLevel: row.privacyLevel,
      audienceGroups: row.audienceGroups,
      eventId: row.eventId,
      fileSize: row.fileSize,
      mimeType: row.mimeType,
      uploadDate: row.uploadDate.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      uploader: {
        id: row.uploadedBy,
        firstName: row.uploaderFirstName,
        lastName: row.uploaderLastName,
        avatarUrl: row.uploaderAvatarUrl,
        displayTitle: row.uploaderRole ? displayTitle(row.uploaderTitle, row.uploaderRole) : "",
      },
      likesCount: row.likesCount,
      commentsCount: row.commentsCount,
      likedByMe: likedIds.has(row.id),
      guestTags: tags.get(row.id) ?? [],
      canEdit: manage,
      canDelete: manage,
    };
  });
}

async function guestTagsOf(db: Executor, photoIds: string[]): Promise<Map<string, GuestTagView[]>> {
  const rows = await db
    .select({
      photoId: photoGuestTags.photoId,
      participantId: photoGuestTags.participantId,
      title: pregnancyParticipants.title,
      role: pregnancyParticipants.role,
      firstName: users.firstName,
      lastName: users.lastName,
      invitedFirstName: pregnancyParticipants.invitedFirstName,
      invitedLastName: pregnancyParticipants.invitedLastName,
    })
    .from(photoGuestTags)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.id, photoGuestTags.participantId))
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(inArray(photoGuestTags.photoId, photoIds))
    // In the order people were tagged; those tagged together in the family's order.
    .orderBy(asc(photoGuestTags.createdAt), asc(pregnancyParticipants.createdAt), asc(photoGuestTags.id));
  const byPhoto = new Map<string, GuestTagView[]>();
  for (const row of rows) {
    const list = byPhoto.get(row.photoId) ?? [];
    list.push({
      participantId: row.participantId,
      firstName: row.firstName ?? row.invitedFirstName ?? "",
      lastName: row.lastName ?? row.invitedLastName ?? "",
      displayTitle: displayTitle(row.title, row.role),
    });
    byPhoto.set(row.photoId, list);
  }
  return byPhoto;
}

export interface PhotoListInput {
  week?: number | undefined;
  uploadedBy?: string | undefined;
  privacyLevel?: ItemPrivacyLevel | undefined;
  /** Photos carrying any of these tags. */
  tags?: string[] | undefined;
  cursor?: string | null | undefined;
  limit?: number | undefined;
}

/** One page of the album, newest first, only what the viewer may see; `nextCursor` is null on the last page. */
export async function listPhotos(db: Db, viewer: PhotoViewer, input: PhotoListInput): Promise<{ items: PhotoView[]; nextCursor: string | null }> {
  const limit = input.limit ?? PHOTO_PAGE_SIZE;
  const cursor = input.cursor ? PHOTO_CURSOR_PATTERN.exec(input.cursor) : null;
  const where = and(
    visibleTo(viewer),
    input.week === undefined ? undefined : eq(photos.week, input.week),
    input.uploadedBy === undefined ? undefined : eq(photos.uploadedBy, input.uploadedBy),
    input.privacyLevel === undefined ? undefined : eq(photos.privacyLevel, input.privacyLevel),
    input.tags?.length ? arrayOverlaps(photos.tags, input.tags) : undefined,
    cursor ? sql`(${photos.createdAt}, ${photos.id}) < (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)` : undefined,
  );
  const rows = await selectPhotos(db, where, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: await withDetails(db, viewer, page), nextCursor: rows.length > limit && last ? `${last.cursorAt}|${last.id}` : null };
}

/** One photo as the album shows it, or NOT_FOUND when it does not exist here or the viewer may not see it. */
export async function getPhoto(db: Db, viewer: PhotoViewer, photoId: string): Promise<PhotoView> {
  const [row] = await selectPhotos(db, and(visibleTo(viewer), eq(photos.id, photoId)), 1);
  if (!row) throw notFound();
  const [view] = await withDetails(db, viewer, [row]);
  if (!view) throw notFound();
  return view;
}

/**
 * What the filter controls offer: the weeks, uploaders, privacy levels and tags of the photos the
 * viewer sees. Sequential on one connection, like withDetails.
 */
export async function photoFilters(db: Db, viewer: PhotoViewer) {
  const where = visibleTo(viewer);
  const tag = sql<string>`unnest(${photos.tags})`.as("tag");
  const weeks = await db.selectDistinct({ week: photos.week }).from(photos).where(where).orderBy(asc(photos.week));
  const uploaders = await db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.uploadedBy))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const levels = await db.selectDistinct({ privacyLevel: photos.privacyLevel }).from(photos).where(where).orderBy(asc(photos.privacyLevel));
  const tags = await db.selectDistinct({ tag }).from(photos).where(where).orderBy(sql`tag`);
  return {
    weeks: weeks.map((w) => w.week),
    uploaders,
    privacyLevels: levels.map((l) => l.privacyLevel),
    tags: tags.map((t) => t.tag),
  };
}

/** The pregnancy's photo storage in photos (core spec 5, 9): 999999 and above is unlimited. */
/** The pregnancy's photo storage, and for a guest how much of their own quota they have used. */
export async function photoStorage(db: Executor, viewer: PhotoViewer) {
  const pregnancyId = viewer.access.id;
  const [row] = await db.select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  if (!row) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const guest = viewer.access.isParent ? null : { used: await guestPhotoCount(db, pregnancyId, viewer.userId), quota: GUEST_PHOTO_QUOTA };
  return { used: row.used, limit: row.limit, unlimited: isUnlimited(row.limit), guest };
}

/** Active participants with an account, for tagging people on a photo. */
export async function taggablePeople(db: Db, pregnancyId: string) {
  const rows = await db
    .select({
      participantId: pregnancyParticipants.id,
      userId: pregnancyParticipants.userId,
      role: pregnancyParticipants.role,
      title: pregnancyParticipants.title,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.image,
    })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active")))
    .orderBy(asc(pregnancyParticipants.createdAt));
  return rows.map(({ title, ...row }) => ({ ...row, displayTitle: displayTitle(title, row.role) }));
}

// ---------------------------------------------------------------------------------------------
// Serving bytes

/**
 * The stored objects of a photo, found by its id in the checked pregnancy (never by a key from the
 * client). Null when there is no such photo here; 'hidden' when the audience rule keeps it from
 * this viewer (the uploader and the parents always see it).
 */
export async function findServablePhoto(db: Db, viewer: PhotoViewer, photoId: string) {
  const [row] = await db
    .select({
      storagePath: photos.storagePath,
      thumbnailPath: photos.thumbnailPath,
      mimeType: photos.mimeType,
      title: photos.title,
      week: photos.week,
      uploadedBy: photos.uploadedBy,
      privacyLevel: photos.privacyLevel,
      audienceGroups: photos.audienceGroups,
    })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.pregnancyId, viewer.access.id)));
  if (!row) return null;
  return row.uploadedBy === viewer.userId || canSeeItem(viewer.access, row.privacyLevel, row.audienceGroups) ? row : "hidden";
}

// ---------------------------------------------------------------------------------------------
// Changing

async function findVisible(db: Db, viewer: PhotoViewer, photoId: string) {
  const [row] = await db
    .select({ id: photos.id, uploadedBy: photos.uploadedBy, privacyLevel: photos.privacyLevel, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath })
    .from(photos)
    .where(and(visibleTo(viewer), eq(photos.id, photoId)));
  if (!row) throw notFound();
  return row;
}

async function findManageable(db: Db, viewer: PhotoViewer, photoId: string) {
  const photo = await findVisible(db, viewer, photoId);
  if (!canManage(viewer, photo.uploadedBy)) throw notYours();
  return photo;
}

/** Edits title, description, alt text, tags, week and audience (uploader or parent); answers the photo as shown. */
export async function updatePhoto(caller: PhotoCaller, input: PhotoDetails & { photoId: string }): Promise<PhotoView> {
  const photo = await findManageable(caller.db, caller, input.photoId);
  const audience = input.privacyLevel !== undefined || input.audienceGroups !== undefined ? resolveAudience(input.privacyLevel, input.audienceGroups, photo.privacyLevel) : {};
  const changes = { ...cleanPhotoText(input), ...audience, ...(input.week === undefined ? {} : { week: input.week }) };
  if (Object.keys(changes).length > 0) {
    await caller.db
      .update(photos)
      .set(changes)
      .where(and(eq(photos.id, photo.id), eq(photos.pregnancyId, caller.access.id)));
    announcePhotos(caller);
  }
  return getPhoto(caller.db, caller, photo.id);
}

/** Removes stored objects; a failure leaves an object nothing serves (its row is gone), so it is logged, not thrown. */
export async function removeObjects(bucket: R2Bucket, keys: Array<string | null>): Promise<void> {
  const present = keys.filter((key): key is string => key !== null);
  if (present.length === 0) return;
  try {
    await bucket.delete(present);
  } catch (error) {
    logEvent("error", "photo objects not removed", { keys: present, error: String(error) });
  }
}

/** Deletes a photo (uploader or parent): the row and its likes, comments and tags, one photo of storage given back, then the objects. */
export async function deletePhoto(caller: PhotoCaller, photoId: string) {
  const photo = await findManageable(caller.db, caller, photoId);
  const deleted = await caller.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photo.id), eq(photos.pregnancyId, caller.access.id)))
      .returning({ storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath });
    if (!row) return null;
    await tx
      .update(pregnancies)
      .set({ photoStorageUsed: sql`greatest(${pregnancies.photoStorageUsed} - 1, 0)` })
      .where(eq(pregnancies.id, caller.access.id));
    return row;
  });
  if (!deleted) throw notFound();
  await removeObjects(caller.env.PHOTOS, [deleted.storagePath, deleted.thumbnailPath]);
  announcePhotos(caller);
  return { photoId: photo.id, deleted: true };
}

const likesOf = sql<number>`(select count(*)::int from ${photoLikes} where ${photoLikes.photoId} = ${photos.id})`;
const commentsOf = sql<number>`(select count(*)::int from ${photoComments} where ${photoComments.photoId} = ${photos.id})`;

/** Sets the caller's like to the wanted state, so a retried toggle never flips it back; the count is recounted in the same transaction. */
export async function setLike(caller: PhotoCaller, input: { photoId: string; liked: boolean }) {
  const photo = await findVisible(caller.db, caller, input.photoId);
  const { userId } = caller;
  const outcome = await caller.db.transaction(async (tx) => {
    const changed = input.liked
      ? await tx.insert(photoLikes).values({ photoId: photo.id, userId }).onConflictDoNothing().returning({ id: photoLikes.id })
      : await tx
          .delete(photoLikes)
          .where(and(eq(photoLikes.photoId, photo.id), eq(photoLikes.userId, userId)))
          .returning({ id: photoLikes.id });
    const [row] =
      changed.length > 0
        ? await tx.update(photos).set({ likesCount: likesOf }).where(eq(photos.id, photo.id)).returning({ likesCount: photos.likesCount })
        : await tx.select({ likesCount: photos.likesCount }).from(photos).where(eq(photos.id, photo.id));
    return { changed: changed.length > 0, likesCount: row?.likesCount ?? 0 };
  });
  if (outcome.changed) announcePhotos(caller);
  return { photoId: photo.id, liked: input.liked, likesCount: outcome.likesCount };
}

function selectComments(db: Executor, where: SQL) {
  return db
    .select({
      id: photoComments.id,
      photoId: photoComments.photoId,
      content: photoComments.content,
      createdAt: photoComments.createdAt,
      authorId: photoComments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.image,
    })
    .from(photoComments)
    .innerJoin(users, eq(users.id, photoComments.userId))
    .where(where)
    .orderBy(asc(photoComments.createdAt), asc(photoComments.id));
}

const commentView = (row: Awaited<ReturnType<typeof selectComments>>[number]) => ({
  id: row.id,
  photoId: row.photoId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  author: { id: row.authorId, firstName: row.firstName, lastName: row.lastName, avatarUrl: row.avatarUrl },
});
export type PhotoCommentView = ReturnType<typeof commentView>;

/** A photo's comments, oldest first, with their authors. */
export async function listComments(db: Db, viewer: PhotoViewer, photoId: string): Promise<PhotoCommentView[]> {
  const photo = await findVisible(db, viewer, photoId);
  return (await selectComments(db, eq(photoComments.photoId, photo.id))).map(commentView);
}

/** Adds a comment (plain text, cut at 1000) by anyone who sees the photo; the count is recounted in the same transaction. */
export async function addComment(caller: PhotoCaller, input: { photoId: string; content: string }): Promise<PhotoCommentView> {
  const content = sanitizeComment(input.content);
  if (!content) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Comment is empty");
  const photo = await findVisible(caller.db, caller, input.photoId);
  const id = await caller.db.transaction(async (tx) => {
    const [comment] = await tx.insert(photoComments).values({ photoId: photo.id, userId: caller.userId, content }).returning({ id: photoComments.id });
    await tx.update(photos).set({ commentsCount: commentsOf }).where(eq(photos.id, photo.id));
    return comment?.id;
  });
  const [row] = id ? await selectComments(caller.db, eq(photoComments.id, id)) : [];
  if (!row) throw new Error("comment not stored");
  announcePhotos(caller);
  return commentView(row);
}

/** Participant ids that are not active participants of this pregnancy (guest tags name people of this family only). */
export async function strangers(db: Executor, pregnancyId: string, participantIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(participantIds)];
  if (wanted.length === 0) return [];
  const known = await db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.id, wanted)));
  const knownIds = new Set(known.map((row) => row.id));
  return wanted.filter((id) => !knownIds.has(id));
}

export const notParticipants = () => new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Guest tags must name participants of this pregnancy");

/** Replaces the people tagged on a photo (uploader or parent); answers the tags as shown. */
export async function setGuestTags(caller: PhotoCaller, input: { photoId: string; participantIds: string[] }): Promise<GuestTagView[]> {
  const photo = await findManageable(caller.db, caller, input.photoId);
  if ((await strangers(caller.db, caller.access.id, input.participantIds)).length > 0) throw notParticipants();
  const wanted = [...new Set(input.participantIds)];
  await caller.db.transaction(async (tx) => {
    await tx
      .delete(photoGuestTags)
      .where(and(eq(photoGuestTags.photoId, photo.id), wanted.length > 0 ? notInArray(photoGuestTags.participantId, wanted) : undefined));
    if (wanted.length > 0) {
      await tx
        .insert(photoGuestTags)
        .values(wanted.map((participantId) => ({ photoId: photo.id, participantId })))
        .onConflictDoNothing();
    }
  });
  announcePhotos(caller);
  return (await guestTagsOf(caller.db, [photo.id])).get(photo.id) ?? [];
}
