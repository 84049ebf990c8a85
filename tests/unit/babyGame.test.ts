import { describe, expect, it } from "vitest";
import { BABY_GAME_CLOSENESS_POINTS, BABY_GAME_EXACT_POINTS, BABY_GAME_MESSAGES, birthDetailsSchema, everyBabyHere, resultFromBirth, checkCentimetres, checkInches, checkKilograms, checkPoundsOunces, checkTypedBirthSize, type BirthFacts, birthFactsOf, type GameEntry, minutesApart, playerKeyOf, rankLeaderboard, sameGuessText, scoreGuess } from "../../src/domain/babyGame";
import { TIME_MESSAGES } from "../../src/domain/time";

const actual: BirthFacts = { weight: 7.5, length: 20, date: "2026-03-10", time: "14:30:00", hairColor: "brown", eyeColor: "blue", name: "Mary Ann" };
const MAX_TOTAL = 20 * 4 + 10 + 10 + 15;

describe("the points table", () => {
  it("is the documented one: 20 per closeness category, 10 for hair and eyes, 15 for the name", () => {
    expect(BABY_GAME_CLOSENESS_POINTS).toEqual({ date: { max: 20, step: 1 }, time: { max: 20, step: 30 }, weight: { max: 20, step: 1 }, length: { max: 20, step: 0.25 } });
    expect(BABY_GAME_EXACT_POINTS).toEqual({ hairColor: 10, eyeColor: 10, name: 15 });
  });

  it("gives every point for a perfect guess", () => {
    expect(scoreGuess(actual, actual)).toEqual({ points: { date: 20, time: 20, weight: 20, length: 20, hairColor: 10, eyeColor: 10, name: 15 }, total: MAX_TOTAL });
  });
});

describe("closeness", () => {
  const off = (guess: BirthFacts) => scoreGuess({ ...actual, ...guess }, actual).points;

  it("takes a point per day off the date, either way, down to zero", () => {
    expect(off({ date: "2026-03-12" }).date).toBe(18);
    expect(off({ date: "2026-03-07" }).date).toBe(17);
    expect(off({ date: "2026-03-30" }).date).toBe(0);
    expect(off({ date: "2026-05-01" }).date).toBe(0);
  });

  it("takes a point per whole 30 minutes off the time, the short way round midnight", () => {
    expect(off({ time: "14:59:00" }).time).toBe(20);
    expect(off({ time: "15:00:00" }).time).toBe(19);
    expect(off({ time: "12:30:00" }).time).toBe(16);
    expect(minutesApart("23:50:00", "00:10:00")).toBe(20);
    expect(minutesApart("00:10:00", "23:50:00")).toBe(20);
    expect(minutesApart("02:30:00", "14:30:00")).toBe(720);
    expect(scoreGuess({ time: "23:45:00" }, { time: "00:15:00" }).points.time).toBe(19);
    expect(off({ time: "02:30:00" }).time).toBe(0);
  });

  it("takes a point per whole ounce off the weight", () => {
    expect(off({ weight: 7.5 + 0.5 / 16 }).weight).toBe(20);
    expect(off({ weight: 7 + 5 / 16 }).weight).toBe(17);
    expect(off({ weight: 8 }).weight).toBe(12);
    expect(off({ weight: 10 }).weight).toBe(0);
  });

  it("takes a point per whole quarter inch off the length, without floating-point slips", () => {
    expect(off({ length: 20.2 }).length).toBe(20);
    expect(off({ length: 20.75 }).length).toBe(17);
    expect(off({ length: 19.25 }).length).toBe(17);
    expect(scoreGuess({ length: 0.3 + 0.45 }, { length: 0 }).points.length).toBe(17);
    expect(off({ length: 14 }).length).toBe(0);
  });
});

describe("exact matches", () => {
  it("score hair, eyes and name only when equal, ignoring case and spaces", () => {
    expect(scoreGuess({ ...actual, hairColor: "BROWN", eyeColor: "green", name: " maryann " }, actual).points).toMatchObject({ hairColor: 10, eyeColor: 0, name: 15 });
    expect(sameGuessText("Mary  Ann", "mary ann")).toBe(true);
    expect(sameGuessText("Maryanne", "Mary Ann")).toBe(false);
  });

  it("gives nothing for a missing guess and leaves a category unscored when there is no actual value", () => {
    const score = scoreGuess({ date: "2026-03-10" }, { date: "2026-03-10", time: "10:00:00", hairColor: null, name: "" });
    expect(score.points).toEqual({ date: 20, time: 0, weight: null, length: null, hairColor: null, eyeColor: null, name: null });
    expect(score.total).toBe(20);
  });
});

