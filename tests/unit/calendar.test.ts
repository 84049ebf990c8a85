import { describe, expect, it } from "vitest";
import { audienceForCategory, countRsvps, EVENT_CATEGORY_FORMS, eventFieldsFromWriter, eventForViewer, eventWeekNumber, isRsvpAnswer, monthGridKeyTarget, RSVP_ANSWERS, RSVP_LABELS } from "../../src/domain/calendar";
import { DEFAULT_EVENT_PRIVACY_LEVEL } from "../../src/domain/audience";
import { addDays } from "../../src/domain/dates";
import { EVENT_CATEGORIES, RSVP_STATUSES } from "../../src/domain/enums";

describe("the event form by category", () => {
  it("keeps a medical appointment with the parents and asks for the questions for the provider", () => {
    expect(EVENT_CATEGORY_FORMS.medical).toEqual({ privacyLevel: DEFAULT_EVENT_PRIVACY_LEVEL, providerQuestions: true });
    expect(DEFAULT_EVENT_PRIVACY_LEVEL).toBe("parents-only");
  });

  it("shares a celebration and a family event with the family, without medical fields", () => {
    for (const category of ["celebration", "family"] as const) expect(EVENT_CATEGORY_FORMS[category]).toEqual({ privacyLevel: "extended-family", providerQuestions: false });
  });

  it("asks for provider questions on medical events alone", () => {
    expect(EVENT_CATEGORIES.filter((category) => EVENT_CATEGORY_FORMS[category].providerQuestions)).toEqual(["medical"]);
  });

  it("follows the category until the parent picks the audience themselves", () => {
    expect(audienceForCategory("celebration", "parents-only", false)).toBe("extended-family");
    expect(audienceForCategory("medical", "extended-family", false)).toBe("parents-only");
    expect(audienceForCategory("celebration", "friends", true)).toBe("friends");
    expect(audienceForCategory("medical", "friends", true)).toBe("friends");
  });
});

describe("countRsvps", () => {
  it("counts every status, with zeros for the ones nobody gave", () => {
    expect(countRsvps([])).toEqual({ pending: 0, attending: 0, maybe: 0, declined: 0 });
    expect(countRsvps(["attending", "pending", "attending", "declined", "attending", "maybe", "pending"])).toEqual({ pending: 2, attending: 3, maybe: 1, declined: 1 });
  });

  it("counts as many answers as it is given", () => {
    const statuses = Array.from({ length: 40 }, (_, i) => RSVP_STATUSES[i % RSVP_STATUSES.length]!);
    const counts = countRsvps(statuses);
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(statuses.length);
    expect(counts).toEqual({ pending: 10, attending: 10, maybe: 10, declined: 10 });
  });
});

describe("RSVP answers", () => {
  it("are attending, maybe and declined; pending is only the state before the first answer", () => {
    expect(RSVP_ANSWERS).toEqual(["attending", "maybe", "declined"]);
    expect(isRsvpAnswer("attending")).toBe(true);
    expect(isRsvpAnswer("declined")).toBe(true);
    expect(isRsvpAnswer("pending")).toBe(false);
    expect(isRsvpAnswer("yes")).toBe(false);
    expect(isRsvpAnswer(undefined)).toBe(false);
  });

  it("have a label for every status", () => {
    expect(Object.keys(RSVP_LABELS).sort()).toEqual([...RSVP_STATUSES].sort());
  });
});

describe("eventWeekNumber", () => {
  const lmp = "2026-01-05";

  it("is the whole weeks from the LMP to the event's date", () => {
    expect(eventWeekNumber(lmp, lmp)).toBe(0);
    expect(eventWeekNumber(addDays(lmp, 6), lmp)).toBe(0);
    expect(eventWeekNumber(addDays(lmp, 7), lmp)).toBe(1);
    expect(eventWeekNumber(addDays(lmp, 20 * 7 + 3), lmp)).toBe(20);
    // The due date (LMP + 280 days) falls in week 40.
    expect(eventWeekNumber(addDays(lmp, 280), lmp)).toBe(40);
  });

  it("counts across month, leap-day and year ends by calendar days", () => {
    expect(eventWeekNumber("2024-03-07", "2024-02-22")).toBe(2);
    expect(eventWeekNumber("2027-01-04", "2026-12-21")).toBe(2);
  });

  it("is never negative for an event before the LMP", () => {
    expect(eventWeekNumber(addDays(lmp, -30), lmp)).toBe(0);
  });
});

describe("eventForViewer", () => {
  const event = { id: "e1", title: "Scan", notes: "Bring results", questions: "Low placenta?" };

  it("keeps notes and questions for parents and empties them for guests, leaving the rest", () => {
    expect(eventForViewer(event, true)).toEqual(event);
    expect(eventForViewer(event, false)).toEqual({ id: "e1", title: "Scan", notes: null, questions: null });
    expect(event.notes).toBe("Bring results");
  });
});

describe("eventFieldsFromWriter", () => {
  const fields = { title: "Dinner", notes: "Bring results", questions: "Low placenta?" };

  it("keeps a parent's notes and questions and leaves a guest's out, so her edit keeps the parents'", () => {
    expect(eventFieldsFromWriter(fields, true)).toEqual(fields);
    expect(eventFieldsFromWriter(fields, false)).toEqual({ title: "Dinner" });
  });
});

describe("the month grid's keys", () => {
  // Sunday 15 March 2026; the grid's weeks run Monday to Sunday.
  const day = "2026-03-15";
  it("moves by a day and a week with the arrows, across months", () => {
    expect(monthGridKeyTarget(day, "ArrowRight")).toBe("2026-03-16");
    expect(monthGridKeyTarget(day, "ArrowLeft")).toBe("2026-03-14");
    expect(monthGridKeyTarget(day, "ArrowDown")).toBe("2026-03-22");
    expect(monthGridKeyTarget(day, "ArrowUp")).toBe("2026-03-08");
    expect(monthGridKeyTarget("2026-03-31", "ArrowRight")).toBe("2026-04-01");
  });

  it("goes to the week's Monday and Sunday with Home and End", () => {
    expect(monthGridKeyTarget(day, "Home")).toBe("2026-03-09");
    expect(monthGridKeyTarget(day, "End")).toBe("2026-03-15");
    expect(monthGridKeyTarget("2026-03-09", "End")).toBe("2026-03-15");
  });

  it("goes to the same day a month away with Page Up and Page Down, or the month's last day", () => {
    expect(monthGridKeyTarget(day, "PageDown")).toBe("2026-04-15");
    expect(monthGridKeyTarget(day, "PageUp")).toBe("2026-02-15");
    expect(monthGridKeyTarget("2026-01-31", "PageDown")).toBe("2026-02-28");
  });

  it("leaves other keys alone", () => {
    expect(monthGridKeyTarget(day, "Enter")).toBeNull();
    expect(monthGridKeyTarget(day, "a")).toBeNull();
  });
});
