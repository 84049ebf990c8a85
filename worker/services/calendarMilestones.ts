import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { eventWeekNumber } from "../../src/domain/calendar";
import { lmpFromDueDate } from "../../src/domain/dates";
import type { GuestPrivacyLevel } from "../../src/domain/enums";
import {
  BIRTHDAY_MILESTONE_KEY,
  birthdayPrivacyLevel,
  birthdayTitle,
  MILESTONE_MESSAGES,
  milestoneByKey,
  milestoneOverAtBirth,
  milestonesSuggested,
  SUGGESTED_MILESTONES,
  milestoneDate,
  milestoneEvent,
  milestoneWeek,
  type MilestoneKey,
} from "../../src/domain/milestones";
import { LOSS_ERRORS } from "../../src/domain/pregnancyLoss";
import type { Executor } from "../db";
import { calendarEvents, pregnancies, pregnancyBabies } from "../db/schema";
import { announce } from "./calendar";
import type { PregnancyCaller } from "./caller";
import { AppError } from "./errors";

/*
 * Suggested milestones (issue 8) are dated from the LMP the due date implies (due date - 280 days),
 * not from an LMP stored beside a typed due date: the due date wins when both were typed, so the
 * 'Due date' milestone always lands on the pregnancy's due date.
 */

const pregnancyNotFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "Pregnancy not found");

/** The milestone keys the pregnancy's events carry. Archived events count: only deleting one frees its key. */
async function addedKeys(db: Executor, pregnancyId: string): Promise<Set<string | null>> {
  const rows = await db
    .selectDistinct({ key: calendarEvents.milestoneKey })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.pregnancyId, pregnancyId), isNotNull(calendarEvents.milestoneKey)));
  return new Set(rows.map((row) => row.key));
}

/** The pregnancy's due date and its babies' birth dates, a row per baby (one without babies), in one statement. */
const datesOf = (db: Executor, pregnancyId: string) =>
  db.select({ dueDate: pregnancies.dueDate, birthDate: pregnancyBabies.birthDate }).from(pregnancies).leftJoin(pregnancyBabies, eq(pregnancyBabies.pregnancyId, pregnancies.id)).where(eq(pregnancies.id, pregnancyId));

/** Every suggested milestone with its date and week in this pregnancy, and whether it is on the calendar already; none once a baby is here or after a loss. */
export async function suggestedMilestones({ db, access }: PregnancyCaller) {
  if (access.endedInLoss) return [];
  const pregnancyId = access.id;
  const [dates, added] = await Promise.all([datesOf(db, pregnancyId), addedKeys(db, pregnancyId)]);
  const [pregnancy] = dates;
  if (!pregnancy) throw pregnancyNotFound();
  if (!milestonesSuggested(dates)) return [];
  const lmp = lmpFromDueDate(pregnancy.dueDate);
  return SUGGESTED_MILESTONES.map((milestone) => ({ ...milestone, date: milestoneDate(milestone, lmp), weekNumber: milestoneWeek(milestone), added: added.has(milestone.key) }));
}

/**
 * Adds the chosen milestones as auto-dated events in one transaction and returns the new events.
 * Milestones already on the calendar are skipped, so adding the same ones again changes nothing.
 */
export async function addMilestones(caller: PregnancyCaller, keys: readonly MilestoneKey[]) {
  const pregnancyId = caller.access.id;
  const wanted = new Set<string>(keys);
  const created = await caller.db.transaction(async (tx) => {
    // Locked: two adds at once cannot both insert a milestone (no unique index covers the key), and a due date change waits.
    const [pregnancy] = await tx.select({ dueDate: pregnancies.dueDate, lossRecordedAt: pregnancies.lossRecordedAt }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("update");
    if (!pregnancy) throw pregnancyNotFound();
    if (pregnancy.lossRecordedAt) throw new AppError("FORBIDDEN", "PREGNANCY_ENDED", LOSS_ERRORS.pregnancyEnded);
    if (!milestonesSuggested(await datesOf(tx, pregnancyId))) throw new AppError("CONFLICT", "BABY_HERE", MILESTONE_MESSAGES.babyHere);
    const present = await addedKeys(tx, pregnancyId);
    const lmp = lmpFromDueDate(pregnancy.dueDate);
    const rows = SUGGESTED_MILESTONES.filter((m) => wanted.has(m.key) && !present.has(m.key)).map((m) => ({ pregnancyId, ...milestoneEvent(m, lmp), createdBy: caller.user.id }));
    return rows.length === 0 ? [] : tx.insert(calendarEvents).values(rows).returning();
  });
  if (created.length > 0) announce(caller, pregnancyId);
  return created;
}

/**
 * Re-dates the pregnancy's auto-dated milestone events (and their weeks) to a new LMP in one
 * UPDATE against the whole schedule, inside the caller's transaction. An event whose date was
 * changed by hand has auto_date false and stays where it is.
 */
export async function moveAutoDatedEvents(tx: Executor, pregnancyId: string, lastMenstrualPeriod: string) {
  const schedule = sql.join(
    SUGGESTED_MILESTONES.map((m) => sql`(${m.key}::text, ${milestoneDate(m, lastMenstrualPeriod)}::date, ${milestoneWeek(m)}::integer)`),
    sql`, `,
  );
  return tx
    .update(calendarEvents)
    .set({ date: sql`moved.new_date`, weekNumber: sql`moved.week_number` })
    .from(sql`(values ${schedule}) as moved(milestone_key, new_date, week_number)`)
    .where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.autoDate, true), eq(calendarEvents.milestoneKey, sql`moved.milestone_key`)))
    .returning({ id: calendarEvents.id });
}

