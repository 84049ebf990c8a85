import { describe, expect, it } from "vitest";
import { formatEventTime, parseEventTime, TIME_MESSAGES } from "../../src/domain/time";

const value = (input: string) => {
  const result = parseEventTime(input);
  return result.ok ? result.value : `error: ${result.error}`;
};

describe("parseEventTime", () => {
  it("accepts h:mm AM/PM in any case, with or without a space", () => {
    expect(value("9:05 AM")).toBe("09:05:00");
    expect(value("9:05am")).toBe("09:05:00");
    expect(value("09:05 pm")).toBe("21:05:00");
    expect(value("11:59 Pm")).toBe("23:59:00");
    expect(value("  3:30 PM  ")).toBe("15:30:00");
  });

  it("maps 12 AM to midnight and 12 PM to noon", () => {
    expect(value("12:00 AM")).toBe("00:00:00");
    expect(value("12:30 AM")).toBe("00:30:00");
    expect(value("12:00 PM")).toBe("12:00:00");
    expect(value("1:00 AM")).toBe("01:00:00");
  });

  it("accepts HH:mm and HH:mm:ss", () => {
    expect(value("00:00")).toBe("00:00:00");
    expect(value("23:59")).toBe("23:59:00");
    expect(value("23:59:59")).toBe("23:59:59");
    expect(value("7:05")).toBe("07:05:00");
    expect(value("14:30:15")).toBe("14:30:15");
  });

  it("refuses out-of-range parts", () => {
    expect(parseEventTime("24:00")).toEqual({ ok: false, error: TIME_MESSAGES.hourOutOfRange });
    expect(parseEventTime("12:60")).toEqual({ ok: false, error: TIME_MESSAGES.minuteOutOfRange });
    expect(parseEventTime("12:00:60")).toEqual({ ok: false, error: TIME_MESSAGES.secondOutOfRange });
    expect(parseEventTime("13:00 PM")).toEqual({ ok: false, error: TIME_MESSAGES.twelveHourOutOfRange });
    expect(parseEventTime("0:30 AM")).toEqual({ ok: false, error: TIME_MESSAGES.twelveHourOutOfRange });
    expect(parseEventTime("9:60 AM")).toEqual({ ok: false, error: TIME_MESSAGES.minuteOutOfRange });
  });

  it("refuses other shapes", () => {
    for (const input of ["", "noon", "9", "9:5", "9:5 AM", "930", "09:30:0", "9:30 XM", "-1:00", "9.30", "09:30:00:00", "9:30 A M"]) {
      expect(parseEventTime(input), input).toEqual({ ok: false, error: TIME_MESSAGES.invalidFormat });
    }
  });
});

describe("formatEventTime", () => {
  it("shows stored times as h:mm AM/PM", () => {
    expect(formatEventTime("00:00:00")).toBe("12:00 AM");
    expect(formatEventTime("00:30:00")).toBe("12:30 AM");
    expect(formatEventTime("09:05:00")).toBe("9:05 AM");
    expect(formatEventTime("12:00:00")).toBe("12:00 PM");
    expect(formatEventTime("23:59:59")).toBe("11:59 PM");
    expect(formatEventTime("13:07")).toBe("1:07 PM");
  });

  it("round-trips with parseEventTime", () => {
    for (const stored of ["00:00:00", "06:45:00", "12:15:00", "18:00:00", "23:59:00"]) {
      const shown = formatEventTime(stored);
      expect(shown && value(shown)).toBe(stored);
    }
  });

  it("gives null for what is not a time", () => {
    expect(formatEventTime("25:00:00")).toBeNull();
    expect(formatEventTime("")).toBeNull();
  });
});
