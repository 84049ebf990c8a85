/**
 * Issue 37, items 1 and 2: the twins are announced one at a time, each with its own details stored
 * on the baby; every participant allowed updates (the other parent too) is mailed once per baby,
 * by their own mail setting, narrowed to the circles the parent chose; nobody else may announce.
 * Items 3 and 4: after the birth the digest and the dashboard count the babies, not the pregnancy.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, posts, pregnancies, pregnancyBabies, pregnancyParticipants, userPreferences, users, waitingRoomMessages } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { daysBetween, startOfWeek } from "../../src/domain/dates";
import { FALLBACK_TIME_ZONE, todayIn } from "../../src/domain/timeZones";
import { MS_PER_DAY } from "../../src/domain/units";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { addGuest } from "../support/photos";

const { db, close } = openTestDb();
const TITLE = "Another Family";

let pregnancyId: string;
let owner: ApiClient;
let ownerEmail: string;
let bean: string;
let sprout: string;
type Person = { client: ApiClient; email: string; userId: string };
let partner: Person;
let grandma: Person & { participantId: string };
let maya: Person;
let friend: Person;
/** Allowed updates, but turned waiting-room mail off in Settings. */
let optedOut: Person;
/** 'Can receive updates' off. */
let noUpdates: Person;
let removed: Person & { participantId: string };
let stranger: Person;
let otherFamily: { owner: ApiClient; pregnancyId: string };

const scoped = () => ({ pregnancyId, timeZone: "America/Chicago" });

/** Every birth mail in the outbox, as "to | subject" lines, sorted. */
async function birthMails(): Promise<string[]> {
  const everyone = [ownerEmail, partner, grandma, maya, friend, optedOut, noUpdates, removed, stranger].map((p) => (typeof p === "string" ? p : p.email).toLowerCase());
  const rows = await db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox).where(inArray(mailOutbox.to, everyone));
  return rows
    .filter((row) => / is here/.test(row.subject))
    .map((row) => `${row.to} | ${row.subject}`)
    .sort();
}

const lines = (people: Person[], subject: string) => people.map((p) => `${p.email.toLowerCase()} | ${TITLE}: ${subject}`);

async function babies() {
  return db
    .select({ id: pregnancyBabies.id, name: pregnancyBabies.name, gender: pregnancyBabies.gender, born: pregnancyBabies.bornAnnouncedAt, time: pregnancyBabies.birthTime, weight: pregnancyBabies.birthWeightPounds, length: pregnancyBabies.birthLengthInches, system: pregnancyBabies.birthMeasurementSystem })
    .from(pregnancyBabies)
    .where(eq(pregnancyBabies.pregnancyId, pregnancyId))
    .orderBy(pregnancyBabies.birthOrder);
}

/** Runs the weekly digest at `now` (the test clock): one run takes everyone due. */
async function runDigest(now: Date) {
  const response = await fetch(new URL("/api/dev/weekly-digest", baseUrl()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: now.toISOString() }) });
  expect(((await response.json()) as { failed: number }).failed).toBe(0);
}

/** The digests mailed to a person, oldest first. */
const digestsTo = async (person: Person) =>
  (await db.select({ text: mailOutbox.text }).from(mailOutbox).where(and(eq(mailOutbox.to, person.email.toLowerCase()), eq(mailOutbox.subject, `${TITLE}: your week`))).orderBy(mailOutbox.createdAt)).map((m) => m.text);

/** The week with the babies on `now`'s date in the family's zone, counted by hand from Bean's birth day: the day of the birth is week 1. */
async function babyWeekOn(now: Date): Promise<number> {
  const [row] = await db.select({ zone: pregnancies.timeZone, born: pregnancyBabies.birthDate }).from(pregnancyBabies).innerJoin(pregnancies, eq(pregnancies.id, pregnancyBabies.pregnancyId)).where(eq(pregnancyBabies.id, bean));
  return Math.floor(daysBetween(row!.born!, todayIn(row!.zone ?? FALLBACK_TIME_ZONE, now)) / 7) + 1;
}

/** What no mail may say once a baby is here. */
const PREGNANCY_TEXT = /of the pregnancy|size of|days? to go|trimester|weeks? pregnant/i;

/** The first digest's run: the first Monday 09:00 UTC from now, within a week of the births, so they are new to a first digest. */
let firstRun: Date;

const birthNotices = async () => (await db.select({ content: waitingRoomMessages.content }).from(waitingRoomMessages).where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), eq(waitingRoomMessages.kind, "parent_update")))).map((m) => m.content).filter((c) => / is here/.test(c));

