/**
 * Telling the people a closed pregnancy affects (issue 35). The owner's cancellation closes it
 * (worker/services/subscription.ts); inside that same write, and only when that write is the one
 * that closed it, each active partner and guest gets a notice row, and the mails go after the
 * commit. So a cancellation sent twice tells everyone once, and nobody who had already left, was
 * removed or never joined hears of it.
 */
import { and, eq, gte, inArray, isNull, isNotNull, ne, sql } from "drizzle-orm";
import { closedExportUntil, EXPORT_AFTER_CLOSURE_DAYS } from "../../src/domain/dataExport";
import { longDate } from "../../src/domain/dates";
import { CLOSING_MESSAGES, closingLines, isClosingNoticeRole, type ClosingFacts } from "../../src/domain/pregnancyClosing";
import { todayIn, zoneOrFallback } from "../../src/domain/timeZones";
import { MS_PER_DAY } from "../../src/domain/units";
import type { Db, Tx } from "../db";
import { pregnancies, pregnancyClosingNotices, pregnancyParticipants, users } from "../db/schema";
import { composeMail } from "../infra/mailer";
import type { RequestScope, UserCaller } from "./caller";

/** Who was told of one closing, for the mails sent once it has committed. */
export interface ClosingTold {
  facts: ClosingFacts;
  owner: { email: string };
  recipients: Array<{ email: string; role: "partner" | "guest" }>;
}

/**
 * Inside the transaction that closed the pregnancy: one notice per active partner and guest with
 * an account (a unique index keeps it one), and what the mails need.
 */
export async function recordClosingNotices(tx: Tx, pregnancyId: string, closedAt: Date, owner: { id: string; name: string; email: string }): Promise<ClosingTold | null> {
  const [pregnancy] = await tx.select({ title: pregnancies.title, timeZone: pregnancies.timeZone }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  if (!pregnancy) return null;
  const members = await tx
    .select({ userId: users.id, email: users.email, role: pregnancyParticipants.role })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(
      and(
        eq(pregnancyParticipants.pregnancyId, pregnancyId),
        eq(pregnancyParticipants.status, "active"),
        inArray(pregnancyParticipants.role, ["partner", "guest"]),
        isNotNull(pregnancyParticipants.userId),
        ne(pregnancyParticipants.userId, owner.id),
      ),
    );
  const recipients = members.flatMap((member) => (isClosingNoticeRole(member.role) ? [{ userId: member.userId, email: member.email, role: member.role }] : []));
  if (recipients.length > 0) {
    await tx
      .insert(pregnancyClosingNotices)
      .values(recipients.map((r) => ({ userId: r.userId, pregnancyId, pregnancyTitle: pregnancy.title, closedByName: owner.name, role: r.role, closedAt })))
      .onConflictDoNothing();
  }
  // The mail's dates are the family's (where the pregnancy lives); the app shows each reader their own.
  const zone = zoneOrFallback(pregnancy.timeZone);
  const facts: ClosingFacts = {
    title: pregnancy.title,
    closedBy: owner.name,
    closedOn: longDate(todayIn(zone, closedAt)),
    downloadUntil: longDate(todayIn(zone, closedExportUntil(closedAt))),
  };
  return { facts, owner: { email: owner.email }, recipients: recipients.map(({ email, role }) => ({ email, role })) };
}

/** The closing's mails, recorded in its transaction (`tx`): told together with the notices, or not at all. */
export async function mailClosing(scope: RequestScope, told: ClosingTold, tx: Tx): Promise<void> {
  const { facts } = told;
  const action = { label: CLOSING_MESSAGES.mailAction, url: `${scope.origin}/dashboard` };
  const mails = [
    ...told.recipients.map((r) => composeMail(r.email, CLOSING_MESSAGES.closedHeading(facts.title), closingLines(r.role, facts), action)),
    composeMail(told.owner.email, CLOSING_MESSAGES.ownerSubject(facts.title), [...CLOSING_MESSAGES.ownerMail(facts.title, facts.closedOn, facts.downloadUntil)], action),
  ];
  await scope.outbox.sendMany(
    mails.map((mail) => ({ mail })),
    tx,
  );
}

/** The fields of an open notice, as the app shows it. */
export interface OpenClosingNotice {
  id: string;
  title: string;
  closedBy: string;
  role: "partner" | "guest";
  /** ISO moment (it travels inside a JSON column). */
  closedAt: string;
}

/**
 * The user's notices not yet dismissed, as one JSON column: account.modeContext reads it in the
 * statement every full load already makes, so telling costs no request or round trip of its own.
 */
export function openClosingNotices(userId: string) {
  const n = pregnancyClosingNotices;
  return sql<OpenClosingNotice[]>`coalesce((select json_agg(json_build_object('id', ${n.id}, 'title', ${n.pregnancyTitle}, 'closedBy', ${n.closedByName}, 'role', ${n.role}, 'closedAt', ${n.closedAt}) order by ${n.closedAt} desc) from ${n} where ${n.userId} = ${userId} and ${n.dismissedAt} is null), '[]'::json)`;
}

/**
 * Whether the user owns a closed pregnancy they can still download: it keeps them in Parent mode,
 * where the dashboard shows it and its download, rather than dropping them into Guest mode.
 */
export function ownsDownloadableClosedPregnancy(db: Db, userId: string, now: Date) {
  const closedSince = new Date(now.getTime() - EXPORT_AFTER_CLOSURE_DAYS * MS_PER_DAY);
  return db
    .select({ one: sql`1` })
    .from(pregnancyParticipants)
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(pregnancyParticipants.userId, userId), eq(pregnancyParticipants.role, "owner"), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "closed"), gte(pregnancies.closedAt, closedSince)));
}

/** The caller read a notice: it stops showing. Only their own. */
export async function dismissClosingNotice(caller: UserCaller, noticeId: string): Promise<{ dismissed: boolean }> {
  const rows = await caller.db
    .update(pregnancyClosingNotices)
    .set({ dismissedAt: caller.now })
    .where(and(eq(pregnancyClosingNotices.id, noticeId), eq(pregnancyClosingNotices.userId, caller.user.id), isNull(pregnancyClosingNotices.dismissedAt)))
    .returning({ id: pregnancyClosingNotices.id });
  return { dismissed: rows.length > 0 };
}
