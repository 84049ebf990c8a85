/**
 * Issue 37, item 3 (the calendar and the baby game after the birth): the due date's milestone
 * becomes the birthday (one per birth day, seen by no guest the birth was not told to, in the
 * calendar feed too), pregnancy milestones stop being suggested and those still to come are
 * archived; once every baby is here the game takes no more guesses and gives the parents, alone,
 * its results from the births to score.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BABY_GAME_MESSAGES } from "../../src/domain/babyGame";
import { MILESTONE_MESSAGES } from "../../src/domain/milestones";
import { poundsOuncesFromWeight } from "../../src/domain/prediction";
import { todayIn } from "../../src/domain/timeZones";
import { babyPredictions, calendarEvents, pregnancyBabies, pregnancyParticipants } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { addGuest } from "../support/photos";

const { db, close } = openTestDb();
const ZONE = "America/Chicago";

let pregnancyId: string;
let owner: ApiClient;
let partner: ApiClient;
let bean: string;
let sprout: string;
type Person = { client: ApiClient; userId: string };
/** Immediate family: told of both births. */
let grandma: Person;
/** Extended family: not told of the second birth. */
let maya: Person;
let stranger: Person;
let otherFamily: { owner: ApiClient; pregnancyId: string };

const scoped = () => ({ pregnancyId });
const closedRefusal = { message: BABY_GAME_MESSAGES.closed, data: { code: "CONFLICT", appCode: "GAME_CLOSED" } };
const guess = (date: string, fields: Record<string, unknown> = {}) => ({ weightPounds: 5, weightOunces: 8, length: 18, date, time: "22:00", ...fields });

async function twinsOf(id: string) {
  const rows = await db.insert(pregnancyBabies).values([
    { pregnancyId: id, name: "Bean", birthOrder: 1 },
    { pregnancyId: id, name: "Sprout", birthOrder: 2 },
  ]).returning({ id: pregnancyBabies.id });
  return rows.map((row) => row.id) as [string, string];
}

const birthdays = (client: ApiClient, id = pregnancyId) => client.trpc.calendar.list.query({ pregnancyId: id }).then((events) => events.filter((e) => /birthday|Due date/.test(e.title)).map((e) => ({ title: e.title, date: e.date, privacyLevel: e.privacyLevel })));

const feedOf = async (client: ApiClient) => {
  const { url } = await client.trpc.calendar.feed.get.query(scoped());
  const response = await fetch(new URL(new URL(url).pathname, baseUrl()));
  expect(response.status).toBe(200);
  // Unfolded (RFC 5545 3.1), so a long title reads as one line.
  return (await response.text()).replace(/\r\n /g, "");
};

const predictionCount = async () => (await db.select({ id: babyPredictions.id }).from(babyPredictions).where(eq(babyPredictions.pregnancyId, pregnancyId))).length;

beforeAll(async () => {
  const family = await createOtherFamily();
  ({ pregnancyId, owner } = family);
  const [partnerUp, strangerUp, other] = await Promise.all([signUp("abpartner"), signUp("abstranger"), createOtherFamily()]);
  partner = partnerUp.client;
  stranger = strangerUp;
  otherFamily = other;
  [bean, sprout] = await twinsOf(pregnancyId);
  await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partnerUp.userId, role: "partner", status: "active" });
  [grandma, maya] = await Promise.all([addGuest(pregnancyId, "abgrandma", "immediate-family"), addGuest(pregnancyId, "abmaya", "extended-family")]);
  // The due date's milestone is on the calendar, as the demo family's is, with one milestone past and one to come.
  await owner.trpc.calendar.milestones.add.mutate({ ...scoped(), keys: ["due-date", "prenatal-blood-tests", "full-term"] });
  await owner.trpc.waitingRoom.activate.mutate(scoped());
});

afterAll(() => close());

