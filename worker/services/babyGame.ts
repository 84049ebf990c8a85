import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { BABY_GAME_MESSAGES, BABY_GAME_NAME_MAX_LENGTH, type BirthDetails, birthFactsOf, everyBabyHere, resultFromBirth, type CheckedBirthFacts, type GameEntry, type LeaderboardRow, playerKeyOf, rankLeaderboard, sameGuessText } from "../../src/domain/babyGame";
import type { GuestRelationship } from "../../src/domain/enums";
import { poundsOuncesFromWeight } from "../../src/domain/prediction";
import { LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { sanitizePlainText } from "../../src/domain/sanitize";
import type { Executor } from "../db";
import { babyGameState, babyPredictions, pregnancies, pregnancyBabies, users, type AdditionalPredictions, type BabyGameActualResults } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import type { PregnancyCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";

/** Every committed write tells the pregnancy's feed; open game pages reload what they may see. */
const announce = (caller: PregnancyCaller) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "babyGame"));

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
const gameLocked = () => new AppError("CONFLICT", "GAME_LOCKED", BABY_GAME_MESSAGES.locked);
const gameClosed = () => new AppError("CONFLICT", "GAME_CLOSED", BABY_GAME_MESSAGES.closed);
const endedInLoss = () => new AppError("FORBIDDEN", "PREGNANCY_ENDED", LOSS_TEXTS.gameClosed);

/** A baby lost of several (issue 38) is no game baby: not listed, guessed, scored or shown. */
const stillWithUs = isNull(pregnancyBabies.lostAt);

/** The guesses about babies still with us. */
const guessesAboutBabiesStillWithUs = (pregnancyId: string) =>
  inArray(babyPredictions.babyId, sql`(select ${pregnancyBabies.id} from ${pregnancyBabies} where ${pregnancyBabies.pregnancyId} = ${pregnancyId} and ${pregnancyBabies.lostAt} is null)`);

// ---------------------------------------------------------------------------------------------
// The game's state

/**
 * The pregnancy's game row, made on first use and locked for the rest of the transaction: a
 * guess takes it shared (guesses do not wait on each other), locking takes it exclusively, so a
 * guess is never saved after the lock committed.
 */
async function gameRow(tx: Executor, pregnancyId: string, strength: "share" | "update") {
  // After a loss (issue 38) the game is closed to every write. Read shared: recording the loss waits for this write, or this write sees it.
  const [pregnancy] = await tx.select({ lossRecordedAt: pregnancies.lossRecordedAt }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("share");
  if (pregnancy?.lossRecordedAt) throw endedInLoss();
  await tx.insert(babyGameState).values({ pregnancyId }).onConflictDoNothing();
  const [row] = await tx.select().from(babyGameState).where(eq(babyGameState.pregnancyId, pregnancyId)).for(strength);
  if (!row) throw new Error("baby_game_state row missing after insert");
  return row;
}

async function assertUnlocked(tx: Executor, pregnancyId: string) {
  if ((await gameRow(tx, pregnancyId, "share")).isLocked) throw gameLocked();
}

const bornColumn = sql<boolean>`${pregnancyBabies.bornAnnouncedAt} is not null`;

/**
 * Guesses are taken while the game is unlocked and a baby is still expected (issue 37). The
 * babies' rows are read shared: a birth announced meanwhile either waits for this guess to commit
 * or is seen by it, so no guess is saved after the last birth.
 */
async function assertOpen(tx: Executor, pregnancyId: string) {
  await assertUnlocked(tx, pregnancyId);
  const babies = await tx.select({ born: bornColumn }).from(pregnancyBabies).where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs)).for("share");
  if (everyBabyHere(babies)) throw gameClosed();
}

const babiesOf = (db: Executor, pregnancyId: string) =>
  db
    .select({
      id: pregnancyBabies.id,
      name: pregnancyBabies.name,
      birthOrder: pregnancyBabies.birthOrder,
      born: bornColumn,
      birthDate: pregnancyBabies.birthDate,
      birthTime: pregnancyBabies.birthTime,
      birthWeightPounds: pregnancyBabies.birthWeightPounds,
      birthLengthInches: pregnancyBabies.birthLengthInches,
    })
    .from(pregnancyBabies)
    .where(and(eq(pregnancyBabies.pregnancyId, pregnancyId), stillWithUs))
    .orderBy(asc(pregnancyBabies.birthOrder));

async function assertBabyOf(tx: Executor, pregnancyId: string, babyId: string) {
  const [baby] = await tx.select({ pregnancyId: pregnancyBabies.pregnancyId }).from(pregnancyBabies).where(and(eq(pregnancyBabies.id, babyId), stillWithUs));
  assertInPregnancy(baby, pregnancyId, "Baby");
}

