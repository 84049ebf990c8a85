/**
 * The baby prediction game (core spec 3, 4, 5; issue 9): what a guess (and the actual result)
 * holds and how it is checked, and how every guess scores against the actual results once the
 * parents lock the game. Pure, so the server ranks and the screen explains with the same numbers.
 */
import { z } from "zod";
import { daysBetween } from "./dates";
import { dateOnlySchema } from "./dateSchema";
import type { MeasurementSystem } from "./enums";
import { CENTIMETRE_DECIMALS, hasAtMostDecimals, INCH_DECIMALS, inchesFromCentimetres, KILOGRAM_DECIMALS, poundsOuncesFromKilograms, roundTo } from "./measurement";
import { weightFromPoundsOunces } from "./prediction";
import { defaultBabyName } from "./pregnancy";
import { parseEventTime, TIME_MESSAGES } from "./time";
import { MINUTES_PER_HOUR, MS_PER_DAY, MS_PER_MINUTE, OUNCES_PER_POUND } from "./units";

/** Ours: the bounds of a believable guess (or result) for a newborn. */
export const BABY_GAME_MAX_WEIGHT_POUNDS = 20;

export const BABY_GAME_MIN_LENGTH_INCHES = 5;

export const BABY_GAME_MAX_LENGTH_INCHES = 30;

/** The same bounds on the metric form, inside the imperial ones once converted (9 kg is 19 lb 13 oz; 13 to 76 cm is 5.12 to 29.92 in). */
export const BABY_GAME_MAX_WEIGHT_KILOGRAMS = 9;

export const BABY_GAME_MIN_LENGTH_CENTIMETRES = 13;

export const BABY_GAME_MAX_LENGTH_CENTIMETRES = 76;

/** Ours: a name guess or a player's name entered by a parent. */
export const BABY_GAME_NAME_MAX_LENGTH = 50;

/**
 * Ours: the baby game's points table (the spec names the categories, not the points). Closeness
 * categories give `max` points for an exact guess and one point less for each whole `step` off,
 * never below zero: date in days, time in minutes (the short way round midnight), weight in
 * ounces, length in inches. Hair colour, eye colour and name score only on an exact match.
 */
export const BABY_GAME_CLOSENESS_POINTS = {
  date: { max: 20, step: 1 },
  time: { max: 20, step: 30 },
  weight: { max: 20, step: 1 },
  length: { max: 20, step: 0.25 },
} as const;

export const BABY_GAME_EXACT_POINTS = {
  hairColor: 10,
  eyeColor: 10,
  name: 15,
} as const;

export const GAME_TOASTS = {
  noActivePregnancy: "No active pregnancy: Please select a pregnancy first.",
  notSignedIn: "Not signed in: Please sign in to submit a prediction.",
  submitFailed: "Unable to submit: Prediction could not be saved.",
  updateFailed: "Unable to update: Prediction could not be updated.",
  generic: "Error: Something went wrong.",
} as const;

export const HAIR_COLORS = ["none", "black", "brown", "blonde", "red"] as const;
export type HairColor = (typeof HAIR_COLORS)[number];
export const HAIR_COLOR_LABELS: Readonly<Record<HairColor, string>> = {
  none: "Bald or barely any",
  black: "Black",
  brown: "Brown",
  blonde: "Blonde",
  red: "Red or auburn",
};

export const EYE_COLORS = ["blue", "grey", "green", "hazel", "brown"] as const;
export type EyeColor = (typeof EYE_COLORS)[number];
export const EYE_COLOR_LABELS: Readonly<Record<EyeColor, string>> = {
  blue: "Blue",
  grey: "Grey",
  green: "Green",
  hazel: "Hazel",
  brown: "Brown",
};

