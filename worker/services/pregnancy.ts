import { and, desc, eq, getTableName, inArray, isNull, sql } from "drizzle-orm";
import { contactsForViewer } from "../../src/domain/contacts";
import { lmpFromDueDate, resolvePregnancyDates, serviceEndPassedError } from "../../src/domain/dates";
import type { BabyColor, BabyGender } from "../../src/domain/enums";
import { displayTitle, effectivePermissions, isParentRole } from "../../src/domain/permissions";
import { DEFAULT_PREGNANCY_TITLE, defaultBabyName, defaultPregnancyTitle, MAX_SETUP_BABIES, pregnancyForViewer, SETUP_MESSAGES, TOO_MANY_BABIES_MESSAGE } from "../../src/domain/pregnancy";
import { selectGuestPregnancy, type StoredGuestChoice } from "../../src/domain/pregnancySelection";
import { sanitizeTitle } from "../../src/domain/sanitize";
import { guestAccessAfterLoss } from "../../src/domain/pregnancyLoss";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import type { Db, Executor } from "../db";
import { prebuiltSelect } from "../db/prebuilt";
import { pregnancies, pregnancyBabies, pregnancyLosses, pregnancyParticipants, subscriptions, users } from "../db/schema";
import { reauthoriseRoom, tellFeed } from "../infra/rooms";
import type { PregnancyCaller, UserCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";
import { checkSubscription } from "./billing";
import { familyZoneColumn, sessionStandsPlaceholder } from "./access";
import { moveAutoDatedEvents } from "./calendarMilestones";
import { listParticipantsWithPermissions } from "./participants";
import { insertPartnerInvitation, mailPartnerInvitation } from "./partners";

/** Which guest pregnancy to show: the one a link names (`preg`), else the one stored on the device. */
export interface GuestPregnancyChoice {
  preg?: string | undefined;
  storedChoice?: StoredGuestChoice | undefined;
}

const babyColumns = {
  id: pregnancyBabies.id,
  pregnancyId: pregnancyBabies.pregnancyId,
  name: pregnancyBabies.name,
  birthOrder: pregnancyBabies.birthOrder,
  gender: pregnancyBabies.gender,
  color: pregnancyBabies.color,
  /** Set once the baby is here (the waiting room's baby-here or Settings): the birth day in the family's zone. */
  birthDate: pregnancyBabies.birthDate,
};
type Baby = { [K in keyof typeof babyColumns]: (typeof pregnancyBabies.$inferSelect)[K] };

/**
 * Qualified by hand: drizzle leaves the columns of a one-table select unqualified, and inside the
 * subquery below an unqualified `id` would name the baby's, not the pregnancy's.
 */
const baby = (column: { name: string }) => `baby."${column.name}"`;

/**
 * The pregnancy's babies in birth order (`babyColumns`), as one column of the statement that reads
 * the pregnancy (no round trip of their own). Nothing in it varies, so it is written out once, as
 * text: the list of pregnancies is read on every full load.
 */
const babiesOfPregnancy = sql<Baby[]>`${sql.raw(`coalesce((
  select json_agg(json_build_object(${Object.entries(babyColumns)
    .map(([key, column]) => `'${key}', ${baby(column)}`)
    .join(", ")}) order by ${baby(pregnancyBabies.birthOrder)})
  from "${getTableName(pregnancyBabies)}" as baby where ${baby(pregnancyBabies.pregnancyId)} = "${getTableName(pregnancies)}"."${pregnancies.id.name}"
    -- A baby lost of several is no longer spoken of (issue 38).
    and ${baby(pregnancyBabies.lostAt)} is null), '[]'::json)`)}`;

/** What each read of a pregnancy shows of it: its title, its dates and the family's zone. */
const pregnancyColumns = {
  id: pregnancies.id,
  title: pregnancies.title,
  dueDate: pregnancies.dueDate,
  lastMenstrualPeriod: pregnancies.lastMenstrualPeriod,
  serviceEndDate: pregnancies.serviceEndDate,
  timeZone: familyZoneColumn,
};

/**
 * The caller's pregnancies with their babies and the session's check, in one statement built once
 * per isolate: the list is read on every full load.
 */
const myPregnancies = prebuiltSelect(
  {
    ...pregnancyColumns,
    createdAt: pregnancies.createdAt,
    participantId: pregnancyParticipants.id,
    role: pregnancyParticipants.role,
    participantTitle: pregnancyParticipants.title,
    customPermissions: pregnancyParticipants.permissions,
    babies: babiesOfPregnancy,
    lossRecordedAt: pregnancies.lossRecordedAt,
    lossMemories: pregnancies.lossMemories,
  },
  (select) =>
    select
      .from(pregnancyParticipants)
      .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
      .where(and(eq(pregnancyParticipants.userId, sql.placeholder("userId")), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "active"), sessionStandsPlaceholder)),
);

