import { describe, expect, it } from "vitest";
import { dayLabel, daySeparators } from "../../src/domain/dayLabels";

describe("day separators", () => {
  it("names today and yesterday, and other days by date in the reader's locale, with the year only when it is another", () => {
    expect(dayLabel("2026-11-28", "2026-11-28", "en-US")).toBe("Today");
    expect(dayLabel("2026-11-27", "2026-11-28", "en-US")).toBe("Yesterday");
    expect(dayLabel("2026-11-20", "2026-11-28", "en-US")).toBe("Friday, November 20");
    expect(dayLabel("2026-11-20", "2026-11-28", "en-GB")).toBe("Friday 20 November");
    expect(dayLabel("2025-12-31", "2026-01-01", "en-US")).toBe("Yesterday");
    expect(dayLabel("2025-12-30", "2026-01-01", "en-GB")).toBe("Tuesday, 30 December 2025");
  });

  it("puts a label before each message that opens a day, in the reader's time zone", () => {
    // An old false alarm at 6:05 PM New York time, then tonight's messages at 11:18 and 11:19 PM.
    const sent = ["2026-11-20T23:05:00Z", "2026-11-29T04:18:00Z", "2026-11-29T04:19:00Z"];
    const now = new Date("2026-11-29T04:30:00Z");
    expect(daySeparators(sent, now, "America/New_York", "en-US")).toEqual(["Friday, November 20", "Today", null]);
    // In Auckland the same moments fall on other days: the 21st, and today the 29th.
    expect(daySeparators(sent, now, "Pacific/Auckland", "en-GB")).toEqual(["Saturday 21 November", "Today", null]);
    // Messages either side of the reader's midnight are on two days.
    expect(daySeparators(["2026-11-28T04:50:00Z", "2026-11-28T05:10:00Z"], now, "America/New_York", "en-US")).toEqual(["Yesterday", "Today"]);
  });
});
