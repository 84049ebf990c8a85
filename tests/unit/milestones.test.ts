import { describe, expect, it } from "vitest";
import { eventWeekNumber } from "../../src/domain/calendar";
import { dueDateFromLmp, lmpFromDueDate, trimester } from "../../src/domain/dates";
import { BIRTHDAY_MILESTONE_KEY, birthdayPrivacyLevel, birthdayTitle, MILESTONE_KEYS, milestoneOverAtBirth, milestonesSuggested, SUGGESTED_MILESTONES, milestoneByKey, milestoneDate, milestoneEvent, milestoneWeek, type MilestoneKey } from "../../src/domain/milestones";
import { sanitizeNotes, sanitizeTitle } from "../../src/domain/sanitize";
import { NOTES_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

const weekOf = (key: MilestoneKey) => milestoneWeek(milestoneByKey(key));

describe("suggested milestones", () => {
  it("are a dozen or so standard ones with unique stable keys, in date order", () => {
    expect(SUGGESTED_MILESTONES.length).toBeGreaterThanOrEqual(12);
    expect(SUGGESTED_MILESTONES.length).toBeLessThanOrEqual(14);
    expect(new Set(MILESTONE_KEYS).size).toBe(SUGGESTED_MILESTONES.length);
    for (const key of MILESTONE_KEYS) expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const days = SUGGESTED_MILESTONES.map((m) => m.pregnancyDay);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });

  it("store as they are: titles and notes within the limits and unchanged by sanitising", () => {
    for (const milestone of SUGGESTED_MILESTONES) {
      expect(milestone.title.length, milestone.key).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
      expect(milestone.note.length, milestone.key).toBeLessThanOrEqual(NOTES_MAX_LENGTH);
      expect(sanitizeTitle(milestone.title)).toBe(milestone.title);
      expect(sanitizeNotes(milestone.note)).toBe(milestone.note);
    }
  });

  it("cover appointments, scans, tests, the baby shower, the hospital bag and the due date", () => {
    expect(new Set(SUGGESTED_MILESTONES.map((m) => m.category))).toEqual(new Set(["medical", "milestone", "preparation", "celebration"]));
    expect(SUGGESTED_MILESTONES.map((m) => m.title)).toEqual(
      expect.arrayContaining(["First prenatal appointment", "Dating scan", "Anatomy scan", "Glucose test", "Group B strep test", "Baby shower", "Hospital bag ready", "Due date"]),
    );
  });

  it("fall in the weeks prenatal care usually schedules them", () => {
    expect(weekOf("first-prenatal-appointment")).toBe(8);
    expect(weekOf("prenatal-blood-tests")).toBe(10);
    expect(weekOf("dating-scan")).toBe(12);
    expect(weekOf("anatomy-scan")).toBe(20);
    expect(weekOf("glucose-test")).toBe(26);
    expect(weekOf("tdap-vaccine")).toBe(28);
    expect(weekOf("baby-shower")).toBe(32);
    expect(weekOf("hospital-bag")).toBe(35);
    expect(weekOf("group-b-strep-test")).toBe(36);
    expect(weekOf("full-term")).toBe(37);
    expect(weekOf("due-date")).toBe(40);
    expect(milestoneByKey("due-date").pregnancyDay).toBe(280);
  });

  it("mark the start of the second and third trimesters", () => {
    expect(trimester(weekOf("second-trimester"))).toBe(2);
    expect(trimester(weekOf("second-trimester") - 1)).toBe(1);
    expect(trimester(weekOf("third-trimester-check"))).toBe(3);
    expect(trimester(weekOf("third-trimester-check") - 1)).toBe(2);
  });

  it("keep medical and preparation ones with the parents and share the shower and the due date with guests", () => {
    for (const milestone of SUGGESTED_MILESTONES) {
      if (milestone.category === "medical" || milestone.category === "preparation") expect(milestone.privacyLevel, milestone.key).toBe("parents-only");
    }
    expect(milestoneByKey("baby-shower").privacyLevel).toBe("friends");
    expect(milestoneByKey("due-date").privacyLevel).not.toBe("parents-only");
  });

  it("refuses an unknown key", () => {
    expect(() => milestoneByKey("moon-landing" as MilestoneKey)).toThrow(RangeError);
  });
});

describe("milestone dates", () => {
  it("count whole days from the LMP, across month, year and leap-day boundaries", () => {
    const lmp = "2023-06-15";
    expect(milestoneDate(milestoneByKey("first-prenatal-appointment"), lmp)).toBe("2023-08-10");
    expect(milestoneDate(milestoneByKey("anatomy-scan"), lmp)).toBe("2023-11-02");
    expect(milestoneDate(milestoneByKey("full-term"), lmp)).toBe("2024-02-29");
    expect(milestoneDate(milestoneByKey("due-date"), lmp)).toBe("2024-03-21");
  });

  it("put the due date milestone on the pregnancy's due date, whichever date was given", () => {
    const dueDate = "2026-09-07";
    const lmp = lmpFromDueDate(dueDate);
    expect(milestoneDate(milestoneByKey("due-date"), lmp)).toBe(dueDate);
    expect(milestoneDate(milestoneByKey("due-date"), "2025-12-01")).toBe(dueDateFromLmp("2025-12-01"));
  });

  it("give the same week the calendar derives from the event's date", () => {
    const lmp = "2025-11-23";
    for (const milestone of SUGGESTED_MILESTONES) {
      expect(milestoneWeek(milestone), milestone.key).toBe(eventWeekNumber(milestoneDate(milestone, lmp), lmp));
    }
  });

  it("move by the same number of days as the LMP", () => {
    for (const milestone of SUGGESTED_MILESTONES) {
      expect(milestoneDate(milestone, "2026-01-08"), milestone.key).toBe(milestoneDate({ pregnancyDay: milestone.pregnancyDay + 7 }, "2026-01-01"));
    }
  });
});

describe("a milestone's calendar event", () => {
  it("is auto-dated, keyed to the milestone, with its note, category, week and privacy", () => {
    const lmp = "2026-02-02";
    expect(milestoneEvent(milestoneByKey("baby-shower"), lmp)).toEqual({
      title: "Baby shower",
      notes: milestoneByKey("baby-shower").note,
      category: "celebration",
      date: "2026-09-14",
      weekNumber: 32,
      privacyLevel: "friends",
      autoDate: true,
      milestoneKey: "baby-shower",
    });
  });
});

describe("after the birth (issue 37)", () => {
  it("suggests pregnancy milestones until the first baby is here", () => {
    expect(milestonesSuggested([])).toBe(true);
    expect(milestonesSuggested([{ birthDate: null }, { birthDate: null }])).toBe(true);
    expect(milestonesSuggested([{ birthDate: "2026-11-28" }, { birthDate: null }])).toBe(false);
  });

  it("names the babies born that day in the birthday's title", () => {
    expect(birthdayTitle(["Bean"])).toBe("Bean's birthday");
    expect(birthdayTitle(["Bean", "Sprout"])).toBe("Bean and Sprout's birthday");
    expect(birthdayTitle(["Ada", "Bea", "Cy"])).toBe("Ada, Bea, and Cy's birthday");
    expect(BIRTHDAY_MILESTONE_KEY).not.toBe("due-date");
    expect(MILESTONE_KEYS).not.toContain(BIRTHDAY_MILESTONE_KEY);
  });

  it("shows the birthday to no guest the birth was not told to, and never wider than the event was", () => {
    // Told to everyone: the event keeps its audience (the due date's, extended family).
    expect(birthdayPrivacyLevel("extended-family", null)).toBe("extended-family");
    // Told to every circle: still no wider than the event was.
    expect(birthdayPrivacyLevel("extended-family", ["immediate-family", "extended-family", "close-friends", "friends", "acquaintances"])).toBe("extended-family");
    // The immediate family alone: the extended family does not see it.
    expect(birthdayPrivacyLevel("extended-family", ["immediate-family"])).toBe("immediate-family");
    // A gap: friends were told but not close friends, who would see an event at the friends' level.
    expect(birthdayPrivacyLevel("acquaintances", ["immediate-family", "extended-family", "friends"])).toBe("extended-family");
    // The closest circle not told (or nobody): the parents alone.
    expect(birthdayPrivacyLevel("extended-family", ["friends"])).toBe("parents-only");
    expect(birthdayPrivacyLevel("extended-family", [])).toBe("parents-only");
    expect(birthdayPrivacyLevel("parents-only", null)).toBe("parents-only");
  });
});

describe("the milestones still to come at the birth (issue 37)", () => {
  const event = { milestoneKey: "full-term", autoDate: true, isArchived: false, date: "2026-12-10" };
  it("are over when the app placed them after the birth day", () => {
    expect(milestoneOverAtBirth(event, "2026-11-28")).toBe(true);
    expect(milestoneOverAtBirth({ ...event, milestoneKey: "group-b-strep-test" }, "2026-11-28")).toBe(true);
  });

  it("leave alone what is past or on the day, dated by hand, archived already, the parents' own events and the due date (it becomes the birthday)", () => {
    expect(milestoneOverAtBirth(event, "2026-12-10")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, date: "2026-10-01" }, "2026-11-28")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, autoDate: false }, "2026-11-28")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, isArchived: true }, "2026-11-28")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, milestoneKey: null }, "2026-11-28")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, milestoneKey: "due-date" }, "2026-11-28")).toBe(false);
    expect(milestoneOverAtBirth({ ...event, milestoneKey: BIRTHDAY_MILESTONE_KEY }, "2026-11-28")).toBe(false);
  });
});
