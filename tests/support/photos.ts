import { eq } from "drizzle-orm";
import type { GuestPrivacyLevel, Permissions } from "../../src/domain/enums";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { baseUrl, openTestDb } from "./env";
import { signUp } from "./families";

/** A fresh guest of the pregnancy at a privacy level, with custom flags when given. */
export async function addGuest(pregnancyId: string, label: string, privacyLevel: GuestPrivacyLevel, permissions?: Partial<Permissions>) {
  const guest = await signUp(label);
  const { db, close } = openTestDb();
  try {
    const [row] = await db
      .insert(pregnancyParticipants)
      .values({ pregnancyId, userId: guest.userId, role: "guest", status: "active", privacyLevel, title: label, permissions: permissions ?? null })
      .returning({ id: pregnancyParticipants.id });
    if (!row) throw new Error("guest not added");
    return { ...guest, participantId: row.id };
  } finally {
    await close();
  }
}

/** Sets a pregnancy's photo storage (used and limit, in photos). */
export async function setStorage(pregnancyId: string, used: number, limit: number) {
  const { db, close } = openTestDb();
  try {
    await db.update(pregnancies).set({ photoStorageUsed: used, photoStorageLimit: limit }).where(eq(pregnancies.id, pregnancyId));
  } finally {
    await close();
  }
}

/** A pregnancy's photo storage used (in photos). */
export async function storageUsed(pregnancyId: string): Promise<number | undefined> {
  const { db, close } = openTestDb();
  try {
    return (await db.select({ used: pregnancies.photoStorageUsed }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)))[0]?.used;
  } finally {
    await close();
  }
}

/** The keys stored in R2 under a prefix (`pregnancies/<id>/`, `users/<id>/`), through the dev-only listing. */
export async function objectsUnder(prefix: string): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/dev/objects?prefix=${encodeURIComponent(prefix)}`);
  if (!response.ok) throw new Error(`listing ${prefix} answered ${response.status}`);
  return ((await response.json()) as { keys: string[] }).keys;
}
