import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MS_PER_DAY } from "../../src/domain/units";
import {
  digestWeekDue,
  digestWindowStart,
  DIGEST_FIRST_LOOKBACK_DAYS,
  DIGEST_MAX_LOOKBACK_DAYS,
  localClock,
  postExcerpt,
  WEEKLY_DIGEST_CRON,
} from "../../src/domain/weeklyDigest";
import { isTimeZone, zoneOrFallback } from "../../src/domain/timeZones";

const at = (iso: string) => new Date(iso);

describe("digestWeekDue", () => {
  it("is due from 08:00 on Monday in UTC for someone without a zone, and names the week by that Monday", () => {
    expect(digestWeekDue(at("2026-05-04T07:59:00Z"), null)).toBeNull();
    expect(digestWeekDue(at("2026-05-04T08:00:00Z"), null)).toBe("2026-05-04");
    expect(digestWeekDue(at("2026-05-04T08:00:00Z"), "Not/AZone")).toBe("2026-05-04");
  });

  it("allows a late run the same local Monday, and not on Tuesday", () => {
    expect(digestWeekDue(at("2026-05-04T23:00:00Z"), "UTC")).toBe("2026-05-04");
    expect(digestWeekDue(at("2026-05-05T00:00:00Z"), "UTC")).toBeNull();
    expect(digestWeekDue(at("2026-05-03T12:00:00Z"), "UTC")).toBeNull();
  });

  it("goes on Sunday evening UTC for Auckland, whose Monday comes first, in and out of daylight saving time", () => {
    // NZST (UTC+12) in May: Monday 08:00 is Sunday 20:00 UTC.
    expect(digestWeekDue(at("2026-05-03T19:59:00Z"), "Pacific/Auckland")).toBeNull();
    expect(digestWeekDue(at("2026-05-03T20:00:00Z"), "Pacific/Auckland")).toBe("2026-05-04");
    // NZDT (UTC+13) in March: Monday 08:00 is Sunday 19:00 UTC.
    expect(digestWeekDue(at("2026-03-29T18:59:00Z"), "Pacific/Auckland")).toBeNull();
    expect(digestWeekDue(at("2026-03-29T19:00:00Z"), "Pacific/Auckland")).toBe("2026-03-30");
    // Daylight saving ended on Sunday 5 April: the next Monday's 08:00 is back at 20:00 UTC.
    expect(digestWeekDue(at("2026-04-05T19:00:00Z"), "Pacific/Auckland")).toBeNull();
    expect(digestWeekDue(at("2026-04-05T20:00:00Z"), "Pacific/Auckland")).toBe("2026-04-06");
    // Monday 23:00 in Auckland still sends; an hour later it is Tuesday there.
    expect(digestWeekDue(at("2026-05-04T11:00:00Z"), "Pacific/Auckland")).toBe("2026-05-04");
    expect(digestWeekDue(at("2026-05-04T12:00:00Z"), "Pacific/Auckland")).toBeNull();
  });

  it("waits for Los Angeles' morning, which moves with daylight saving time", () => {
    // PST (UTC-8) on 2 March: 08:00 is 16:00 UTC.
    expect(digestWeekDue(at("2026-03-02T15:59:00Z"), "America/Los_Angeles")).toBeNull();
    expect(digestWeekDue(at("2026-03-02T16:00:00Z"), "America/Los_Angeles")).toBe("2026-03-02");
    // PDT (UTC-7) from Sunday 8 March: 08:00 is 15:00 UTC.
    expect(digestWeekDue(at("2026-03-09T14:59:00Z"), "America/Los_Angeles")).toBeNull();
    expect(digestWeekDue(at("2026-03-09T15:00:00Z"), "America/Los_Angeles")).toBe("2026-03-09");
    // Monday 23:30 there is Tuesday in UTC, and still their Monday's digest.
    expect(digestWeekDue(at("2026-03-10T06:30:00Z"), "America/Los_Angeles")).toBe("2026-03-09");
    expect(digestWeekDue(at("2026-03-10T07:00:00Z"), "America/Los_Angeles")).toBeNull();
    // Monday morning in UTC is still Sunday night there.
    expect(digestWeekDue(at("2026-03-09T08:00:00Z"), "America/Los_Angeles")).toBeNull();
  });
});

describe("localClock", () => {
  it("gives the date and the 24-hour clock in the zone", () => {
    expect(localClock(at("2026-05-03T20:30:00Z"), "Pacific/Auckland")).toEqual({ date: "2026-05-04", hour: 8 });
    expect(localClock(at("2026-05-04T00:30:00Z"), "UTC")).toEqual({ date: "2026-05-04", hour: 0 });
    expect(localClock(at("2026-05-04T06:30:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-05-03", hour: 23 });
  });
});

describe("time zones", () => {
  it("knows IANA names and refuses the rest", () => {
    expect(isTimeZone("Pacific/Auckland")).toBe(true);
    expect(isTimeZone("America/Los_Angeles")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("x".repeat(100))).toBe(false);
    expect(zoneOrFallback(null)).toBe("UTC");
    expect(zoneOrFallback("Europe/Paris")).toBe("Europe/Paris");
  });
});

describe("digestWindowStart", () => {
  const now = at("2026-05-04T08:00:00Z");
  it("starts at the previous digest's run, a week back for a first one, and never more than two weeks back", () => {
    const previous = at("2026-04-27T08:30:00Z");
    expect(digestWindowStart(previous, now)).toEqual(previous);
    expect(digestWindowStart(null, now)).toEqual(new Date(now.getTime() - DIGEST_FIRST_LOOKBACK_DAYS * MS_PER_DAY));
    expect(digestWindowStart(at("2026-01-05T08:00:00Z"), now)).toEqual(new Date(now.getTime() - DIGEST_MAX_LOOKBACK_DAYS * MS_PER_DAY));
  });
});

describe("postExcerpt", () => {
  it("keeps the first two lines and cuts the rest", () => {
    expect(postExcerpt("Big news\n\nWe saw the scan")).toBe("Big news We saw the scan");
    expect(postExcerpt("One\nTwo\nThree")).toBe("One Two...");
    expect(postExcerpt("a".repeat(300))).toBe(`${"a".repeat(200)}...`);
  });
});

describe("the trigger", () => {
  it("is declared in wrangler.toml", () => {
    expect(readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8")).toContain(`"${WEEKLY_DIGEST_CRON}"`);
  });
});
