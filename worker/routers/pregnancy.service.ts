import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { MAX_SETUP_BABIES } from "../../src/domain/constants";
import { resolvePregnancyDates } from "../../src/domain/dates";
import type { BabyColor, BabyGender } from "../../src/domain/enums";
import { displayTitle, isParentRole } from "../../src/domain/permissions";
import { DEFAULT_PREGNANCY_TITLE, TOO_MANY_BABIES_MESSAGE, defaultBabyName } from "../../src/domain/pregnancy";
import { selectGuestPregnancy, type StoredGuestChoice } from "../../src/domain/pregnancySelection";
import { sanitizeTitle } from "../../src/domain/sanitize";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import type { Db } from "../db";
import { pregnancies, pregnancyBabies, pregnancyParticipants, subscriptions } from "../db/schema";
import type { PregnancyAccess } from "../trpc/access";
import { AppError, assertInPregnancy } from "../trpc/init";
import { listParticipantsWithPermissions } from "./participants.service";

export async function listMyPregnancies(db: Db, userId: string, preg: string | undefined, storedChoice: StoredGuestChoice | undefined, now: number) {
  const rows = await db
    .select({
      id: pregnancies.id,
      title: pregnancies.title,
      dueDate: pregnancies.dueDate,
      lastMenstrualPeriod: pregnancies.lastMenstrualPeriod,
      serviceEndDate: pregnancies.serviceEndDate,
      createdAt: pregnancies.createdAt,
      participantId: pregnancyParticipants.id,
      role: pregnancyParticipants.role,
      participantTitle: pregnancyParticipants.title,
    })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "active")));

  const babies =
    rows.length === 0
      ? []
      : await db
          .select({ id: pregnancyBabies.id, pregnancyId: pregnancyBabies.pregnancyId, name: pregnancyBabies.name, birthOrder: pregnancyBabies.birthOrder, gender: pregnancyBabies.gender })
          .from(pregnancyBabies)
          .where(inArray(pregnancyBabies.pregnancyId, rows.map((r) => r.id)))
          .orderBy(asc(pregnancyBabies.birthOrder));

  const summaries = rows.map(({ createdAt, participantTitle, ...row }) => ({
    ...row,
    createdAt,
    displayTitle: displayTitle(participantTitle, row.role),
    babies: babies.filter((b) => b.pregnancyId === row.id),
  }));
  // Most recently created wins when a parent has several (the client warns).
  const parentPregnancies = summaries.filter((s) => isParentRole(s.role)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const guestPregnancies = summaries.filter((s) => s.role === "guest").sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const selection = selectGuestPregnancy(guestPregnancies, preg, storedChoice, now);

  return {
    parentPregnancy: parentPregnancies[0] ?? null,
    parentPregnancyCount: parentPregnancies.length,
    guestPregnancies,
    selectedGuestPregnancyId: selection.selectedId,
    dropStoredChoice: selection.dropStoredChoice,
  };
}

/** get_pregnancy_participants_safe: the contact side of each participant, without their permissions. */
export async function listParticipants(db: Db, pregnancyId: string) {
  const rows = await listParticipantsWithPermissions(db, pregnancyId);
  return rows.map(({ customPermissions: _custom, permissions: _permissions, ...contact }) => contact);
}

/** The caller's role, effective permissions and the pregnancy's subscription state, for the shell. */
export async function accessSummary(db: Db, access: PregnancyAccess, displayTitleText: string) {
  const [subscription] = await db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, access.id), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return {
    role: access.role,
    isParent: access.isParent,
    displayTitle: displayTitleText,
    privacyLevel: access.privacyLevel,
    permissions: access.permissions,
    subscription: { subscribed: subscription !== undefined, tier: subscription?.tier ?? null },
  };
}

const babyColumns = {
  id: pregnancyBabies.id,
  pregnancyId: pregnancyBabies.pregnancyId,
  name: pregnancyBabies.name,
  birthOrder: pregnancyBabies.birthOrder,
  gender: pregnancyBabies.gender,
  color: pregnancyBabies.color,
};

export async function pregnancyDetails(db: Db, pregnancyId: string) {
  const [pregnancy] = await db
    .select({
      id: pregnancies.id,
      title: pregnancies.title,
      dueDate: pregnancies.dueDate,
      lastMenstrualPeriod: pregnancies.lastMenstrualPeriod,
      serviceEndDate: pregnancies.serviceEndDate,
    })
    .from(pregnancies)
    .where(eq(pregnancies.id, pregnancyId));
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const babies = await db.select(babyColumns).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId)).orderBy(asc(pregnancyBabies.birthOrder));
  return { ...pregnancy, babies };
}

export async function updatePregnancy(db: Db, pregnancyId: string, changes: { title?: string | undefined; dates?: { dueDate: string } | { lastMenstrualPeriod: string } | undefined }) {
  const values: Partial<typeof pregnancies.$inferInsert> = {};
  if (changes.title !== undefined) values.title = sanitizeTitle(changes.title) || DEFAULT_PREGNANCY_TITLE;
  if (changes.dates) {
    const resolved = resolvePregnancyDates(changes.dates);
    if (!resolved.ok) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", resolved.error);
    Object.assign(values, resolved.value);
  }
  if (Object.keys(values).length > 0) await db.update(pregnancies).set(values).where(eq(pregnancies.id, pregnancyId));
  return pregnancyDetails(db, pregnancyId);
}

/** New babies take the next birth order and default to 'Baby N'; at most MAX_SETUP_BABIES. */
export async function addBaby(db: Db, pregnancyId: string, baby: { name?: string | undefined; gender: BabyGender; color?: BabyColor | undefined }) {
  return db.transaction(async (tx) => {
    // Lock the pregnancy row so two concurrent adds cannot take the same birth order.
    await tx.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("update");
    const [{ count, last } = { count: 0, last: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${pregnancyBabies.birthOrder}), 0)::int` })
      .from(pregnancyBabies)
      .where(eq(pregnancyBabies.pregnancyId, pregnancyId));
    if (count >= MAX_SETUP_BABIES) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", TOO_MANY_BABIES_MESSAGE);
    const birthOrder = last + 1;
    const [created] = await tx
      .insert(pregnancyBabies)
      .values({ pregnancyId, birthOrder, name: sanitizeTitle(baby.name ?? "") || defaultBabyName(birthOrder), gender: baby.gender, color: baby.color ?? null })
      .returning(babyColumns);
    if (!created) throw new Error("baby insert returned nothing");
    return created;
  });
}

export async function updateBaby(db: Db, pregnancyId: string, babyId: string, changes: { name?: string | undefined; gender?: BabyGender | undefined; color?: BabyColor | null | undefined }) {
  const [existing] = await db.select({ pregnancyId: pregnancyBabies.pregnancyId, birthOrder: pregnancyBabies.birthOrder }).from(pregnancyBabies).where(eq(pregnancyBabies.id, babyId));
  const baby = assertInPregnancy(existing, pregnancyId, "Baby");
  const values: Partial<typeof pregnancyBabies.$inferInsert> = {};
  if (changes.name !== undefined) values.name = sanitizeTitle(changes.name) || defaultBabyName(baby.birthOrder);
  if (changes.gender !== undefined) values.gender = changes.gender;
  if (changes.color !== undefined) values.color = changes.color;
  const [updated] = await db.update(pregnancyBabies).set(values).where(eq(pregnancyBabies.id, babyId)).returning(babyColumns);
  if (!updated) throw new AppError("NOT_FOUND", "NOT_FOUND", "Baby not found");
  return updated;
}