/**
 * The babies to guess about (by birth order), whether the game is locked, and whether every baby
 * is here (guesses closed). Everyone sees the actual results once locked; parents also get the
 * results last entered while unlocked, so locking again starts from them, and once every baby is
 * here the results the births give (`birthResults`), for one confirmation to score the game.
 * After a loss (issue 38) the game reads as closed, with nothing of it left to show.
 */
export async function gameState(caller: PregnancyCaller) {
  const { db, access } = caller;
  if (access.endedInLoss) {
    return { babies: [], isLocked: false, everyBabyHere: false, closedByLoss: true, birthResults: null, lockedAt: null, actualResults: null, previousResults: null };
  }
  const [births, [row]] = await Promise.all([babiesOf(db, access.id), db.select().from(babyGameState).where(eq(babyGameState.pregnancyId, access.id))]);
  const locked = row?.isLocked ?? false;
  const allHere = everyBabyHere(births);
  return {
    babies: births.map(({ id, name, birthOrder }) => ({ id, name, birthOrder })),
    isLocked: locked,
    everyBabyHere: allHere,
    closedByLoss: false,
    birthResults: access.isParent && allHere ? Object.fromEntries(births.map((birth) => [birth.id, resultFromBirth(birth)])) : null,
    lockedAt: locked ? (row?.lockedAt ?? null) : null,
    actualResults: locked ? resultsFor(births, row?.actualResults ?? {}) : null,
    previousResults: access.isParent && !locked && row?.actualResults ? resultsFor(births, row.actualResults) : null,
  };
}

/** The stored results of the babies still with us (a result entered before a twin's loss stays stored, unseen). */
const resultsFor = (babies: ReadonlyArray<{ id: string }>, results: BabyGameActualResults): BabyGameActualResults =>
  Object.fromEntries(
    babies.flatMap((baby) => {
      const result = results[baby.id];
      return result ? [[baby.id, result] as const] : [];
    }),
  );

// ---------------------------------------------------------------------------------------------
// Reading guesses

const predictionColumns = {
  id: babyPredictions.id,
  babyId: babyPredictions.babyId,
  predictorId: babyPredictions.predictorId,
  predictedWeight: babyPredictions.predictedWeight,
  predictedLength: babyPredictions.predictedLength,
  predictedDate: babyPredictions.predictedDate,
  predictedTime: babyPredictions.predictedTime,
  additional: babyPredictions.additionalPredictions,
  createdAt: babyPredictions.createdAt,
  updatedAt: babyPredictions.updatedAt,
  predictorFirstName: users.firstName,
  predictorLastName: users.lastName,
};

const selectPredictions = (db: Executor, where: SQL | undefined) =>
  db.select(predictionColumns).from(babyPredictions).leftJoin(users, eq(users.id, babyPredictions.predictorId)).where(where).orderBy(asc(babyPredictions.createdAt), asc(babyPredictions.id));
type PredictionRow = Awaited<ReturnType<typeof selectPredictions>>[number];

/** An account's name as it is now; the typed name for someone without an account. */
const playerNameOf = (row: PredictionRow) =>
  row.predictorId ? [row.predictorFirstName, row.predictorLastName].filter(Boolean).join(" ") || "Family member" : (row.additional?.playerName ?? "Guest");

