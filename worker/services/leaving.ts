import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import { LEAVING_MESSAGES } from "../../src/domain/leaving";
import type { Tx } from "../db";
import {
  babyPredictions,
  clipUploads,
  photoComments,
  photoLikes,
  photos,
  postComments,
  postLikes,
  posts,
  pregnancyParticipants,
  registrySuggestions,
  waitingRoomConversations,
  waitingRoomImages,
  waitingRoomMessages,
  waitingRoomReactions,
} from "../db/schema";
import { reauthoriseRoom, tellFeed } from "../infra/rooms";
import { withdrawInvitations } from "./calendar";
import type { PregnancyCaller } from "./caller";
import { abortUploads, takeClipUploads } from "./clipUpload";
import { AppError } from "./errors";
import { releaseStorage } from "./photoStorage";
import { removeObjects } from "./photos";

/**
 * Everything one person added to one pregnancy, deleted in the caller's transaction: their photos
 * and waiting-room pictures (returned, for their objects to be removed after the commit, and their
 * storage given back), posts, comments, likes, messages, reactions, direct conversations, guesses
 * and registry suggestions. What others wrote under their posts and messages goes with them.
 */
async function removeContributions(tx: Tx, pregnancyId: string, userId: string): Promise<Array<string | null>> {
  const uploads = await tx
    .delete(photos)
    .where(and(eq(photos.pregnancyId, pregnancyId), eq(photos.uploadedBy, userId)))
    .returning({ pregnancyId: photos.pregnancyId, storagePath: photos.storagePath, thumbnailPath: photos.thumbnailPath, displayPath: photos.displayPath, storageUnits: photos.storageUnits });
  const images = await tx
    .delete(waitingRoomImages)
    .where(and(eq(waitingRoomImages.pregnancyId, pregnancyId), eq(waitingRoomImages.uploadedBy, userId)))
    .returning({ pregnancyId: waitingRoomImages.pregnancyId, storagePath: waitingRoomImages.storagePath });
  await releaseStorage(tx, [...uploads, ...images]);
  const pregnancyPhotos = tx.select({ id: photos.id }).from(photos).where(eq(photos.pregnancyId, pregnancyId));
  const pregnancyPosts = tx.select({ id: posts.id }).from(posts).where(eq(posts.pregnancyId, pregnancyId));
  const pregnancyMessages = tx.select({ id: waitingRoomMessages.id }).from(waitingRoomMessages).where(eq(waitingRoomMessages.pregnancyId, pregnancyId));
  await tx.delete(photoLikes).where(and(eq(photoLikes.userId, userId), inArray(photoLikes.photoId, pregnancyPhotos)));
  await tx.delete(photoComments).where(and(eq(photoComments.userId, userId), inArray(photoComments.photoId, pregnancyPhotos)));
  await tx.delete(postLikes).where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, pregnancyPosts)));
  await tx.delete(postComments).where(and(eq(postComments.userId, userId), inArray(postComments.postId, pregnancyPosts)));
  await tx.delete(posts).where(and(eq(posts.pregnancyId, pregnancyId), eq(posts.authorId, userId)));
  await tx.delete(waitingRoomReactions).where(and(eq(waitingRoomReactions.userId, userId), inArray(waitingRoomReactions.messageId, pregnancyMessages)));
  await tx.delete(waitingRoomMessages).where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.authorId, userId)));
  await tx
    .delete(waitingRoomConversations)
    .where(and(eq(waitingRoomConversations.pregnancyId, pregnancyId), or(eq(waitingRoomConversations.userA, userId), eq(waitingRoomConversations.userB, userId))));
  await tx.delete(babyPredictions).where(and(eq(babyPredictions.pregnancyId, pregnancyId), eq(babyPredictions.predictorId, userId)));
  await tx.delete(registrySuggestions).where(and(eq(registrySuggestions.pregnancyId, pregnancyId), eq(registrySuggestions.suggestedBy, userId)));
  return [...uploads.flatMap((upload) => [upload.storagePath, upload.thumbnailPath, upload.displayPath]), ...images.map((image) => image.storagePath)];
}

/**
 * A guest or the partner leaves the pregnancy: their place, their invitations to events and their
 * open sockets go at once; what they added stays (under their name) or goes, as they choose. The
 * owner cannot leave: the family would be left without one.
 */
export async function leavePregnancy(caller: PregnancyCaller, input: { removeContributions: boolean }): Promise<{ left: true }> {
  const { db, env, access, user } = caller;
  if (access.role === "owner") throw new AppError("FORBIDDEN", "OWNER_CANNOT_LEAVE", LEAVING_MESSAGES.ownerCannotLeave);
  const removed = await db.transaction(async (tx) => {
    // The place is locked first: of the same request sent twice at once, the second finds it gone
    // once the first commits, and neither removes nor tells the room again.
    const [place] = await tx.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.id, access.participantId)).for("update");
    if (!place) return null;
    const objects = input.removeContributions ? await removeContributions(tx, access.id, user.id) : [];
    // Clips still on their way could never be finished now.
    const uploads = await takeClipUploads(tx, and(eq(clipUploads.pregnancyId, access.id), eq(clipUploads.userId, user.id)) as SQL);
    await withdrawInvitations(tx, access.id, user.id);
    await tx.delete(pregnancyParticipants).where(eq(pregnancyParticipants.id, access.participantId));
    return { objects, uploads };
  });
  if (!removed) return { left: true };
  await Promise.all([removeObjects(env.PHOTOS, removed.objects), abortUploads(env.PHOTOS, removed.uploads)]);
  await reauthoriseRoom(env, access.id, [user.id]);
  if (input.removeContributions) await Promise.all([tellFeed(env, access.id, "photos"), tellFeed(env, access.id, "posts")]);
  return { left: true };
}
