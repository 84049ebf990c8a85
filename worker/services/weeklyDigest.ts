import { and, asc, desc, eq, exists, gt, gte, inArray, isNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { RSVP_ANSWERS, RSVP_LABELS } from "../../src/domain/calendar";
import { lmpFromDueDate, weeksPregnant } from "../../src/domain/dates";
import { guestLevelOf } from "../../src/domain/audience";
import { postPlainText } from "../../src/domain/richText";
import { type BabyDetails, birthNews } from "../../src/domain/waitingRoom";
import { sizeComparison } from "../../src/domain/sizeComparison";
import { isAfterBirth, weekWithBabiesLine } from "../../src/domain/afterBirth";
import { eventWhenText } from "../../src/domain/eventTimes";
import { MS_PER_DAY } from "../../src/domain/units";
import { FALLBACK_TIME_ZONE } from "../../src/domain/timeZones";
import {
  DIGEST_EVENTS_SHOWN,
  DIGEST_MESSAGES,
  DIGEST_PHOTO_LINK_DAYS,
  DIGEST_PHOTOS_SHOWN,
  DIGEST_POSTS_SHOWN,
  DIGEST_UNSUBSCRIBE_LINK_DAYS,
  DIGEST_PAGE_SIZE,
  digestWeekDue,
  type DigestMessage,
  digestWindowStart,
  localDate,
  postExcerpt,
  upcomingUntil,
} from "../../src/domain/weeklyDigest";
import type { Executor } from "../db";
import { calendarEvents, eventParticipants, photos, posts, pregnancies, pregnancyBabies, pregnancyParticipants, userPreferences, users, weeklyDigests } from "../db/schema";
import { logEvent } from "../infra/log";
import { enqueue } from "../infra/outbox";
import { composeSectionsMail, type MailSection } from "../infra/mailer";
import { signLink, verifyLink } from "../infra/signedLinks";
import { loadParticipationAccesses, loadPregnancyAccess, type ParticipationAccess, type PregnancyAccess } from "./access";
import { rsvpLinkOf, visibleEvents } from "./calendar";
import type { AudienceCaller, RequestScope } from "./caller";
import { findPhotoToServe, servablePhoto, visibleTo } from "./photos";
import { visiblePosts } from "./posts";

/** Where the mailed links lead (worker/http/weeklyDigest.ts serves them). */
export const DIGEST_PATHS = { photo: "/api/digest/photos/", unsubscribe: "/api/digest/unsubscribe", oneClickUnsubscribe: "/api/digest/one-click-unsubscribe" } as const;

// ---------------------------------------------------------------------------------------------
// Who gets a digest this hour

const zoneColumn = sql<string>`coalesce(${userPreferences.timeZone}, ${FALLBACK_TIME_ZONE})`;

/** The digest is on until the user turns it off (no preferences row: the column default). */
const wantsDigest = sql`coalesce(${userPreferences.weeklyDigest}, true)`;

/** Takes part in an active pregnancy (the participations themselves are loaded with their access). */
const takesPart = (db: Executor) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(pregnancyParticipants)
      .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
      .where(and(eq(pregnancyParticipants.userId, users.id), eq(pregnancyParticipants.status, "active"), eq(pregnancies.status, "active"))),
  );

interface Recipient {
  userId: string;
  email: string;
  firstName: string;
  zone: string;
  week: string;
  previousRunAt: Date | null;
}

/**
 * Claims everyone whose digest is due at `now` and not yet claimed, in the database itself: the
 * zones in use are read first and judged here (it is Monday from 08:00 there), then one
 * insert-select claims the people in those zones without a digest row for their week, however many.
 * Answers how many were claimed.
 */
