import { and, asc, eq, inArray } from "drizzle-orm";
import { ApiClient } from "../tests/support/client";
import { uploadPhotos } from "../tests/support/photoUpload";
import type { Db } from "../worker/db";
import { photos, pregnancyParticipants, users } from "../worker/db/schema";
import { DEMO_FAMILY, DEMO_PASSWORD, demoMember, type DemoMember } from "./demo-family";
import { DEMO_PHOTOS, paintDemoPhoto, THUMBNAIL_WIDTH, type DemoPhoto } from "./demo-photos";
import { exifWithGps } from "./images/exif";
import { encodeJpeg } from "./images/jpeg";
import { encodePng } from "./images/png";
import { scaleDown } from "./images/raster";

/** Where the demo phone says its pictures were taken; the server stores none of it. */
const DEMO_PHONE_POSITION = { latitude: 51.4545, longitude: -2.5879, make: "Demo Phone", model: "Pocket 3" };
const PHOTO_QUALITY = 88;
const THUMBNAIL_QUALITY = 80;

/** The file a demo photo is uploaded as: a phone JPEG with GPS Exif, or a PNG; and its browser-made thumbnail. */
function demoFiles(photo: DemoPhoto, index: number) {
  const picture = paintDemoPhoto(photo);
  const file = photo.fromPhone
    ? { name: `IMG_${2000 + index}.jpg`, bytes: encodeJpeg(picture, PHOTO_QUALITY, [exifWithGps(DEMO_PHONE_POSITION)]), type: "image/jpeg" }
    : { name: `week-${photo.week}.png`, bytes: encodePng(picture), type: "image/png" };
  return { file, thumbnail: { name: "thumbnail.jpg", bytes: encodeJpeg(scaleDown(picture, THUMBNAIL_WIDTH), THUMBNAIL_QUALITY), type: "image/jpeg" } };
}

/**
 * The demo album (scripts/demo-photos.ts), put in through the running stack's own upload route and
 * photos router, so the pictures land in the Worker's local R2 with their metadata stripped, the
 * storage counted and every rule applied. Idempotent: when any demo photo is in the demo
 * pregnancy, nothing is done (one query), so later starts stay fast.
 */
export async function seedDemoPhotos(baseUrl: string, db: Db): Promise<{ seeded: boolean }> {
  const members = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_FAMILY.map((m) => m.email)));
  const userIdOf = (key: DemoMember["key"]) => members.find((m) => m.email === demoMember(key).email)?.id;
  const ownerId = userIdOf("olivia");
  if (!ownerId) return { seeded: false };
  const [pregnancy] = await db
    .select({ id: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, ownerId), eq(pregnancyParticipants.role, "owner")))
    .orderBy(asc(pregnancyParticipants.createdAt))
    .limit(1);
  if (!pregnancy) return { seeded: false };
  const pregnancyId = pregnancy.id;
  const [present] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.pregnancyId, pregnancyId), inArray(photos.title, DEMO_PHOTOS.map((p) => p.title))))
    .limit(1);
  if (present) return { seeded: false };

  const participants = await db.select({ id: pregnancyParticipants.id, userId: pregnancyParticipants.userId }).from(pregnancyParticipants).where(eq(pregnancyParticipants.pregnancyId, pregnancyId));
  const participantOf = (key: DemoMember["key"]) => {
    const participant = participants.find((p) => p.userId === userIdOf(key));
    if (!participant) throw new Error(`Demo member ${key} is not in the demo pregnancy`);
    return participant.id;
  };
  const clients = new Map(
    await Promise.all(
      DEMO_FAMILY.map(async (member) => {
        const client = new ApiClient(baseUrl);
        const response = await client.signIn(member.email, DEMO_PASSWORD);
        if (!response.ok) throw new Error(`Demo sign-in for ${member.key} failed with ${response.status}`);
        return [member.key, client] as const;
      }),
    ),
  );
  const clientOf = (key: DemoMember["key"]) => {
    const client = clients.get(key);
    if (!client) throw new Error(`No client for ${key}`);
    return client;
  };

  // Oldest first, one after another, so the album's newest-first order matches the weeks.
  for (const [index, photo] of DEMO_PHOTOS.entries()) {
    const { file, thumbnail } = demoFiles(photo, index);
    const [result] = await uploadPhotos(clientOf(photo.uploadedBy), pregnancyId, [file], {
      thumbnails: [thumbnail],
      metadata: {
        title: photo.title,
        description: photo.description,
        altText: photo.altText,
        week: photo.week,
        tags: photo.tags,
        privacyLevel: photo.privacyLevel,
        audienceGroups: photo.audienceGroups,
        guestTags: (photo.guestTags ?? []).map(participantOf),
      },
    });
    const photoId = result?.photoId;
    if (!photoId) throw new Error(`Demo photo "${photo.title}" was refused: ${result?.errors.join("; ")}`);
    const scoped = { pregnancyId, photoId };
    // One at a time: locally PGlite serves one transaction at a time, and each like is one.
    for (const key of photo.likes ?? []) await clientOf(key).trpc.photos.likes.toggle.mutate({ ...scoped, liked: true });
    for (const comment of photo.comments ?? []) await clientOf(comment.by).trpc.photos.comments.add.mutate({ ...scoped, content: comment.content });
  }
  return { seeded: true };
}
