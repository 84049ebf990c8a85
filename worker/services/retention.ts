import { and, eq, inArray, isNull, lt, lte, notLike, or, sql } from "drizzle-orm";
import { addDays, addYears, READ_ONLY_YEARS, todayIso } from "../../src/domain/dates";
import { todayIn, zoneOrFallback } from "../../src/domain/timeZones";
import { deletionDate, purgeStep, PURGE_WARNING_DAYS, RATE_LIMIT_ROW_TTL_MS, RETENTION_MESSAGES, SPENT_TOKEN_GRACE_DAYS } from "../../src/domain/retention";
import { MS_PER_DAY } from "../../src/domain/units";
import { calendarEvents, eventParticipants, invitationTracking, partnerVerifications, pregnancies, pregnancyParticipants, rateLimits, sessions, subscriptions, users, verifications } from "../db/schema";
import { SUBSCRIBED_STATUSES } from "../../src/domain/subscription";
import { logEvent } from "../infra/log";
import { composeMail } from "../infra/mailer";
import { folderIdsUnder } from "../infra/storage";
import type { RequestScope } from "./caller";
import { abortAbandonedClipUploads } from "./clipUpload";
import { deletePregnancy } from "./pregnancyDeletion";

/** Warns the pregnancy's parents by mail, then records it (a failed mail is tried again the next day). */
async function warnParents(scope: RequestScope, pregnancy: { id: string; title: string; serviceEndDate: string }, now: Date, today: string): Promise<void> {
  const parents = await scope.db
    .select({ email: users.email })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancy.id), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, ["owner", "partner"])));
  const date = deletionDate(pregnancy.serviceEndDate, today);
  for (const parent of parents) {
    // Keyed: a run that stops before the warning is stored warns again the next day, but mails once.
    await scope.mailer.send(composeMail(parent.email, RETENTION_MESSAGES.warningSubject(pregnancy.title), [...RETENTION_MESSAGES.warning(pregnancy.title, date)], { label: "Sign in", url: `${scope.origin}/auth` }), {
      key: `retention-warning:${pregnancy.id}:${parent.email}`,
    });
  }
  await scope.db.update(pregnancies).set({ purgeWarnedAt: now }).where(and(eq(pregnancies.id, pregnancy.id), isNull(pregnancies.purgeWarnedAt)));
}

/** Pregnancies near or past the end of their read-only years: warned, or deleted once the notice has run. */
async function purgePregnancies(scope: RequestScope, now: Date): Promise<{ warned: number; deleted: number; objects: number }> {
  // Service ended at least 7 years before the warning window opens, on the date furthest ahead in the
  // world (a family's own date decides below).
  const lastServiceEnd = addYears(addDays(todayIso(now), PURGE_WARNING_DAYS + 1), -READ_ONLY_YEARS);
  const candidates = await scope.db
    .select({ id: pregnancies.id, title: pregnancies.title, serviceEndDate: pregnancies.serviceEndDate, purgeWarnedAt: pregnancies.purgeWarnedAt, timeZone: pregnancies.timeZone })
    .from(pregnancies)
    .where(lte(pregnancies.serviceEndDate, lastServiceEnd));
  const outcome = { warned: 0, deleted: 0, objects: 0 };
  for (const pregnancy of candidates) {
    const today = todayIn(zoneOrFallback(pregnancy.timeZone), now);
    const step = purgeStep(pregnancy.serviceEndDate, pregnancy.purgeWarnedAt, now, today);
    if (step === "warn") {
      await warnParents(scope, pregnancy, now, today);
      outcome.warned++;
    } else if (step === "delete") {
      outcome.objects += (await deletePregnancy(scope, pregnancy.id)).objects;
      outcome.deleted++;
    }
  }
  return outcome;
}

/** The prefix of an RSVP token retired by the job (no link was ever sent with one). */
const SPENT_RSVP_TOKEN_MARK = "spent:";