async function claimDue(db: Executor, now: Date): Promise<number> {
  const eligible = and(wantsDigest, takesPart(db));
  const zones = await db.selectDistinct({ zone: zoneColumn }).from(users).leftJoin(userPreferences, eq(userPreferences.userId, users.id)).where(eligible);
  const due = zones.flatMap(({ zone }) => {
    const week = digestWeekDue(now, zone);
    return week ? [{ zone, week }] : [];
  });
  if (due.length === 0) return 0;
  const unclaimed = (week: string) => notExists(db.select({ one: sql`1` }).from(weeklyDigests).where(and(eq(weeklyDigests.userId, users.id), eq(weeklyDigests.week, week))));
  const weekOf = sql`case ${zoneColumn} ${sql.join(
    due.map(({ zone, week }) => sql`when ${zone} then ${week}::date`),
    sql` `,
  )} end`;
  const dueHere = or(...due.map(({ zone, week }) => and(sql`${zoneColumn} = ${zone}`, unclaimed(week))));
  // The run's clock, not the database's: the next digest's window starts here.
  const claimed = await db.execute<{ claimed: number }>(sql`
    with claimed as (
      insert into ${weeklyDigests} (user_id, week, created_at)
      select ${users.id}, ${weekOf}, ${now.toISOString()}::timestamptz
      from ${users} left join ${userPreferences} on ${userPreferences.userId} = ${users.id}
      where ${and(eligible, dueHere)}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as claimed from claimed`);
  return Number(claimed.rows[0]?.claimed ?? 0);
}

/** The recipient as their digest is composed: the window starts at their previous week's run. */
async function loadRecipient(db: Executor, userId: string, week: string): Promise<Recipient | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      zone: zoneColumn,
      previousRunAt: sql<Date | null>`(select max(${weeklyDigests.createdAt}) from ${weeklyDigests} where ${weeklyDigests.userId} = ${users.id} and ${weeklyDigests.week} < ${week})`.mapWith(weeklyDigests.createdAt),
      wanted: wantsDigest.mapWith(Boolean),
      composedAt: sql<Date | null>`(select ${weeklyDigests.composedAt} from ${weeklyDigests} where ${weeklyDigests.userId} = ${users.id} and ${weeklyDigests.week} = ${week})`.mapWith(weeklyDigests.composedAt),
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
  // Turned off since the claim, or already composed by an earlier delivery of the same message.
  if (!row || !row.wanted || row.composedAt) return null;
  return { userId: row.userId, email: row.email, firstName: row.firstName, zone: row.zone, week, previousRunAt: row.previousRunAt };
}

// ---------------------------------------------------------------------------------------------
// What is new for one recipient: three statements, however many pregnancies and items

/** Each row's place among its pregnancy's, newest first, and how many its pregnancy has: the mail shows the first few and counts the rest. */
const perPregnancy = (pregnancy: PgColumn, createdAt: PgColumn, id: PgColumn) => ({
  rank: sql<number>`(row_number() over (partition by ${pregnancy} order by ${createdAt} desc, ${id} desc))::int`.as("rank"),
  total: sql<number>`(count(*) over (partition by ${pregnancy}))::int`.as("total"),
});

/** Not the recipient's own: nobody needs telling about what they shared themselves. */
const byOthers = (author: PgColumn, userId: string) => sql`${author} is distinct from ${userId}`;

/** New photos the recipient may see in each of their pregnancies, the newest few per pregnancy and how many in all. */
function newPhotos(db: Executor, viewers: AudienceCaller[], userId: string, since: Date) {
  const ranked = db.$with("digest_photos").as(
    db
      .select({
        id: photos.id,
        pregnancyId: photos.pregnancyId,
        title: photos.title,
        altText: photos.altText,
        week: photos.week,
        kind: photos.kind,
        durationMs: photos.durationMs,
        hasPoster: sql<boolean>`${photos.thumbnailPath} is not null`.as("has_poster"),
        ...perPregnancy(photos.pregnancyId, photos.createdAt, photos.id),
      })
      .from(photos)
      .where(and(or(...viewers.map(visibleTo)), gt(photos.createdAt, since), byOthers(photos.uploadedBy, userId))),
  );
  return db.with(ranked).select().from(ranked).where(lte(ranked.rank, DIGEST_PHOTOS_SHOWN)).orderBy(asc(ranked.rank));
}

