/**
 * A guess (or the actual result) as the form holds it, typed text, and its checks: the domain's
 * schema, so the form refuses what the server would, field by field, before anything is sent.
 */
import { BABY_GAME_MESSAGES, birthDetailsSchema, checkCentimetres, checkKilograms, EYE_COLOR_LABELS, HAIR_COLOR_LABELS, type BirthDetails, type BirthFacts, type EyeColor, type HairColor } from "../../domain/babyGame";
import type { MeasurementSystem } from "../../domain/enums";
import { centimetresFromInches, formatBabyLength, formatBabyWeight, kilogramsFromWeight } from "../../domain/measurement";
import { poundsOuncesFromWeight, weightFromPoundsOunces } from "../../domain/prediction";
import { formatEventTime } from "../../domain/time";
import { labelOf } from "../../lib/labels";
import { formatDateOnly } from "../../lib/format";

export interface BirthDetailsValues {
  /** The units the form is in: its reader's. */
  system: MeasurementSystem;
  weightPounds: string;
  weightOunces: string;
  weightKilograms: string;
  /** Inches or centimetres, as the form's units have it. */
  length: string;
  date: string;
  time: string;
  hairColor: HairColor | "";
  eyeColor: EyeColor | "";
  name: string;
  /**
   * The stored weight and length the form started from: a metric form keeps them as they were while
   * their text is left as shown (0.1 kg is coarser than the ounce an imperial entry may hold).
   */
  stored: { weightPounds: number; weightOunces: number; length: number | null } | null;
}
type TextFieldName = Exclude<keyof BirthDetailsValues, "system" | "stored">;
export type BirthDetailsErrors = Partial<Record<TextFieldName, string>>;

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

const storedWeight = (stored: StoredBirthDetails | null | undefined) => (stored?.weightPounds != null ? weightFromPoundsOunces(stored.weightPounds, stored.weightOunces ?? 0) : null);
const kilogramsText = (pounds: number | null) => (pounds === null ? "" : String(kilogramsFromWeight(pounds)));
const centimetresText = (inches: number | null | undefined) => (inches == null ? "" : String(centimetresFromInches(inches)));

/** The form's starting values in its reader's units: a stored guess or result, else blank on `date`. */
export function birthDetailsValues(stored: StoredBirthDetails | null | undefined, date: string, system: MeasurementSystem): BirthDetailsValues {
  const metric = system === "metric";
  const weight = storedWeight(stored);
  return {
    system,
    weightPounds: metric ? "" : text(stored?.weightPounds),
    weightOunces: metric ? "" : text(stored?.weightOunces),
    weightKilograms: metric ? kilogramsText(weight) : "",
    length: metric ? centimetresText(stored?.length) : text(stored?.length),
    date: stored?.date ?? date,
    // The time input takes 'HH:mm'.
    time: stored?.time?.slice(0, "HH:mm".length) ?? "",
    hairColor: known(HAIR_COLOR_LABELS, stored?.hairColor),
    eyeColor: known(EYE_COLOR_LABELS, stored?.eyeColor),
    name: stored?.name ?? "",
    stored: stored?.weightPounds != null ? { weightPounds: stored.weightPounds, weightOunces: stored.weightOunces ?? 0, length: stored.length ?? null } : null,
  };
}

const numberOf = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

type Sizes = { weightPounds: number; weightOunces: number; length: number };

/** The imperial form's weight and length as typed (blank ounces are none); the schema checks them. */
function imperialSizes(values: BirthDetailsValues, errors: BirthDetailsErrors): Sizes {
  if (values.weightPounds.trim() === "" && values.weightOunces.trim() === "") errors.weightPounds = BABY_GAME_MESSAGES.weightRequired;
  if (values.length.trim() === "") errors.length = BABY_GAME_MESSAGES.lengthRange;
  return {
    weightPounds: values.weightPounds.trim() === "" ? 0 : numberOf(values.weightPounds),
    weightOunces: values.weightOunces.trim() === "" ? 0 : numberOf(values.weightOunces),
    length: numberOf(values.length),
  };
}

/** The metric form's weight and length in the stored units, or what was stored while the text is left as shown. */
function metricSizes(values: BirthDetailsValues, errors: BirthDetailsErrors): Sizes {
  const { stored } = values;
  const sizes: Sizes = { weightPounds: 0, weightOunces: 0, length: Number.NaN };
  if (stored && values.weightKilograms === kilogramsText(weightFromPoundsOunces(stored.weightPounds, stored.weightOunces))) Object.assign(sizes, { weightPounds: stored.weightPounds, weightOunces: stored.weightOunces });
  else {
    const weight = checkKilograms(numberOf(values.weightKilograms));
    if (weight.ok) Object.assign(sizes, weight.value);
    else errors.weightKilograms = weight.message;
  }
  if (stored?.length != null && values.length === centimetresText(stored.length)) sizes.length = stored.length;
  else {
    const length = checkCentimetres(numberOf(values.length));
    if (length.ok) sizes.length = length.value;
    else errors.length = length.message;
  }
  return sizes;
}

/** The checked details (weight and length in the stored units, whatever the form's), or a message per field that is wrong. */
export function checkBirthDetails(values: BirthDetailsValues): { ok: true; details: BirthDetails } | { ok: false; errors: BirthDetailsErrors } {
  const errors: BirthDetailsErrors = {};
  const sizes = values.system === "metric" ? metricSizes(values, errors) : imperialSizes(values, errors);
  if (values.date === "") errors.date = BABY_GAME_MESSAGES.dateRequired;
  if (values.time.trim() === "") errors.time = BABY_GAME_MESSAGES.timeRequired;
  const parsed = birthDetailsSchema.safeParse({
    ...sizes,
    date: values.date,
    time: values.time,
    hairColor: values.hairColor || undefined,
    eyeColor: values.eyeColor || undefined,
    name: values.name.trim() || undefined,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path[0];
    // The metric form's weight is one field; the schema names the imperial pair.
    const field = values.system === "metric" && (path === "weightPounds" || path === "weightOunces") ? "weightKilograms" : path;
    if (typeof field === "string" && field in values && !errors[field as TextFieldName]) errors[field as TextFieldName] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, details: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// Showing a guess

export const formatGuessDate = (date: string) => formatDateOnly(date, { weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** Label and value of each part of a guess or result, in the form's order and its reader's units; parts not given are left out. */
export function describeBirthDetails(stored: StoredBirthDetails, system: MeasurementSystem): Array<{ label: string; value: string }> {
  const weight = storedWeight(stored);
  const parts: Array<{ label: string; value: string | null }> = [
    { label: "Weight", value: weight !== null ? formatBabyWeight(weight, system) : null },
    { label: "Length", value: stored.length != null ? formatBabyLength(stored.length, system) : null },
    { label: "Date", value: stored.date ? formatGuessDate(stored.date) : null },
    { label: "Time", value: stored.time ? formatEventTime(stored.time) : null },
    { label: "Hair", value: stored.hairColor ? labelOf(HAIR_COLOR_LABELS, stored.hairColor) : null },
    { label: "Eyes", value: stored.eyeColor ? labelOf(EYE_COLOR_LABELS, stored.eyeColor) : null },
    { label: "Name", value: stored.name || null },
  ];
  return parts.filter((part): part is { label: string; value: string } => part.value !== null);
}