/** The game's own texts (the spec's toasts are GAME_TOASTS in errors.ts). */
export const BABY_GAME_MESSAGES = {
  locked: "The game is locked: predictions can no longer be made or changed.",
  closed: "The babies are here, so the game is closed: predictions can no longer be made or changed.",
  weightRequired: "Enter a weight above zero",
  weightTooHigh: `Enter a weight up to ${BABY_GAME_MAX_WEIGHT_POUNDS} lb`,
  ouncesRange: `Ounces go from 0 to ${OUNCES_PER_POUND - 1}`,
  lengthRange: `Enter a length from ${BABY_GAME_MIN_LENGTH_INCHES} to ${BABY_GAME_MAX_LENGTH_INCHES} inches`,
  weightTooHighKilograms: `Enter a weight up to ${BABY_GAME_MAX_WEIGHT_KILOGRAMS} kg`,
  kilogramsPrecision: "Enter the weight to 0.1 kg",
  lengthRangeCentimetres: `Enter a length from ${BABY_GAME_MIN_LENGTH_CENTIMETRES} to ${BABY_GAME_MAX_LENGTH_CENTIMETRES} cm`,
  centimetresPrecision: "Enter the length to 0.1 cm",
  dateRequired: "Choose a date",
  timeRequired: "Choose a time",
  nameTooLong: `Keep it to ${BABY_GAME_NAME_MAX_LENGTH} characters`,
  playerNameRequired: "Enter the player's name",
  duplicatePlayer: "This player already has a guess for this baby.",
  resultsForEveryBaby: "Enter the actual results for every baby.",
  notYourPrediction: "Only the player (or a parent, for a guess they entered) can change this guess.",
} as const;

/** Ours: the longest typed time worth parsing ('12:30:00' or '12:30 p.m.' with spaces). */
const TIME_TEXT_MAX_LENGTH = 16;

/**
 * A guess as the form and the API take it, and the actual result in the same shape: weight in
 * pounds and ounces (stored as pounds + ounces / 16, core spec 5), length in inches, date, time as
 * typed ('14:05' or '2:05 PM'), and optionally hair colour, eye colour and the name.
 */
export const birthDetailsSchema = z
  .object({
    weightPounds: z.number().int().min(0, BABY_GAME_MESSAGES.weightRequired).max(BABY_GAME_MAX_WEIGHT_POUNDS, BABY_GAME_MESSAGES.weightTooHigh),
    weightOunces: z.number().int(BABY_GAME_MESSAGES.ouncesRange).min(0, BABY_GAME_MESSAGES.ouncesRange).max(OUNCES_PER_POUND - 1, BABY_GAME_MESSAGES.ouncesRange),
    length: z.number().min(BABY_GAME_MIN_LENGTH_INCHES, BABY_GAME_MESSAGES.lengthRange).max(BABY_GAME_MAX_LENGTH_INCHES, BABY_GAME_MESSAGES.lengthRange),
    date: dateOnlySchema,
    time: z
      .string()
      .max(TIME_TEXT_MAX_LENGTH, TIME_MESSAGES.invalidFormat)
      .refine((time) => parseEventTime(time).ok, TIME_MESSAGES.invalidFormat),
    hairColor: z.enum(HAIR_COLORS).optional(),
    eyeColor: z.enum(EYE_COLORS).optional(),
    name: z.string().trim().max(BABY_GAME_NAME_MAX_LENGTH, BABY_GAME_MESSAGES.nameTooLong).optional(),
  })
  .superRefine((details, context) => {
    const weight = weightFromPoundsOunces(details.weightPounds, details.weightOunces);
    if (weight <= 0) context.addIssue({ code: "custom", path: ["weightPounds"], message: BABY_GAME_MESSAGES.weightRequired });
    if (weight > BABY_GAME_MAX_WEIGHT_POUNDS) context.addIssue({ code: "custom", path: ["weightPounds"], message: BABY_GAME_MESSAGES.weightTooHigh });
  });
export type BirthDetails = z.infer<typeof birthDetailsSchema>;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A metric weight (kg) as the game stores it: the nearest whole ounce, which shows back as the same 0.1 kg. */
export function checkKilograms(kilograms: number): Checked<{ weightPounds: number; weightOunces: number }> {
  if (!Number.isFinite(kilograms) || kilograms <= 0) return { ok: false, message: BABY_GAME_MESSAGES.weightRequired };
  if (kilograms > BABY_GAME_MAX_WEIGHT_KILOGRAMS) return { ok: false, message: BABY_GAME_MESSAGES.weightTooHighKilograms };
  if (!hasAtMostDecimals(kilograms, KILOGRAM_DECIMALS)) return { ok: false, message: BABY_GAME_MESSAGES.kilogramsPrecision };
  const { pounds, ounces } = poundsOuncesFromKilograms(kilograms);
  return { ok: true, value: { weightPounds: pounds, weightOunces: ounces } };
}

