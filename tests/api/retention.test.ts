import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addYears, todayIso } from "../../src/domain/dates";
import type { HealthLogInput } from "../../src/domain/healthLogs";
import { PURGE_WARNING_DAYS, RATE_LIMIT_ROW_TTL_MS, RETENTION_CRON, RETENTION_MESSAGES, SPENT_TOKEN_GRACE_DAYS } from "../../src/domain/retention";
import { MS_PER_DAY } from "../../src/domain/units";
import { calendarEvents, eventParticipants, invitationTracking, mailOutbox, partnerVerifications, pregnancies, rateLimits, sessions, verifications } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { PNG_1X1, jpegWithGps, testThumbnail } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder } from "../support/photos";

const { db, close } = openTestDb();
afterAll(close);

/** Tables that hold accounts, mail and counters, not a pregnancy's content: deleting a pregnancy leaves them be. */
const NOT_PREGNANCY_TABLES = new Set(["users", "accounts", "sessions", "verifications", "rate_limits", "mail_outbox", "__drizzle_migrations"]);

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    if (NOT_PREGNANCY_TABLES.has(table)) continue;
    const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows;
    counts[table] = row?.n ?? 0;
  }
  return counts;
}


const runRetention = async () => expect((await fetch(`${baseUrl()}/__scheduled?cron=${encodeURIComponent(RETENTION_CRON)}`)).status).toBe(200);
const pregnancyRow = async (id: string) => (await db.select({ id: pregnancies.id, purgeWarnedAt: pregnancies.purgeWarnedAt }).from(pregnancies).where(eq(pregnancies.id, id)))[0];
const warningsTo = async (title: string) => db.$count(mailOutbox, eq(mailOutbox.subject, RETENTION_MESSAGES.warningSubject(title)));

/** A family with something in every area: posts, photos (with thumbnails), calendar, registry, game, waiting room, health. */
async function busyFamily(): Promise<{ owner: ApiClient; pregnancyId: string; photoUrl: string }> {
  const { owner, pregnancyId } = await createOtherFamily();
  const scoped = { pregnancyId };
  const guest = await addGuest(pregnancyId, "retention-guest", "friends");
  const post = await owner.trpc.posts.create.mutate({ ...scoped, id: crypto.randomUUID(), content: "Twelve weeks today", privacyLevel: "friends" });
  await guest.client.trpc.posts.comments.add.mutate({ ...scoped, postId: post.id, id: crypto.randomUUID(), content: "Congratulations!" });
  await guest.client.trpc.posts.likes.toggle.mutate({ ...scoped, postId: post.id, liked: true });
  const upload = await postPhotos(owner, pregnancyId, [{ name: "bump.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { thumbnails: [{ name: "bump-thumb.jpg", bytes: testThumbnail(), type: "image/jpeg" }], metadata: { privacyLevel: "friends" } });
  expect(upload.ok).toBe(true);
  const [photo] = (await owner.trpc.photos.list.query(scoped)).items;
  if (!photo) throw new Error("photo not listed");
  await guest.client.trpc.photos.likes.toggle.mutate({ ...scoped, photoId: photo.id, liked: true });
  await guest.client.trpc.photos.comments.add.mutate({ ...scoped, photoId: photo.id, content: "Lovely" });
  const event = await owner.trpc.calendar.create.mutate({ ...scoped, id: crypto.randomUUID(), title: "Scan", date: addDays(todayIso(), 14), category: "medical", privacyLevel: "friends" });
  await owner.trpc.calendar.invite.mutate({ ...scoped, eventId: event.id, participantIds: [guest.participantId] });
  await owner.trpc.registry.createOrUpdate.mutate({ ...scoped, name: "Nursery", url: "https://shop.example.com/list", isCustom: true });
  const log = { id: crypto.randomUUID(), kind: "symptom", severity: 2, name: "Nausea", notes: "", loggedAt: new Date(), loggedOn: todayIso() } as HealthLogInput;
  await owner.trpc.healthRecords.logs.sync.mutate({ ...scoped, logs: [log] });
  await owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped, id: crypto.randomUUID(), kind: "provider", name: "Dr. Example", phone: "555 0100" });
  const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
  expect(image.ok).toBe(true);
  const { imageName } = (await image.json()) as { imageName: string };
  await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped, id: crypto.randomUUID(), content: "Thinking of you", imageName });
  return { owner, pregnancyId, photoUrl: photo.url };
}