describe("checking a guess", () => {
  const valid = { weightPounds: 7, weightOunces: 8, length: 20.5, date: "2026-03-10", time: "2:30 PM", hairColor: "brown", eyeColor: "blue", name: "  Mary Ann " };

  it("stores weight as pounds + ounces / 16, the time as HH:mm:ss and the name trimmed", () => {
    const parsed = birthDetailsSchema.parse(valid);
    expect(birthFactsOf(parsed)).toEqual({ weight: 7.5, length: 20.5, date: "2026-03-10", time: "14:30:00", hairColor: "brown", eyeColor: "blue", name: "Mary Ann" });
    expect(birthFactsOf(birthDetailsSchema.parse({ ...valid, name: "  ", hairColor: undefined }))).toMatchObject({ name: null, hairColor: null });
  });

  it("refuses impossible weights, lengths, times and colours with a reason", () => {
    const messages = (input: Record<string, unknown>) => birthDetailsSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ weightPounds: 0, weightOunces: 0 })).toEqual([BABY_GAME_MESSAGES.weightRequired]);
    expect(messages({ weightPounds: 20, weightOunces: 1 })).toEqual([BABY_GAME_MESSAGES.weightTooHigh]);
    expect(messages({ weightOunces: 16 })).toEqual([BABY_GAME_MESSAGES.ouncesRange]);
    expect(messages({ length: 4.9 })).toEqual([BABY_GAME_MESSAGES.lengthRange]);
    expect(messages({ time: "25:00" })).toEqual([TIME_MESSAGES.invalidFormat]);
    expect(messages({ hairColor: "green" })).toHaveLength(1);
    expect(messages({ date: "2026-02-30" })).toHaveLength(1);
  });
});

describe("the leaderboard", () => {
  const entry = (playerKey: string, playerName: string, submittedAt: string, guess: BirthFacts, babyId = "bean"): GameEntry => ({
    predictionId: `${playerKey}-${babyId}`,
    babyId,
    playerKey,
    playerName,
    submittedAt,
    guess,
  });

  it("ranks players by total points", () => {
    const rows = rankLeaderboard(
      [entry("user:far", "Far Off", "2026-01-01T10:00:00.000Z", { ...actual, date: "2026-03-20", name: "Bob" }), entry("user:close", "Close Call", "2026-01-02T10:00:00.000Z", { ...actual, date: "2026-03-11" })],
      { bean: actual },
    );
    expect(rows.map((row) => [row.rank, row.playerName, row.total])).toEqual([
      [1, "Close Call", MAX_TOTAL - 1],
      [2, "Far Off", MAX_TOTAL - 10 - 15],
    ]);
  });

  it("breaks ties by the earlier submission, then by name, then by key, whatever the input order", () => {
    const guess = { ...actual, date: "2026-03-11" };
    const entries = [
      entry("user:b", "zed", "2026-01-05T09:00:00.000Z", guess),
      entry("name:amy", "Amy", "2026-01-05T09:00:00.000Z", guess),
      entry("user:a", "amy", "2026-01-05T09:00:00.000Z", guess),
      entry("user:early", "Yara", "2026-01-04T09:00:00.000Z", guess),
    ];
    const order = (list: GameEntry[]) => rankLeaderboard(list, { bean: actual }).map((row) => row.playerKey);
    expect(order(entries)).toEqual(["user:early", "name:amy", "user:a", "user:b"]);
    expect(order([...entries].reverse())).toEqual(order(entries));
  });

  it("adds up one player's guesses for twins, category by category, and skips babies without results", () => {
    const sprout: BirthFacts = { ...actual, weight: 6, name: "Sam" };
    const rows = rankLeaderboard(
      [
        entry("user:nana", "Nana", "2026-01-02T00:00:00.000Z", actual, "bean"),
        entry("user:nana", "Nana", "2026-01-01T00:00:00.000Z", { ...sprout, name: "Max" }, "sprout"),
        entry("user:nana", "Nana", "2026-01-01T00:00:00.000Z", actual, "unborn"),
      ],
      { bean: actual, sprout },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rank: 1, total: MAX_TOTAL * 2 - 15, firstSubmittedAt: "2026-01-01T00:00:00.000Z", points: { date: 40, name: 15 } });
    expect(rows[0]?.predictions.map((p) => [p.babyId, p.total])).toEqual([
      ["bean", MAX_TOTAL],
      ["sprout", MAX_TOTAL - 15],
    ]);
  });

  it("knows a player by account, or by the name typed for someone without one", () => {
    expect(playerKeyOf("u1", "Anything")).toBe("user:u1");
    expect(playerKeyOf(null, "Uncle  Joe")).toBe(playerKeyOf(null, "uncle joe"));
    expect(playerKeyOf(null, "Joe")).not.toBe(playerKeyOf("Joe", "Joe"));
  });
});