beforeAll(async () => {
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  const [twins, partnerUp, strangerUp, other] = await Promise.all([
    db
      .insert(pregnancyBabies)
      .values([
        { pregnancyId, name: "Bean", birthOrder: 1 },
        { pregnancyId, name: "Sprout", birthOrder: 2 },
      ])
      .returning({ id: pregnancyBabies.id }),
    signUp("birthpartner"),
    signUp("birthstranger"),
    createOtherFamily(),
  ]);
  [bean, sprout] = twins.map((b) => b.id) as [string, string];
  partner = partnerUp;
  stranger = strangerUp;
  otherFamily = other;
  await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partner.userId, role: "partner", status: "active" });
  [grandma, maya, friend, optedOut, noUpdates, removed] = await Promise.all([
    addGuest(pregnancyId, "birthgrandma", "immediate-family"),
    addGuest(pregnancyId, "birthmaya", "extended-family"),
    addGuest(pregnancyId, "birthfriend", "friends"),
    addGuest(pregnancyId, "birthoptedout", "immediate-family"),
    addGuest(pregnancyId, "birthnoupdates", "immediate-family", { canReceiveUpdates: false }),
    addGuest(pregnancyId, "birthremoved", "immediate-family"),
  ]);
  await db.insert(userPreferences).values({ userId: optedOut.userId, waitingRoomActivation: false });
  ownerEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, family.ownerId)))[0]!.email;
  await owner.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
  await owner.trpc.waitingRoom.activate.mutate({ pregnancyId });
});

afterAll(() => close());

