import { describe, expect, it } from "vitest";
import { addDays } from "../../src/domain/dates";
import { isLastServiceDay, serviceEndHeading, serviceEndLines, serviceEndNoticeDue, serviceEndNoticeShows } from "../../src/domain/serviceEnd";

const lastDay = "2027-03-12";
const on = (daysBefore: number) => addDays(lastDay, -daysBefore);

describe("the service-end notices (issue 37)", () => {
  it("are due 14 days and 1 day before the last day, late rather than never, and not after it", () => {
    expect(serviceEndNoticeDue(lastDay, on(30))).toBeNull();
    expect(serviceEndNoticeDue(lastDay, on(15))).toBeNull();
    expect(serviceEndNoticeDue(lastDay, on(14))).toBe("fourteen-days");
    // A run missed, or dates moved closer: still told.
    expect(serviceEndNoticeDue(lastDay, on(9))).toBe("fourteen-days");
    expect(serviceEndNoticeDue(lastDay, on(2))).toBe("fourteen-days");
    expect(serviceEndNoticeDue(lastDay, on(1))).toBe("one-day");
    expect(serviceEndNoticeDue(lastDay, on(0))).toBe("one-day");
    expect(serviceEndNoticeDue(lastDay, on(-1))).toBeNull();
  });

  it("show in the app through the last day; a guest's notice on the last day only", () => {
    expect(serviceEndNoticeShows(lastDay, on(1))).toBe(true);
    expect(serviceEndNoticeShows(lastDay, on(0))).toBe(true);
    expect(serviceEndNoticeShows(lastDay, on(-1))).toBe(false);
    expect([on(1), on(0), on(-1)].map((today) => isLastServiceDay(lastDay, today))).toEqual([false, true, false]);
  });

  it("say when, and what changes: read-only for 7 years, the download, what guests see", () => {
    expect(serviceEndHeading("Bean", 14)).toBe("Bean: full service ends in 14 days");
    expect(serviceEndHeading("Bean", 1)).toBe("Bean: full service ends tomorrow");
    expect(serviceEndHeading("Bean", 0)).toBe("Bean: full service ends today");
    const text = serviceEndLines({ title: "Bean", lastDay: "12 March 2027", readOnlyUntil: "12 March 2034", daysLeft: 14 }).join(" ");
    expect(text).toContain("12 March 2027 is the last day");
    expect(text).toContain("read-only for 7 years, until 12 March 2034");
    expect(text).toContain("download everything");
    expect(text).toContain("Your guests will see");
  });
});
