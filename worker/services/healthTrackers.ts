import { and, asc, count, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { addDays, todayIso } from "../../src/domain/dates";
import type { Contraction, KickSession } from "../../src/domain/healthTrackers";
import { sanitizePlainText } from "../../src/domain/sanitize";
import type { Db } from "../db";
import { contractions, healthSupplementDoses, healthSupplements, kickSessions, pregnancyBabies } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import type { PregnancyCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";
import { CLIENT_CLOCK_SKEW_MAX_MS, SUPPLEMENT_TEXT_MAX_LENGTH, SUPPLEMENTS_MAX } from "../../src/domain/healthTrackers";

/*
 * The parents' trackers. Every query filters by the checked pregnancy (and, for supplements, the
 * caller: vitamins are each parent's own). Kick sessions and contractions arrive from devices that
 * may have been offline: each carries the id its device made, so a sync that is sent again stores
 * it once.
 */

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
const supplementNotFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "Supplement not found");

/** Kick sessions and contractions are shared by both parents: their open screens reload after a write. */
const announce = (caller: PregnancyCaller) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "health"));

// ---------------------------------------------------------------------------------------------
// Vitamins

const supplementColumns = {
  id: healthSupplements.id,
  name: healthSupplements.name,
  dose: healthSupplements.dose,
  timeOfDay: healthSupplements.timeOfDay,
  isActive: healthSupplements.isActive,
  createdAt: healthSupplements.createdAt,
};

/** The caller's supplements (active and paused, in the order added) and every day each was taken. */
export async function listSupplements({ db, access, user }: PregnancyCaller) {
  const mine = and(eq(healthSupplements.pregnancyId, access.id), eq(healthSupplements.userId, user.id));
  const [supplements, doses] = await Promise.all([
    db.select(supplementColumns).from(healthSupplements).where(mine).orderBy(asc(healthSupplements.createdAt), asc(healthSupplements.name)),
    db
      .select({ supplementId: healthSupplementDoses.supplementId, takenOn: healthSupplementDoses.takenOn })
      .from(healthSupplementDoses)
      .innerJoin(healthSupplements, eq(healthSupplements.id, healthSupplementDoses.supplementId))
      .where(mine)
      .orderBy(asc(healthSupplementDoses.takenOn)),
  ]);
  return { supplements, doses };
}

export interface SupplementFields {
  name?: string | undefined;
  dose?: string | undefined;
  timeOfDay?: string | undefined;
  isActive?: boolean | undefined;
}

/** Sanitised columns (tags stripped, cut at 100); empty dose or time is stored as null, an empty name is refused. */
function supplementValues(fields: SupplementFields): Partial<typeof healthSupplements.$inferInsert> {
  const clean = (text: string) => sanitizePlainText(text, SUPPLEMENT_TEXT_MAX_LENGTH);
  const values: Partial<typeof healthSupplements.$inferInsert> = {};
  if (fields.name !== undefined) {
    const name = clean(fields.name);
    if (!name) throw invalid("Name is required");
    values.name = name;
  }
  if (fields.dose !== undefined) values.dose = clean(fields.dose) || null;
  if (fields.timeOfDay !== undefined) values.timeOfDay = clean(fields.timeOfDay) || null;
  if (fields.isActive !== undefined) values.isActive = fields.isActive;
  return values;
}

/** The caller's own supplement: another pregnancy's is a context error, another parent's does not exist for them. */
async function ownSupplement(caller: PregnancyCaller, supplementId: string) {
  const [row] = await caller.db
    .select({ pregnancyId: healthSupplements.pregnancyId, userId: healthSupplements.userId })
    .from(healthSupplements)
    .where(eq(healthSupplements.id, supplementId));
  const supplement = assertInPregnancy(row, caller.access.id, "Supplement");
  if (supplement.userId !== caller.user.id) throw supplementNotFound();
}

async function supplementView(caller: PregnancyCaller, supplementId: string) {
  const [row] = await caller.db.select(supplementColumns).from(healthSupplements).where(eq(healthSupplements.id, supplementId));
  if (!row) throw supplementNotFound();
  return row;
}