/** New posts the recipient may see, likewise. */
function newPosts(db: Executor, viewers: AudienceCaller[], userId: string, since: Date) {
  const ranked = db.$with("digest_posts").as(
    db
      .select({
        id: posts.id,
        pregnancyId: posts.pregnancyId,
        content: posts.content,
        authorFirstName: users.firstName,
        ...perPregnancy(posts.pregnancyId, posts.createdAt, posts.id),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      // A loss message (issue 38) reaches only whom the parents chose, the way they chose: never the digest.
      .where(and(or(...viewers.map((viewer) => visiblePosts(viewer.access, userId))), ne(posts.kind, "loss-message"), gt(posts.createdAt, since), byOthers(posts.authorId, userId))),
  );
  return db.with(ranked).select().from(ranked).where(lte(ranked.rank, DIGEST_POSTS_SHOWN)).orderBy(asc(ranked.rank));
}

/**
 * Events the recipient may see from their today through the next week, not archived, with their
 * own invitation when they have one (its token makes the answer buttons). Only what every viewer
 * may see is read: never the notes or the questions.
 */
function upcomingEvents(db: Executor, viewers: AudienceCaller[], userId: string, today: string) {
  return db
    .select({
      id: calendarEvents.id,
      pregnancyId: calendarEvents.pregnancyId,
      title: calendarEvents.title,
      date: calendarEvents.date,
      time: calendarEvents.time,
      location: calendarEvents.location,
      rsvpToken: eventParticipants.rsvpToken,
      rsvpStatus: eventParticipants.rsvpStatus,
    })
    .from(calendarEvents)
    .leftJoin(eventParticipants, and(eq(eventParticipants.eventId, calendarEvents.id), eq(eventParticipants.userId, userId)))
    .where(
      and(
        or(...viewers.map(({ access }) => and(eq(calendarEvents.pregnancyId, access.id), visibleEvents(access, userId)))),
        eq(calendarEvents.isArchived, false),
        gte(calendarEvents.date, today),
        lte(calendarEvents.date, upcomingUntil(today)),
      ),
    )
    .orderBy(asc(calendarEvents.date), sql`${calendarEvents.time} asc nulls first`, desc(calendarEvents.createdAt))
    .limit(DIGEST_EVENTS_SHOWN * viewers.length);
}

/** The pregnancies' babies in birth order, born or expected, with the circles each birth was told to; never one lost of several (issue 38). */
function babiesOf(db: Executor, pregnancyIds: string[]) {
  return db
    .select({
      pregnancyId: pregnancyBabies.pregnancyId,
      name: pregnancyBabies.name,
      bornAnnouncedAt: pregnancyBabies.bornAnnouncedAt,
      birthDate: pregnancyBabies.birthDate,
      gender: pregnancyBabies.gender,
      time: pregnancyBabies.birthTime,
      timeZone: pregnancyBabies.birthTimeZone,
      weightPounds: pregnancyBabies.birthWeightPounds,
      lengthInches: pregnancyBabies.birthLengthInches,
      measurementSystem: pregnancyBabies.birthMeasurementSystem,
      audienceGroups: pregnancyBabies.birthAudienceGroups,
    })
    .from(pregnancyBabies)
    .where(and(inArray(pregnancyBabies.pregnancyId, pregnancyIds), isNull(pregnancyBabies.lostAt)))
    .orderBy(asc(pregnancyBabies.birthOrder));
}

/** A stored birth as the announcement told it; a sex is told only as a girl or a boy. */
function birthDetails(baby: Awaited<ReturnType<typeof babiesOf>>[number], familyZone: string): BabyDetails & { name: string } {
  return {
    name: baby.name,
    // Births told before the zone was kept were told on the family's clock.
    timeZone: baby.timeZone ?? familyZone,
    ...(baby.gender !== "unknown" ? { sex: baby.gender } : {}),
    ...(baby.time ? { time: baby.time } : {}),
    ...(baby.weightPounds !== null ? { weightPounds: baby.weightPounds } : {}),
    ...(baby.lengthInches !== null ? { lengthInches: baby.lengthInches } : {}),
    ...(baby.measurementSystem ? { measurementSystem: baby.measurementSystem } : {}),
  };
}

/** Whether a birth was told to this reader: the parents, and who was allowed updates in the circles chosen. */
const toldOfBirth = (access: PregnancyAccess, groups: readonly string[] | null) => access.isParent || (access.permissions.canReceiveUpdates && (!groups || groups.includes(guestLevelOf(access))));

/** 'Week 30 of the pregnancy. Baby is about the size of a cabbage.' from the due date, on the family's today. */
function weekLines(dueDate: string, today: string): string[] {
  const week = weeksPregnant(lmpFromDueDate(dueDate), today);
  const size = sizeComparison(week);
  if (size.stage === "early") return [DIGEST_MESSAGES.weekLine(week), size.message];
  return [DIGEST_MESSAGES.weekLine(week), `About the size of ${size.entry.size}.`, size.stage === "past-due" ? size.message : size.entry.development];
}

/** Links in a mail are to the app's public origin. */
const absolute = (origin: string, path: string) => `${origin}${path}`;

async function photoLink(scope: RequestScope, userId: string, pregnancyId: string, photoId: string, now: Date) {
  const token = await signLink(scope.env.BETTER_AUTH_SECRET, "digest-photo", [userId, pregnancyId, photoId], new Date(now.getTime() + DIGEST_PHOTO_LINK_DAYS * MS_PER_DAY));
  return absolute(scope.origin, `${DIGEST_PATHS.photo}${token}`);
}

/**
 * The links that stop the digest without signing in: the page the mail links to, and the address a
 * mail app posts to for its own unsubscribe button (RFC 8058 one-click), both with the same token.
 */
async function unsubscribeLinks(scope: RequestScope, userId: string, now: Date): Promise<{ page: string; oneClick: string }> {
  const token = encodeURIComponent(await signLink(scope.env.BETTER_AUTH_SECRET, "digest-unsubscribe", [userId], new Date(now.getTime() + DIGEST_UNSUBSCRIBE_LINK_DAYS * MS_PER_DAY)));
  return { page: absolute(scope.origin, `${DIGEST_PATHS.unsubscribe}?token=${token}`), oneClick: absolute(scope.origin, `${DIGEST_PATHS.oneClickUnsubscribe}?token=${token}`) };
}

/**
 * After the first birth the pregnancy's week and size are over: the weeks with the babies this
 * reader was told of count instead, until the service ends ('Week 3 with Bean and Sprout.').
 */
function babyWeekLines(babies: Awaited<ReturnType<typeof babiesOf>>, access: PregnancyAccess): string[] {
  const told = babies.filter((baby) => baby.bornAnnouncedAt === null || toldOfBirth(access, baby.audienceGroups));
  const line = weekWithBabiesLine(told, access.today, access.serviceEndDate);
  return line ? [`${line}.`] : [];
}

/** The week's opening lines: none after a loss, the weeks with the babies after a birth, else the pregnancy's week and size. */
function pregnancyWeekLines(participation: ParticipationAccess, babies: Awaited<ReturnType<typeof babiesOf>>): string[] {
  if (participation.access.endedInLoss) return [];
  return isAfterBirth(babies) ? babyWeekLines(babies, participation.access) : weekLines(participation.dueDate, participation.access.today);
}

/** One pregnancy's part of the mail, or nothing when nothing in it is new (the week alone is not news). */
async function pregnancySections(
  scope: RequestScope,
  participation: ParticipationAccess,
  found: { photos: Awaited<ReturnType<typeof newPhotos>>; posts: Awaited<ReturnType<typeof newPosts>>; events: Awaited<ReturnType<typeof upcomingEvents>>; babies: Awaited<ReturnType<typeof babiesOf>>; since: Date },
  recipient: Recipient,
  now: Date,
): Promise<MailSection[]> {
  const { origin } = scope;
  const id = participation.access.id;
  const shownPhotos = found.photos.filter((photo) => photo.pregnancyId === id);
  const shownPosts = found.posts.filter((post) => post.pregnancyId === id);
  const shownEvents = found.events.filter((event) => event.pregnancyId === id).slice(0, DIGEST_EVENTS_SHOWN);
  const babies = found.babies.filter((baby) => baby.pregnancyId === id);
  const births = babies.filter((baby) => baby.bornAnnouncedAt !== null && baby.bornAnnouncedAt > found.since && toldOfBirth(participation.access, baby.audienceGroups));
  if (shownPhotos.length + shownPosts.length + shownEvents.length + births.length === 0) return [];
  const section = (heading: string, parts: Partial<MailSection>): MailSection => ({ heading, level: 3, paragraphs: [], images: [], entries: [], ...parts });
  // A birth since the last digest is the week's news: it leads, in place of the pregnancy's week.
  // After a loss (issue 38) no week, size or countdown: only what the family shared.
  const weeks = pregnancyWeekLines(participation, babies);
  const opening = births.length > 0 ? [...birthNews(births.map((baby) => birthDetails(baby, participation.access.timeZone))), ...weeks] : weeks;
  const sections: MailSection[] = [{ ...section(participation.title, { paragraphs: opening }), level: 2 }];
  const photoTotal = shownPhotos[0]?.total ?? 0;
  if (shownPhotos.length > 0) {
    // A clip shows its poster with a play mark; one without a poster (its browser could not make one) is counted, not shown.
    const images = await Promise.all(
      shownPhotos
        .filter((photo) => photo.kind === "photo" || photo.hasPoster)
        .map(async (photo) => {
          const what = photo.kind === "clip" ? "A video" : "A photo";
          return {
            src: await photoLink(scope, recipient.userId, id, photo.id, now),
            // After a loss no week is told, not even in a picture's description.
            alt: photo.altText ?? photo.title ?? (participation.access.endedInLoss ? what : `${what} from week ${photo.week}`),
            href: absolute(origin, "/photos"),
            ...(photo.kind === "clip" ? { caption: DIGEST_MESSAGES.clipCaption(photo.durationMs) } : {}),
          };
        }),
    );
    const more = photoTotal - shownPhotos.length;
    sections.push(section(DIGEST_MESSAGES.photos, { images, paragraphs: more > 0 ? [DIGEST_MESSAGES.morePhotos(more)] : [] }));
  }
  if (shownPosts.length > 0) {
    const more = (shownPosts[0]?.total ?? 0) - shownPosts.length;
    const entries = shownPosts.map((post) => ({
      title: post.authorFirstName,
      lines: [postExcerpt(postPlainText(post.content))].filter(Boolean),
      links: [{ label: DIGEST_MESSAGES.openPost, url: absolute(origin, "/posts") }],
    }));
    sections.push(section(DIGEST_MESSAGES.posts, { entries, paragraphs: more > 0 ? [DIGEST_MESSAGES.morePosts(more)] : [] }));
  }
  if (shownEvents.length > 0) {
    const entries = shownEvents.map((event) => {
      const token = event.rsvpToken;
      const answers = token ? RSVP_ANSWERS.map((answer) => ({ label: RSVP_LABELS[answer], url: rsvpLinkOf(origin, token, answer) })) : [];
      return {
        title: event.title,
        lines: [eventWhenText(event.date, event.time, participation.access.timeZone, recipient.zone), ...(event.location ? [event.location] : []), ...(event.rsvpStatus ? [`Your answer: ${RSVP_LABELS[event.rsvpStatus]}`] : [])],
        links: [...answers, { label: DIGEST_MESSAGES.openEvent, url: absolute(origin, `/events/${event.id}`) }],
      };
    });
    sections.push(section(DIGEST_MESSAGES.events, { entries }));
  }
  return sections;
}

/** The recipient's mail, or null when nothing is new in their pregnancies. */
async function composeDigest(scope: RequestScope, recipient: Recipient, participations: ParticipationAccess[], now: Date) {
  if (participations.length === 0) return null;
  const { db } = scope;
  const { userId } = recipient;
  const viewers = participations.map(({ access }) => ({ user: { id: userId }, access }));
  const since = digestWindowStart(recipient.previousRunAt, now);
  const today = localDate(now, recipient.zone);
  // Independent reads: over HTTP they run at once.
  const [foundPhotos, foundPosts, foundEvents, foundBabies] = await Promise.all([
    newPhotos(db, viewers, userId, since),
    newPosts(db, viewers, userId, since),
    upcomingEvents(db, viewers, userId, today),
    babiesOf(db, participations.map(({ access }) => access.id)),
  ]);
  const found = { photos: foundPhotos, posts: foundPosts, events: foundEvents, babies: foundBabies, since };
  const parts = await Promise.all(participations.map((participation) => pregnancySections(scope, participation, found, recipient, now)));
  const withNews = participations.filter((_, index) => (parts[index]?.length ?? 0) > 0);
  if (withNews.length === 0) return null;
  const subject = DIGEST_MESSAGES.subject(withNews.map((p) => p.title));
  const mail = { intro: [DIGEST_MESSAGES.greeting(recipient.firstName)], sections: parts.flat(), closing: [DIGEST_MESSAGES.turnOff] };
  const unsubscribe = await unsubscribeLinks(scope, userId, now);
  return {
    ...composeSectionsMail(recipient.email, subject, mail, unsubscribe.page),
    headers: { "List-Unsubscribe": `<${unsubscribe.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

// ---------------------------------------------------------------------------------------------
// The run

export interface DigestRunSummary {
  /** Recipients whose digest was due and unclaimed: each is claimed, and enqueued in a page. */
  due: number;
  /** Pages on the digest queue (DIGEST_PAGE_SIZE recipients each), this run's and stale ones'. */
  pages: number;
}

/** A claim not composed this long after it was made is enqueued again by the next hourly run. */
const CLAIM_STALE_MS = 60 * 60 * 1000;
/** A page's digests composed at once (each waits on its own statements). */
const COMPOSE_CONCURRENCY = 20;

/**
 * The claims made at `at` (and, after an hour, earlier ones never composed) in pages of
 * DIGEST_PAGE_SIZE by user id: one statement, the boundaries only.
 */
async function pagesOf(db: Executor, at: Date): Promise<DigestMessage[]> {
  const waiting = and(
    isNull(weeklyDigests.composedAt),
    or(eq(weeklyDigests.createdAt, at), and(lte(weeklyDigests.createdAt, new Date(at.getTime() - CLAIM_STALE_MS)), gte(weeklyDigests.createdAt, new Date(at.getTime() - MS_PER_DAY)))),
  );
  const numbered = db.$with("numbered").as(
    db
      .select({
        userId: weeklyDigests.userId,
        at: weeklyDigests.createdAt,
        page: sql<number>`((row_number() over (partition by ${weeklyDigests.createdAt} order by ${weeklyDigests.userId}) - 1) / ${DIGEST_PAGE_SIZE})::int`.as("page"),
      })
      .from(weeklyDigests)
      .where(waiting),
  );
  const pages = await db
    .with(numbered)
    .select({ from: sql<string>`min(${numbered.userId})`, to: sql<string>`max(${numbered.userId})`, at: sql<string>`to_json(${numbered.at})#>>'{}'` })
    .from(numbered)
    .groupBy(numbered.at, numbered.page);
  return pages.map(({ from, to, at: claimedAt }) => ({ from, to, at: new Date(claimedAt).toISOString() }));
}

/**
 * The hourly run: every recipient whose Monday morning it is is claimed for the week (a
 * weekly_digests row, so a second run, or two at once, claims nobody twice), and the claims go on
 * the digest queue in pages; its consumer composes each page's mails into the outbox
 * (composeDigestPage). No cap: the run's statements do not grow with the recipients, its messages
 * one per page, and the rate is the consumers'. Claims whose enqueue failed are released.
 */
export async function runWeeklyDigest(scope: RequestScope, now: Date): Promise<DigestRunSummary> {
  const { db, env } = scope;
  const due = await claimDue(db, now);
  const pages = await pagesOf(db, now);
  try {
    await enqueue(env.DIGEST, pages);
  } catch (error) {
    logEvent("error", "weekly digest enqueue failed", { pages: pages.length, error: String(error) });
    await db.delete(weeklyDigests).where(and(eq(weeklyDigests.createdAt, now), isNull(weeklyDigests.composedAt)));
    throw error;
  }
  return { due, pages: pages.length };
}

export type DigestOutcome = "sent" | "nothingNew" | "skipped" | "failed";

/** A page's claims still to compose. */
const pageClaims = (page: DigestMessage) =>
  and(eq(weeklyDigests.createdAt, new Date(page.at)), isNull(weeklyDigests.composedAt), gte(weeklyDigests.userId, page.from), lte(weeklyDigests.userId, page.to));

/**
 * The digest queue's consumer: composes a page's digests as at its run's moment and records each
 * mail in the outbox with its claim marked composed, in one transaction, so a page delivered again
 * composes only what is left (the mail's key is the recipient's week besides). Participations for
 * the whole page are read in one statement.
 */
export async function composeDigestPage(scope: RequestScope, page: DigestMessage): Promise<DigestOutcome[]> {
  const { db } = scope;
  const now = new Date(page.at);
  const claims = await db.select({ userId: weeklyDigests.userId, week: weeklyDigests.week }).from(weeklyDigests).where(pageClaims(page));
  const participations = await loadParticipationAccesses(
    db,
    claims.map((c) => c.userId),
    now,
  );
  const outcomes: DigestOutcome[] = [];
  for (let start = 0; start < claims.length; start += COMPOSE_CONCURRENCY) {
    const slice = claims.slice(start, start + COMPOSE_CONCURRENCY);
    outcomes.push(
      ...(await Promise.all(
        slice.map(async (claim) => {
          try {
            return await digestFor(scope, claim, participations, now);
          } catch (error) {
            logEvent("error", "weekly digest not composed", { userId: claim.userId, week: claim.week, error: String(error) });
            return "failed" as const;
          }
        }),
      )),
    );
  }
  return outcomes;
}

async function digestFor(scope: RequestScope, claim: { userId: string; week: string }, participations: ParticipationAccess[], now: Date): Promise<DigestOutcome> {
  const { db } = scope;
  const recipient = await loadRecipient(db, claim.userId, claim.week);
  if (!recipient) {
    // Nothing to compose (turned off since the claim): the claim is settled, not left for the next run.
    await db.update(weeklyDigests).set({ composedAt: now }).where(and(eq(weeklyDigests.userId, claim.userId), eq(weeklyDigests.week, claim.week), isNull(weeklyDigests.composedAt)));
    return "skipped";
  }
  // A guest whose parents turned canReceiveUpdates off hears of that pregnancy in the app only.
  const mine = participations.filter((p) => p.userId === recipient.userId && (p.access.isParent || p.access.permissions.canReceiveUpdates));
  const mail = await composeDigest(scope, recipient, mine, now);
  const unsettled = and(eq(weeklyDigests.userId, recipient.userId), eq(weeklyDigests.week, recipient.week), isNull(weeklyDigests.composedAt));
  return db.transaction(async (tx) => {
    const [marked] = await tx.update(weeklyDigests).set({ composedAt: now, sentAt: mail ? now : null }).where(unsettled).returning({ userId: weeklyDigests.userId });
    if (!marked) return "skipped";
    if (!mail) return "nothingNew";
    await scope.mailer.send(mail, { db: tx, topic: "digest", recipientUserId: recipient.userId, key: `digest:${recipient.userId}:${recipient.week}` });
    return "sent";
  });
}

/** Where the claims a run made at `now` stand: composed with a mail, with nothing new, or still waiting for the consumer. */
export async function digestRunProgress(db: Executor, now: Date) {
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${weeklyDigests.sentAt} is not null)::int`,
      nothingNew: sql<number>`count(*) filter (where ${weeklyDigests.composedAt} is not null and ${weeklyDigests.sentAt} is null)::int`,
      waiting: sql<number>`count(*) filter (where ${weeklyDigests.composedAt} is null)::int`,
    })
    .from(weeklyDigests)
    .where(eq(weeklyDigests.createdAt, now));
  return row ?? { sent: 0, nothingNew: 0, waiting: 0 };
}

/** A page that failed every attempt: its claims not composed are released, so the next hour's run tries them again. */
export async function releaseDigestPage(db: Executor, page: DigestMessage): Promise<void> {
  await db.delete(weeklyDigests).where(pageClaims(page));
}

// ---------------------------------------------------------------------------------------------
// The mailed links

/**
 * The photo a mailed thumbnail link names, when the link is ours and unexpired and its recipient
 * may still see the photo now (still taking part, and in its audience): "denied" when not, null when
 * the link or the photo is not there.
 */
export async function digestPhotoToServe(scope: RequestScope, token: string, now: Date) {
  const fields = await verifyLink(scope.env.BETTER_AUTH_SECRET, "digest-photo", token, now);
  const [userId, pregnancyId, photoId] = fields ?? [];
  if (!userId || !pregnancyId || !photoId) return null;
  const [access, row] = await Promise.all([loadPregnancyAccess(scope.db, userId, pregnancyId), findPhotoToServe(scope.db, pregnancyId, photoId)]);
  if (!access) return "denied";
  const photo = servablePhoto({ user: { id: userId }, access }, row);
  return photo === "hidden" ? "denied" : photo;
}

/** Whether an unsubscribe link is ours and unexpired (the page that asks costs no statement). */
export async function isUnsubscribeToken(scope: RequestScope, token: string, now: Date): Promise<boolean> {
  return (await verifyLink(scope.env.BETTER_AUTH_SECRET, "digest-unsubscribe", token, now)) !== null;
}

/** Turns the link's user's weekly digest off; false when the link is not ours, expired or its account is gone. */
export async function unsubscribeFromDigest(scope: RequestScope, token: string, now: Date): Promise<boolean> {
  const [userId] = (await verifyLink(scope.env.BETTER_AUTH_SECRET, "digest-unsubscribe", token, now)) ?? [];
  if (!userId) return false;
  const [user] = await scope.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await scope.db
    .insert(userPreferences)
    .values({ userId, weeklyDigest: false })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { weeklyDigest: false, updatedAt: new Date() } });
  return true;
}
