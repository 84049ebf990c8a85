import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PREDICTIONS } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { BABY_GAME_MESSAGES } from "../../src/domain/babyGame";
import { addDays, todayIso } from "../../src/domain/dates";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { babyGameState, babyPredictions, pregnancyBabies } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";
import { connect, feedOf } from "../support/room";

type Guest = Awaited<ReturnType<typeof addGuest>>;

const { db, close } = openTestDb();

const refusedWith = (appCode: string) => ({ data: { code: "FORBIDDEN", appCode } });
const lockedRefusal = { message: BABY_GAME_MESSAGES.locked, data: { code: "CONFLICT", appCode: "GAME_LOCKED" } };

/** Twins, due in 30 days: guesses and results are written relative to it. */
const due = addDays(todayIso(), 30);
const details = (fields: Record<string, unknown> = {}) => ({ weightPounds: 7, weightOunces: 8, length: 20, date: due, time: "14:30", ...fields });

let pregnancyId: string;
let owner: ApiClient;
let bean: string;
let sprout: string;
let nana: Guest;
let maya: Guest;
let noGame: Guest;
let outsider: Awaited<ReturnType<typeof createOtherFamily>>;
let outsiderBaby: string;

const scoped = () => ({ pregnancyId });
const storedGuesses = (babyId: string) => db.select().from(babyPredictions).where(eq(babyPredictions.babyId, babyId));

async function addBabies(pregnancy: string, names: string[]): Promise<string[]> {
  const rows = await db
    .insert(pregnancyBabies)
    .values(names.map((name, index) => ({ pregnancyId: pregnancy, name, birthOrder: index + 1 })))
    .returning({ id: pregnancyBabies.id });
  return rows.map((row) => row.id);
}

/** Every test starts with an open game and no guesses. */
async function resetGame() {
  await db.delete(babyPredictions).where(eq(babyPredictions.pregnancyId, pregnancyId));
  await db.delete(babyGameState).where(eq(babyGameState.pregnancyId, pregnancyId));
}

