import { describe, expect, it } from "vitest";
import { addDays, DATE_MESSAGES, daysBetween, FULL_TERM_MAX_WEEKS, LMP_TO_DUE_DAYS } from "../../src/domain/dates";
import { calculate, CALCULATOR_FIRST_WEEK, CALCULATOR_MESSAGES, CALCULATOR_MILESTONE_COUNT, CALCULATOR_PREVIEW_EVENTS, CALCULATOR_WINDOW_WEEKS, checkLastMenstrualPeriod, MILESTONE_TEMPLATES, upcomingMilestones } from "../../src/domain/dueDateCalculator";
import { EVENT_CATEGORIES } from "../../src/domain/enums";
import { milestoneWeek, SUGGESTED_MILESTONES } from "../../src/domain/milestones";
import { DAYS_PER_WEEK } from "../../src/domain/units";

const LMP = "2026-01-01";
/** The day `weeks` weeks and `days` days after the LMP. */
const at = (weeks: number, days = 0) => addDays(LMP, weeks * DAYS_PER_WEEK + days);

describe("calculate", () => {
  it("puts the due date 280 days after the LMP, across months and a leap day", () => {
    expect(calculate(LMP, LMP).dueDate).toBe("2026-10-08");
    expect(calculate("2027-06-01", "2027-06-01").dueDate).toBe("2028-03-07");
    expect(daysBetween("2027-06-01", "2028-03-07")).toBe(LMP_TO_DUE_DAYS);
  });

  it("counts whole weeks and the days into the week", () => {
    expect(calculate(LMP, LMP)).toMatchObject({ weeksPregnant: 0, daysIntoWeek: 0, trimester: 1 });
    expect(calculate(LMP, at(8, 3))).toMatchObject({ weeksPregnant: 8, daysIntoWeek: 3 });
    expect(calculate(LMP, at(39, 6))).toMatchObject({ weeksPregnant: 39, daysIntoWeek: 6, trimester: 3 });
  });

  it("changes trimester between weeks 12 and 13 and between weeks 27 and 28", () => {
    expect(at(12)).toBe("2026-03-26");
    expect(calculate(LMP, "2026-03-26")).toMatchObject({ weeksPregnant: 12, daysIntoWeek: 0, trimester: 1 });
    expect(calculate(LMP, "2026-04-01")).toMatchObject({ weeksPregnant: 12, daysIntoWeek: 6, trimester: 1 });
    expect(calculate(LMP, "2026-04-02")).toMatchObject({ weeksPregnant: 13, daysIntoWeek: 0, trimester: 2 });
    expect(calculate(LMP, "2026-07-15")).toMatchObject({ weeksPregnant: 27, daysIntoWeek: 6, trimester: 2 });
    expect(calculate(LMP, "2026-07-16")).toMatchObject({ weeksPregnant: 28, daysIntoWeek: 0, trimester: 3 });
  });

  it("never counts below week 0 for an LMP after today", () => {
    expect(calculate(LMP, addDays(LMP, -3))).toMatchObject({ weeksPregnant: 0, daysIntoWeek: 0, trimester: 1 });
  });
});

describe("checkLastMenstrualPeriod", () => {
  const today = "2026-06-15";

  it("accepts today and up to 42 weeks ago, trimmed", () => {
    expect(checkLastMenstrualPeriod(` ${today} `, today)).toEqual({ ok: true, value: today });
    const oldest = addDays(today, -FULL_TERM_MAX_WEEKS * DAYS_PER_WEEK);
    expect(checkLastMenstrualPeriod(oldest, today)).toEqual({ ok: true, value: oldest });
  });

  it("refuses a blank, malformed, future or too old date with its message", () => {
    expect(checkLastMenstrualPeriod("  ", today)).toEqual({ ok: false, error: CALCULATOR_MESSAGES.lmpRequired });
    expect(checkLastMenstrualPeriod("2026-02-30", today)).toEqual({ ok: false, error: DATE_MESSAGES.invalidDate });
    expect(checkLastMenstrualPeriod("06/01/2026", today)).toEqual({ ok: false, error: DATE_MESSAGES.invalidDate });
    expect(checkLastMenstrualPeriod(addDays(today, 1), today)).toEqual({ ok: false, error: CALCULATOR_MESSAGES.lmpInFuture });
    expect(checkLastMenstrualPeriod(addDays(today, -FULL_TERM_MAX_WEEKS * DAYS_PER_WEEK - 1), today)).toEqual({ ok: false, error: CALCULATOR_MESSAGES.lmpTooLongAgo });
  });
});

