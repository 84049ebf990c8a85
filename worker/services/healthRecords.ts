/**
 * The parents' health records (issue 9): cravings and symptoms, the birth plan, the hospital bag
 * and the medical contacts. Only parents reach these functions (parentProcedure); every query
 * filters by the checked pregnancy id, and ids named in the input are checked to belong to it.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, max, ne, sql } from "drizzle-orm";
import { lmpFromDueDate } from "../../src/domain/dates";
import type { HealthLogKind, HospitalBagOwner } from "../../src/domain/enums";
import { HEALTH_RECORD_MESSAGES } from "../../src/domain/healthRecords";
import type { Db, Executor } from "../db";
import { birthPlans, healthLogs, hospitalBagItems, medicalContacts, pregnancies, pregnancyParticipants, users } from "../db/schema";
import type { PregnancyCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";
import { cleanBagItemName, type DefaultBagItem, HOSPITAL_BAG_DEFAULTS, HOSPITAL_BAG_MAX_ITEMS } from "../../src/domain/hospitalBag";
import { cleanHealthLog, HEALTH_LOG_CLOCK_SKEW_MS, type HealthLogInput, healthLogWeek, isLocalDayOf } from "../../src/domain/healthLogs";
import { cleanMedicalContact, MEDICAL_CONTACTS_MAX, type MedicalContactInput, sortMedicalContacts } from "../../src/domain/medicalContacts";
import { normalizeBirthPlanAnswers, type BirthPlanAnswers } from "../../src/domain/birthPlan";

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
const limitExceeded = (message: string) => new AppError("BAD_REQUEST", "LIMIT_EXCEEDED", message);
const idTaken = () => new AppError("CONFLICT", "ID_TAKEN", HEALTH_RECORD_MESSAGES.idTaken);

/** Locks the pregnancy row, so two parents adding at once cannot both pass a limit or take one position. */
const lockPregnancy = (tx: Executor, pregnancyId: string) => tx.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("update");

// ---------------------------------------------------------------------------------------------
// Cravings and symptoms

const logColumns = {
  id: healthLogs.id,
  kind: healthLogs.kind,
  name: healthLogs.name,
  severity: healthLogs.severity,
  notes: healthLogs.notes,
  loggedAt: healthLogs.loggedAt,
  week: healthLogs.week,
  loggedBy: users.firstName,
};

/** The pregnancy's logs of one kind (both kinds without one), newest first, with who logged each. */
export function listLogs({ db, access }: PregnancyCaller, kind: HealthLogKind | undefined) {
  return db
    .select(logColumns)
    .from(healthLogs)
    .leftJoin(users, eq(users.id, healthLogs.userId))
    .where(and(eq(healthLogs.pregnancyId, access.id), kind ? eq(healthLogs.kind, kind) : undefined))
    .orderBy(desc(healthLogs.loggedAt), desc(healthLogs.createdAt));
}
export type HealthLogView = Awaited<ReturnType<typeof listLogs>>[number];

/**
 * Stores quick logs made on a phone, perhaps offline and sent again after a failed try: each id is
 * stored once (a log already stored is left as it is), all of them or none. The week comes from
 * the day the parent logged it and the pregnancy's LMP.
 */
export async function syncLogs(caller: PregnancyCaller, logs: HealthLogInput[], now = new Date()) {
  const [pregnancy] = await caller.db.select({ dueDate: pregnancies.dueDate, lmp: pregnancies.lastMenstrualPeriod }).from(pregnancies).where(eq(pregnancies.id, caller.access.id));
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const lmp = pregnancy.lmp ?? lmpFromDueDate(pregnancy.dueDate);
  const rows = logs.map((log) => {
    if (!isLocalDayOf(log.loggedAt, log.loggedOn)) throw invalid(HEALTH_RECORD_MESSAGES.invalidLogDate);
    if (log.loggedAt.getTime() > now.getTime() + HEALTH_LOG_CLOCK_SKEW_MS) throw invalid(HEALTH_RECORD_MESSAGES.futureLog);
    const { name, notes } = cleanHealthLog(log);
    if (!name) throw invalid(HEALTH_RECORD_MESSAGES.nameRequired);
    return {
      id: log.id,
      pregnancyId: caller.access.id,
      userId: caller.user.id,
      kind: log.kind,
      name,
      notes,
      severity: log.kind === "symptom" ? log.severity : null,
      loggedAt: log.loggedAt,
      week: healthLogWeek(log.loggedOn, lmp),
    };
  });
  const ids = [...new Set(rows.map((row) => row.id))];
  return caller.db.transaction(async (tx) => {
    const stored = await tx.insert(healthLogs).values(rows).onConflictDoNothing({ target: healthLogs.id }).returning({ id: healthLogs.id });
    if (stored.length < ids.length) {
      const [elsewhere] = await tx
        .select({ id: healthLogs.id })
        .from(healthLogs)
        .where(and(inArray(healthLogs.id, ids), ne(healthLogs.pregnancyId, caller.access.id)))
        .limit(1);
      if (elsewhere) throw idTaken();
    }
    return { stored: stored.length, alreadyStored: ids.length - stored.length };
  });
}