export async function listMyPregnancies(caller: UserCaller, choice: GuestPregnancyChoice = {}, now = Date.now()) {
  const rows = await myPregnancies(caller.db, { userId: caller.user.id, ...caller.liveSession.standsValues() });
  await caller.liveSession.confirm(rows.length > 0);

  // After a loss a guest keeps what the parents chose (issue 38): the pregnancy as before, to look at only, or not at all.
  const summaries = rows
    .map((row) => ({ row, afterLoss: row.lossRecordedAt !== null && !isParentRole(row.role) ? guestAccessAfterLoss(row.lossMemories) : "as-before" }))
    .filter(({ afterLoss }) => afterLoss !== "hidden")
    .map(({ row: { createdAt, participantTitle, customPermissions, lossRecordedAt, lossMemories: _memories, ...row }, afterLoss }) => ({
      ...pregnancyForViewer(row, isParentRole(row.role)),
      // The caller's own flags there, as pregnancy.access answers them: a guest's screen starts its flagged reads with the list.
      permissions: effectivePermissions(row.role, customPermissions),
      endedInLoss: lossRecordedAt !== null,
      readOnlyAfterLoss: afterLoss === "read-only",
      createdAt,
      displayTitle: displayTitle(participantTitle, row.role),
    }));
  // Most recently created wins when a parent has several (the client warns).
  const parentPregnancies = summaries.filter((s) => isParentRole(s.role)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const guestPregnancies = summaries.filter((s) => s.role === "guest").sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const selection = selectGuestPregnancy(guestPregnancies, choice.preg, choice.storedChoice, now);

  return {
    parentPregnancy: parentPregnancies[0] ?? null,
    parentPregnancyCount: parentPregnancies.length,
    guestPregnancies,
    selectedGuestPregnancyId: selection.selectedId,
    dropStoredChoice: selection.dropStoredChoice,
  };
}

/**
 * get_pregnancy_participants_safe: the contact side of each participant, without their permissions;
 * a guest (canViewContacts) gets what contactsForViewer leaves her.
 */
export async function listParticipants(caller: PregnancyCaller) {
  const rows = await listParticipantsWithPermissions(caller.db, caller.access.id);
  return contactsForViewer(
    rows.map(({ customPermissions: _custom, permissions: _permissions, ...contact }) => contact),
    caller.access.isParent,
  );
}

/** The caller's role, effective permissions and the pregnancy's subscription state, for the shell. */
export async function accessSummary(caller: PregnancyCaller) {
  const { access } = caller;
  const [subscription] = await caller.db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(and(eq(subscriptions.pregnancyId, access.id), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return {
    role: access.role,
    isParent: access.isParent,
    displayTitle: displayTitle(access.title, access.role),
    privacyLevel: access.privacyLevel,
    permissions: access.permissions,
    subscription: { subscribed: subscription !== undefined, tier: subscription?.tier ?? null },
  };
}


/**
 * The other parent's notice, read with the pregnancy's details: the latest standing loss this
 * parent did not record and has not closed.
 */
function openLossNotice(userId: string, pregnancyId: string) {
  const l = pregnancyLosses;
  return sql<{ id: string; by: string; babyName: string | null } | null>`(select json_build_object('id', ${l.id}, 'by', ${l.recordedByName}, 'babyName', (select b.name from ${pregnancyBabies} b where b.id = ${l.babyId}))
    from ${l} where ${l.pregnancyId} = ${pregnancyId} and ${l.undoneAt} is null and ${l.noticeDismissedAt} is null
      and ${l.recordedByUserId} is distinct from ${userId} order by ${l.recordedAt} desc limit 1)`;
}

async function detailsOf(db: Db, pregnancyId: string, viewer: { userId: string; isParent: boolean }) {
  const [pregnancy] = await db
    .select({
      ...pregnancyColumns,
      babies: babiesOfPregnancy,
      endedInLoss: sql<boolean>`${pregnancies.lossRecordedAt} is not null`,
      // The other parent's notice of a loss rides on the read every dashboard makes.
      lossNotice: viewer.isParent ? openLossNotice(viewer.userId, pregnancyId) : sql<null>`null`,
    })
    .from(pregnancies)
    .where(eq(pregnancies.id, pregnancyId));
  if (!pregnancy) throw new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");
  const { babies, endedInLoss, lossNotice, ...details } = pregnancy;
  return { ...pregnancyForViewer(details, viewer.isParent), babies, endedInLoss, lossNotice };
}

export async function pregnancyDetails(caller: PregnancyCaller) {
  return detailsOf(caller.db, caller.access.id, { userId: caller.user.id, isParent: caller.access.isParent });
}

/**
 * Settings' read-only view of the pregnancy for a guest trusted with canViewSettings (issue 24):
 * its details and who follows it (joined members, by name and title; no emails, levels or
 * invitations). Two reads that need not wait on each other.
 */
export async function familyOverview(caller: PregnancyCaller) {
  const { db, access } = caller;
  const [details, members] = await Promise.all([
    detailsOf(db, access.id, { userId: caller.user.id, isParent: access.isParent }),
    db
      .select({ id: pregnancyParticipants.id, role: pregnancyParticipants.role, title: pregnancyParticipants.title, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.image })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, access.id), eq(pregnancyParticipants.status, "active")))
      .orderBy(pregnancyParticipants.createdAt),
  ]);
  return { details, members: members.map(({ title, ...member }) => ({ ...member, displayTitle: displayTitle(title, member.role) })) };
}