describe("sizes typed in either units", () => {
  it("takes kilograms on the form's 0.1 kg grid, within the bounds, as whole pounds and ounces", () => {
    expect(checkKilograms(3.4)).toEqual({ ok: true, value: { weightPounds: 7, weightOunces: 8 } });
    expect(checkKilograms(9)).toEqual({ ok: true, value: { weightPounds: 19, weightOunces: 13 } });
    expect(checkKilograms(0)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.weightRequired });
    expect(checkKilograms(Number.NaN)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.weightRequired });
    expect(checkKilograms(9.1)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.weightTooHighKilograms });
    expect(checkKilograms(3.45)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.kilogramsPrecision });
  });

  it("takes centimetres on the 0.1 cm grid, within the bounds, as inches to the hundredth inside the imperial bounds", () => {
    expect(checkCentimetres(50)).toEqual({ ok: true, value: 19.69 });
    for (const centimetres of [13, 76]) {
      const inches = checkCentimetres(centimetres);
      expect(inches.ok && birthDetailsSchema.safeParse({ weightPounds: 7, weightOunces: 0, length: inches.value, date: "2026-03-10", time: "10:00" }).success).toBe(true);
    }
    expect(checkCentimetres(12.9)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.lengthRangeCentimetres });
    expect(checkCentimetres(76.1)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.lengthRangeCentimetres });
    expect(checkCentimetres(50.05)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.centimetresPrecision });
  });

  it("takes whole pounds and ounces and inches as the game's schema does", () => {
    expect(checkPoundsOunces(7, 8)).toEqual({ ok: true, value: { weightPounds: 7, weightOunces: 8 } });
    expect(checkPoundsOunces(0, 0)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.weightRequired });
    expect(checkPoundsOunces(7, 16)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.ouncesRange });
    expect(checkPoundsOunces(20, 1)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.weightTooHigh });
    expect(checkInches(19.755)).toEqual({ ok: true, value: 19.76 });
    expect(checkInches(31)).toEqual({ ok: false, message: BABY_GAME_MESSAGES.lengthRange });
  });

  it("leaves out what is blank and says which size is wrong", () => {
    const blank = { pounds: "", ounces: "", kilograms: "", length: "" };
    expect(checkTypedBirthSize("imperial", blank)).toEqual({ ok: true });
    expect(checkTypedBirthSize("metric", blank)).toEqual({ ok: true });
    expect(checkTypedBirthSize("imperial", { ...blank, pounds: "7", length: "20" })).toEqual({ ok: true, weightPounds: 7, lengthInches: 20 });
    expect(checkTypedBirthSize("metric", { ...blank, kilograms: "3.4", length: "50" })).toEqual({ ok: true, weightPounds: 7.5, lengthInches: 19.69 });
    // The other units' fields are not the form's: ignored.
    expect(checkTypedBirthSize("metric", { ...blank, pounds: "7" })).toEqual({ ok: true });
    expect(checkTypedBirthSize("metric", { ...blank, kilograms: "3.45", length: "5" })).toEqual({ ok: false, errors: { weight: BABY_GAME_MESSAGES.kilogramsPrecision, length: BABY_GAME_MESSAGES.lengthRangeCentimetres } });
    expect(checkTypedBirthSize("imperial", { ...blank, ounces: "20" })).toEqual({ ok: false, errors: { weight: BABY_GAME_MESSAGES.ouncesRange } });
  });
});

describe("after the birth (issue 37)", () => {
  it("closes the game only when every baby is here: one twin born changes nothing, and a game without babies never closes", () => {
    expect(everyBabyHere([{ born: true }, { born: false }])).toBe(false);
    expect(everyBabyHere([{ born: true }, { born: true }])).toBe(true);
    expect(everyBabyHere([{ born: true }])).toBe(true);
    expect(everyBabyHere([])).toBe(false);
  });

  const birth = { name: "Sprout Rose", birthOrder: 2, birthDate: "2026-11-28", birthTime: "22:31:00", birthWeightPounds: 5.25, birthLengthInches: 18.004 };

  it("fills the actual result from the birth as announced: date, time, weight, length to the hundredth and the name given", () => {
    expect(resultFromBirth(birth)).toEqual({ date: "2026-11-28", time: "22:31:00", weight: 5.25, length: 18, name: "Sprout Rose" });
    // Scored as the parents would have typed it: a perfect guess gets every point the birth can give.
    const result = resultFromBirth(birth);
    expect(scoreGuess({ ...result }, result).points).toEqual({ date: 20, time: 20, weight: 20, length: 20, hairColor: null, eyeColor: null, name: 15 });
  });

  it("invents nothing: details left out of the announcement stay out, and the placeholder 'Baby N' is no name to score", () => {
    expect(resultFromBirth({ ...birth, name: "Baby 2", birthTime: null, birthWeightPounds: null, birthLengthInches: null })).toEqual({ date: "2026-11-28" });
  });

  it("says why a guess is refused once the babies are here", () => {
    expect(BABY_GAME_MESSAGES.closed).toBe("The babies are here, so the game is closed: predictions can no longer be made or changed.");
  });
});
