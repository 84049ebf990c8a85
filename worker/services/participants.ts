import { and, asc, eq } from "drizzle-orm";
import type { GuestPrivacyLevel, GuestRelationship, Permissions } from "../../src/domain/enums";
import { displayTitle, effectivePermissions, normalizePermissions } from "../../src/domain/permissions";
import { sanitizeTitle } from "../../src/domain/sanitize";
import type { Db } from "../db";
import { pregnancyParticipants, users } from "../db/schema";
import { reauthoriseRoom } from "../infra/rooms";
import { withdrawInvitations } from "./calendar";
import type { PregnancyCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";

/** Participants with their titles, privacy levels and permissions, for the parents' settings. */
export async function listParticipantsWithPermissions(db: Db, pregnancyId: string) {
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
      invitedFirstName: pregnancyParticipants.invitedFirstName,
      invitedLastName: pregnancyParticipants.invitedLastName,
      customPermissions: pregnancyParticipants.permissions,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatarUrl: users.image,
      joinedAt: pregnancyParticipants.joinedAt,
    })
    .from(pregnancyParticipants)
    .leftJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(eq(pregnancyParticipants.pregnancyId, pregnancyId))
    .orderBy(asc(pregnancyParticipants.createdAt));
  return rows.map(({ invitedFirstName, invitedLastName, ...row }) => ({
    ...row,
    firstName: row.firstName ?? invitedFirstName,
    lastName: row.lastName ?? invitedLastName,
    displayTitle: displayTitle(row.title, row.role),
    permissions: effectivePermissions(row.role, row.customPermissions),
  }));
}

/** The caller's pregnancy's participants, as the parents' settings list them. */
export const listParticipantSettings = ({ db, access }: PregnancyCaller) => listParticipantsWithPermissions(db, access.id);

/** A participant named in the input, checked to belong to this pregnancy. */
export async function findParticipant(db: Db, pregnancyId: string, participantId: string) {
  const [row] = await db
    .select({
      id: pregnancyParticipants.id,
      pregnancyId: pregnancyParticipants.pregnancyId,
      userId: pregnancyParticipants.userId,
      role: pregnancyParticipants.role,
      status: pregnancyParticipants.status,
    })
    .from(pregnancyParticipants)
    .where(eq(pregnancyParticipants.id, participantId));
  return assertInPregnancy(row, pregnancyId, "Participant");
}

/** A guest participant of this pregnancy; parents' own rows are not edited here. */
export async function findGuest(db: Db, pregnancyId: string, participantId: string) {
  const participant = await findParticipant(db, pregnancyId, participantId);
  if (participant.role !== "guest") throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", "Only guests can be changed here");
  return participant;
}

export interface GuestChanges {
  title?: string | null | undefined;
  relationship?: GuestRelationship | null | undefined;
  privacyLevel?: GuestPrivacyLevel | undefined;
  permissions?: Permissions | undefined;
}

/**
 * A parent changes a guest of their pregnancy. Stores the whole normalised flag set, so a later
 * change to the defaults cannot alter a guest silently. New flags or a new level take effect on
 * the guest's open sockets at once: the room is told to check them again.
 */
export async function updateGuest({ db, env, access }: PregnancyCaller, changes: GuestChanges & { participantId: string }) {
  const { participantId } = changes;
  const pregnancyId = access.id;
  const guest = await findGuest(db, pregnancyId, participantId);
  const values: Partial<typeof pregnancyParticipants.$inferInsert> = {};
  if (changes.title !== undefined) values.title = changes.title === null ? null : sanitizeTitle(changes.title) || null;
  if (changes.relationship !== undefined) values.relationship = changes.relationship;
  if (changes.privacyLevel !== undefined) values.privacyLevel = changes.privacyLevel;
  if (changes.permissions !== undefined) values.permissions = normalizePermissions(changes.permissions);
  if (Object.keys(values).length > 0) {
    await db
      .update(pregnancyParticipants)
      .set(values)
      .where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.pregnancyId, pregnancyId)));
    if (guest.userId) await reauthoriseRoom(env, pregnancyId, [guest.userId]);
  }
  const updated = (await listParticipantsWithPermissions(db, pregnancyId)).find((p) => p.id === participantId);
  if (!updated) throw new AppError("NOT_FOUND", "NOT_FOUND", "Participant not found");
  return updated;
}

/** Removing a guest ends their access at once, open sockets included (their invitation rows go with them). */
export async function removeGuest({ db, env, access }: PregnancyCaller, participantId: string) {
  const pregnancyId = access.id;
  const guest = await findGuest(db, pregnancyId, participantId);
  await db.transaction(async (tx) => {
    await tx.delete(pregnancyParticipants).where(and(eq(pregnancyParticipants.id, participantId), eq(pregnancyParticipants.pregnancyId, pregnancyId)));
    if (guest.userId) await withdrawInvitations(tx, pregnancyId, guest.userId);
  });
  if (guest.userId) await reauthoriseRoom(env, pregnancyId, [guest.userId]);
  return { removed: true as const };
}