export interface PregnancyChanges {
  title?: string | undefined;
  dates?: { dueDate: string } | { lastMenstrualPeriod: string } | undefined;
  timeZone?: string | undefined;
}

/**
 * Saves a parent's changes and answers the pregnancy as a parent sees it, telling no one: the
 * caller decides who hears of it (updatePregnancy, or the subscription's date change).
 */
export async function savePregnancyChanges(caller: PregnancyCaller, changes: PregnancyChanges) {
  const { db } = caller;
  const pregnancyId = caller.access.id;
  const values: Partial<typeof pregnancies.$inferInsert> = {};
  if (changes.title !== undefined) values.title = sanitizeTitle(changes.title) || DEFAULT_PREGNANCY_TITLE;
  if (changes.timeZone !== undefined) values.timeZone = changes.timeZone;
  if (changes.dates) {
    const resolved = resolvePregnancyDates(changes.dates);
    if (!resolved.ok) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", resolved.error);
    // Refused before anything is stored: a service end already past would lock the family out at once.
    const passed = serviceEndPassedError(resolved.value, caller.access.today);
    if (passed) throw new AppError("BAD_REQUEST", "SERVICE_END_PASSED", passed);
    Object.assign(values, resolved.value);
  }
  if (Object.keys(values).length > 0) {
    await db.transaction(async (tx) => {
      await tx.update(pregnancies).set(values).where(eq(pregnancies.id, pregnancyId));
      // Auto-dated milestones follow a new due date in the same commit (issue 8).
      if (values.dueDate) await moveAutoDatedEvents(tx, pregnancyId, lmpFromDueDate(values.dueDate));
    });
  }
  // Only parents change a pregnancy.
  return detailsOf(db, pregnancyId, { userId: caller.user.id, isParent: true });
}