describe("the birth of twins", () => {
  it("nobody but the parents announces a birth, and a refused announcement stores and mails nothing", async () => {
    const refusals = [
      () => grandma.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean, name: "Grandma's pick" }),
      () => stranger.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean }),
      () => removed.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean }),
      () => otherFamily.owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean }),
    ];
    for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ data: { code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) } });
    // Another family's parent naming our baby from their own room finds no such baby there.
    await otherFamily.owner.trpc.waitingRoom.activate.mutate({ pregnancyId: otherFamily.pregnancyId });
    await expect(otherFamily.owner.trpc.waitingRoom.babyHere.mutate({ pregnancyId: otherFamily.pregnancyId, timeZone: "UTC", babyId: bean })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect((await babies()).map((b) => [b.name, b.born])).toEqual([
      ["Bean", null],
      ["Sprout", null],
    ]);
    expect(await birthNotices()).toEqual([]);
    expect(await birthMails()).toEqual([]);
  });

  it("the first twin: her own details on her, named in the room, one mail to each participant allowed updates, the other parent included", async () => {
    const answer = await owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean, sex: "girl", time: "22:05", weightPounds: 5.5, lengthInches: 18, measurementSystem: "metric" });
    expect(answer.message).toMatch(/^Bean is here! Bean, a girl, arrived at 10:05 PM Chicago time weighing 2\.5 kg \(5 lb 8 oz\) and measuring 45\.7 cm \(18 in\)\. One more baby to come\. The waiting room will close at /);
    const [first, second] = await babies();
    expect(first).toMatchObject({ name: "Bean", gender: "girl", time: "22:05:00", weight: 5.5, length: 18, system: "metric" });
    expect(first?.born).toBeInstanceOf(Date);
    expect(second?.born).toBeNull();
    expect(await birthMails()).toEqual(lines([partner, grandma, maya, friend], "Bean is here!").sort());

    // The same baby again is refused and tells nobody twice.
    await expect(owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: bean })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    expect(await birthMails()).toHaveLength(4);
    const state = await grandma.client.trpc.waitingRoom.state.query({ pregnancyId });
    expect(state.state).toBe("baby-here");
    expect(state.babies.map((b) => [b.name, b.born])).toEqual([
      ["Bean", true],
      ["Sprout", false],
    ]);
  });

  it("the second twin later, told to the immediate family only: the other parent still hears, the others do not", async () => {
    const answer = await partner.client.trpc.waitingRoom.babyHere.mutate({ ...scoped(), name: "Sprout Rose", time: "22:31", weightPounds: 5.25, measurementSystem: "imperial", audienceGroups: ["immediate-family"] });
    expect(answer.message).toMatch(/^Sprout Rose is here too! Sprout Rose arrived at 10:31 PM Chicago time weighing 5 lb 4 oz \(2\.4 kg\)\. Bean and Sprout Rose are both here\./);
    expect((await babies()).map((b) => [b.name, b.born !== null, b.weight])).toEqual([
      ["Bean", true, 5.5],
      ["Sprout Rose", true, 5.25],
    ]);
    expect(await birthMails()).toEqual([...lines([partner, grandma, maya, friend], "Bean is here!"), ...lines([grandma], "Sprout Rose is here too!"), `${ownerEmail.toLowerCase()} | ${TITLE}: Sprout Rose is here too!`].sort());
    expect(await birthNotices()).toHaveLength(2);
    // Both are here: nothing is left to announce.
    await expect(owner.trpc.waitingRoom.babyHere.mutate(scoped())).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    await expect(owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), babyId: sprout })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    expect(await birthNotices()).toHaveLength(2);
  });

  it("the next weekly digest leads with the births each reader was told of, then counts the babies' weeks, with no pregnancy week or size", async () => {
    const now = new Date();
    const monday = new Date(`${startOfWeek(now.toISOString().slice(0, 10))}T09:00:00Z`);
    firstRun = monday.getTime() > now.getTime() ? monday : new Date(monday.getTime() + 7 * MS_PER_DAY);
    await runDigest(firstRun);
    const week = await babyWeekOn(firstRun);
    const [grandmas, ...moreForGrandma] = await digestsTo(grandma);
    expect(moreForGrandma).toEqual([]);
    expect(grandmas).toMatch(
      new RegExp(`${TITLE.toUpperCase()}\\s+Bean and Sprout Rose are here!\\s+Bean, a girl, arrived at 10:05 PM Chicago time weighing 2\\.5 kg \\(5 lb 8 oz\\) and measuring 45\\.7 cm \\(18 in\\)\\.\\s+Sprout Rose arrived at 10:31 PM Chicago time weighing 5 lb 4 oz \\(2\\.4 kg\\)\\.\\s+Week ${week} with Bean and Sprout Rose\\.`),
    );
    expect(grandmas).not.toMatch(PREGNANCY_TEXT);
    // Sprout Rose was told to the immediate family alone: Maya reads of Bean only, and counts the weeks with Bean.
    const [mayas, ...moreForMaya] = await digestsTo(maya);
    expect(moreForMaya).toEqual([]);
    expect(mayas).toMatch(new RegExp(`${TITLE.toUpperCase()}\\s+Bean is here!\\s+Bean, a girl, arrived[^\\n]*\\s+Week ${week} with Bean\\.`));
    expect(mayas).not.toContain("Sprout Rose");
    expect(mayas).not.toMatch(PREGNANCY_TEXT);
  });

  it("three weeks on, the digest counts the weeks with the babies beside the week's news, with no pregnancy week, size or days to go", async () => {
    const run = new Date(firstRun.getTime() + 21 * MS_PER_DAY);
    // The week's news: a post the friends' circle may read, after the window's start (a fortnight back at most).
    const [ownerRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, ownerEmail));
    await db.insert(posts).values({ pregnancyId, authorId: ownerRow!.id, content: "<p>Three weeks of sleepless nights</p>", privacyLevel: "friends", createdAt: new Date(run.getTime() - 3 * MS_PER_DAY) });
    await runDigest(run);
    const week = await babyWeekOn(run);
    expect(week).toBeGreaterThanOrEqual(4);
    const grandmas = (await digestsTo(grandma)).at(-1)!;
    expect(await digestsTo(grandma)).toHaveLength(2);
    expect(grandmas).toMatch(new RegExp(`${TITLE.toUpperCase()}\\s+Week ${week} with Bean and Sprout Rose\\.\\s`));
    expect(grandmas).toContain("Three weeks of sleepless nights");
    expect(grandmas).not.toMatch(PREGNANCY_TEXT);
    expect(grandmas).not.toMatch(/ is here/);
    const mayas = (await digestsTo(maya)).at(-1)!;
    expect(mayas).toMatch(new RegExp(`${TITLE.toUpperCase()}\\s+Week ${week} with Bean\\.\\s`));
    expect(mayas).not.toContain("Sprout Rose");
    expect(mayas).not.toMatch(PREGNANCY_TEXT);
  });

  it("the dashboard shows every participant the babies and their births; someone outside the family is refused", async () => {
    const summary = await noUpdates.client.trpc.dashboard.summary.query({ pregnancyId });
    expect(summary.babies.map((b) => ({ name: b.name, gender: b.gender, born: b.bornAnnouncedAt !== null, time: b.birthTime, weight: b.birthWeightPounds, length: b.birthLengthInches, system: b.birthMeasurementSystem }))).toEqual([
      { name: "Bean", gender: "girl", born: true, time: "22:05:00", weight: 5.5, length: 18, system: "metric" },
      { name: "Sprout Rose", gender: "unknown", born: true, time: "22:31:00", weight: 5.25, length: null, system: "imperial" },
    ]);
    expect(summary.babies.every((b) => /^\d{4}-\d{2}-\d{2}$/.test(b.birthDate ?? ""))).toBe(true);
    expect((await grandma.client.trpc.dashboard.summary.query({ pregnancyId })).babies).toEqual(summary.babies);
    const refusals = [
      () => stranger.client.trpc.dashboard.summary.query({ pregnancyId }),
      () => removed.client.trpc.dashboard.summary.query({ pregnancyId }),
      () => otherFamily.owner.trpc.dashboard.summary.query({ pregnancyId }),
    ];
    for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ data: { code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) } });
  });
});