/** A metric length (cm) as the game stores it: inches to the hundredth, which show back as the same 0.1 cm. */
export function checkCentimetres(centimetres: number): Checked<number> {
  if (!Number.isFinite(centimetres) || centimetres < BABY_GAME_MIN_LENGTH_CENTIMETRES || centimetres > BABY_GAME_MAX_LENGTH_CENTIMETRES) return { ok: false, message: BABY_GAME_MESSAGES.lengthRangeCentimetres };
  if (!hasAtMostDecimals(centimetres, CENTIMETRE_DECIMALS)) return { ok: false, message: BABY_GAME_MESSAGES.centimetresPrecision };
  return { ok: true, value: inchesFromCentimetres(centimetres) };
}

/** An imperial weight as typed: whole pounds and ounces, above zero and within the bounds. */
export function checkPoundsOunces(pounds: number, ounces: number): Checked<{ weightPounds: number; weightOunces: number }> {
  if (!Number.isInteger(ounces) || ounces < 0 || ounces >= OUNCES_PER_POUND) return { ok: false, message: BABY_GAME_MESSAGES.ouncesRange };
  if (!Number.isInteger(pounds) || pounds < 0) return { ok: false, message: BABY_GAME_MESSAGES.weightRequired };
  const weight = weightFromPoundsOunces(pounds, ounces);
  if (weight <= 0) return { ok: false, message: BABY_GAME_MESSAGES.weightRequired };
  if (weight > BABY_GAME_MAX_WEIGHT_POUNDS) return { ok: false, message: BABY_GAME_MESSAGES.weightTooHigh };
  return { ok: true, value: { weightPounds: pounds, weightOunces: ounces } };
}

export function checkInches(inches: number): Checked<number> {
  if (!Number.isFinite(inches) || inches < BABY_GAME_MIN_LENGTH_INCHES || inches > BABY_GAME_MAX_LENGTH_INCHES) return { ok: false, message: BABY_GAME_MESSAGES.lengthRange };
  return { ok: true, value: roundTo(inches, INCH_DECIMALS) };
}

/** A weight and length as typed in either units, each optional (the baby-here announcement). */
export interface TypedBirthSize {
  pounds: string;
  ounces: string;
  kilograms: string;
  /** Inches or centimetres, as the units have it. */
  length: string;
}

/** Decimal pounds and inches of what was typed (left out when blank), or a message for the weight and the length that are wrong. */
export function checkTypedBirthSize(system: MeasurementSystem, typed: TypedBirthSize): { ok: true; weightPounds?: number; lengthInches?: number } | { ok: false; errors: { weight?: string; length?: string } } {
  const blank = (text: string) => text.trim() === "";
  const numberOf = (text: string) => (blank(text) ? 0 : Number(text));
  let weight: Checked<{ weightPounds: number; weightOunces: number }> | null = null;
  if (system === "metric") weight = blank(typed.kilograms) ? null : checkKilograms(Number(typed.kilograms));
  else if (!blank(typed.pounds) || !blank(typed.ounces)) weight = checkPoundsOunces(numberOf(typed.pounds), numberOf(typed.ounces));
  const length = blank(typed.length) ? null : system === "metric" ? checkCentimetres(Number(typed.length)) : checkInches(Number(typed.length));
  if (weight?.ok === false || length?.ok === false) return { ok: false, errors: { ...(weight?.ok === false ? { weight: weight.message } : {}), ...(length?.ok === false ? { length: length.message } : {}) } };
  return {
    ok: true,
    ...(weight?.ok ? { weightPounds: weightFromPoundsOunces(weight.value.weightPounds, weight.value.weightOunces) } : {}),
    ...(length?.ok ? { lengthInches: length.value } : {}),
  };
}

/** What scoring compares: weight in decimal pounds, length in inches, date, time 'HH:mm:ss', and the exact-match texts. */
export interface BirthFacts {
  weight?: number | null | undefined;
  length?: number | null | undefined;
  date?: string | null | undefined;
  time?: string | null | undefined;
  hairColor?: string | null | undefined;
  eyeColor?: string | null | undefined;
  name?: string | null | undefined;
}

/** Checked details as stored and scored. */
export interface CheckedBirthFacts {
  weight: number;
  length: number;
  date: string;
  /** 'HH:mm:ss'. */
  time: string;
  hairColor: HairColor | null;
  eyeColor: EyeColor | null;
  name: string | null;
}