beforeAll(async () => {
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  [bean, sprout] = (await addBabies(pregnancyId, ["Bean", "Sprout"])) as [string, string];
  [nana, maya, noGame, outsider] = await Promise.all([
    addGuest(pregnancyId, "game-nana", "immediate-family"),
    addGuest(pregnancyId, "game-maya", "friends"),
    addGuest(pregnancyId, "game-unflagged", "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canPlayBabyGame: false }),
    createOtherFamily(),
  ]);
  [outsiderBaby] = (await addBabies(outsider.pregnancyId, ["Other baby"])) as [string];
});

beforeEach(resetGame);

afterAll(async () => {
  await close();
});

describe("baby game: who may play", () => {
  it("refuses a guest without canPlayBabyGame, reading or guessing, and stores nothing", async () => {
    const game = noGame.client.trpc.babyGame;
    await expect(game.state.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(game.predictions.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(game.leaderboard.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(game.submit.mutate({ ...scoped(), babyId: bean, details: details() })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    expect(await storedGuesses(bean)).toEqual([]);
  });

  it("refuses another pregnancy's user, and a baby or guess of another pregnancy named in this one", async () => {
    await expect(outsider.owner.trpc.babyGame.state.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(outsider.owner.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: outsiderBaby, details: details() })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));

    const theirs = await outsider.owner.trpc.babyGame.submit.mutate({ pregnancyId: outsider.pregnancyId, babyId: outsiderBaby, details: details() });
    await expect(owner.trpc.babyGame.update.mutate({ ...scoped(), predictionId: theirs.prediction.id, details: details({ weightPounds: 9 }) })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    await expect(owner.trpc.babyGame.remove.mutate({ ...scoped(), predictionId: theirs.prediction.id })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    await expect(owner.trpc.babyGame.lock.mutate({ ...scoped(), results: [{ babyId: outsiderBaby, details: details() }] })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    expect((await storedGuesses(outsiderBaby)).map((g) => g.predictedWeight)).toEqual([7.5]);
    expect(await storedGuesses(bean)).toEqual([]);
  });

  it("keeps guesses within their limits and refuses nonsense", async () => {
    const submit = (fields: Record<string, unknown>) => nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details(fields) });
    await expect(submit({ weightPounds: 0, weightOunces: 0 })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(submit({ weightOunces: 16 })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(submit({ time: "25:00" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(submit({ hairColor: "purple" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    expect(await storedGuesses(bean)).toEqual([]);
  });
});

describe("baby game: guessing", () => {
  it("stores one guess per participant per baby: a second submit updates it, and a twin gets its own", async () => {
    const game = nana.client.trpc.babyGame;
    const first = await game.submit.mutate({ ...scoped(), babyId: bean, details: details({ weightOunces: 4, time: "2:05 PM", hairColor: "brown", name: " Lily <3 " }) });
    expect(first).toMatchObject({ created: true, prediction: { isMine: true, weight: 7.25, weightPounds: 7, weightOunces: 4, time: "14:05:00", hairColor: "brown", nameGuess: "Lily <3", playerName: "Test game-nana" } });
    const again = await game.submit.mutate({ ...scoped(), babyId: bean, details: details({ weightPounds: 8, weightOunces: 0 }) });
    expect(again).toMatchObject({ created: false, prediction: { id: first.prediction.id, weight: 8, hairColor: null, nameGuess: null } });
    const updated = await game.update.mutate({ ...scoped(), predictionId: first.prediction.id, details: details({ length: 21.5 }) });
    expect(updated).toMatchObject({ id: first.prediction.id, length: 21.5 });
    await game.submit.mutate({ ...scoped(), babyId: sprout, details: details() });

    const stored = await storedGuesses(bean);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ predictorId: nana.userId, enteredBy: nana.userId, predictedWeight: 7.5, predictedLength: 21.5, predictedTime: "14:30:00", additionalPredictions: { weightPounds: 7, weightOunces: 8 } });
    expect(await storedGuesses(sprout)).toHaveLength(1);
  });

  it("shows a guest the others' guesses for a baby only after their own; parents see all", async () => {
    await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() });
    await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: sprout, details: details() });

    const before = await maya.client.trpc.babyGame.predictions.query(scoped());
    expect(before).toEqual({ predictions: [], hiddenByBaby: { [bean]: 1, [sprout]: 1 } });

    await maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details({ weightPounds: 6 }) });
    const after = await maya.client.trpc.babyGame.predictions.query(scoped());
    expect(after.predictions.map((p) => [p.babyId, p.playerName, p.isMine])).toEqual([
      [bean, "Test game-nana", false],
      [bean, "Test game-maya", true],
    ]);
    expect(after.hiddenByBaby).toEqual({ [sprout]: 1 });

    const parents = await owner.trpc.babyGame.predictions.query(scoped());
    expect(parents.predictions).toHaveLength(3);
    expect(parents.hiddenByBaby).toEqual({});
  });

  it("lets a guest change only their own guess", async () => {
    const nanas = await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() });
    await maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() });
    await expect(maya.client.trpc.babyGame.update.mutate({ ...scoped(), predictionId: nanas.prediction.id, details: details({ weightPounds: 12 }) })).rejects.toMatchObject(
      refusedWith("NOT_YOUR_PREDICTION"),
    );
    await expect(owner.trpc.babyGame.update.mutate({ ...scoped(), predictionId: nanas.prediction.id, details: details({ weightPounds: 12 }) })).rejects.toMatchObject(refusedWith("NOT_YOUR_PREDICTION"));
    await expect(maya.client.trpc.babyGame.remove.mutate({ ...scoped(), predictionId: nanas.prediction.id })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    expect((await storedGuesses(bean)).find((g) => g.id === nanas.prediction.id)?.predictedWeight).toBe(7.5);
  });

  it("lets a parent enter, correct and remove a guess for someone without an account, once per baby per name", async () => {
    const id = crypto.randomUUID();
    const entry = { ...scoped(), id, babyId: bean, playerName: "Great-aunt Edna", relationship: "other" as const, details: details({ eyeColor: "hazel" }) };
    const entered = await owner.trpc.babyGame.enterFor.mutate(entry);
    expect(entered).toMatchObject({ id, playerName: "Great-aunt Edna", relationship: "other", enteredForSomeone: true, isMine: false, eyeColor: "hazel" });
    // A retry of the same entry stays one guess.
    expect(await owner.trpc.babyGame.enterFor.mutate(entry)).toMatchObject({ id });
    await expect(owner.trpc.babyGame.enterFor.mutate({ ...entry, id: crypto.randomUUID(), playerName: "great-aunt  EDNA" })).rejects.toMatchObject({
      message: BABY_GAME_MESSAGES.duplicatePlayer,
      data: { code: "CONFLICT", appCode: "DUPLICATE_PLAYER" },
    });
    await owner.trpc.babyGame.enterFor.mutate({ ...entry, id: crypto.randomUUID(), babyId: sprout });
    await expect(nana.client.trpc.babyGame.enterFor.mutate({ ...entry, id: crypto.randomUUID(), playerName: "Nana's friend" })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(nana.client.trpc.babyGame.update.mutate({ ...scoped(), predictionId: id, details: details() })).rejects.toMatchObject(refusedWith("NOT_YOUR_PREDICTION"));

    const corrected = await owner.trpc.babyGame.update.mutate({ ...scoped(), predictionId: id, details: details({ weightPounds: 9 }) });
    expect(corrected).toMatchObject({ weight: 9.5, playerName: "Great-aunt Edna", relationship: "other" });
    const [stored] = (await storedGuesses(bean)).filter((g) => g.id === id);
    expect(stored).toMatchObject({ predictorId: null, additionalPredictions: { playerName: "Great-aunt Edna", relationship: "other" } });
    expect(stored?.enteredBy).not.toBeNull();

    expect(await owner.trpc.babyGame.remove.mutate({ ...scoped(), predictionId: id })).toEqual({ removed: true });
    expect(await owner.trpc.babyGame.remove.mutate({ ...scoped(), predictionId: id })).toEqual({ removed: false });
    expect(await storedGuesses(bean)).toEqual([]);
  });

  it("tells the pregnancy's feed after a guess", async () => {
    const feed = await connect(feedOf(pregnancyId), maya.client);
    try {
      await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() });
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "babyGame");
    } finally {
      feed.socket.close();
    }
  });
});

