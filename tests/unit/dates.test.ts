import { describe, expect, it } from "vitest";
import { dateOnlySchema } from "../../src/domain/dateSchema";
import {
  addDays,
  addYears,
  DATE_MESSAGES,
  daysBetween,
  daysUntil,
  dueDateFromLmp,
  formatUsDate,
  isDateOnly,
  isReadOnly,
  isServiceActive,
  lmpFromDueDate,
  parseUsDate,
  readOnlyUntil,
  resolvePregnancyDates,
  serviceEndDate,
  serviceState,
  serviceStateChangesOn,
  startOfWeek,
  todayIso,
  trimester,
  weeksPregnant,
  serviceEndPassedError,
} from "../../src/domain/dates";

describe("date-only strings", () => {
  it("accepts real calendar dates only", () => {
    expect(isDateOnly("2024-02-29")).toBe(true);
    expect(isDateOnly("2023-02-29")).toBe(false);
    expect(isDateOnly("2024-13-01")).toBe(false);
    expect(isDateOnly("2024-04-31")).toBe(false);
    expect(isDateOnly("2024-00-10")).toBe(false);
    expect(isDateOnly("2024-1-5")).toBe(false);
    expect(isDateOnly("2024-01-05T00:00:00Z")).toBe(false);
    expect(isDateOnly(" 2024-01-05")).toBe(false);
    expect(isDateOnly(20240105)).toBe(false);
    expect(isDateOnly(null)).toBe(false);
  });

  it("validates through zod with a message", () => {
    expect(dateOnlySchema.safeParse("2025-06-01").success).toBe(true);
    const bad = dateOnlySchema.safeParse("2025-06-31");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(DATE_MESSAGES.invalidDate);
  });

  it("throws on malformed dates in arithmetic", () => {
    expect(() => addDays("2025-02-30", 1)).toThrow(RangeError);
    expect(() => daysBetween("nope", "2025-01-01")).toThrow(RangeError);
  });
});

describe("day arithmetic", () => {
  it("crosses month, year and leap-day boundaries", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(addDays("2025-03-10", 0)).toBe("2025-03-10");
  });

  it("is not moved by daylight-saving changes", () => {
    // US and EU clocks change on these weekends; whole-day arithmetic must not notice.
    expect(daysBetween("2025-03-08", "2025-03-10")).toBe(2);
    expect(daysBetween("2025-10-25", "2025-10-27")).toBe(2);
    expect(addDays("2025-03-09", 1)).toBe("2025-03-10");
  });

  it("counts days both ways", () => {
    expect(daysBetween("2025-01-01", "2025-12-31")).toBe(364);
    expect(daysBetween("2025-12-31", "2025-01-01")).toBe(-364);
    expect(daysUntil("2025-06-10", "2025-06-01")).toBe(9);
    expect(daysUntil("2025-06-01", "2025-06-01")).toBe(0);
    expect(daysUntil("2025-05-31", "2025-06-01")).toBe(-1);
  });

  it("handles years below 100 without mapping them to the 1900s", () => {
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
  });

  it("adds years keeping the day, 29 February becoming 28 February", () => {
    expect(addYears("2025-05-01", 7)).toBe("2032-05-01");
    expect(addYears("2028-02-29", 7)).toBe("2035-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
  });
});

