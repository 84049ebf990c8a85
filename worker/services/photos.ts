import { and, arrayOverlaps, asc, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { FORMER_MEMBER_NAME } from "../../src/domain/accountDeletion";
import { canSeeItem, resolveAudience } from "../../src/domain/audience";
import type { AlbumItemKind, ItemPrivacyLevel, ParticipantRole } from "../../src/domain/enums";
import { displayTitle } from "../../src/domain/permissions";
import { cleanPhotoText, PHOTO_PAGE_SIZE, type PhotoDetails, photoUrls } from "../../src/domain/photos";
import { sanitizeComment } from "../../src/domain/sanitize";
import { GUEST_PHOTO_QUOTA, isUnlimited } from "../../src/domain/uploads";
import type { Executor } from "../db";
import { itemAudienceFilter } from "../db/audience";
import { photoComments, photoGuestTags, photoLikes, photos, pregnancies, pregnancyParticipants, users } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import type { AudienceCaller, PregnancyCaller } from "./caller";
import { countOf, likedBy, setLikeRow } from "./reactions";
import { AppError } from "./errors";
import { logEvent } from "../infra/log";
import { guestPhotoCountSql, releaseStorage } from "./photoStorage";

const notFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "Photo not found");
const notYours = () => new AppError("FORBIDDEN", "ACCESS_DENIED", "Only the uploader or a parent can change this photo");

/** Viewers reload the album when told; the write has committed, so a lost signal only delays them. */
export const announcePhotos = (caller: PregnancyCaller) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "photos"));

const PHOTO_AUDIENCE = { privacyLevel: photos.privacyLevel, audienceGroups: photos.audienceGroups, authorId: photos.uploadedBy };

/** Photos of this pregnancy the caller may see: the audience rule in SQL, the uploader always. */
export const visibleTo = (caller: AudienceCaller): SQL | undefined => and(eq(photos.pregnancyId, caller.access.id), itemAudienceFilter(PHOTO_AUDIENCE, caller.access, caller.user.id));

/** The uploader and the parents edit, tag and delete a photo; a former member's (no uploader) only the parents. */
const canManage = (caller: PregnancyCaller, uploadedBy: string | null) => caller.access.isParent || (uploadedBy !== null && uploadedBy === caller.user.id);

// ---------------------------------------------------------------------------------------------
// Reading

/** Where a photo's pictures are stored: the file as sent, and the copies made of it. */
export interface StoredPhotoFiles {
  photoId: string;
  pregnancyId: string;
  kind: AlbumItemKind;
  storagePath: string;
  displayPath: string | null;
  thumbnailPath: string | null;
}

/** The columns `pictureLinksOf` needs, for any select of photos. */
export const storedFileColumns = { photoId: photos.id, pregnancyId: photos.pregnancyId, kind: photos.kind, storagePath: photos.storagePath, displayPath: photos.displayPath, thumbnailPath: photos.thumbnailPath };

/**
 * What the caller's screens show of a photo, by signed links (src/domain/pictureLinks.ts): the full
 * size (the display copy of a HEIC, the photo as sent otherwise) and the thumbnail (the full size
 * when none was made). A clip plays from the checked route (its audience is checked on every range
 * the player asks for); its thumbnail is its poster, or none when the browser could not make one.
 * Only for items the caller was just checked to see.
 */
export async function pictureLinksOf(caller: PregnancyCaller, files: StoredPhotoFiles): Promise<{ url: string; thumbnailUrl: string | null }> {
  const poster = files.thumbnailPath ? caller.pictures.link("photo", files.pregnancyId, files.thumbnailPath) : null;
  if (files.kind === "clip") return { url: photoUrls(files.pregnancyId, files.photoId).url, thumbnailUrl: await poster };
  const [url, thumbnailUrl] = await Promise.all([caller.pictures.link("photo", files.pregnancyId, files.displayPath ?? files.storagePath), poster]);
  return { url, thumbnailUrl: thumbnailUrl ?? url };
}

