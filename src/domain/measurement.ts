/**
 * Imperial or metric for the baby's weight and length (issue 23). Storage stays imperial (weight in
 * decimal pounds, core spec 5; length in inches to the hundredth); each person sees and enters
 * their own system. A metric form's grid (0.1 kg, 0.1 cm) is coarser than the stored precision
 * (a whole ounce, 0.01 in), so every value typed on it comes back exactly as typed.
 */
import type { MeasurementSystem } from "./enums";
import { poundsOuncesFromWeight } from "./prediction";
import { OUNCES_PER_POUND } from "./units";

/** Exact by definition (the international pound and inch, 1959). */
export const KILOGRAMS_PER_POUND = 0.45359237;
export const CENTIMETRES_PER_INCH = 2.54;

/** The stored length's precision: hundredths of an inch. */
export const INCH_DECIMALS = 2;
/** The metric forms' precision: 0.1 kg (one ounce is 28 g, so the nearest ounce is within 15 g) and 0.1 cm. */
export const KILOGRAM_DECIMALS = 1;
export const CENTIMETRE_DECIMALS = 1;

/** Regions whose people weigh and measure babies in pounds and inches; everywhere else is metric. */
const IMPERIAL_REGIONS: ReadonlySet<string> = new Set(["US", "LR", "MM"]);

export function measurementSystemOfRegion(region: string | undefined): MeasurementSystem {
  return region && IMPERIAL_REGIONS.has(region.toUpperCase()) ? "imperial" : "metric";
}

/** The region of a language tag, filled in the likely way ('en' is en-Latn-US, 'de' de-Latn-DE); undefined when the tag does not parse. */
export function regionOfLanguage(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().region;
  } catch {
    return undefined;
  }
}

/** The system of the browser's first language that names a region (the browser's language list); metric when none does. */
export function measurementSystemOfLanguages(languages: readonly string[]): MeasurementSystem {
  for (const tag of languages) {
    const region = regionOfLanguage(tag);
    if (region) return measurementSystemOfRegion(region);
  }
  return "metric";
}

/** The stored choice, or when there is none, the browser's region. */
export function effectiveMeasurementSystem(stored: MeasurementSystem | null | undefined, languages: readonly string[]): MeasurementSystem {
  return stored ?? measurementSystemOfLanguages(languages);
}

/** Rounded half away from zero to `decimals` places (sizes here are never negative). */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** Whether a number sits on the grid of `decimals` places (3.4 does for 1, 3.45 does not). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Kilograms as stored: the nearest whole ounce, which shows back as the same 0.1 kg. */
export function poundsOuncesFromKilograms(kilograms: number): { pounds: number; ounces: number } {
  return poundsOuncesFromWeight(kilograms / KILOGRAMS_PER_POUND);
}

/** A stored weight (decimal pounds) in kilograms at the form's precision. */
export function kilogramsFromWeight(pounds: number): number {
  return roundTo(pounds * KILOGRAMS_PER_POUND, KILOGRAM_DECIMALS);
}

/** Centimetres as stored: inches to the hundredth, which show back as the same 0.1 cm. */
export function inchesFromCentimetres(centimetres: number): number {
  return roundTo(centimetres / CENTIMETRES_PER_INCH, INCH_DECIMALS);
}

/** A stored length (inches) in centimetres at the form's precision. */
export function centimetresFromInches(inches: number): number {
  return roundTo(inches * CENTIMETRES_PER_INCH, CENTIMETRE_DECIMALS);
}

/** A unit as the reader's locale writes it ('3.4 kg', '3,4 kg'); `locale` undefined is the reader's own. */
function unitFormat(unit: string, maximumFractionDigits: number, locale: string | undefined): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits });
}

/** A stored weight (decimal pounds) as its reader reads it: '7 lb 8 oz' or '3.4 kg'. */
export function formatBabyWeight(pounds: number, system: MeasurementSystem, locale?: string): string {
  if (system === "metric") return unitFormat("kilogram", KILOGRAM_DECIMALS, locale).format(kilogramsFromWeight(pounds));
  const split = poundsOuncesFromWeight(pounds);
  return `${unitFormat("pound", 0, locale).format(split.pounds)} ${unitFormat("ounce", 0, locale).format(split.ounces)}`;
}

/** A stored length (inches) as its reader reads it: '19.75 in' or '50.2 cm'. */
export function formatBabyLength(inches: number, system: MeasurementSystem, locale?: string): string {
  if (system === "metric") return unitFormat("centimeter", CENTIMETRE_DECIMALS, locale).format(centimetresFromInches(inches));
  return unitFormat("inch", INCH_DECIMALS, locale).format(roundTo(inches, INCH_DECIMALS));
}

/** A size in both systems, the given one first ('7 lb 8 oz (3.4 kg)'): for a text every reader shares. */
export function inBothSystems(format: (value: number, system: MeasurementSystem, locale?: string) => string, value: number, first: MeasurementSystem, locale?: string): string {
  const second: MeasurementSystem = first === "metric" ? "imperial" : "metric";
  return `${format(value, first, locale)} (${format(value, second, locale)})`;
}

const GRAMS_PER_OUNCE = (KILOGRAMS_PER_POUND * 1000) / OUNCES_PER_POUND;

/** An imperial step in metric words, for the points table ('28 g' for an ounce, '0.64 cm' for a quarter inch). */
export function formatOuncesInGrams(ounces: number, locale?: string): string {
  return unitFormat("gram", 0, locale).format(ounces * GRAMS_PER_OUNCE);
}

export function formatInchesInCentimetres(inches: number, locale?: string): string {
  return unitFormat("centimeter", INCH_DECIMALS, locale).format(inches * CENTIMETRES_PER_INCH);
}