export async function updatePregnancy(caller: PregnancyCaller, changes: PregnancyChanges) {
  const updated = await savePregnancyChanges(caller, changes);
  // New dates re-date the auto-dated milestones (open calendars reload) and move the service
  // end, which open sockets were checked against.
  if (changes.dates) await Promise.all([tellFeed(caller.env, caller.access.id, "calendar"), reauthoriseRoom(caller.env, caller.access.id)]);
  return updated;
}

/** New babies take the next birth order and default to 'Baby N'; at most MAX_SETUP_BABIES. */
export async function addBaby(caller: PregnancyCaller, baby: { name?: string | undefined; gender: BabyGender; color?: BabyColor | undefined }) {
  const pregnancyId = caller.access.id;
  return caller.db.transaction(async (tx) => {
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

export async function updateBaby(caller: PregnancyCaller, changes: { babyId: string; name?: string | undefined; gender?: BabyGender | undefined; color?: BabyColor | null | undefined }) {
  const { db } = caller;
  const { babyId } = changes;
  const [existing] = await db.select({ pregnancyId: pregnancyBabies.pregnancyId, birthOrder: pregnancyBabies.birthOrder }).from(pregnancyBabies).where(eq(pregnancyBabies.id, babyId));
  const baby = assertInPregnancy(existing, caller.access.id, "Baby");
  const values: Partial<typeof pregnancyBabies.$inferInsert> = {};
  if (changes.name !== undefined) values.name = sanitizeTitle(changes.name) || defaultBabyName(baby.birthOrder);
  if (changes.gender !== undefined) values.gender = changes.gender;
  if (changes.color !== undefined) values.color = changes.color;
  const [updated] = await db.update(pregnancyBabies).set(values).where(eq(pregnancyBabies.id, babyId)).returning(babyColumns);
  if (!updated) throw new AppError("NOT_FOUND", "NOT_FOUND", "Baby not found");
  return updated;
}

/** The newest active pregnancy the user owns or partners (core spec 4), or undefined. */
async function parentPregnancyOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: pregnancies.id, title: pregnancies.title, dueDate: pregnancies.dueDate, lastMenstrualPeriod: pregnancies.lastMenstrualPeriod, setupCompletedAt: pregnancies.setupCompletedAt })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(
      and(
        eq(pregnancyParticipants.userId, userId),
        eq(pregnancyParticipants.status, "active"),
        inArray(pregnancyParticipants.role, ["owner", "partner"]),
        eq(pregnancies.status, "active"),
      ),
    )
    .orderBy(desc(pregnancies.createdAt))
    .limit(1);
  return row;
}

export interface PregnancySetup {
  /** The time zone is the creating parent's browser's. */
  pregnancy: { title?: string | undefined; dueDate?: string | undefined; lastMenstrualPeriod?: string | undefined; timeZone?: string | undefined };
  partner?: { firstName: string; lastName: string; email: string } | undefined;
  babies?: { name?: string | undefined; gender: BabyGender }[] | undefined;
  /** A guest becoming a parent: their guest participations are kept (only owner/partner roles are checked). */
  isGuestConversion: boolean;
}

/**
 * create_pregnancy_complete: in one transaction the pregnancy (photo limit from the plan), the
 * owner, the babies, the partner's invitation and the subscription's link to the pregnancy, paid
 * by a subscription not yet used for one. Nothing is kept if any part fails; the partner's mail
 * goes out after the commit.
 */
