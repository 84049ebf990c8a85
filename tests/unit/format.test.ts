import { afterEach, describe, expect, it } from "vitest";
import { dateFormat, formatDateOnly, formatNumber, formatNumericDate, formatPercent, numberFormat } from "../../src/lib/format";
import { formatBytes } from "../../src/lib/formatBytes";

/** The locale Intl falls back to in this process: the reader's, as a browser's would be. */
const reader = new Intl.DateTimeFormat().resolvedOptions().locale;
const KB = 1024;
const MB = KB * KB;
const GB = MB * KB;
const originalZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalZone;
});

describe("reader's locale formatters", () => {
  it("are made once per set of options", () => {
    expect(dateFormat({ dateStyle: "long" })).toBe(dateFormat({ dateStyle: "long" }));
    expect(dateFormat({ dateStyle: "long" })).not.toBe(dateFormat({ dateStyle: "medium" }));
    expect(numberFormat()).toBe(numberFormat({}));
    expect(numberFormat({ style: "percent" })).not.toBe(numberFormat());
  });

  it("take the locale Intl is given by default, not a fixed one", () => {
    expect(dateFormat({ dateStyle: "long" }).resolvedOptions().locale).toBe(reader);
    expect(numberFormat().resolvedOptions().locale).toBe(reader);
  });
});

describe("formatDateOnly", () => {
  it("writes the calendar day in the reader's locale, long by default", () => {
    expect(formatDateOnly("2026-11-25")).toBe(new Intl.DateTimeFormat(reader, { dateStyle: "long", timeZone: "UTC" }).format(Date.UTC(2026, 10, 25)));
  });

  it("keeps the day whatever the time zone, with the options asked for", () => {
    const numeric: Intl.DateTimeFormatOptions = { year: "numeric", month: "numeric", day: "numeric" };
    const newYear = new Intl.DateTimeFormat(reader, { ...numeric, timeZone: "UTC" }).format(Date.UTC(2026, 0, 1));
    for (const zone of ["America/Los_Angeles", "Pacific/Auckland"]) {
      process.env.TZ = zone;
      expect(formatDateOnly("2026-01-01", numeric)).toBe(newYear);
    }
  });

  it("writes a date in two-digit parts in the locale's order", () => {
    expect(formatNumericDate("2026-06-01")).toBe(new Intl.DateTimeFormat(reader, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }).format(Date.UTC(2026, 5, 1)));
    expect(formatNumericDate("2026-06-01")).toMatch(/^(?=.*06)(?=.*01)(?=.*2026)/);
  });

  it("gives back text that is not a date as it came", () => {
    expect(formatDateOnly("soon")).toBe("soon");
  });
});

describe("numbers", () => {
  it("group thousands and write decimals with the reader's separators", () => {
    const expected = new Intl.NumberFormat(reader);
    expect(formatNumber(1234.5)).toBe(expected.format(1234.5));
    expect(formatNumber(2.25, { maximumFractionDigits: 1 })).toMatch(/^2[.,]3$/);
  });

  it("write a whole percentage as the locale does", () => {
    expect(formatPercent(42)).toBe(new Intl.NumberFormat(reader, { style: "percent" }).format(0.42));
    expect(formatPercent(0)).toMatch(/^0\s?%$/);
    expect(formatPercent(100)).toMatch(/^100\s?%$/);
  });

  it("write a file size with one decimal from a megabyte on, whole kilobytes below", () => {
    expect(formatBytes(500)).toBe("1 KB");
    expect(formatBytes(820 * KB)).toBe("820 KB");
    expect(formatBytes(12 * MB)).toMatch(/^12[.,]0 MB$/);
    expect(formatBytes(1.25 * MB)).toMatch(/^1[.,]3 MB$/);
    expect(formatBytes(2.1 * GB)).toMatch(/^2[.,]1 GB$/);
  });
});