/** A page is ordered newest first by (created_at, id); the cursor is the last row's pair, exact to the microsecond. */
export const PHOTO_CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([0-9a-f-]{36})$/;
const cursorAt = sql<string>`to_char(${photos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface GuestTagRow {
  participantId: string;
  title: string | null;
  role: ParticipantRole;
  firstName: string;
  lastName: string;
}

/**
 * A photo's guest tags as one JSON array read with its row: in the order people were tagged, those
 * tagged together in the family's order; someone without an account by the name they were invited by.
 */
const guestTagsColumn = sql<GuestTagRow[]>`(
  select coalesce(json_agg(json_build_object('participantId', tag.participant_id, 'title', person.title, 'role', person.role,
    'firstName', coalesce(account.first_name, person.invited_first_name, ''), 'lastName', coalesce(account.last_name, person.invited_last_name, ''))
    order by tag.created_at, person.created_at, tag.id), '[]')
  from ${photoGuestTags} tag join ${pregnancyParticipants} person on person.id = tag.participant_id left join ${users} account on account.id = person.user_id
  where tag.photo_id = ${photos}.id)`;

const guestTagViews = (rows: GuestTagRow[]): GuestTagView[] =>
  rows.map((row) => ({ participantId: row.participantId, firstName: row.firstName, lastName: row.lastName, displayTitle: displayTitle(row.title, row.role) }));

const photoColumns = (viewerId: string) => ({
  id: photos.id,
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
  ...storedFileColumns,
  copiesRequestedAt: photos.copiesRequestedAt,
  durationMs: photos.durationMs,
  likesCount: countOf(photoLikes, photoLikes.photoId, photos.id),
  commentsCount: countOf(photoComments, photoComments.photoId, photos.id),
  likedByMe: likedBy(photoLikes, photoLikes.photoId, photoLikes.userId, photos.id, viewerId),
  guestTags: guestTagsColumn,
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
});

export interface PersonView {
  /** Null for a former member: someone who deleted their account and left their photos in the album. */
  id: string | null;
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
  /** Signed links to the full size and the thumbnail (the photo itself when none was made); the checked route downloading the original. */
  url: string;
  /** Null only for a clip without a poster (the browser could not decode it): shown as a neutral poster. */
  thumbnailUrl: string | null;
  downloadUrl: string;
  /** A photo or a video clip (issue 41). */
  kind: AlbumItemKind;
  /** A clip's length. */
  durationMs: number | null;
  /** A clip stored without a display copy may not play in every browser: the album says so. */
  playsEverywhere: boolean;
  /** Its display copy or thumbnail is still being made (worker/services/photoCopies.ts): show a placeholder, not `url`. */
  copiesPending: boolean;
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

/** Who uploaded the photo, or a former member when their account is gone. */
function uploaderOf(row: PhotoRow): PersonView {
  if (row.uploadedBy === null || row.uploaderFirstName === null) return { id: null, firstName: FORMER_MEMBER_NAME, lastName: "", avatarUrl: null, displayTitle: "" };
  return {
    id: row.uploadedBy,
    firstName: row.uploaderFirstName,
    lastName: row.uploaderLastName ?? "",
    avatarUrl: row.uploaderAvatarUrl,
    displayTitle: row.uploaderRole ? displayTitle(row.uploaderTitle, row.uploaderRole) : "",
  };
}

function selectPhotos(caller: PregnancyCaller, where: SQL | undefined, limit: number) {
  return caller.db
    .select(photoColumns(caller.user.id))
    .from(photos)
    // Left: a former member's photos (no uploader any more) stay in the album.
    .leftJoin(users, eq(users.id, photos.uploadedBy))
    .leftJoin(pregnancyParticipants, and(eq(pregnancyParticipants.pregnancyId, photos.pregnancyId), eq(pregnancyParticipants.userId, photos.uploadedBy)))
    .where(where)
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(limit);
}

/** A page as the album shows it (counts, the viewer's likes and the guest tags came with the rows), with its pictures' links. */
function withDetails(caller: PregnancyCaller, rows: PhotoRow[]): Promise<PhotoView[]> {
  return Promise.all(
    rows.map(async (row) => {
      const manage = canManage(caller, row.uploadedBy);
      return {
        id: row.id,
        ...(await pictureLinksOf(caller, row)),
        downloadUrl: photoUrls(row.pregnancyId, row.id).downloadUrl,
        kind: row.kind,
        durationMs: row.durationMs,
        playsEverywhere: row.kind === "photo" || row.displayPath !== null,
        copiesPending: row.copiesRequestedAt !== null,
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
        uploader: uploaderOf(row),
        likesCount: row.likesCount,
        commentsCount: row.commentsCount,
        likedByMe: row.likedByMe,
        guestTags: guestTagViews(row.guestTags),
        canEdit: manage,
        canDelete: manage,
      };
    }),
  );
}

async function guestTagsOf(db: Executor, photoId: string): Promise<GuestTagView[]> {
  const [row] = await db.select({ guestTags: guestTagsColumn }).from(photos).where(eq(photos.id, photoId));
  return guestTagViews(row?.guestTags ?? []);
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

/** One page of the album, newest first, only what the caller may see; `nextCursor` is null on the last page. */
export async function listPhotos(caller: PregnancyCaller, input: PhotoListInput): Promise<{ items: PhotoView[]; nextCursor: string | null }> {
  const limit = input.limit ?? PHOTO_PAGE_SIZE;
  const cursor = input.cursor ? PHOTO_CURSOR_PATTERN.exec(input.cursor) : null;
  const where = and(
    visibleTo(caller),
    input.week === undefined ? undefined : eq(photos.week, input.week),
    input.uploadedBy === undefined ? undefined : eq(photos.uploadedBy, input.uploadedBy),
    input.privacyLevel === undefined ? undefined : eq(photos.privacyLevel, input.privacyLevel),
    input.tags?.length ? arrayOverlaps(photos.tags, input.tags) : undefined,
    cursor ? sql`(${photos.createdAt}, ${photos.id}) < (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)` : undefined,
  );
  const rows = await selectPhotos(caller, where, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: await withDetails(caller, page), nextCursor: rows.length > limit && last ? `${last.cursorAt}|${last.id}` : null };
}

/** One photo as the album shows it, or NOT_FOUND when it does not exist here or the caller may not see it. */
export async function getPhoto(caller: PregnancyCaller, photoId: string): Promise<PhotoView> {
  const [row] = await selectPhotos(caller, and(visibleTo(caller), eq(photos.id, photoId)), 1);
  if (!row) throw notFound();
  const [view] = await withDetails(caller, [row]);
  if (!view) throw notFound();
  return view;
}

/**
 * What the filter controls offer: the weeks, uploaders, privacy levels and tags of the photos the
 * caller sees.
 */
export async function photoFilters(caller: PregnancyCaller) {
  // One statement: the visible photos once, each list aggregated from them (enums as text, which the driver reads as an array).
  const { rows } = await caller.db.execute<{ weeks: number[]; uploaders: Array<{ id: string; firstName: string; lastName: string }>; privacy_levels: ItemPrivacyLevel[]; tags: string[] }>(sql`
    with visible as (select ${photos.week} as week, ${photos.uploadedBy} as uploaded_by, ${photos.privacyLevel} as privacy_level, ${photos.tags} as tags from ${photos} where ${visibleTo(caller)})
    select
      (select coalesce(array_agg(distinct week order by week), '{}') from visible) as weeks,
      -- Inner join: a former member's photos have no one to filter by; they show when no uploader is chosen.
      (select coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) order by u.first_name, u.last_name, u.id), '[]')
         from (select distinct ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name from visible join ${users} on ${users.id} = visible.uploaded_by) u) as uploaders,
      (select coalesce(array_agg(distinct privacy_level order by privacy_level), '{}')::text[] from visible) as privacy_levels,
      (select coalesce(array_agg(distinct tag order by tag), '{}') from visible, unnest(visible.tags) as tag) as tags
  `);
  const [row] = rows;
  return { weeks: row?.weeks ?? [], uploaders: row?.uploaders ?? [], privacyLevels: row?.privacy_levels ?? [], tags: row?.tags ?? [] };
}

/** The pregnancy's photo storage in photos (core spec 5, 9): 999999 and above is unlimited. */
/** The pregnancy's photo storage, and for a guest how much of their own quota they have used. */
export async function photoStorage(caller: PregnancyCaller) {
  const { db } = caller;
  const pregnancyId = caller.access.id;
  // A guest's own count comes in the same statement.
  const [row] = await db
    .select({ used: pregnancies.photoStorageUsed, limit: pregnancies.photoStorageLimit, guestUsed: caller.access.isParent ? sql<null>`null` : guestPhotoCountSql(pregnancyId, caller.user.id) })
    .from(pregnancies)
    .where(eq(pregnancies.id, pregnancyId));
  if (!row) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const guest = row.guestUsed === null ? null : { used: row.guestUsed, quota: GUEST_PHOTO_QUOTA };
  return { used: row.used, limit: row.limit, unlimited: isUnlimited(row.limit), guest };
}

/** Active participants with an account, for tagging people on a photo. */
export async function taggablePeople(caller: PregnancyCaller) {
  const rows = await caller.db
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
    .where(and(eq(pregnancyParticipants.pregnancyId, caller.access.id), eq(pregnancyParticipants.status, "active")))
    .orderBy(asc(pregnancyParticipants.createdAt));
  return rows.map(({ title, ...row }) => ({ ...row, displayTitle: displayTitle(title, row.role) }));
}

// ---------------------------------------------------------------------------------------------
// Serving bytes

/**
 * The stored objects of a photo, found by its id in the requested pregnancy (never by a key from
 * the client). Read without the caller so it can travel beside the access check (one round trip,
 * not two); `servablePhoto` then decides with the access that came back.
 */
export async function findPhotoToServe(db: Executor, pregnancyId: string, photoId: string) {
  const [row] = await db
    .select({
      kind: photos.kind,
      storagePath: photos.storagePath,
      thumbnailPath: photos.thumbnailPath,
      displayPath: photos.displayPath,
      mimeType: photos.mimeType,
      title: photos.title,
      week: photos.week,
      uploadedBy: photos.uploadedBy,
      privacyLevel: photos.privacyLevel,
      audienceGroups: photos.audienceGroups,
    })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.pregnancyId, pregnancyId)));
  return row ?? null;
}

/** The row when this caller may see the photo (the uploader and the parents always do), "hidden" when the audience rule keeps it from them, null when there is none. */
export function servablePhoto(caller: AudienceCaller, row: Awaited<ReturnType<typeof findPhotoToServe>>) {
  if (!row) return null;
  return row.uploadedBy === caller.user.id || canSeeItem(caller.access, row.privacyLevel, row.audienceGroups) ? row : "hidden";
}

// ---------------------------------------------------------------------------------------------
// Changing

async function findVisible(caller: PregnancyCaller, photoId: string) {
  const [row] = await caller.db
    .select({ id: photos.id, uploadedBy: photos.uploadedBy, privacyLevel: photos.privacyLevel, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath })
    .from(photos)
    .where(and(visibleTo(caller), eq(photos.id, photoId)));
  if (!row) throw notFound();
  return row;
}

async function findManageable(caller: PregnancyCaller, photoId: string) {
  const photo = await findVisible(caller, photoId);
  if (!canManage(caller, photo.uploadedBy)) throw notYours();
  return photo;
}

/** Edits title, description, alt text, tags, week and audience (uploader or parent); answers the photo as shown. */
export async function updatePhoto(caller: PregnancyCaller, input: PhotoDetails & { photoId: string }): Promise<PhotoView> {
  const photo = await findManageable(caller, input.photoId);
  const audience = input.privacyLevel !== undefined || input.audienceGroups !== undefined ? resolveAudience(input.privacyLevel, input.audienceGroups, photo.privacyLevel) : {};
  const changes = { ...cleanPhotoText(input), ...audience, ...(input.week === undefined ? {} : { week: input.week }) };
  if (Object.keys(changes).length > 0) {
    await caller.db
      .update(photos)
      .set(changes)
      .where(and(eq(photos.id, photo.id), eq(photos.pregnancyId, caller.access.id)));
    announcePhotos(caller);
  }
  return getPhoto(caller, photo.id);
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

/** Deletes a photo or clip (uploader or parent): the row and its likes, comments and tags, its storage given back, then the objects. */
export async function deletePhoto(caller: PregnancyCaller, photoId: string) {
  const photo = await findManageable(caller, photoId);
  const deleted = await caller.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photo.id), eq(photos.pregnancyId, caller.access.id)))
      .returning({ pregnancyId: photos.pregnancyId, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath, displayPath: photos.displayPath, storageUnits: photos.storageUnits });
    if (!row) return null;
    await releaseStorage(tx, [row]);
    return row;
  });
  if (!deleted) throw notFound();
  await removeObjects(caller.env.PHOTOS, [deleted.storagePath, deleted.thumbnailPath, deleted.displayPath]);
  announcePhotos(caller);
  return { photoId: photo.id, deleted: true };
}

/** Sets the caller's like to `liked` (worker/services/reactions.ts). */
export async function setLike(caller: PregnancyCaller, input: { photoId: string; liked: boolean }) {
  const photo = await findVisible(caller, input.photoId);
  const like = await setLikeRow(caller.db, { table: photoLikes, parent: photoLikes.photoId, user: photoLikes.userId }, photo.id, caller.user.id, input.liked);
  if (like.changed) announcePhotos(caller);
  return { photoId: photo.id, liked: input.liked, likesCount: like.count };
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
export async function listComments(caller: PregnancyCaller, photoId: string): Promise<PhotoCommentView[]> {
  const photo = await findVisible(caller, photoId);
  return (await selectComments(caller.db, eq(photoComments.photoId, photo.id))).map(commentView);
}

/**
 * Adds a comment (plain text, cut at 1000) by anyone who sees the photo. Under the client's id it is
 * idempotent: the same id again answers the stored comment; an id another comment holds is refused.
 */
export async function addComment(caller: PregnancyCaller, input: { photoId: string; id?: string | undefined; content: string }): Promise<PhotoCommentView> {
  const content = sanitizeComment(input.content);
  if (!content) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Comment is empty");
  const photo = await findVisible(caller, input.photoId);
  const id = input.id ?? crypto.randomUUID();
  const [created] = await caller.db.insert(photoComments).values({ id, photoId: photo.id, userId: caller.user.id, content }).onConflictDoNothing().returning({ id: photoComments.id });
  const [row] = await selectComments(caller.db, eq(photoComments.id, id));
  if (!row) throw new Error("comment not stored");
  if (row.authorId !== caller.user.id || row.photoId !== photo.id) throw new AppError("CONFLICT", "ID_TAKEN", "This id is already used");
  if (created) announcePhotos(caller);
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
export async function setGuestTags(caller: PregnancyCaller, input: { photoId: string; participantIds: string[] }): Promise<GuestTagView[]> {
  const photo = await findManageable(caller, input.photoId);
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
  return guestTagsOf(caller.db, photo.id);
}