/**
 * A baby's birth on the calendar (issue 37), inside the announcement's transaction: the babies
 * born that day share one birthday, so a twin born the same day joins the first one's title; the
 * first birthday is the due date's milestone turned into it (its id, invitations and place in
 * calendar feeds kept); any other is a new event. It is seen by no guest the birth was not told to.
 * The suggested milestones still to come are archived (milestoneOverAtBirth).
 */
export async function putBirthdayOnCalendar(tx: Executor, birth: { pregnancyId: string; birthDate: string; toldTo: readonly GuestPrivacyLevel[] | null; announcedBy: string }) {
  const { pregnancyId, birthDate, toldTo } = birth;
  const bornThatDay = await tx
    .select({ name: pregnancyBabies.name })
    .from(pregnancyBabies)
    .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), eq(pregnancyBabies.birthDate, birthDate), isNull(pregnancyBabies.lostAt)))
    .orderBy(asc(pregnancyBabies.birthOrder));
  const events = await tx
    .select({
      id: calendarEvents.id,
      date: calendarEvents.date,
      milestoneKey: calendarEvents.milestoneKey,
      autoDate: calendarEvents.autoDate,
      isArchived: calendarEvents.isArchived,
      privacyLevel: calendarEvents.privacyLevel,
      notes: calendarEvents.notes,
    })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.pregnancyId, pregnancyId), isNotNull(calendarEvents.milestoneKey)))
    .orderBy(asc(calendarEvents.createdAt))
    .for("update");
  const over = events.filter((event) => milestoneOverAtBirth(event, birthDate)).map((event) => event.id);
  if (over.length > 0) await tx.update(calendarEvents).set({ isArchived: true }).where(inArray(calendarEvents.id, over));
  const title = birthdayTitle(bornThatDay.map((baby) => baby.name));
  const sameDay = events.find((event) => event.milestoneKey === BIRTHDAY_MILESTONE_KEY && event.date === birthDate);
  if (sameDay) {
    await tx.update(calendarEvents).set({ title, privacyLevel: birthdayPrivacyLevel(sameDay.privacyLevel, toldTo) }).where(eq(calendarEvents.id, sameDay.id));
    return;
  }
  const [pregnancy] = await tx.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  if (!pregnancy) throw pregnancyNotFound();
  const dueDate = milestoneByKey("due-date");
  const birthday = { title, date: birthDate, weekNumber: eventWeekNumber(birthDate, lmpFromDueDate(pregnancy.dueDate)), autoDate: false, milestoneKey: BIRTHDAY_MILESTONE_KEY };
  const dueDateEvent = events.find((event) => event.milestoneKey === "due-date");
  if (dueDateEvent) {
    // The milestone's own note is about the estimate; a note the parents wrote stays.
    const notes = dueDateEvent.notes === dueDate.note ? null : dueDateEvent.notes;
    await tx.update(calendarEvents).set({ ...birthday, notes, privacyLevel: birthdayPrivacyLevel(dueDateEvent.privacyLevel, toldTo) }).where(eq(calendarEvents.id, dueDateEvent.id));
    return;
  }
  await tx.insert(calendarEvents).values({ ...birthday, pregnancyId, category: dueDate.category, privacyLevel: birthdayPrivacyLevel(dueDate.privacyLevel, toldTo), createdBy: birth.announcedBy });
}