describe("pregnancy dates", () => {
  it("puts the due date 280 days after the LMP and back", () => {
    expect(dueDateFromLmp("2025-01-01")).toBe("2025-10-08");
    expect(lmpFromDueDate("2025-10-08")).toBe("2025-01-01");
    expect(dueDateFromLmp("2024-05-25")).toBe("2025-03-01");
  });

  it("ends service 84 days after the due date, read-only 7 years after that", () => {
    expect(serviceEndDate("2025-10-08")).toBe("2025-12-31");
    expect(readOnlyUntil("2025-12-31")).toBe("2032-12-31");
  });

  it("moves from active to read-only to expired at the day boundaries", () => {
    const end = "2025-12-31";
    expect(serviceState(end, "2025-01-01")).toBe("active");
    expect(serviceState(end, end)).toBe("active");
    expect(serviceState(end, "2026-01-01")).toBe("read-only");
    expect(serviceState(end, "2032-12-31")).toBe("read-only");
    expect(serviceState(end, "2033-01-01")).toBe("expired");
    expect(isServiceActive(end, end)).toBe(true);
    expect(isServiceActive(end, "2026-01-01")).toBe(false);
    expect(isReadOnly(end, end)).toBe(false);
    expect(isReadOnly(end, "2026-01-01")).toBe(true);
    expect(isReadOnly(end, "2033-01-01")).toBe(false);
  });

  it("names the day the service state next changes, so an open socket is re-checked then", () => {
    const end = "2025-12-31";
    expect(serviceStateChangesOn(end, "2025-01-01")).toBe("2026-01-01");
    expect(serviceStateChangesOn(end, end)).toBe("2026-01-01");
    expect(serviceState(end, serviceStateChangesOn(end, end)!)).toBe("read-only");
    expect(serviceStateChangesOn(end, "2026-01-01")).toBe("2033-01-01");
    expect(serviceState(end, serviceStateChangesOn(end, "2032-12-31")!)).toBe("expired");
    expect(serviceStateChangesOn(end, "2033-01-01")).toBeNull();
  });

  it("counts whole weeks since the LMP, never below zero", () => {
    const lmp = "2025-01-01";
    expect(weeksPregnant(lmp, "2024-12-01")).toBe(0);
    expect(weeksPregnant(lmp, lmp)).toBe(0);
    expect(weeksPregnant(lmp, "2025-01-07")).toBe(0);
    expect(weeksPregnant(lmp, "2025-01-08")).toBe(1);
    expect(weeksPregnant(lmp, "2025-01-14")).toBe(1);
    expect(weeksPregnant(lmp, "2025-01-15")).toBe(2);
    expect(weeksPregnant(lmp, dueDateFromLmp(lmp))).toBe(40);
  });

  it("gives trimester 1 through week 12, 2 through week 27, then 3", () => {
    expect(trimester(0)).toBe(1);
    expect(trimester(12)).toBe(1);
    expect(trimester(13)).toBe(2);
    expect(trimester(27)).toBe(2);
    expect(trimester(28)).toBe(3);
    expect(trimester(45)).toBe(3);
  });

  it("resolves stored dates from a due date or an LMP", () => {
    expect(resolvePregnancyDates({ dueDate: "2025-10-08" })).toEqual({
      ok: true,
      value: { dueDate: "2025-10-08", lastMenstrualPeriod: null, serviceEndDate: "2025-12-31" },
    });
    expect(resolvePregnancyDates({ lastMenstrualPeriod: "2025-01-01" })).toEqual({
      ok: true,
      value: { dueDate: "2025-10-08", lastMenstrualPeriod: "2025-01-01", serviceEndDate: "2025-12-31" },
    });
    // A due date typed directly wins over the LMP.
    expect(resolvePregnancyDates({ dueDate: "2025-11-01", lastMenstrualPeriod: "2025-01-01" })).toMatchObject({
      ok: true,
      value: { dueDate: "2025-11-01", serviceEndDate: "2026-01-24" },
    });
  });

  it("refuses missing or invalid dates with the spec's message", () => {
    expect(resolvePregnancyDates({})).toEqual({ ok: false, error: "Please enter either a due date or last menstrual period" });
    expect(resolvePregnancyDates({ dueDate: "  ", lastMenstrualPeriod: null })).toEqual({ ok: false, error: DATE_MESSAGES.dueDateOrLmpRequired });
    expect(resolvePregnancyDates({ dueDate: "2025-02-30" })).toEqual({ ok: false, error: DATE_MESSAGES.invalidDate });
    expect(resolvePregnancyDates({ dueDate: "2025-10-08", lastMenstrualPeriod: "garbage" })).toEqual({ ok: false, error: DATE_MESSAGES.invalidDate });
  });
});

describe("a service end already past", () => {
  it("is refused with the dates named; today itself still counts as the service", () => {
    const today = "2026-11-28";
    expect(serviceEndPassedError({ dueDate: "2026-09-05", serviceEndDate: "2026-11-28" }, today)).toBeNull();
    expect(serviceEndPassedError({ dueDate: "2026-09-04", serviceEndDate: "2026-11-27" }, today)).toBe(
      "A due date of 4 September 2026 would have ended your family's 12 weeks after the birth on 27 November 2026, which has already passed. Please check the date, perhaps the year.",
    );
  });
});

describe("calendar helpers", () => {
  it("reads today's local calendar date", () => {
    expect(todayIso(new Date(2025, 0, 31, 23, 59))).toBe("2025-01-31");
    expect(todayIso(new Date(2025, 1, 1, 0, 0))).toBe("2025-02-01");
    expect(isDateOnly(todayIso())).toBe(true);
  });

  it("starts weeks on Monday", () => {
    expect(startOfWeek("2025-06-02")).toBe("2025-06-02"); // Monday
    expect(startOfWeek("2025-06-04")).toBe("2025-06-02"); // Wednesday
    expect(startOfWeek("2025-06-08")).toBe("2025-06-02"); // Sunday
    expect(startOfWeek("2025-06-09")).toBe("2025-06-09");
  });

  it("parses and formats the newsletter's MM/DD/YYYY", () => {
    expect(parseUsDate("10/08/2025")).toBe("2025-10-08");
    expect(parseUsDate(" 1/5/2026 ")).toBe("2026-01-05");
    expect(parseUsDate("02/29/2024")).toBe("2024-02-29");
    expect(parseUsDate("02/29/2025")).toBeNull();
    expect(parseUsDate("13/01/2025")).toBeNull();
    expect(parseUsDate("2025-10-08")).toBeNull();
    expect(parseUsDate("10/08/25")).toBeNull();
    expect(parseUsDate("")).toBeNull();
    expect(formatUsDate("2025-01-05")).toBe("01/05/2025");
  });
});