/** `id` is made by the client, so the optimistic row and a retried add stay one supplement. */
export async function addSupplement(caller: PregnancyCaller, input: SupplementFields & { id: string; name: string }) {
  const values = supplementValues(input);
  const [existing] = await caller.db.select({ id: healthSupplements.id }).from(healthSupplements).where(eq(healthSupplements.id, input.id));
  if (existing) {
    await ownSupplement(caller, input.id);
    return supplementView(caller, input.id);
  }
  const [kept] = await caller.db
    .select({ count: count() })
    .from(healthSupplements)
    .where(and(eq(healthSupplements.pregnancyId, caller.access.id), eq(healthSupplements.userId, caller.user.id)));
  if ((kept?.count ?? 0) >= SUPPLEMENTS_MAX) throw invalid(`You can keep up to ${SUPPLEMENTS_MAX} supplements on your checklist.`);
  await caller.db
    .insert(healthSupplements)
    .values({ ...values, name: values.name ?? input.name, id: input.id, pregnancyId: caller.access.id, userId: caller.user.id })
    .onConflictDoNothing({ target: healthSupplements.id });
  await ownSupplement(caller, input.id);
  return supplementView(caller, input.id);
}

export async function updateSupplement(caller: PregnancyCaller, fields: SupplementFields & { supplementId: string }) {
  const { supplementId } = fields;
  await ownSupplement(caller, supplementId);
  const values = supplementValues(fields);
  if (Object.keys(values).length > 0) await caller.db.update(healthSupplements).set(values).where(eq(healthSupplements.id, supplementId));
  return supplementView(caller, supplementId);
}

/** Removing takes its ticks with it (cascade). Removing one already gone is not an error: a retry. */
export async function removeSupplement(caller: PregnancyCaller, supplementId: string) {
  const [row] = await caller.db.select({ id: healthSupplements.id }).from(healthSupplements).where(eq(healthSupplements.id, supplementId));
  if (!row) return { removed: false };
  await ownSupplement(caller, supplementId);
  await caller.db.delete(healthSupplements).where(eq(healthSupplements.id, supplementId));
  return { removed: true };
}

/**
 * Ticks or unticks a supplement for a local day. The day comes from the person's device, so it may
 * be a day ahead of the server's UTC date, never more; idempotent either way.
 */
export async function setSupplementTaken(caller: PregnancyCaller, { supplementId, day, taken }: { supplementId: string; day: string; taken: boolean }) {
  if (day > addDays(todayIso(), 1)) throw invalid("That day has not come yet");
  await ownSupplement(caller, supplementId);
  if (taken) {
    await caller.db.insert(healthSupplementDoses).values({ supplementId, takenOn: day }).onConflictDoNothing({ target: [healthSupplementDoses.supplementId, healthSupplementDoses.takenOn] });
  } else {
    await caller.db.delete(healthSupplementDoses).where(and(eq(healthSupplementDoses.supplementId, supplementId), eq(healthSupplementDoses.takenOn, day)));
  }
  return { supplementId, takenOn: day, taken };
}

// ---------------------------------------------------------------------------------------------
// Records synced from devices (kick sessions, contractions)

/** Times from a device may run a little ahead of ours (its clock), not by more than a day. */
function assertNotAhead(times: readonly number[], now = Date.now()) {
  if (times.some((time) => time > now + CLIENT_CLOCK_SKEW_MAX_MS)) throw invalid("A record is dated in the future. Please check your device's clock.");
}

type DeviceTable = typeof kickSessions | typeof contractions;

/** Ids a device made must not name another pregnancy's records (audited as a context error). */
async function assertIdsInPregnancy(db: Db, table: DeviceTable, ids: string[], pregnancyId: string) {
  const [elsewhere] = await db
    .select({ pregnancyId: table.pregnancyId })
    .from(table)
    .where(and(inArray(table.id, ids), ne(table.pregnancyId, pregnancyId)))
    .limit(1);
  if (elsewhere) assertInPregnancy(elsewhere, pregnancyId, "Record");
}

/** Deletes one record of the pregnancy; one already gone is not an error (a retry, or the other parent's). */
async function removeRecord(caller: PregnancyCaller, table: DeviceTable, id: string) {
  const [row] = await caller.db.select({ pregnancyId: table.pregnancyId }).from(table).where(eq(table.id, id));
  if (!row) return { removed: false };
  assertInPregnancy(row, caller.access.id, "Record");
  await caller.db.delete(table).where(and(eq(table.id, id), eq(table.pregnancyId, caller.access.id)));
  announce(caller);
  return { removed: true };
}