/** Deleting a log already gone is not an error: a retry, or the other parent was quicker. */
export async function deleteLog(caller: PregnancyCaller, logId: string) {
  const [row] = await caller.db.select({ pregnancyId: healthLogs.pregnancyId }).from(healthLogs).where(eq(healthLogs.id, logId));
  if (!row) return { deleted: false };
  assertInPregnancy(row, caller.access.id, "Log");
  await caller.db.delete(healthLogs).where(eq(healthLogs.id, logId));
  return { deleted: true };
}

// ---------------------------------------------------------------------------------------------
// Birth plan

/** The plan with what its printed copy heads: the pregnancy, its due date and the parents' names. */
export async function getBirthPlan({ db, access }: PregnancyCaller) {
  const pregnancyId = access.id;
  const [[plan], [pregnancy], parents] = await Promise.all([
    db
      .select({ answers: birthPlans.answers, updatedAt: birthPlans.updatedAt, updatedBy: users.firstName })
      .from(birthPlans)
      .leftJoin(users, eq(users.id, birthPlans.updatedBy))
      .where(eq(birthPlans.pregnancyId, pregnancyId)),
    db.select({ title: pregnancies.title, dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, role: pregnancyParticipants.role })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, ["owner", "partner"])))
      // The owner first (the role enum's order).
      .orderBy(asc(pregnancyParticipants.role)),
  ]);
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  return {
    answers: normalizeBirthPlanAnswers(plan?.answers),
    updatedAt: plan?.updatedAt ?? null,
    updatedBy: plan?.updatedBy ?? null,
    title: pregnancy.title,
    dueDate: pregnancy.dueDate,
    parents: parents.map((p) => ({ firstName: p.firstName, lastName: p.lastName })),
  };
}

/** Saves the whole plan (the form sends every answer): the last save wins. */
export async function saveBirthPlan(caller: PregnancyCaller, answers: Partial<BirthPlanAnswers>) {
  const stored = normalizeBirthPlanAnswers(answers);
  await caller.db
    .insert(birthPlans)
    .values({ pregnancyId: caller.access.id, answers: stored, updatedBy: caller.user.id })
    .onConflictDoUpdate({ target: birthPlans.pregnancyId, set: { answers: stored, updatedBy: caller.user.id, updatedAt: new Date() } });
  return getBirthPlan(caller);
}

// ---------------------------------------------------------------------------------------------
// Hospital bag

const bagColumns = { id: hospitalBagItems.id, owner: hospitalBagItems.owner, name: hospitalBagItems.name, isPacked: hospitalBagItems.isPacked, isSuggested: isNotNull(hospitalBagItems.defaultKey) };

const bagItemsOf = (db: Executor, pregnancyId: string) =>
  db.select(bagColumns).from(hospitalBagItems).where(eq(hospitalBagItems.pregnancyId, pregnancyId)).orderBy(asc(hospitalBagItems.owner), asc(hospitalBagItems.displayOrder), asc(hospitalBagItems.createdAt));
export type BagItemView = Awaited<ReturnType<typeof bagItemsOf>>[number];

/**
 * Inserts the suggested items not yet on the lists, each after its list's last item. The unique
 * (pregnancy, default_key) index keeps a suggestion from being added twice, even when both
 * parents open the bag for the first time at once.
 */
