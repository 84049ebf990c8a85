/**
 * A guess (or the actual result) as the form holds it, typed text, and its checks: the domain's
 * schema, so the form refuses what the server would, field by field, before anything is sent.
 */
import { BABY_GAME_MESSAGES, birthDetailsSchema, EYE_COLOR_LABELS, HAIR_COLOR_LABELS, type BirthDetails, type BirthFacts, type EyeColor, type HairColor } from "../../domain/babyGame";
import { poundsOuncesFromWeight } from "../../domain/prediction";
import { formatEventTime } from "../../domain/time";
import { labelOf } from "../../lib/labels";
import { formatDateOnly } from "../../lib/format";

export interface BirthDetailsValues {
  weightPounds: string;
  weightOunces: string;
  length: string;
  date: string;
  time: string;
  hairColor: HairColor | "";
  eyeColor: EyeColor | "";
  name: string;
}
export type BirthDetailsErrors = Partial<Record<keyof BirthDetailsValues, string>>;

/** What a stored guess or result gives back to the form: the domain's birth facts, the weight split into pounds and ounces. */
export type StoredBirthDetails = Omit<BirthFacts, "weight"> & {
  weightPounds?: number | null | undefined;
  weightOunces?: number | null | undefined;
};

/** A stored actual result as the form and the lists take it: the decimal weight split back into pounds and ounces. */
export function storedResultOf(result: (Omit<StoredBirthDetails, "weightPounds" | "weightOunces"> & { weight?: number | undefined }) | undefined): StoredBirthDetails | null {
  if (!result) return null;
  const { weight, ...rest } = result;
  if (weight === undefined) return rest;
  const { pounds, ounces } = poundsOuncesFromWeight(weight);
  return { ...rest, weightPounds: pounds, weightOunces: ounces };
}

const known = <T extends string>(labels: Readonly<Record<T, string>>, value: string | null | undefined): T | "" => (value && value in labels ? (value as T) : "");
const text = (value: number | string | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** The form's starting values: a stored guess or result, else blank on `date`. */
export function birthDetailsValues(stored: StoredBirthDetails | null | undefined, date: string): BirthDetailsValues {
  return {
    weightPounds: text(stored?.weightPounds),
    weightOunces: text(stored?.weightOunces),
    length: text(stored?.length),
    date: stored?.date ?? date,
    // The time input takes 'HH:mm'.
    time: stored?.time?.slice(0, "HH:mm".length) ?? "",
    hairColor: known(HAIR_COLOR_LABELS, stored?.hairColor),
    eyeColor: known(EYE_COLOR_LABELS, stored?.eyeColor),
    name: stored?.name ?? "",
  };
}

const numberOf = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/** The checked details, or a message per field that is wrong. */
export function checkBirthDetails(values: BirthDetailsValues): { ok: true; details: BirthDetails } | { ok: false; errors: BirthDetailsErrors } {
  const errors: BirthDetailsErrors = {};
  const blankWeight = values.weightPounds.trim() === "" && values.weightOunces.trim() === "";
  if (blankWeight) errors.weightPounds = BABY_GAME_MESSAGES.weightRequired;
  if (values.length.trim() === "") errors.length = BABY_GAME_MESSAGES.lengthRange;
  if (values.date === "") errors.date = BABY_GAME_MESSAGES.dateRequired;
  if (values.time.trim() === "") errors.time = BABY_GAME_MESSAGES.timeRequired;
  const parsed = birthDetailsSchema.safeParse({
    weightPounds: values.weightPounds.trim() === "" ? 0 : numberOf(values.weightPounds),
    weightOunces: values.weightOunces.trim() === "" ? 0 : numberOf(values.weightOunces),
    length: numberOf(values.length),
    date: values.date,
    time: values.time,
    hairColor: values.hairColor || undefined,
    eyeColor: values.eyeColor || undefined,
    name: values.name.trim() || undefined,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (typeof field === "string" && field in values && !errors[field as keyof BirthDetailsValues]) errors[field as keyof BirthDetailsValues] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, details: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// Showing a guess

export const formatGuessDate = (date: string) => formatDateOnly(date, { weekday: "short", month: "short", day: "numeric", year: "numeric" });
export const formatWeight = (pounds: number, ounces: number) => `${pounds} lb ${ounces} oz`;
export const formatLength = (inches: number) => `${inches} in`;

/** Label and value of each part of a guess or result, in the form's order; parts not given are left out. */
export function describeBirthDetails(stored: StoredBirthDetails): Array<{ label: string; value: string }> {
  const parts: Array<{ label: string; value: string | null }> = [
    { label: "Weight", value: stored.weightPounds != null ? formatWeight(stored.weightPounds, stored.weightOunces ?? 0) : null },
    { label: "Length", value: stored.length != null ? formatLength(stored.length) : null },
    { label: "Date", value: stored.date ? formatGuessDate(stored.date) : null },
    { label: "Time", value: stored.time ? formatEventTime(stored.time) : null },
    { label: "Hair", value: stored.hairColor ? labelOf(HAIR_COLOR_LABELS, stored.hairColor) : null },
    { label: "Eyes", value: stored.eyeColor ? labelOf(EYE_COLOR_LABELS, stored.eyeColor) : null },
    { label: "Name", value: stored.name || null },
  ];
  return parts.filter((part): part is { label: string; value: string } => part.value !== null);
}