/** The pregnancy's finished kick sessions, oldest first, as devices keep them. */
export async function listKickSessions({ db, access }: PregnancyCaller): Promise<KickSession[]> {
  const rows = await db
    .select()
    .from(kickSessions)
    .where(and(eq(kickSessions.pregnancyId, access.id), isNotNull(kickSessions.endedAt)))
    .orderBy(asc(kickSessions.startedAt));
  return rows.map((row) => ({ id: row.id, babyId: row.babyId, startedAt: row.startedAt.getTime(), endedAt: (row.endedAt ?? row.startedAt).getTime(), kickOffsetsMs: row.kickOffsetsMs }));
}

/**
 * A session's baby must be one of this pregnancy's: another pregnancy's is refused; one removed
 * since the session was counted offline is dropped (the session is kept without a baby).
 */
async function knownBabies(db: Db, babyIds: string[], pregnancyId: string): Promise<Set<string>> {
  if (babyIds.length === 0) return new Set();
  const rows = await db.select({ id: pregnancyBabies.id, pregnancyId: pregnancyBabies.pregnancyId }).from(pregnancyBabies).where(inArray(pregnancyBabies.id, babyIds));
  for (const row of rows) assertInPregnancy(row, pregnancyId, "Baby");
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores finished sessions by their device-made ids (insert, or update on a repeat): sending the
 * same sessions again changes nothing. The recorder of a session stays the person who first sent it.
 */
export async function syncKickSessions(caller: PregnancyCaller, sessions: KickSession[]) {
  assertNotAhead(sessions.map((s) => s.endedAt));
  const ids = sessions.map((s) => s.id);
  await assertIdsInPregnancy(caller.db, kickSessions, ids, caller.access.id);
  const babies = await knownBabies(caller.db, [...new Set(sessions.flatMap((s) => (s.babyId ? [s.babyId] : [])))], caller.access.id);
  await caller.db
    .insert(kickSessions)
    .values(
      sessions.map((s) => ({
        id: s.id,
        pregnancyId: caller.access.id,
        babyId: s.babyId && babies.has(s.babyId) ? s.babyId : null,
        recordedBy: caller.user.id,
        startedAt: new Date(s.startedAt),
        endedAt: new Date(s.endedAt),
        kickOffsetsMs: s.kickOffsetsMs,
      })),
    )
    .onConflictDoUpdate({
      target: kickSessions.id,
      set: {
        babyId: sql`excluded.baby_id`,
        startedAt: sql`excluded.started_at`,
        endedAt: sql`excluded.ended_at`,
        kickOffsetsMs: sql`excluded.kick_offsets_ms`,
        updatedAt: new Date(),
      },
      // Race-proof twin of the check above: a row of another pregnancy is never overwritten.
      setWhere: eq(kickSessions.pregnancyId, caller.access.id),
    });
  announce(caller);
  return { synced: ids };
}

export const removeKickSession = (caller: PregnancyCaller, sessionId: string) => removeRecord(caller, kickSessions, sessionId);

/** The pregnancy's finished contractions, oldest first, as devices keep them. */
export async function listContractions({ db, access }: PregnancyCaller): Promise<Contraction[]> {
  const rows = await db
    .select({ id: contractions.id, startedAt: contractions.startedAt, endedAt: contractions.endedAt })
    .from(contractions)
    .where(and(eq(contractions.pregnancyId, access.id), isNotNull(contractions.endedAt)))
    .orderBy(asc(contractions.startedAt));
  return rows.map((row) => ({ id: row.id, startedAt: row.startedAt.getTime(), endedAt: (row.endedAt ?? row.startedAt).getTime() }));
}

/** Stores finished contractions by their device-made ids; sending them again changes nothing. */
export async function syncContractions(caller: PregnancyCaller, list: Contraction[]) {
  assertNotAhead(list.map((c) => c.endedAt));
  const ids = list.map((c) => c.id);
  await assertIdsInPregnancy(caller.db, contractions, ids, caller.access.id);
  await caller.db
    .insert(contractions)
    .values(list.map((c) => ({ id: c.id, pregnancyId: caller.access.id, recordedBy: caller.user.id, startedAt: new Date(c.startedAt), endedAt: new Date(c.endedAt) })))
    .onConflictDoUpdate({
      target: contractions.id,
      set: { startedAt: sql`excluded.started_at`, endedAt: sql`excluded.ended_at` },
      setWhere: eq(contractions.pregnancyId, caller.access.id),
    });
  announce(caller);
  return { synced: ids };
}

export const removeContraction = (caller: PregnancyCaller, contractionId: string) => removeRecord(caller, contractions, contractionId);