describe("after the birth of twins", () => {
  let birthDay: string;

  it("one twin here: her birthday replaces the due date, milestones stop being suggested and those to come are over, but the game takes guesses as before", async () => {
    const today = todayIn(ZONE);
    await grandma.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: guess(today) });
    await owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), timeZone: ZONE, babyId: bean, sex: "girl", time: "22:05", weightPounds: 5.5, lengthInches: 18, measurementSystem: "imperial" });
    birthDay = todayIn(ZONE);

    expect(await birthdays(owner)).toEqual([{ title: "Bean's birthday", date: birthDay, privacyLevel: "extended-family" }]);
    expect(await birthdays(maya.client)).toEqual([{ title: "Bean's birthday", date: birthDay, privacyLevel: "extended-family" }]);
    expect(await owner.trpc.calendar.milestones.suggestions.query(scoped())).toEqual([]);
    // The pregnancy milestone still to come is over (archived, the parents can restore it); the past one stays.
    const all = await owner.trpc.calendar.list.query({ ...scoped(), includeArchived: true });
    expect(all.filter((e) => e.milestoneKey !== null && e.milestoneKey !== "birthday").map((e) => [e.title, e.isArchived])).toEqual([
      ["NIPT and blood tests", false],
      ["Full term", true],
    ]);
    await expect(owner.trpc.calendar.milestones.add.mutate({ ...scoped(), keys: ["full-term"] })).rejects.toMatchObject({ message: MILESTONE_MESSAGES.babyHere, data: { code: "CONFLICT" } });

    // Sprout is still expected: guesses go on, nothing is offered to score yet.
    await grandma.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: sprout, details: guess(birthDay, { weightPounds: 5, weightOunces: 0 }) });
    await maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: guess(birthDay, { weightPounds: 7 }) });
    const state = await owner.trpc.babyGame.state.query(scoped());
    expect(state).toMatchObject({ everyBabyHere: false, birthResults: null, isLocked: false });
  });

  it("the second twin the same day, told to the immediate family alone: one birthday names both, and the extended family does not see it", async () => {
    await partner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), timeZone: ZONE, name: "Sprout Rose", time: "22:31", weightPounds: 5.25, measurementSystem: "imperial", audienceGroups: ["immediate-family"] });
    expect(await birthdays(owner)).toEqual([{ title: "Bean and Sprout Rose's birthday", date: birthDay, privacyLevel: "immediate-family" }]);
    expect(await birthdays(grandma.client)).toEqual([{ title: "Bean and Sprout Rose's birthday", date: birthDay, privacyLevel: "immediate-family" }]);
    expect(await birthdays(maya.client)).toEqual([]);

    // The calendar feed follows: the birthday on the birth day, not the due date.
    const ics = await feedOf(owner);
    expect(ics).toContain(`SUMMARY:Bean and Sprout Rose's birthday`);
    expect(ics).toMatch(new RegExp(`DTSTART;VALUE=DATE:${birthDay.replaceAll("-", "")}\\r\\nDTEND;VALUE=DATE:[0-9]{8}\\r\\nSUMMARY:Bean and Sprout Rose's birthday`));
    expect(ics).not.toContain("SUMMARY:Due date");
    expect(await feedOf(maya.client)).not.toContain("birthday");
  });

  it("every baby here: a guest's new or changed guess is refused with a clear error, and so is a parent's guess for someone; nothing is stored", async () => {
    const before = await predictionCount();
    await expect(maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: sprout, details: guess(birthDay) })).rejects.toMatchObject(closedRefusal);
    const mine = (await grandma.client.trpc.babyGame.predictions.query(scoped())).predictions.find((p) => p.isMine && p.babyId === bean);
    await expect(grandma.client.trpc.babyGame.update.mutate({ ...scoped(), predictionId: mine!.id, details: guess(birthDay, { weightPounds: 6 }) })).rejects.toMatchObject(closedRefusal);
    await expect(owner.trpc.babyGame.enterFor.mutate({ ...scoped(), id: crypto.randomUUID(), babyId: bean, playerName: "Uncle Joe", details: guess(birthDay) })).rejects.toMatchObject(closedRefusal);
    expect(await predictionCount()).toBe(before);
    const [stored] = await db.select({ weight: babyPredictions.predictedWeight }).from(babyPredictions).where(eq(babyPredictions.id, mine!.id));
    expect(stored?.weight).toBe(5.5);
    // Nothing can be copied any more: Maya sees Sprout's guesses without having guessed him.
    const mayas = await maya.client.trpc.babyGame.predictions.query(scoped());
    expect(mayas.hiddenByBaby).toEqual({});
    expect(mayas.predictions.filter((p) => p.babyId === sprout)).toHaveLength(1);
  });

  it("the parents, alone, get the results the births give; nobody else reads them or scores", async () => {
    const expected = {
      [bean]: { date: birthDay, time: "22:05:00", weight: 5.5, length: 18, name: "Bean" },
      [sprout]: { date: birthDay, time: "22:31:00", weight: 5.25, name: "Sprout Rose" },
    };
    expect(await owner.trpc.babyGame.state.query(scoped())).toMatchObject({ everyBabyHere: true, isLocked: false, birthResults: expected });
    expect((await partner.trpc.babyGame.state.query(scoped())).birthResults).toEqual(expected);
    const grandmas = await grandma.client.trpc.babyGame.state.query(scoped());
    expect(grandmas).toMatchObject({ everyBabyHere: true, birthResults: null });
    expect(JSON.stringify(grandmas)).not.toContain("22:31");

    const results = [{ babyId: bean, details: guess(birthDay) }];
    for (const refused of [
      () => stranger.client.trpc.babyGame.state.query(scoped()),
      () => otherFamily.owner.trpc.babyGame.state.query(scoped()),
      () => grandma.client.trpc.babyGame.lock.mutate({ ...scoped(), results }),
      () => stranger.client.trpc.babyGame.lock.mutate({ ...scoped(), results }),
      () => otherFamily.owner.trpc.babyGame.lock.mutate({ ...scoped(), results }),
    ]) {
      await expect(refused()).rejects.toMatchObject({ data: { code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) } });
    }
    expect((await owner.trpc.babyGame.state.query(scoped())).isLocked).toBe(false);
  });

  it("one confirmation of the results the births give scores the game: the leaderboard ranks the closest guess first", async () => {
    const { birthResults, babies } = await owner.trpc.babyGame.state.query(scoped());
    // What the parents' form sends once they add the length nobody announced for Sprout.
    const confirmed = babies.map((baby) => {
      const result = { length: 17.5, ...birthResults![baby.id] };
      const { pounds, ounces } = poundsOuncesFromWeight(result.weight!);
      return { babyId: baby.id, details: { weightPounds: pounds, weightOunces: ounces, length: result.length, date: result.date!, time: result.time!.slice(0, 5), ...(result.name ? { name: result.name } : {}) } };
    });
    const locked = await owner.trpc.babyGame.lock.mutate({ ...scoped(), results: confirmed });
    expect(locked.isLocked).toBe(true);
    const board = await grandma.client.trpc.babyGame.leaderboard.query(scoped());
    expect(board.isLocked).toBe(true);
    expect(board.overall.map((row) => row.playerName)).toEqual(["Test abgrandma", "Test abmaya"]);
    // Grandma's Bean: 5 lb 8 oz, 18 in, the day itself, 22:00 for 22:05.
    expect(board.byBaby[bean]?.[0]).toMatchObject({ playerName: "Test abgrandma", points: { date: 20, time: 20, weight: 20, length: 20, name: 0 } });
  });
});