/** The facts of checked details: the decimal weight, the length to the hundredth, the time as stored. */
export function birthFactsOf(details: BirthDetails): CheckedBirthFacts {
  const time = parseEventTime(details.time);
  if (!time.ok) throw new RangeError(time.error);
  const name = details.name?.trim();
  return {
    weight: weightFromPoundsOunces(details.weightPounds, details.weightOunces),
    length: Number(details.length.toFixed(INCH_DECIMALS)),
    date: details.date,
    time: time.value,
    hairColor: details.hairColor ?? null,
    eyeColor: details.eyeColor ?? null,
    name: name ? name : null,
  };
}

// ---------------------------------------------------------------------------------------------
// After the birth (issue 37)

/**
 * The game closes to guesses once every baby is here; while a twin is still expected nothing
 * changes. A pregnancy without babies has nobody to be born, so it never closes this way.
 */
export function everyBabyHere(babies: ReadonlyArray<{ born: boolean }>): boolean {
  return babies.length > 0 && babies.every((baby) => baby.born);
}

/** A baby's birth as the parents announced it (pregnancy_babies); each detail may have been left out. */
export interface AnnouncedBirth {
  name: string;
  birthOrder: number;
  birthDate: string | null;
  /** 'HH:mm:ss'. */
  birthTime: string | null;
  birthWeightPounds: number | null;
  birthLengthInches: number | null;
}

/**
 * The actual result the birth gives the parents to confirm, in the shape results are stored:
 * what was announced and nothing invented (hair and eye colour are not announced). The name is
 * the baby's, unless it is still the placeholder 'Baby N' nobody would have guessed.
 */
export function resultFromBirth(birth: AnnouncedBirth): { weight?: number; length?: number; date?: string; time?: string; name?: string } {
  return {
    ...(birth.birthWeightPounds !== null ? { weight: birth.birthWeightPounds } : {}),
    ...(birth.birthLengthInches !== null ? { length: roundTo(birth.birthLengthInches, INCH_DECIMALS) } : {}),
    ...(birth.birthDate !== null ? { date: birth.birthDate } : {}),
    ...(birth.birthTime !== null ? { time: birth.birthTime } : {}),
    ...(birth.name !== defaultBabyName(birth.birthOrder) ? { name: birth.name } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Scoring

export const SCORE_CATEGORIES = ["date", "time", "weight", "length", "hairColor", "eyeColor", "name"] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];
export const SCORE_CATEGORY_LABELS: Readonly<Record<ScoreCategory, string>> = {
  date: "Date",
  time: "Time",
  weight: "Weight",
  length: "Length",
  hairColor: "Hair",
  eyeColor: "Eyes",
  name: "Name",
};

/** Points per category; null where the actual result has nothing to compare with (not scored). */
export type CategoryPoints = Record<ScoreCategory, number | null>;

export interface Score {
  points: CategoryPoints;
  total: number;
}

const MINUTES_PER_DAY = MS_PER_DAY / MS_PER_MINUTE;
/** Slack for binary fractions: 0.75 in / 0.25 in must be 3 steps, never 2.999... */
const STEP_SLACK = 1e-9;

const minutesOfDay = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * MINUTES_PER_HOUR + minutes;
};

/** Minutes between two times of day, the short way round midnight (23:50 and 00:10 are 20 apart). */
export function minutesApart(a: string, b: string): number {
  const difference = Math.abs(minutesOfDay(a) - minutesOfDay(b));
  return Math.min(difference, MINUTES_PER_DAY - difference);
}

/** Full points when exact, one point less per whole step off, never below zero. */
function closenessPoints(off: number, { max, step }: { max: number; step: number }): number {
  return Math.max(0, max - Math.floor(off / step + STEP_SLACK));
}

/** Text as guesses are compared: case- and space-insensitive. */
const comparable = (text: string) => text.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, "");

