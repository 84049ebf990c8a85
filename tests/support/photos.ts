import { eq } from "drizzle-orm";
import type { GuestPrivacyLevel, Permissions } from "../../src/domain/enums";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { openTestDb } from "./env";
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