describe("twins born either side of midnight", () => {
  it("get a birthday each, new events when the due date was never on the calendar", async () => {
    const family = await createOtherFamily();
    const [first, second] = await twinsOf(family.pregnancyId);
    const scope = { pregnancyId: family.pregnancyId };
    await family.owner.trpc.waitingRoom.activate.mutate(scope);
    // The same moment is a day apart in these two zones (UTC+14 and UTC-11).
    await family.owner.trpc.waitingRoom.babyHere.mutate({ ...scope, timeZone: "Pacific/Kiritimati", babyId: first });
    await family.owner.trpc.waitingRoom.babyHere.mutate({ ...scope, timeZone: "Pacific/Pago_Pago", babyId: second });
    const days = await db.select({ id: pregnancyBabies.id, birthDate: pregnancyBabies.birthDate }).from(pregnancyBabies).where(inArray(pregnancyBabies.id, [first, second]));
    const dayOf = (id: string) => days.find((d) => d.id === id)!.birthDate!;
    expect(dayOf(first)).not.toBe(dayOf(second));
    const events = await db.select({ title: calendarEvents.title, date: calendarEvents.date, privacyLevel: calendarEvents.privacyLevel, category: calendarEvents.category }).from(calendarEvents).where(and(eq(calendarEvents.pregnancyId, family.pregnancyId), eq(calendarEvents.milestoneKey, "birthday")));
    expect(events.sort((a, b) => a.date.localeCompare(b.date))).toEqual(
      [
        { title: "Bean's birthday", date: dayOf(first), privacyLevel: "extended-family", category: "milestone" },
        { title: "Sprout's birthday", date: dayOf(second), privacyLevel: "extended-family", category: "milestone" },
      ].sort((a, b) => a.date.localeCompare(b.date)),
    );
  });
});