/** 'Mary Ann' matches 'maryann' and ' MARY  ANN '. */
export function sameGuessText(a: string, b: string): boolean {
  return comparable(a) === comparable(b);
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && value !== "";

/** A closeness category: null when there is no actual value, 0 for a missing guess. */
function closeness<T>(guess: T | null | undefined, actual: T | null | undefined, offBy: (guess: T, actual: T) => number, table: { max: number; step: number }): number | null {
  if (!present(actual)) return null;
  return present(guess) ? closenessPoints(offBy(guess, actual), table) : 0;
}

function exact(guess: string | null | undefined, actual: string | null | undefined, points: number): number | null {
  if (!present(actual)) return null;
  return present(guess) && sameGuessText(guess, actual) ? points : 0;
}

/** One guess against the actual result of its baby, by the points table (constants). */
export function scoreGuess(guess: BirthFacts, actual: BirthFacts): Score {
  const table = BABY_GAME_CLOSENESS_POINTS;
  const points: CategoryPoints = {
    date: closeness(guess.date, actual.date, (g, a) => Math.abs(daysBetween(g, a)), table.date),
    time: closeness(guess.time, actual.time, minutesApart, table.time),
    weight: closeness(guess.weight, actual.weight, (g, a) => Math.abs(g - a) * OUNCES_PER_POUND, table.weight),
    length: closeness(guess.length, actual.length, (g, a) => Math.abs(g - a), table.length),
    hairColor: exact(guess.hairColor, actual.hairColor, BABY_GAME_EXACT_POINTS.hairColor),
    eyeColor: exact(guess.eyeColor, actual.eyeColor, BABY_GAME_EXACT_POINTS.eyeColor),
    name: exact(guess.name, actual.name, BABY_GAME_EXACT_POINTS.name),
  };
  return { points, total: sumPoints(points) };
}

const sumPoints = (points: CategoryPoints) => SCORE_CATEGORIES.reduce((sum, category) => sum + (points[category] ?? 0), 0);

function addPoints(a: CategoryPoints, b: CategoryPoints): CategoryPoints {
  const add = (x: number | null, y: number | null) => (x === null && y === null ? null : (x ?? 0) + (y ?? 0));
  return Object.fromEntries(SCORE_CATEGORIES.map((category) => [category, add(a[category], b[category])])) as CategoryPoints;
}

// ---------------------------------------------------------------------------------------------
// Leaderboard

/** One guess as the leaderboard takes it. */
export interface GameEntry {
  predictionId: string;
  babyId: string;
  /** Who played: see playerKeyOf. */
  playerKey: string;
  playerName: string;
  /** When the guess was first submitted (ISO 8601, UTC); editing it later keeps this. */
  submittedAt: string;
  guess: BirthFacts;
}

export interface LeaderboardRow {
  /** 1 for the winner; ties are broken (see rankLeaderboard), so every row has its own rank. */
  rank: number;
  playerKey: string;
  playerName: string;
  total: number;
  /** Summed over the player's guesses (one per baby). */
  points: CategoryPoints;
  firstSubmittedAt: string;
  predictions: Array<{ predictionId: string; babyId: string; total: number; points: CategoryPoints }>;
}

/**
 * A player is an account (one guess per baby, core spec 3), or, for a guess a parent entered for
 * someone without an account, the name typed, compared as names are (so 'Uncle Joe' entered for
 * each twin is one player).
 */
export function playerKeyOf(predictorId: string | null, playerName: string): string {
  return predictorId ? `user:${predictorId}` : `name:${comparable(playerName)}`;
}

/** Plain string order (ISO timestamps sort as times), independent of the locale. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Scores every guess whose baby has an actual result and ranks the players by their total.
 * Ties go to the earlier first submission, then to the name (alphabetical, case-insensitive),
 * then to the player key, so the same guesses always give the same order.
 */
export function rankLeaderboard(entries: readonly GameEntry[], actualByBaby: Readonly<Record<string, BirthFacts | undefined>>): LeaderboardRow[] {
  const players = new Map<string, Omit<LeaderboardRow, "rank">>();
  for (const entry of entries) {
    const actual = actualByBaby[entry.babyId];
    if (!actual) continue;
    const score = scoreGuess(entry.guess, actual);
    const scored = { predictionId: entry.predictionId, babyId: entry.babyId, ...score };
    const player = players.get(entry.playerKey);
    if (!player) {
      players.set(entry.playerKey, { playerKey: entry.playerKey, playerName: entry.playerName, total: score.total, points: score.points, firstSubmittedAt: entry.submittedAt, predictions: [scored] });
      continue;
    }
    player.total += score.total;
    player.points = addPoints(player.points, score.points);
    player.predictions.push(scored);
    if (entry.submittedAt < player.firstSubmittedAt) player.firstSubmittedAt = entry.submittedAt;
  }
  return [...players.values()]
    .sort(
      (a, b) =>
        b.total - a.total ||
        byCodePoint(a.firstSubmittedAt, b.firstSubmittedAt) ||
        a.playerName.localeCompare(b.playerName, "en", { sensitivity: "base" }) ||
        byCodePoint(a.playerKey, b.playerKey),
    )
    .map((row, index) => ({ ...row, rank: index + 1 }));
}
