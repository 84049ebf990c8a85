import { describe, expect, it } from "vitest";
import { eventTimeText, eventWhenText } from "../../src/domain/eventTimes";
import { instantIn, isTimeZone, localDateAndTime, todayIn, zoneCity, zoneOffsetMs, zoneOrFallback } from "../../src/domain/timeZones";

const LA = "America/Los_Angeles";
const AUCKLAND = "Pacific/Auckland";

describe("instantIn", () => {
  it("turns a family's wall-clock time into the moment it happens", () => {
    expect(instantIn("2026-11-26", "21:00:00", LA).toISOString()).toBe("2026-11-27T05:00:00.000Z");
    expect(instantIn("2026-07-01", "21:00:00", LA).toISOString()).toBe("2026-07-02T04:00:00.000Z");
    expect(instantIn("2026-11-26", "21:00:00", AUCKLAND).toISOString()).toBe("2026-11-26T08:00:00.000Z");
    expect(instantIn("2026-06-01", "12:00:00", "Asia/Kolkata").toISOString()).toBe("2026-06-01T06:30:00.000Z");
    expect(instantIn("2026-06-01", "12:00:00", "UTC").toISOString()).toBe("2026-06-01T12:00:00.000Z");
  });

  it("takes a time skipped by the clocks going forward an hour later, as calendar apps do", () => {
    // Los Angeles: 2:00 AM became 3:00 AM on 8 March 2026; Auckland: on 27 September 2026.
    expect(instantIn("2026-03-08", "02:30:00", LA).toISOString()).toBe("2026-03-08T10:30:00.000Z");
    expect(instantIn("2026-09-27", "02:30:00", AUCKLAND).toISOString()).toBe("2026-09-26T14:30:00.000Z");
  });

  it("takes the first of a time that happens twice when the clocks go back", () => {
    expect(instantIn("2026-11-01", "01:30:00", LA).toISOString()).toBe("2026-11-01T08:30:00.000Z");
    expect(instantIn("2026-04-05", "02:30:00", AUCKLAND).toISOString()).toBe("2026-04-04T13:30:00.000Z");
  });

  it("reads back as the same wall clock in the zone for every hour of a year", () => {
    for (let day = 0; day < 365; day += 7) {
      for (const time of ["00:00:00", "09:15:00", "21:45:00"]) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        expect(localDateAndTime(instantIn(date, time, AUCKLAND), AUCKLAND)).toEqual({ date, time: time.slice(0, 5) });
      }
    }
  });
});

describe("the family's today", () => {
  it("is still Thursday in Los Angeles at 11:30 PM there, when it is Friday in UTC", () => {
    const lateThursday = new Date("2026-11-27T07:30:00Z");
    expect(todayIn(LA, lateThursday)).toBe("2026-11-26");
    expect(todayIn("UTC", lateThursday)).toBe("2026-11-27");
    expect(todayIn(LA, new Date("2026-11-27T08:00:00Z"))).toBe("2026-11-27");
  });

  it("knows the offsets, the zones and the city names", () => {
    expect(zoneOffsetMs(LA, new Date("2026-11-27T07:30:00Z"))).toBe(-8 * 3_600_000);
    expect(zoneOffsetMs(AUCKLAND, new Date("2026-11-27T07:30:00Z"))).toBe(13 * 3_600_000);
    expect(isTimeZone(AUCKLAND)).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(zoneOrFallback(null)).toBe("UTC");
    expect(zoneOrFallback("Nowhere/Town")).toBe("UTC");
    expect(zoneCity(LA)).toBe("Los Angeles");
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(zoneCity("UTC")).toBe("UTC");
  });
});

describe("event times", () => {
  it("shows the family's clock alone to a reader whose clock reads the same", () => {
    expect(eventTimeText("2026-11-26", "21:00:00", LA, LA, "en-US")).toBe("9:00 PM");
    expect(eventTimeText("2026-11-26", "14:30:00", LA, "America/Vancouver", "en-US")).toBe("2:30 PM");
  });

  it("adds the reader's own clock, and their weekday when their date is another", () => {
    expect(eventTimeText("2026-11-26", "21:00:00", LA, AUCKLAND, "en-US")).toBe("9:00 PM Los Angeles · 6:00 PM Fri in Auckland");
    expect(eventTimeText("2026-11-26", "09:00:00", LA, "Europe/Berlin", "en-US")).toBe("9:00 AM Los Angeles · 6:00 PM in Berlin");
  });

  it("follows the reader's locale for the clock", () => {
    expect(eventTimeText("2026-11-26", "21:00:00", LA, LA, "en-GB")).toBe("21:00");
  });

  it("states the zone in mail, with the reader's clock when known and different", () => {
    expect(eventWhenText("2026-11-26", "21:00:00", LA, AUCKLAND)).toBe("Thursday, November 26, 2026 at 9:00 PM Los Angeles time (6:00 PM Friday, November 27 in Auckland)");
    expect(eventWhenText("2026-11-26", "21:00:00", LA, null)).toBe("Thursday, November 26, 2026 at 9:00 PM Los Angeles time");
    expect(eventWhenText("2026-11-26", "21:00:00", LA, LA)).toBe("Thursday, November 26, 2026 at 9:00 PM Los Angeles time");
    expect(eventWhenText("2026-11-26", null, LA, AUCKLAND)).toBe("Thursday, November 26, 2026");
  });
});
