/**
 * Dates and numbers in the reader's own locale (issue 23): Intl with an `undefined` locale takes the
 * browser's, so Berlin reads '25. November 2026' and '1,2' where Seattle reads 'November 25, 2026'
 * and '1.2', while the words around them stay the spec's English. Building a formatter costs far
 * more than using one, so each is made once per set of options.
 */
import { PERCENT } from "../domain/units";

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, options: object, make: () => T): T {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A date (and time) formatter in the reader's locale. */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => cached(dateFormats, options, () => new Intl.DateTimeFormat(undefined, options));

/** A number formatter in the reader's locale. */
export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => cached(numberFormats, options, () => new Intl.NumberFormat(undefined, options));

/** 'YYYY-MM-DD' as that calendar day, 'June 1, 2026' by default: read and formatted in UTC, so no time zone can shift it. */
export function formatDateOnly(date: string, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat({ ...options, timeZone: "UTC" }).format(parsed);
}

/** A count or a measure: '1,234' or '1.234', '2.5' or '2,5'. */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => numberFormat(options).format(value);

/** A whole percentage (42 for 42 %): '42%', or '42 %' where the locale spaces it. */
export const formatPercent = (percent: number): string => numberFormat({ style: "percent" }).format(percent / PERCENT);

/** 'YYYY-MM-DD' in digits, in the locale's order: '06/01/2026', '01/06/2026', '01.06.2026'. */
export const formatNumericDate = (date: string): string => formatDateOnly(date, { year: "numeric", month: "2-digit", day: "2-digit" });
