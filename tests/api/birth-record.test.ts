/**
 * Issue 37 item 3: a family that never opened the waiting room records a birth in Settings, on the
 * day it happened; the family is told only when the parents ask, once, in the circles chosen; nobody
 * but the parents may record one.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/domain/dates";
import { todayIn } from "../../src/domain/timeZones";
import { BIRTH_DATE_MESSAGES } from "../../src/domain/waitingRoom";
import { mailOutbox, pregnancies, pregnancyBabies, pregnancyParticipants, users } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { addGuest } from "../support/photos";

const { db, close } = openTestDb();
const CHICAGO = "America/Chicago";

let pregnancyId: string;
let owner: ApiClient;
let ownerEmail: string;
let title: string;
let bean: string;
let sprout: string;
type Person = { client: ApiClient; email: string; userId: string };
let partner: Person;
let grandma: Person & { participantId: string };
let friend: Person;
let removed: Person & { participantId: string };
let stranger: Person;
let otherFamily: { owner: ApiClient; pregnancyId: string };

const today = () => todayIn(CHICAGO, new Date());
const record = (client: ApiClient, input: { babyId: string; birthDate: string; tellFamily: boolean } & Record<string, unknown>) =>
  client.trpc.waitingRoom.recordBirth.mutate({ pregnancyId, timeZone: CHICAGO, ...input });

async function mailsTo(people: string[]) {
  const rows = await db.select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(inArray(mailOutbox.to, people.map((p) => p.toLowerCase())));
  return rows.filter((row) => / is here/.test(row.subject));
}

const bornRows = async () =>
  db
    .select({ name: pregnancyBabies.name, gender: pregnancyBabies.gender, born: pregnancyBabies.bornAnnouncedAt, date: pregnancyBabies.birthDate, time: pregnancyBabies.birthTime, zone: pregnancyBabies.birthTimeZone })
    .from(pregnancyBabies)
    .where(eq(pregnancyBabies.pregnancyId, pregnancyId))
    .orderBy(pregnancyBabies.birthOrder);

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
    signUp("recordpartner"),
    signUp("recordstranger"),
    createOtherFamily(),
  ]);
  [bean, sprout] = twins.map((b) => b.id) as [string, string];
  partner = partnerUp;
  stranger = strangerUp;
  otherFamily = other;
  await db.update(pregnancies).set({ timeZone: CHICAGO }).where(eq(pregnancies.id, pregnancyId));
  await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partner.userId, role: "partner", status: "active" });
  [grandma, friend, removed] = await Promise.all([
    addGuest(pregnancyId, "recordgrandma", "immediate-family"),
    addGuest(pregnancyId, "recordfriend", "friends"),
    addGuest(pregnancyId, "recordremoved", "immediate-family"),
  ]);
  ownerEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, family.ownerId)))[0]!.email;
  title = (await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)))[0]!.title;
  await owner.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
});

afterAll(() => close());

describe("a birth recorded in Settings", () => {
  it("nobody but the parents records a birth, and a refused one stores and mails nothing", async () => {
    const attempts = [
      () => record(grandma.client, { babyId: bean, birthDate: today(), tellFamily: true }),
      () => record(stranger.client, { babyId: bean, birthDate: today(), tellFamily: true }),
      () => record(removed.client, { babyId: bean, birthDate: today(), tellFamily: true }),
      () => record(otherFamily.owner, { babyId: bean, birthDate: today(), tellFamily: true }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ data: { code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) } });
    // Another family's owner names this family's baby from their own pregnancy: not theirs.
    await expect(otherFamily.owner.trpc.waitingRoom.recordBirth.mutate({ pregnancyId: otherFamily.pregnancyId, timeZone: CHICAGO, babyId: bean, birthDate: today(), tellFamily: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    // A day to come, or more than a year ago, is refused with its reason.
    await expect(record(owner, { babyId: bean, birthDate: addDays(today(), 1), tellFamily: true })).rejects.toMatchObject({ message: BIRTH_DATE_MESSAGES.future });
    await expect(record(owner, { babyId: bean, birthDate: addDays(today(), -400), tellFamily: true })).rejects.toMatchObject({ message: BIRTH_DATE_MESSAGES.tooOld });
    expect((await bornRows()).every((baby) => baby.born === null)).toBe(true);
    expect(await mailsTo([ownerEmail, partner.email, grandma.email, friend.email, removed.email, stranger.email])).toEqual([]);
  });

  it("the owner records Bean's birth three days ago without telling anyone: stored on the day named, nobody mailed, and not twice", async () => {
    const day = addDays(today(), -3);
    const answer = await record(owner, { babyId: bean, birthDate: day, tellFamily: false, sex: "girl", time: "6:40 AM", weightPounds: 6.25, measurementSystem: "imperial" });
    expect(answer.notice).toMatch(/^Bean is here! Bean, a girl, arrived on \w+, \w+ \d+ at 6:40 AM Chicago time weighing 6 lb 4 oz \(2\.8 kg\)\. One more baby to come\.$/);
    const [stored] = await bornRows();
    expect(stored).toMatchObject({ name: "Bean", gender: "girl", date: day, time: "06:40:00", zone: CHICAGO });
    expect(stored!.born).not.toBeNull();
    expect(await mailsTo([ownerEmail, partner.email, grandma.email, friend.email])).toEqual([]);
    // Nobody was told: the parents' dashboard has Bean born, Grandma's still has her expected.
    const bornOn = async (client: ApiClient) => (await client.trpc.dashboard.summary.query({ pregnancyId })).babies.map((baby) => baby.birthDate);
    expect(await bornOn(partner.client)).toEqual([day, null]);
    expect(await bornOn(grandma.client)).toEqual([null, null]);
    await expect(record(owner, { babyId: bean, birthDate: day, tellFamily: true })).rejects.toMatchObject({ data: { code: "CONFLICT" }, message: "Bean is already marked as born." });
  });

  it("the partner records Sprout today and tells the immediate family: the owner and Grandma get one mail each, the friend and the removed relative none", async () => {
    // Sent twice at once (a double tap): whichever arrives first records it, the other is refused, and nobody hears twice.
    const taps = await Promise.allSettled(
      [1, 2].map(() => record(partner.client, { babyId: sprout, birthDate: today(), tellFamily: true, name: "Sprout Rose", audienceGroups: ["immediate-family"] })),
    );
    expect(taps.filter((tap) => tap.status === "fulfilled")).toHaveLength(1);
    expect(taps.find((tap) => tap.status === "rejected")).toMatchObject({ reason: { data: { code: "CONFLICT" }, message: "Sprout Rose is already marked as born." } });
    const subject = `${title}: Sprout Rose is here too!`;
    const mails = await mailsTo([ownerEmail, partner.email, grandma.email, friend.email, removed.email, stranger.email]);
    expect(mails.map((mail) => `${mail.to} | ${mail.subject}`).sort()).toEqual([`${grandma.email.toLowerCase()} | ${subject}`, `${ownerEmail.toLowerCase()} | ${subject}`].sort());
    // Today's birth says no day; both twins are named as here.
    expect(mails[0]!.text).toContain("Sprout Rose is here too! Bean and Sprout Rose are both here.");
    // Told to the immediate family: Grandma's dashboard now has Sprout Rose born (Bean, not told, still expected); the friend's has neither.
    const bornOn = async (client: ApiClient) => (await client.trpc.dashboard.summary.query({ pregnancyId })).babies.map((baby) => baby.birthDate);
    expect(await bornOn(grandma.client)).toEqual([null, today()]);
    expect(await bornOn(friend.client)).toEqual([null, null]);
  });
});