export async function createPregnancyComplete(caller: UserCaller, setup: PregnancySetup) {
  const { db, user } = caller;
  const dates = resolvePregnancyDates(setup.pregnancy);
  if (!dates.ok) throw new AppError("BAD_REQUEST", "VALIDATION_FAILED", dates.error);
  const babies = (setup.babies ?? []).map((baby) => ({ name: sanitizeTitle(baby.name ?? ""), gender: baby.gender }));
  const title = sanitizeTitle(setup.pregnancy.title ?? "") || defaultPregnancyTitle(babies[0]?.name);

  const { pregnancyId, partnerInvitation } = await db.transaction(async (tx) => {
    if (await parentPregnancyOf(tx, user.id)) throw new AppError("CONFLICT", "ACTIVE_PREGNANCY_EXISTS", SETUP_MESSAGES.alreadyHasPregnancy);
    // Locked, so two setups at once cannot both spend the same subscription.
    const [subscription] = await tx
      .select({ id: subscriptions.id, photoStorageLimit: subscriptions.photoStorageLimit })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), isNull(subscriptions.pregnancyId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1)
      .for("update");
    if (!subscription) throw new AppError("FORBIDDEN", "SUBSCRIPTION_REQUIRED", SETUP_MESSAGES.subscriptionRequired);

    const [pregnancy] = await tx
      .insert(pregnancies)
      .values({ title, status: "active", createdByUserId: user.id, ...dates.value, timeZone: setup.pregnancy.timeZone ?? null, photoStorageLimit: subscription.photoStorageLimit })
      .returning({ id: pregnancies.id });
    if (!pregnancy) throw new Error("pregnancy insert returned nothing");
    await tx.insert(pregnancyParticipants).values({ pregnancyId: pregnancy.id, userId: user.id, role: "owner", status: "active", joinedAt: new Date() });
    if (babies.length > 0) {
      await tx.insert(pregnancyBabies).values(babies.map((baby, index) => ({ pregnancyId: pregnancy.id, birthOrder: index + 1, name: baby.name || defaultBabyName(index + 1), gender: baby.gender })));
    }
    const invitation = setup.partner ? await insertPartnerInvitation(tx, pregnancy.id, user.id, setup.partner) : null;
    await tx.update(subscriptions).set({ pregnancyId: pregnancy.id }).where(eq(subscriptions.id, subscription.id));
    return { pregnancyId: pregnancy.id, partnerInvitation: invitation };
  });

  console.info(JSON.stringify({ level: "info", msg: "pregnancy created", pregnancyId, guestConversion: setup.isGuestConversion }));
  if (partnerInvitation) await mailPartnerInvitation(caller, partnerInvitation);
  return { success: true as const, pregnancy_id: pregnancyId };
}

/** What /setup-pregnancy's gate and steps need: the subscription, the pregnancy being set up and its partner. */
export async function pregnancySetupStatus(caller: UserCaller) {
  const { db } = caller;
  const userId = caller.user.id;
  const { subscribed } = await checkSubscription(caller);
  const pregnancy = await parentPregnancyOf(db, userId);
  if (!pregnancy) return { subscribed, pregnancy: null };
  const [partner] = await db
    .select({ firstName: pregnancyParticipants.invitedFirstName, lastName: pregnancyParticipants.invitedLastName, email: pregnancyParticipants.invitedEmail, status: pregnancyParticipants.status })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancy.id), eq(pregnancyParticipants.role, "partner")))
    .limit(1);
  const { setupCompletedAt, ...details } = pregnancy;
  return { subscribed, pregnancy: { ...details, setupCompleted: setupCompletedAt !== null, partner: partner ?? null } };
}

/** The owner finished /setup-pregnancy: from now on it sends them to the dashboard. */
export async function completePregnancySetup(caller: PregnancyCaller) {
  await caller.db
    .update(pregnancies)
    .set({ setupCompletedAt: new Date() })
    .where(and(eq(pregnancies.id, caller.access.id), isNull(pregnancies.setupCompletedAt)));
  return { success: true as const };
}