function predictionView(row: PredictionRow, userId: string) {
  const weight = row.predictedWeight;
  const split = weight === null ? null : poundsOuncesFromWeight(weight);
  return {
    id: row.id,
    babyId: row.babyId,
    playerName: playerNameOf(row),
    /** Only for a guess a parent entered for someone without an account. */
    relationship: row.predictorId ? null : ((row.additional?.relationship ?? null) as GuestRelationship | null),
    isMine: row.predictorId === userId,
    enteredForSomeone: row.predictorId === null,
    weight,
    weightPounds: row.additional?.weightPounds ?? split?.pounds ?? null,
    weightOunces: row.additional?.weightOunces ?? split?.ounces ?? null,
    length: row.predictedLength,
    date: row.predictedDate,
    time: row.predictedTime,
    hairColor: row.additional?.hairColor ?? null,
    eyeColor: row.additional?.eyeColor ?? null,
    nameGuess: row.additional?.nameGuess ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type PredictionView = ReturnType<typeof predictionView>;

/**
 * The guesses the viewer may see: parents see every guess; a guest sees their own, and everyone's
 * for a baby once they have guessed about that baby themselves, so nobody copies. Once the game
 * is locked or closed by the births nothing can be copied any more, and the leaderboard shows
 * every guess anyway.
 */
function visibleGuesses(caller: PregnancyCaller, closed: boolean): SQL | undefined {
  if (caller.access.isParent || closed) return undefined;
  const userId = caller.user.id;
  return or(
    eq(babyPredictions.predictorId, userId),
    inArray(
      babyPredictions.babyId,
      sql`(select ${babyPredictions.babyId} from ${babyPredictions} where ${babyPredictions.pregnancyId} = ${caller.access.id} and ${babyPredictions.predictorId} = ${userId})`,
    ),
  );
}

/** baby_predictions by pregnancy, oldest first (core spec 7), as far as the viewer may see, and how many are hidden per baby. */
export async function listPredictions(caller: PregnancyCaller) {
  const { db, access } = caller;
  const userId = caller.user.id;
  // After a loss the guesses are kept out of sight, for the parents too.
  if (access.endedInLoss) return { predictions: [], hiddenByBaby: {} };
  // One statement for both: without babies there are no guesses, so no row means nothing to hide behind a lock.
  const babies = await db
    .select({ born: bornColumn, isLocked: babyGameState.isLocked })
    .from(pregnancyBabies)
    .leftJoin(babyGameState, eq(babyGameState.pregnancyId, pregnancyBabies.pregnancyId))
    .where(and(eq(pregnancyBabies.pregnancyId, access.id), stillWithUs));
  const closed = babies.some((baby) => baby.isLocked === true) || everyBabyHere(babies);
  const [rows, totals] = await Promise.all([
    selectPredictions(db, and(eq(babyPredictions.pregnancyId, access.id), guessesAboutBabiesStillWithUs(access.id), visibleGuesses(caller, closed))),
    db
      .select({ babyId: babyPredictions.babyId, total: count() })
      .from(babyPredictions)
      .where(and(eq(babyPredictions.pregnancyId, access.id), guessesAboutBabiesStillWithUs(access.id)))
      .groupBy(babyPredictions.babyId),
  ]);
  const predictions = rows.map((row) => predictionView(row, userId));
  const hiddenByBaby: Record<string, number> = {};
  for (const { babyId, total } of totals) {
    const hidden = total - predictions.filter((p) => p.babyId === babyId).length;
    if (hidden > 0) hiddenByBaby[babyId] = hidden;
  }
  return { predictions, hiddenByBaby };
}

async function predictionById(db: Executor, predictionId: string, userId: string): Promise<PredictionView> {
  const [row] = await selectPredictions(db, eq(babyPredictions.id, predictionId));
  if (!row) throw new AppError("NOT_FOUND", "NOT_FOUND", "Prediction not found");
  return predictionView(row, userId);
}

// ---------------------------------------------------------------------------------------------
// Writing guesses

/** The guess's columns: the weight as pounds + ounces / 16, and the entered pounds and ounces kept as typed (core spec 3). */
function guessValues(details: BirthDetails, facts: CheckedBirthFacts, additional: AdditionalPredictions = {}) {
  const nameGuess = facts.name ? sanitizePlainText(facts.name, BABY_GAME_NAME_MAX_LENGTH) : "";
  const { hairColor: _hair, eyeColor: _eyes, nameGuess: _name, ...kept } = additional;
  return {
    predictedWeight: facts.weight,
    predictedLength: facts.length,
    predictedDate: facts.date,
    predictedTime: facts.time,
    additionalPredictions: {
      ...kept,
      weightPounds: details.weightPounds,
      weightOunces: details.weightOunces,
      ...(facts.hairColor ? { hairColor: facts.hairColor } : {}),
      ...(facts.eyeColor ? { eyeColor: facts.eyeColor } : {}),
      ...(nameGuess ? { nameGuess } : {}),
    },
  };
}

/**
 * The caller's own guess for a baby (baby_predictions insert), or its update when they already
 * made one: one guess per participant per baby, so a retried submit never makes a second.
 */
export async function submitPrediction(caller: PregnancyCaller, { babyId, details }: { babyId: string; details: BirthDetails }) {
  const userId = caller.user.id;
  const values = guessValues(details, birthFactsOf(details));
  const { id, created } = await caller.db.transaction(async (tx) => {
    await assertOpen(tx, caller.access.id);
    await assertBabyOf(tx, caller.access.id, babyId);
    const [inserted] = await tx
      .insert(babyPredictions)
      .values({ ...values, pregnancyId: caller.access.id, babyId, predictorId: userId, enteredBy: userId })
      .onConflictDoNothing({ target: [babyPredictions.babyId, babyPredictions.predictorId] })
      .returning({ id: babyPredictions.id });
    if (inserted) return { id: inserted.id, created: true };
    const [updated] = await tx
      .update(babyPredictions)
      .set({ ...values, enteredBy: userId })
      .where(and(eq(babyPredictions.babyId, babyId), eq(babyPredictions.predictorId, userId)))
      .returning({ id: babyPredictions.id });
    if (!updated) throw new Error("prediction neither inserted nor updated");
    return { id: updated.id, created: false };
  });
  announce(caller);
  return { created, prediction: await predictionById(caller.db, id, userId) };
}

/**
 * A guess changed by id (baby_predictions update by id): the player's own, or one a parent entered
 * for someone without an account, by a parent.
 */
export async function updatePrediction(caller: PregnancyCaller, { predictionId, details }: { predictionId: string; details: BirthDetails }) {
  const userId = caller.user.id;
  const facts = birthFactsOf(details);
  await caller.db.transaction(async (tx) => {
    await assertOpen(tx, caller.access.id);
    const [row] = await tx
      .select({ pregnancyId: babyPredictions.pregnancyId, predictorId: babyPredictions.predictorId, additional: babyPredictions.additionalPredictions })
      .from(babyPredictions)
      .where(eq(babyPredictions.id, predictionId));
    const prediction = assertInPregnancy(row, caller.access.id, "Prediction");
    const allowed = prediction.predictorId === userId || (prediction.predictorId === null && caller.access.isParent);
    if (!allowed) throw new AppError("FORBIDDEN", "NOT_YOUR_PREDICTION", BABY_GAME_MESSAGES.notYourPrediction);
    await tx
      .update(babyPredictions)
      .set({ ...guessValues(details, facts, prediction.additional ?? {}), enteredBy: userId })
      .where(eq(babyPredictions.id, predictionId));
  });
  announce(caller);
  return predictionById(caller.db, predictionId, userId);
}

export interface GuessForSomeone {
  /** Made by the client, so a retried entry stays one guess. */
  id: string;
  babyId: string;
  playerName: string;
  relationship?: GuestRelationship | undefined;
  details: BirthDetails;
}

/**
 * A parent enters a guess for someone without an account (predictor_id null, the name in
 * additional_predictions.playerName). Such a player, too, has one guess per baby: the same name
 * (compared like guesses, case- and space-insensitive) is refused for a baby they already guessed.
 */
export async function enterPredictionFor(caller: PregnancyCaller, input: GuessForSomeone) {
  const playerName = sanitizePlainText(input.playerName, BABY_GAME_NAME_MAX_LENGTH);
  if (!playerName) throw invalid(BABY_GAME_MESSAGES.playerNameRequired);
  const values = guessValues(input.details, birthFactsOf(input.details), { playerName, ...(input.relationship ? { relationship: input.relationship } : {}) });
  const created = await caller.db.transaction(async (tx) => {
    await assertOpen(tx, caller.access.id);
    const [existing] = await tx.select({ pregnancyId: babyPredictions.pregnancyId }).from(babyPredictions).where(eq(babyPredictions.id, input.id));
    if (existing) {
      if (existing.pregnancyId !== caller.access.id) throw new AppError("CONFLICT", "ID_TAKEN", "This id is already used");
      return false;
    }
    await assertBabyOf(tx, caller.access.id, input.babyId);
    const others = await tx
      .select({ additional: babyPredictions.additionalPredictions })
      .from(babyPredictions)
      .where(and(eq(babyPredictions.babyId, input.babyId), isNull(babyPredictions.predictorId)));
    if (others.some((other) => other.additional?.playerName && sameGuessText(other.additional.playerName, playerName))) {
      throw new AppError("CONFLICT", "DUPLICATE_PLAYER", BABY_GAME_MESSAGES.duplicatePlayer);
    }
    await tx.insert(babyPredictions).values({ ...values, id: input.id, pregnancyId: caller.access.id, babyId: input.babyId, predictorId: null, enteredBy: caller.user.id });
    return true;
  });
  if (created) announce(caller);
  return predictionById(caller.db, input.id, caller.user.id);
}

/** A parent removes a guess (a duplicate, a mistaken entry) while the game is open. Removing one already gone is a retry, not an error. */
export async function removePrediction(caller: PregnancyCaller, predictionId: string) {
  const removed = await caller.db.transaction(async (tx) => {
    await assertUnlocked(tx, caller.access.id);
    const [row] = await tx.select({ pregnancyId: babyPredictions.pregnancyId }).from(babyPredictions).where(eq(babyPredictions.id, predictionId));
    if (!row) return false;
    assertInPregnancy(row, caller.access.id, "Prediction");
    await tx.delete(babyPredictions).where(eq(babyPredictions.id, predictionId));
    return true;
  });
  if (removed) announce(caller);
  return { removed };
}

// ---------------------------------------------------------------------------------------------
// Locking and scoring

/**
 * The parents lock the game with what actually happened, one result per baby of the pregnancy
 * (locking again corrects the results). Taken with the game row locked, so no guess slips in.
 */
export async function lockGame(caller: PregnancyCaller, results: ReadonlyArray<{ babyId: string; details: BirthDetails }>) {
  const actualResults: BabyGameActualResults = {};
  for (const { babyId, details } of results) {
    const { name, ...facts } = birthFactsOf(details);
    const givenName = name ? sanitizePlainText(name, BABY_GAME_NAME_MAX_LENGTH) : "";
    actualResults[babyId] = {
      weight: facts.weight,
      length: facts.length,
      date: facts.date,
      time: facts.time,
      ...(facts.hairColor ? { hairColor: facts.hairColor } : {}),
      ...(facts.eyeColor ? { eyeColor: facts.eyeColor } : {}),
      ...(givenName ? { name: givenName } : {}),
    };
  }
  await caller.db.transaction(async (tx) => {
    await gameRow(tx, caller.access.id, "update");
    const babyIds = (await babiesOf(tx, caller.access.id)).map((baby) => baby.id);
    const given = Object.keys(actualResults);
    if (babyIds.length === 0 || given.length !== babyIds.length || !babyIds.every((id) => id in actualResults)) throw invalid(BABY_GAME_MESSAGES.resultsForEveryBaby);
    await tx.update(babyGameState).set({ isLocked: true, actualResults, lockedAt: new Date(), lockedBy: caller.user.id }).where(eq(babyGameState.pregnancyId, caller.access.id));
  });
  announce(caller);
  return gameState(caller);
}

/** Opens the game again; the results stay stored so the next lock starts from them. */
export async function unlockGame(caller: PregnancyCaller) {
  await caller.db.transaction(async (tx) => {
    await gameRow(tx, caller.access.id, "update");
    await tx.update(babyGameState).set({ isLocked: false, lockedAt: null, lockedBy: null }).where(eq(babyGameState.pregnancyId, caller.access.id));
  });
  announce(caller);
  return gameState(caller);
}

/**
 * The ranked leaderboard once the game is locked: every player's points per category, overall and
 * per baby (for twins and more), scored by the domain's points table. Empty while the game is open.
 */
export async function leaderboard(caller: PregnancyCaller): Promise<{ isLocked: boolean; overall: LeaderboardRow[]; byBaby: Record<string, LeaderboardRow[]> }> {
  const { db, access } = caller;
  // After a loss there is no scoring and no leaderboard.
  if (access.endedInLoss) return { isLocked: false, overall: [], byBaby: {} };
  const [[state], rows] = await Promise.all([
    db
      .select({
        isLocked: babyGameState.isLocked,
        actualResults: babyGameState.actualResults,
        // Read with the state, not apart: the leaderboard stays within its statements.
        babyIds: sql<string[]>`array(select ${pregnancyBabies.id}::text from ${pregnancyBabies} where ${pregnancyBabies.pregnancyId} = ${access.id} and ${pregnancyBabies.lostAt} is null)`,
      })
      .from(babyGameState)
      .where(eq(babyGameState.pregnancyId, access.id)),
    selectPredictions(db, and(eq(babyPredictions.pregnancyId, access.id), guessesAboutBabiesStillWithUs(access.id))),
  ]);
  if (!state?.isLocked) return { isLocked: false, overall: [], byBaby: {} };
  const actual = resultsFor(
    state.babyIds.map((id) => ({ id })),
    state.actualResults ?? {},
  );
  const entries: GameEntry[] = rows.map((row) => {
    const view = predictionView(row, caller.user.id);
    return {
      predictionId: view.id,
      babyId: view.babyId,
      playerKey: playerKeyOf(row.predictorId, view.playerName),
      playerName: view.playerName,
      submittedAt: view.createdAt.toISOString(),
      guess: { weight: view.weight, length: view.length, date: view.date, time: view.time, hairColor: view.hairColor, eyeColor: view.eyeColor, name: view.nameGuess },
    };
  });
  const byBaby = Object.fromEntries(Object.keys(actual).map((babyId) => [babyId, rankLeaderboard(entries.filter((entry) => entry.babyId === babyId), actual)]));
  return { isLocked: true, overall: rankLeaderboard(entries, actual), byBaby };
}