describe("baby game: locking", () => {
  const results = (bean_: Record<string, unknown> = {}, sprout_: Record<string, unknown> = {}) => [
    { babyId: bean, details: details(bean_) },
    { babyId: sprout, details: details(sprout_) },
  ];

  it("needs a result for every baby, and only a parent locks or unlocks", async () => {
    await expect(owner.trpc.babyGame.lock.mutate({ ...scoped(), results: [{ babyId: bean, details: details() }] })).rejects.toMatchObject({
      message: BABY_GAME_MESSAGES.resultsForEveryBaby,
      data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" },
    });
    await expect(nana.client.trpc.babyGame.lock.mutate({ ...scoped(), results: results() })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(nana.client.trpc.babyGame.unlock.mutate(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    expect(await nana.client.trpc.babyGame.state.query(scoped())).toMatchObject({ isLocked: false, actualResults: null, babies: [{ id: bean, name: "Bean" }, { id: sprout, name: "Sprout" }] });
  });

  it("refuses new and changed guesses while locked with a clear message, and takes them again once unlocked", async () => {
    const nanas = await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() });
    const locked = await owner.trpc.babyGame.lock.mutate({ ...scoped(), results: results({ hairColor: "red", name: "Rose" }) });
    expect(locked).toMatchObject({ isLocked: true, actualResults: { [bean]: { weight: 7.5, length: 20, date: due, time: "14:30:00", hairColor: "red", name: "Rose" } } });
    expect(await maya.client.trpc.babyGame.state.query(scoped())).toMatchObject({ isLocked: true, actualResults: { [bean]: { name: "Rose" } }, previousResults: null });

    await expect(maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() })).rejects.toMatchObject(lockedRefusal);
    await expect(nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details({ weightPounds: 9 }) })).rejects.toMatchObject(lockedRefusal);
    await expect(nana.client.trpc.babyGame.update.mutate({ ...scoped(), predictionId: nanas.prediction.id, details: details({ weightPounds: 9 }) })).rejects.toMatchObject(lockedRefusal);
    await expect(owner.trpc.babyGame.enterFor.mutate({ ...scoped(), id: crypto.randomUUID(), babyId: bean, playerName: "Late Larry", details: details() })).rejects.toMatchObject(lockedRefusal);
    await expect(owner.trpc.babyGame.remove.mutate({ ...scoped(), predictionId: nanas.prediction.id })).rejects.toMatchObject(lockedRefusal);
    expect((await storedGuesses(bean)).map((g) => [g.predictorId, g.predictedWeight])).toEqual([[nana.userId, 7.5]]);
    // Once locked nothing can be copied: everyone sees every guess.
    expect((await maya.client.trpc.babyGame.predictions.query(scoped())).predictions).toHaveLength(1);

    expect(await owner.trpc.babyGame.unlock.mutate(scoped())).toMatchObject({ isLocked: false, actualResults: null, previousResults: { [bean]: { name: "Rose" } } });
    expect(await maya.client.trpc.babyGame.state.query(scoped())).toMatchObject({ isLocked: false, previousResults: null });
    expect(await maya.client.trpc.babyGame.leaderboard.query(scoped())).toEqual({ isLocked: false, overall: [], byBaby: {} });
    await expect(maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details() })).resolves.toMatchObject({ created: true });
  });

  it("scores every guess by the points table and ranks the same way every time", async () => {
    // Nana: Bean exact but the name (the date one day late); Sprout 2 days early and 3 oz light.
    await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details({ date: addDays(due, 1), hairColor: "red", eyeColor: "blue" }) });
    await nana.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: sprout, details: details({ date: addDays(due, -2), weightOunces: 5 }) });
    // Maya: Bean an hour late, half an inch long, name right whatever the case; no Sprout guess.
    await maya.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: bean, details: details({ time: "15:30", length: 20.5, name: "rose", hairColor: "red", eyeColor: "blue" }) });
    // Edna (no account): the same Bean guess as Maya but entered later, so the tie goes to Maya.
    await owner.trpc.babyGame.enterFor.mutate({ ...scoped(), id: crypto.randomUUID(), babyId: bean, playerName: "Edna", details: details({ time: "15:30", length: 20.5, name: "ROSE", hairColor: "red", eyeColor: "blue" }) });

    await owner.trpc.babyGame.lock.mutate({ ...scoped(), results: results({ hairColor: "red", eyeColor: "blue", name: "Rose" }, { hairColor: "brown", name: "Ivy" }) });
    const board = await maya.client.trpc.babyGame.leaderboard.query(scoped());

    // Bean: date 20, time 20, weight 20, length 20, hair 10, eyes 10, name 15 when exact.
    expect(board.overall.map((row) => [row.rank, row.playerName, row.total])).toEqual([
      [1, "Test game-nana", 19 + 20 + 20 + 20 + 10 + 10 + 0 + (18 + 20 + 17 + 20 + 0 + 0)],
      [2, "Test game-maya", 20 + 18 + 20 + 18 + 10 + 10 + 15],
      [3, "Edna", 20 + 18 + 20 + 18 + 10 + 10 + 15],
    ]);
    expect(board.overall[0]?.points).toEqual({ date: 37, time: 40, weight: 37, length: 40, hairColor: 10, eyeColor: 10, name: 0 });
    expect(board.byBaby[bean]?.map((row) => [row.playerName, row.total])).toEqual([
      ["Test game-maya", 111],
      ["Edna", 111],
      ["Test game-nana", 99],
    ]);
    expect(board.byBaby[sprout]?.map((row) => [row.playerName, row.points])).toEqual([
      ["Test game-nana", { date: 18, time: 20, weight: 17, length: 20, hairColor: 0, eyeColor: null, name: 0 }],
    ]);
    expect(await owner.trpc.babyGame.leaderboard.query(scoped())).toEqual(board);
  });
});