async function insertSuggestions(tx: Executor, pregnancyId: string, suggestions: readonly DefaultBagItem[]) {
  if (suggestions.length === 0) return;
  const lastOrders = await tx
    .select({ owner: hospitalBagItems.owner, last: max(hospitalBagItems.displayOrder) })
    .from(hospitalBagItems)
    .where(eq(hospitalBagItems.pregnancyId, pregnancyId))
    .groupBy(hospitalBagItems.owner);
  const next = new Map<HospitalBagOwner, number>(lastOrders.map((row) => [row.owner, (row.last ?? -1) + 1]));
  const rows = suggestions.map((item) => {
    const displayOrder = next.get(item.owner) ?? 0;
    next.set(item.owner, displayOrder + 1);
    return { pregnancyId, owner: item.owner, name: item.name, defaultKey: item.key, displayOrder };
  });
  await tx.insert(hospitalBagItems).values(rows).onConflictDoNothing({ target: [hospitalBagItems.pregnancyId, hospitalBagItems.defaultKey] });
}

/**
 * The three lists. The first open fills them with the suggested items: a bag with no item at all
 * gets them (a read-only pregnancy is only read). A suggestion deleted later stays deleted while
 * anything is left on the lists; 'restoreSuggestedItems' brings deleted ones back on request.
 */
export async function listBagItems({ db, access }: PregnancyCaller) {
  const items = await bagItemsOf(db, access.id);
  if (items.length > 0 || access.serviceState === "read-only") return items;
  await insertSuggestions(db, access.id, HOSPITAL_BAG_DEFAULTS);
  return bagItemsOf(db, access.id);
}

/** Puts back the suggested items that were deleted (the parent asked for them again). */
export async function restoreSuggestedItems(caller: PregnancyCaller) {
  await caller.db.transaction(async (tx) => {
    await lockPregnancy(tx, caller.access.id);
    const present = await tx
      .select({ key: hospitalBagItems.defaultKey })
      .from(hospitalBagItems)
      .where(and(eq(hospitalBagItems.pregnancyId, caller.access.id), isNotNull(hospitalBagItems.defaultKey)));
    const keys = new Set(present.map((row) => row.key));
    const missing = HOSPITAL_BAG_DEFAULTS.filter((item) => !keys.has(item.key));
    const [total] = await tx.select({ n: count() }).from(hospitalBagItems).where(eq(hospitalBagItems.pregnancyId, caller.access.id));
    if ((total?.n ?? 0) + missing.length > HOSPITAL_BAG_MAX_ITEMS) throw limitExceeded(HEALTH_RECORD_MESSAGES.tooManyItems);
    await insertSuggestions(tx, caller.access.id, missing);
  });
  return bagItemsOf(caller.db, caller.access.id);
}

/** A parent's own item at the end of its list. `id` is the client's, so a retried add stays one item. */
export async function addBagItem(caller: PregnancyCaller, input: { id: string; owner: HospitalBagOwner; name: string }) {
  const name = cleanBagItemName(input.name);
  if (!name) throw invalid(HEALTH_RECORD_MESSAGES.nameRequired);
  await caller.db.transaction(async (tx) => {
    await lockPregnancy(tx, caller.access.id);
    const [existing] = await tx.select({ pregnancyId: hospitalBagItems.pregnancyId }).from(hospitalBagItems).where(eq(hospitalBagItems.id, input.id));
    if (existing) {
      if (existing.pregnancyId !== caller.access.id) throw idTaken();
      return;
    }
    const [stats] = await tx
      .select({ total: count(), last: sql<number | null>`max(${hospitalBagItems.displayOrder}) filter (where ${hospitalBagItems.owner} = ${input.owner})` })
      .from(hospitalBagItems)
      .where(eq(hospitalBagItems.pregnancyId, caller.access.id));
    if ((stats?.total ?? 0) >= HOSPITAL_BAG_MAX_ITEMS) throw limitExceeded(HEALTH_RECORD_MESSAGES.tooManyItems);
    await tx.insert(hospitalBagItems).values({ id: input.id, pregnancyId: caller.access.id, owner: input.owner, name, displayOrder: (stats?.last ?? -1) + 1 });
  });
  return bagItemsOf(caller.db, caller.access.id);
}

async function bagItemInPregnancy(db: Executor, pregnancyId: string, itemId: string) {
  const [row] = await db.select({ pregnancyId: hospitalBagItems.pregnancyId }).from(hospitalBagItems).where(eq(hospitalBagItems.id, itemId));
  return assertInPregnancy(row, pregnancyId, "Item");
}