describe("milestone templates", () => {
  it("are the 55 of the spec with unique kebab-case ids, in the order their windows open", () => {
    expect(MILESTONE_TEMPLATES).toHaveLength(CALCULATOR_MILESTONE_COUNT);
    const ids = MILESTONE_TEMPLATES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const starts = MILESTONE_TEMPLATES.map((m) => m.weeks.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("cover every week from 4 to 42 with windows inside that span", () => {
    for (const { id, weeks } of MILESTONE_TEMPLATES) {
      expect(weeks.start, id).toBeGreaterThanOrEqual(CALCULATOR_FIRST_WEEK);
      expect(weeks.end, id).toBeGreaterThanOrEqual(weeks.start);
      expect(weeks.end, id).toBeLessThanOrEqual(FULL_TERM_MAX_WEEKS);
    }
    for (let week = CALCULATOR_FIRST_WEEK; week <= FULL_TERM_MAX_WEEKS; week++) {
      expect(MILESTONE_TEMPLATES.some(({ weeks }) => weeks.start <= week && week <= weeks.end), `week ${week}`).toBe(true);
    }
  });

  it("use every event category, with RSVPs only for gatherings, and carry a title and a description", () => {
    expect(new Set(MILESTONE_TEMPLATES.map((m) => m.category))).toEqual(new Set(EVENT_CATEGORIES));
    const withRsvp = MILESTONE_TEMPLATES.filter((m) => m.hasRSVP);
    expect(withRsvp.map((m) => m.id)).toEqual(["family-announcement", "gender-reveal", "baby-shower"]);
    for (const m of withRsvp) expect(["family", "celebration"]).toContain(m.category);
    for (const m of MILESTONE_TEMPLATES) {
      expect(m.title.trim().length, m.id).toBeGreaterThan(0);
      expect(m.description.trim().length, m.id).toBeGreaterThan(0);
    }
  });

  it("include every calendar suggestion with its words, in a window holding the week the calendar dates it", () => {
    for (const suggestion of SUGGESTED_MILESTONES) {
      const template = MILESTONE_TEMPLATES.find((m) => m.id === suggestion.key);
      expect(template, suggestion.key).toMatchObject({ title: suggestion.title, description: suggestion.note, category: suggestion.category });
      const week = milestoneWeek(suggestion);
      expect(template?.weeks.start, suggestion.key).toBeLessThanOrEqual(week);
      expect(template?.weeks.end, suggestion.key).toBeGreaterThanOrEqual(week);
    }
  });
});

describe("upcomingMilestones", () => {
  const windowDays = CALCULATOR_WINDOW_WEEKS * DAYS_PER_WEEK;
  const opensOn = (id: string) => {
    const template = MILESTONE_TEMPLATES.find((m) => m.id === id);
    if (!template) throw new Error(id);
    return at(template.weeks.start);
  };

  it("lists at most 8, none before today and all within the next 5 weeks, soonest first, on every day of a pregnancy", () => {
    let capped = 0;
    for (let day = -DAYS_PER_WEEK; day <= (FULL_TERM_MAX_WEEKS + 1) * DAYS_PER_WEEK; day++) {
      const today = addDays(LMP, day);
      const upcoming = upcomingMilestones(LMP, today);
      expect(upcoming.length).toBeLessThanOrEqual(CALCULATOR_PREVIEW_EVENTS);
      const offsets = upcoming.map((m) => daysBetween(today, m.date));
      for (const offset of offsets) {
        expect(offset, today).toBeGreaterThanOrEqual(0);
        expect(offset, today).toBeLessThan(windowDays);
      }
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      const eligible = MILESTONE_TEMPLATES.filter((m) => {
        const offset = daysBetween(today, at(m.weeks.start));
        return offset >= 0 && offset < windowDays;
      });
      expect(upcoming.map((m) => m.id)).toEqual(eligible.slice(0, CALCULATOR_PREVIEW_EVENTS).map((m) => m.id));
      if (eligible.length > CALCULATOR_PREVIEW_EVENTS) capped++;
    }
    // The cap of 8 is a real limit: some days have more than 8 milestones coming up.
    expect(capped).toBeGreaterThan(0);
  });

  it("dates each milestone on the day its window opens, counting today but not yesterday", () => {
    const today = opensOn("anatomy-scan");
    const upcoming = upcomingMilestones(LMP, today);
    expect(upcoming.find((m) => m.id === "anatomy-scan")).toMatchObject({ date: today, title: "Anatomy scan", category: "medical" });
    expect(upcomingMilestones(LMP, addDays(today, 1)).some((m) => m.id === "anatomy-scan")).toBe(false);
  });

  it("includes a milestone 34 days ahead and leaves out one 35 days ahead", () => {
    const dueDate = opensOn("due-date");
    expect(upcomingMilestones(LMP, addDays(dueDate, -(windowDays - 1))).map((m) => m.id)).toContain("due-date");
    expect(upcomingMilestones(LMP, addDays(dueDate, -windowDays)).map((m) => m.id)).not.toContain("due-date");
  });

  it("has nothing left after the last window opens", () => {
    expect(upcomingMilestones(LMP, at(FULL_TERM_MAX_WEEKS))).toEqual([]);
  });
});
