import { and, asc, eq, inArray } from "drizzle-orm";
import { displayTitle, isParentRole } from "../../src/domain/permissions";
import { selectGuestPregnancy, type StoredGuestChoice } from "../../src/domain/pregnancySelection";
import type { Db } from "../db";
import { pregnancies, pregnancyBabies, pregnancyParticipants, users } from "../db/schema";

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

export async function listParticipants(db: Db, pregnancyId: string) {
  const rows = await db
    .select({
      id: pregnancyParticipants.id,
      userId: pregnancyParticipants.userId,
      role: pregnancyParticipants.role,
      status: pregnancyParticipants.status,
      title: pregnancyParticipants.title,
      relationship: pregnancyParticipants.relationship,
      privacyLevel: pregnancyParticipants.privacyLevel,
      invitedEmail: pregnancyParticipants.invitedEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(pregnancyParticipants)
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(eq(pregnancyParticipants.pregnancyId, pregnancyId))
    .orderBy(asc(pregnancyParticipants.createdAt));
  return rows.map((r) => ({ ...r, displayTitle: displayTitle(r.title, r.role) }));
}