/** Ends the pregnancy's read-only years `daysAgo` days ago, warned `warnedDaysAgo` days ago (null: never). */
async function pastItsYears(pregnancyId: string, daysAgo: number, warnedDaysAgo: number | null) {
  const serviceEndDate = addYears(addDays(todayIso(), -daysAgo), -7);
  const purgeWarnedAt = warnedDaysAgo === null ? null : new Date(Date.now() - warnedDaysAgo * MS_PER_DAY);
  await db.update(pregnancies).set({ serviceEndDate, purgeWarnedAt }).where(eq(pregnancies.id, pregnancyId));
}

describe("the retention job", () => {
  let family: Awaited<ReturnType<typeof busyFamily>>;
  let before: Record<string, number>;
  let withFamily: Record<string, number>;

  beforeAll(async () => {
    before = await tableCounts();
    family = await busyFamily();
    withFamily = await tableCounts();
  });

  it("deletes a pregnancy past its read-only years and notice: every row in every table, and every object in R2", async () => {
    const prefix = `pregnancies/${family.pregnancyId}/`;
    // Something in most tables, and the photo, its thumbnail and the waiting-room image in R2.
    const grown = Object.keys(withFamily).filter((table) => withFamily[table]! > before[table]!);
    expect(grown.length).toBeGreaterThanOrEqual(12);
    expect((await objectsUnder(prefix)).length).toBe(3);

    await pastItsYears(family.pregnancyId, 1, PURGE_WARNING_DAYS + 1);
    await runRetention();
    await expect.poll(async () => pregnancyRow(family.pregnancyId), { timeout: 15_000 }).toBeUndefined();

    expect(await tableCounts()).toEqual(before);
    expect(await objectsUnder(prefix)).toEqual([]);
    expect((await family.owner.fetch(family.photoUrl)).status).not.toBe(200);

    // Idempotent: a second run finds nothing of it and changes nothing.
    await runRetention();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await tableCounts()).toEqual(before);
  });

  it("warns the parents once before deleting, and keeps the pregnancy the full notice period", async () => {
    const { pregnancyId } = await createOtherFamily();
    const title = `Retention ${crypto.randomUUID().slice(0, 8)}`;
    await db.update(pregnancies).set({ title }).where(eq(pregnancies.id, pregnancyId));
    // Its read-only years end in a week: inside the warning window, not yet due.
    await pastItsYears(pregnancyId, -7, null);
    await runRetention();
    await expect.poll(async () => (await pregnancyRow(pregnancyId))?.purgeWarnedAt ?? null, { timeout: 15_000 }).not.toBeNull();
    expect(await warningsTo(title)).toBe(1);

    await runRetention();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await warningsTo(title)).toBe(1);
    expect(await pregnancyRow(pregnancyId)).toBeDefined();

    // Past the years but warned only yesterday: kept until the notice has run.
    await pastItsYears(pregnancyId, 3, 1);
    await runRetention();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await pregnancyRow(pregnancyId)).toBeDefined();
  });

  it("purges expired sessions and codes, stale rate-limit counters and spent invitation links and partner codes, and leaves live ones", async () => {
    const { pregnancyId, ownerId } = await createOtherFamily();
    const guest = await addGuest(pregnancyId, "retention-invited", "friends");
    const now = Date.now();
    const long = new Date(now - (SPENT_TOKEN_GRACE_DAYS + 1) * MS_PER_DAY);
    const id = () => crypto.randomUUID();
    const [expiredSession, liveSession] = [id(), id()];
    await db.insert(sessions).values([
      { id: expiredSession, userId: ownerId, token: id(), expiresAt: new Date(now - 60_000) },
      { id: liveSession, userId: ownerId, token: id(), expiresAt: new Date(now + MS_PER_DAY) },
    ]);
    const [expiredCode, liveCode] = [id(), id()];
    await db.insert(verifications).values([
      { id: expiredCode, identifier: "retention", value: "x", expiresAt: new Date(now - 60_000) },
      { id: liveCode, identifier: "retention", value: "y", expiresAt: new Date(now + 60_000) },
    ]);
    const [staleCounter, liveCounter] = [id(), id()];
    await db.insert(rateLimits).values([
      { id: staleCounter, key: `retention:${staleCounter}`, count: 3, lastRequest: now - RATE_LIMIT_ROW_TTL_MS - 60_000 },
      { id: liveCounter, key: `retention:${liveCounter}`, count: 3, lastRequest: now },
    ]);
    const spent = await db
      .insert(invitationTracking)
      .values([
        { participantId: guest.participantId, status: "accepted", acceptedAt: long, updatedAt: long },
        { participantId: guest.participantId, status: "pending", expiresAt: long },
        { participantId: guest.participantId, status: "pending", expiresAt: new Date(now + MS_PER_DAY) },
      ])
      .returning({ id: invitationTracking.id });
    await db.insert(partnerVerifications).values({ participantId: guest.participantId, codeHash: "x", expiresAt: long });
    const events = await db
      .insert(calendarEvents)
      .values([
        { pregnancyId, title: "Long ago", date: addDays(todayIso(), -(SPENT_TOKEN_GRACE_DAYS + 1)), category: "medical", createdBy: ownerId },
        { pregnancyId, title: "Last week", date: addDays(todayIso(), -7), category: "medical", createdBy: ownerId },
      ])
      .returning({ id: calendarEvents.id });
    const rsvps = await db
      .insert(eventParticipants)
      .values(events.map((event) => ({ eventId: event.id, userId: guest.userId })))
      .returning({ id: eventParticipants.id, token: eventParticipants.rsvpToken });
    const tokenOf = async (rsvpId: string) => (await db.select({ token: eventParticipants.rsvpToken }).from(eventParticipants).where(eq(eventParticipants.id, rsvpId)))[0]?.token;

    await runRetention();
    await expect.poll(async () => db.$count(sessions, eq(sessions.id, expiredSession)), { timeout: 15_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.$count(sessions, eq(sessions.id, liveSession))).toBe(1);
    expect(await db.$count(verifications, eq(verifications.id, expiredCode))).toBe(0);
    expect(await db.$count(verifications, eq(verifications.id, liveCode))).toBe(1);
    expect(await db.$count(rateLimits, eq(rateLimits.id, staleCounter))).toBe(0);
    expect(await db.$count(rateLimits, eq(rateLimits.id, liveCounter))).toBe(1);
    const left = await db.select({ id: invitationTracking.id }).from(invitationTracking).where(eq(invitationTracking.participantId, guest.participantId));
    expect(left.map((row) => row.id)).toEqual([spent[2]!.id]);
    expect(await db.$count(partnerVerifications, and(eq(partnerVerifications.participantId, guest.participantId)))).toBe(0);
    // The old event's RSVP link no longer answers; last week's still does.
    const retired = await tokenOf(rsvps[0]!.id);
    expect(retired).not.toBe(rsvps[0]!.token);
    expect(retired).toMatch(/^spent:/);
    expect(await tokenOf(rsvps[1]!.id)).toBe(rsvps[1]!.token);
    await expect(guest.client.trpc.calendar.invitation.get.query({ token: rsvps[0]!.token })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect(await guest.client.trpc.calendar.invitation.get.query({ token: rsvps[1]!.token })).toMatchObject({ title: "Last week" });

    // Idempotent: the next run leaves the retired token as it is.
    await runRetention();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await tokenOf(rsvps[0]!.id)).toBe(retired);
  });
});
