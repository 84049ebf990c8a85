/**
 * Nobody is surprised by the end (issue 37): the daily job tells each parent, by mail and in the
 * app, 14 days and 1 day before their pregnancy's last day of service, counted in the family's
 * zone. Whether a parent is told is decided by the insert of their notice row (unique per
 * pregnancy, kind and parent, nothing on conflict): a second run, or two at once, mails nobody twice.
 */
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { addDays, daysUntil, longDate, readOnlyUntil, todayIso } from "../../src/domain/dates";
import { PARENT_ROLES } from "../../src/domain/enums";
import { SERVICE_END_MESSAGES, SERVICE_END_NOTICE_DAYS, serviceEndHeading, serviceEndLines, serviceEndNoticeDue, type ServiceEndNoticeKind } from "../../src/domain/serviceEnd";
import { todayIn, zoneOrFallback } from "../../src/domain/timeZones";
import { pregnancies, pregnancyParticipants, serviceEndNotices, users } from "../db/schema";
import { logEvent } from "../infra/log";
import { composeMail } from "../infra/mailer";
import type { RequestScope, UserCaller } from "./caller";

/** The widest gap between a family's date and UTC's (UTC-12 to UTC+14), so no zone's day is missed. */
const ZONE_DAYS_AHEAD = 1;

/** One pregnancy's notice of this kind, to each active parent not told yet; answers how many were told. */
async function noticeParents(scope: RequestScope, pregnancy: { id: string; title: string; serviceEndDate: string }, kind: ServiceEndNoticeKind, today: string): Promise<number> {
  const parents = await scope.db
    .select({ userId: users.id, email: users.email })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancy.id), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, [...PARENT_ROLES])));
  if (parents.length === 0) return 0;
  const told = await scope.db
    .insert(serviceEndNotices)
    .values(parents.map((parent) => ({ pregnancyId: pregnancy.id, userId: parent.userId, kind })))
    .onConflictDoNothing()
    .returning({ userId: serviceEndNotices.userId });
  const toldIds = new Set(told.map((row) => row.userId));
  // The mail's dates are the family's, as the parents live them.
  const facts = { title: pregnancy.title, lastDay: longDate(pregnancy.serviceEndDate), readOnlyUntil: longDate(readOnlyUntil(pregnancy.serviceEndDate)), daysLeft: daysUntil(pregnancy.serviceEndDate, today) };
  const action = { label: SERVICE_END_MESSAGES.mailAction, url: `${scope.origin}/dashboard` };
  for (const parent of parents.filter((p) => toldIds.has(p.userId))) {
    // Keyed by the notice: a job run twice records one mail.
    await scope.mailer.send(composeMail(parent.email, serviceEndHeading(facts.title, facts.daysLeft), serviceEndLines(facts), action), { topic: "family", recipientUserId: parent.userId, pregnancyId: pregnancy.id, key: `service-end:${pregnancy.id}:${parent.userId}:${kind}` });
  }
  return toldIds.size;
}

/** Part of the daily job (RETENTION_CRON): every notice due today in each family's zone, once. */
export async function runServiceEndNotices(scope: RequestScope, now: Date): Promise<{ told: number }> {
  const utcToday = todayIso(now);
  const candidates = await scope.db
    .select({ id: pregnancies.id, title: pregnancies.title, serviceEndDate: pregnancies.serviceEndDate, timeZone: pregnancies.timeZone })
    .from(pregnancies)
    .where(
      and(
        eq(pregnancies.status, "active"),
        // The notices speak of the due date: none after a loss (issue 38).
        isNull(pregnancies.lossRecordedAt),
        gte(pregnancies.serviceEndDate, addDays(utcToday, -ZONE_DAYS_AHEAD)),
        lte(pregnancies.serviceEndDate, addDays(utcToday, SERVICE_END_NOTICE_DAYS["fourteen-days"] + ZONE_DAYS_AHEAD)),
      ),
    );
  let told = 0;
  for (const pregnancy of candidates) {
    const today = todayIn(zoneOrFallback(pregnancy.timeZone), now);
    const kind = serviceEndNoticeDue(pregnancy.serviceEndDate, today);
    if (kind) told += await noticeParents(scope, pregnancy, kind, today);
  }
  logEvent("info", "service end notices", { pregnancies: candidates.length, told });
  return { told };
}

/** An open notice as the app shows it (dates as stored; the client writes them for the reader). */
export interface OpenServiceEndNotice {
  id: string;
  pregnancyId: string;
  title: string;
  serviceEndDate: string;
  timeZone: string | null;
}

/**
 * The user's service-end notices not yet dismissed, of active pregnancies they still parent, as
 * one JSON column of account.modeContext's statement (as the closing notices): no round trip of their own.
 */
export function openServiceEndNotices(userId: string) {
  const n = serviceEndNotices;
  const p = pregnancies;
  const pp = pregnancyParticipants;
  const parentRoles = sql.join(
    PARENT_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  // One notice per pregnancy: the latest kind sent.
  return sql<OpenServiceEndNotice[]>`coalesce((select json_agg(json_build_object('id', latest.id, 'pregnancyId', latest.pregnancy_id, 'title', latest.title, 'serviceEndDate', latest.service_end_date, 'timeZone', latest.time_zone)) from (
    select distinct on (${n.pregnancyId}) ${n.id} as id, ${n.pregnancyId} as pregnancy_id, ${p.title} as title, ${p.serviceEndDate} as service_end_date, ${p.timeZone} as time_zone
    from ${n} join ${p} on ${p.id} = ${n.pregnancyId}
    where ${n.userId} = ${userId} and ${n.dismissedAt} is null and ${p.status} = 'active' and ${p.lossRecordedAt} is null
      and exists (select 1 from ${pp} where ${pp.pregnancyId} = ${n.pregnancyId} and ${pp.userId} = ${userId} and ${pp.status} = 'active' and ${pp.role} in (${parentRoles}))
    order by ${n.pregnancyId}, ${n.createdAt} desc) as latest), '[]'::json)`;
}

/** The caller read the notice: it stops showing (their own only; the pregnancy's earlier notices with it). */
export async function dismissServiceEndNotice(caller: UserCaller, noticeId: string): Promise<{ dismissed: boolean }> {
  const [notice] = await caller.db.select({ pregnancyId: serviceEndNotices.pregnancyId }).from(serviceEndNotices).where(and(eq(serviceEndNotices.id, noticeId), eq(serviceEndNotices.userId, caller.user.id)));
  if (!notice) return { dismissed: false };
  const rows = await caller.db
    .update(serviceEndNotices)
    .set({ dismissedAt: caller.now })
    .where(and(eq(serviceEndNotices.pregnancyId, notice.pregnancyId), eq(serviceEndNotices.userId, caller.user.id), isNull(serviceEndNotices.dismissedAt)))
    .returning({ id: serviceEndNotices.id });
  return { dismissed: rows.length > 0 };
}
