import { and, eq, isNotNull, sql } from "drizzle-orm";
import { lmpFromDueDate } from "../../src/domain/dates";
import { SUGGESTED_MILESTONES, milestoneDate, milestoneEvent, milestoneWeek, type MilestoneKey } from "../../src/domain/milestones";
import type { Executor } from "../db";
import { calendarEvents, pregnancies } from "../db/schema";
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

/** Every suggested milestone with its date and week in this pregnancy, and whether it is on the calendar already. */
export async function suggestedMilestones({ db, access }: PregnancyCaller) {
  const pregnancyId = access.id;
  const [[pregnancy], added] = await Promise.all([db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)), addedKeys(db, pregnancyId)]);
  if (!pregnancy) throw pregnancyNotFound();
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
    const [pregnancy] = await tx.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("update");
    if (!pregnancy) throw pregnancyNotFound();
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