/** Packs or unpacks an item, or renames it. */
export async function updateBagItem(caller: PregnancyCaller, changes: { itemId: string; isPacked?: boolean | undefined; name?: string | undefined }) {
  const { itemId } = changes;
  await bagItemInPregnancy(caller.db, caller.access.id, itemId);
  const values: Partial<typeof hospitalBagItems.$inferInsert> = {};
  if (changes.isPacked !== undefined) values.isPacked = changes.isPacked;
  if (changes.name !== undefined) {
    const name = cleanBagItemName(changes.name);
    if (!name) throw invalid(HEALTH_RECORD_MESSAGES.nameRequired);
    values.name = name;
  }
  if (Object.keys(values).length > 0) await caller.db.update(hospitalBagItems).set(values).where(eq(hospitalBagItems.id, itemId));
  return bagItemsOf(caller.db, caller.access.id);
}

export async function deleteBagItem(caller: PregnancyCaller, itemId: string) {
  const [row] = await caller.db.select({ pregnancyId: hospitalBagItems.pregnancyId }).from(hospitalBagItems).where(eq(hospitalBagItems.id, itemId));
  if (row) {
    assertInPregnancy(row, caller.access.id, "Item");
    await caller.db.delete(hospitalBagItems).where(eq(hospitalBagItems.id, itemId));
  }
  return bagItemsOf(caller.db, caller.access.id);
}

// ---------------------------------------------------------------------------------------------
// Medical contacts

const contactColumns = {
  id: medicalContacts.id,
  kind: medicalContacts.kind,
  name: medicalContacts.name,
  phone: medicalContacts.phone,
  email: medicalContacts.email,
  address: medicalContacts.address,
  notes: medicalContacts.notes,
  updatedAt: medicalContacts.updatedAt,
};

/** Provider first, then hospital, doula, paediatrician and others, by name within each. */
export async function listMedicalContacts({ db, access }: PregnancyCaller) {
  return sortMedicalContacts(await db.select(contactColumns).from(medicalContacts).where(eq(medicalContacts.pregnancyId, access.id)));
}
export type MedicalContactView = Awaited<ReturnType<typeof listMedicalContacts>>[number];

async function contactView(db: Db, contactId: string): Promise<MedicalContactView> {
  const [row] = await db.select(contactColumns).from(medicalContacts).where(eq(medicalContacts.id, contactId));
  if (!row) throw new AppError("NOT_FOUND", "NOT_FOUND", "Contact not found");
  return row;
}

export async function createMedicalContact(caller: PregnancyCaller, input: MedicalContactInput & { id: string }) {
  const values = cleanMedicalContact(input);
  if (!values.name) throw invalid(HEALTH_RECORD_MESSAGES.nameRequired);
  await caller.db.transaction(async (tx) => {
    await lockPregnancy(tx, caller.access.id);
    const [existing] = await tx.select({ pregnancyId: medicalContacts.pregnancyId }).from(medicalContacts).where(eq(medicalContacts.id, input.id));
    if (existing) {
      if (existing.pregnancyId !== caller.access.id) throw idTaken();
      return;
    }
    const [stats] = await tx.select({ total: count() }).from(medicalContacts).where(eq(medicalContacts.pregnancyId, caller.access.id));
    if ((stats?.total ?? 0) >= MEDICAL_CONTACTS_MAX) throw limitExceeded(HEALTH_RECORD_MESSAGES.tooManyContacts);
    await tx.insert(medicalContacts).values({ ...values, id: input.id, pregnancyId: caller.access.id });
  });
  return contactView(caller.db, input.id);
}

/** Replaces the contact's fields with the form's (an emptied field is cleared). */
export async function updateMedicalContact(caller: PregnancyCaller, input: MedicalContactInput & { contactId: string }) {
  const { contactId } = input;
  const [row] = await caller.db.select({ pregnancyId: medicalContacts.pregnancyId }).from(medicalContacts).where(eq(medicalContacts.id, contactId));
  assertInPregnancy(row, caller.access.id, "Contact");
  const values = cleanMedicalContact(input);
  if (!values.name) throw invalid(HEALTH_RECORD_MESSAGES.nameRequired);
  await caller.db.update(medicalContacts).set(values).where(eq(medicalContacts.id, contactId));
  return contactView(caller.db, contactId);
}

export async function deleteMedicalContact(caller: PregnancyCaller, contactId: string) {
  const [row] = await caller.db.select({ pregnancyId: medicalContacts.pregnancyId }).from(medicalContacts).where(eq(medicalContacts.id, contactId));
  if (!row) return { deleted: false };
  assertInPregnancy(row, caller.access.id, "Contact");
  await caller.db.delete(medicalContacts).where(eq(medicalContacts.id, contactId));
  return { deleted: true };
}
