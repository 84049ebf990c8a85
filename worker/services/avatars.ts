import { and, eq, inArray } from "drizzle-orm";
import { pregnancyParticipants, users } from "../db/schema";
import { avatarKey, newImageName, storedImageName } from "../infra/storage";
import type { UserCaller } from "./caller";

/**
 * Stores the caller's new avatar (already bounded and stripped of its metadata) and points their
 * profile at it. The replaced picture is deleted, not kept: nothing private lingers in storage.
 */
export async function saveAvatar(caller: UserCaller, upload: { bytes: Uint8Array; mime: string; extension: string }): Promise<string> {
  const userId = caller.user.id;
  const name = newImageName(upload.extension);
  await caller.env.PHOTOS.put(avatarKey(userId, name), upload.bytes, { httpMetadata: { contentType: upload.mime } });
  const avatarUrl = `/api/avatars/${userId}/${name}`;
  const [previous] = await caller.db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  await caller.db.update(users).set({ image: avatarUrl, updatedAt: new Date() }).where(eq(users.id, userId));
  const previousName = previous?.image?.split("/").pop();
  if (previousName && storedImageName.safeParse(previousName).success) caller.waitUntil(caller.env.PHOTOS.delete(avatarKey(userId, previousName)));
  return avatarUrl;
}

/** Whether the account still exists: a deleted account's picture is gone, not forbidden. */
export async function accountExists(caller: UserCaller, userId: string): Promise<boolean> {
  return (await caller.db.$count(users, eq(users.id, userId))) > 0;
}

/** Only the owner and people who share an active pregnancy with them see an avatar. */
export async function canSeeAvatar(caller: UserCaller, ownerId: string): Promise<boolean> {
  if (ownerId === caller.user.id) return true;
  const viewerPregnancies = caller.db
    .select({ id: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, caller.user.id), eq(pregnancyParticipants.status, "active")));
  const [shared] = await caller.db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, ownerId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.pregnancyId, viewerPregnancies)))
    .limit(1);
  return shared !== undefined;
}