/** Secrets nothing can use any more and counters that count for nothing, deleted. */
async function purgeSpentRows(scope: RequestScope, now: Date) {
  const { db } = scope;
  const graceStart = new Date(now.getTime() - SPENT_TOKEN_GRACE_DAYS * MS_PER_DAY);
  const lastEventDay = addDays(todayIso(now), -SPENT_TOKEN_GRACE_DAYS);
  const [expiredSessions, expiredVerifications, staleRateLimits, spentInvitations, spentPartnerCodes, spentRsvpLinks] = [
    await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    await db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
    await db.delete(rateLimits).where(lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_ROW_TTL_MS)).returning({ id: rateLimits.id }),
    await db
      .delete(invitationTracking)
      .where(
        or(
          and(inArray(invitationTracking.status, ["accepted", "revoked", "expired"]), lt(invitationTracking.updatedAt, graceStart)),
          and(eq(invitationTracking.status, "pending"), lt(invitationTracking.expiresAt, graceStart)),
        ),
      )
      .returning({ id: invitationTracking.id }),
    await db.delete(partnerVerifications).where(lt(partnerVerifications.expiresAt, graceStart)).returning({ id: partnerVerifications.id }),
    // An RSVP link outlives its event by the grace period; then its token is replaced by one nobody
    // was sent (the column is the invitation's, so the row stays), marked so a later run skips it.
    await db
      .update(eventParticipants)
      .set({ rsvpToken: sql`${SPENT_RSVP_TOKEN_MARK} || gen_random_uuid()::text` })
      .where(
        and(
          notLike(eventParticipants.rsvpToken, `${SPENT_RSVP_TOKEN_MARK}%`),
          inArray(eventParticipants.eventId, db.select({ id: calendarEvents.id }).from(calendarEvents).where(lt(calendarEvents.date, lastEventDay))),
        ),
      )
      .returning({ id: eventParticipants.id }),
  ];
  return {
    sessions: expiredSessions.length,
    verifications: expiredVerifications.length,
    rateLimits: staleRateLimits.length,
    invitations: spentInvitations.length,
    partnerCodes: spentPartnerCodes.length,
    rsvpLinks: spentRsvpLinks.length,
  };
}

/**
 * Folders in R2 whose pregnancy or user no longer exists. Listed by folder (one key per family),
 * logged for a person to look at rather than deleted: a folder without its row is a bug to find.
 */
async function orphanedFolders(scope: RequestScope): Promise<{ pregnancies: string[]; users: string[] }> {
  const [pregnancyFolders, userFolders] = [await folderIdsUnder(scope.env.PHOTOS, "pregnancies/"), await folderIdsUnder(scope.env.PHOTOS, "users/")];
  const known = async <T extends string>(ids: string[], lookup: (ids: string[]) => Promise<Array<{ id: T }>>) => new Set((ids.length ? await lookup(ids) : []).map((row) => row.id));
  const uuid = /^[0-9a-f-]{36}$/;
  const pregnancyIds = pregnancyFolders.filter((id) => uuid.test(id));
  const livePregnancies = await known(pregnancyIds, (ids) => scope.db.select({ id: pregnancies.id }).from(pregnancies).where(inArray(pregnancies.id, ids)));
  const liveUsers = await known(userFolders, (ids) => scope.db.select({ id: users.id }).from(users).where(inArray(users.id, ids)));
  return {
    pregnancies: pregnancyFolders.filter((id) => !livePregnancies.has(id)),
    users: userFolders.filter((id) => !liveUsers.has(id)),
  };
}

/**
 * Pregnancies read-only while their subscription is still paid for: before issue 35 a due date typed
 * a year early ended the service at once. Their owners can correct the dates (subscription.ts); the
 * daily run counts and names them, so none goes unnoticed.
 */
async function readOnlyWhilePaying(scope: RequestScope, now: Date): Promise<string[]> {
  const rows = await scope.db
    .selectDistinct({ id: pregnancies.id })
    .from(pregnancies)
    .innerJoin(subscriptions, eq(subscriptions.pregnancyId, pregnancies.id))
    .where(and(eq(pregnancies.status, "active"), lt(pregnancies.serviceEndDate, todayIso(now)), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .limit(LOGGED_IDS);
  return rows.map((row) => row.id);
}

/** How many ids a warning names at most. */
const LOGGED_IDS = 20;

/** The daily retention job (RETENTION_CRON). Each part is idempotent: a second run the same day finds nothing left to do. */
export async function runRetention(scope: RequestScope, now: Date) {
  const purged = await purgePregnancies(scope, now);
  const spent = await purgeSpentRows(scope, now);
  const abandonedClipUploads = await abortAbandonedClipUploads(scope, now);
  const orphans = await orphanedFolders(scope);
  const lockedWhilePaying = await readOnlyWhilePaying(scope, now);
  if (lockedWhilePaying.length > 0) logEvent("warn", "read-only while paying", { count: lockedWhilePaying.length, pregnancies: lockedWhilePaying });
  const summary = { ...purged, ...spent, abandonedClipUploads, orphanedPregnancyFolders: orphans.pregnancies.length, orphanedUserFolders: orphans.users.length, readOnlyWhilePaying: lockedWhilePaying.length };
  logEvent(orphans.pregnancies.length + orphans.users.length > 0 ? "warn" : "info", "retention", { ...summary, orphans: [...orphans.pregnancies, ...orphans.users].slice(0, LOGGED_IDS) });
  return summary;
}