describe("baby game: the demo family", () => {
  it("has an open game with the seeded guesses, seeded once; Sam may not play", async () => {
    const [olivia, grandma, sam] = await Promise.all([signedInAs("olivia"), signedInAs("grandma"), signedInAs("sam")]);
    const demo = { pregnancyId: (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id };
    expect(await seedDemoFamily(db)).toEqual({ seeded: false });

    expect(await olivia.trpc.babyGame.state.query(demo)).toMatchObject({ isLocked: false, babies: [{ name: "Bean" }, { name: "Sprout" }] });
    const seeded = (await olivia.trpc.babyGame.predictions.query(demo)).predictions.filter((p) => DEMO_PREDICTIONS.some((d) => d.id === p.id));
    expect(seeded).toHaveLength(DEMO_PREDICTIONS.length);
    expect(seeded.find((p) => p.playerName === "Great-grandpa Joe")).toMatchObject({ enteredForSomeone: true, relationship: "other", weightPounds: 7, weightOunces: 0, nameGuess: "Joe" });
    // Grandma guessed both twins, so no guess is hidden from her.
    expect((await grandma.trpc.babyGame.predictions.query(demo)).hiddenByBaby).toEqual({});
    await expect(sam.trpc.babyGame.state.query(demo)).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
  });
});
