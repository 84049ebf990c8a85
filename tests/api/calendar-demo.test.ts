import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EVENTS, DEMO_MILESTONE_EVENTS, demoMember, type DemoMember } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { canSeeItem } from "../../src/domain/audience";
import { eventWeekNumber } from "../../src/domain/calendar";
import { addDays, lmpFromDueDate, todayIso } from "../../src/domain/dates";
import { milestoneByKey, milestoneWeek } from "../../src/domain/milestones";
import { calendarEvents, eventParticipants } from "../../worker/db/schema";
import { openTestDb, signedInAs } from "../support/env";

const { db, close } = openTestDb();
const eventIds = [...DEMO_EVENTS.map((e) => e.id), ...DEMO_MILESTONE_EVENTS.map((e) => e.id)];
const shower = DEMO_EVENTS.find((e) => e.invitations?.length)!;
let pregnancyId: string;

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(() => close());

/** The demo events in the member's calendar, by date. */
async function demoCalendar(key: DemoMember["key"]) {
  const events = await (await signedInAs(key)).trpc.calendar.list.query({ pregnancyId });
  return events.filter((e) => eventIds.includes(e.id));
}

describe("the demo family's calendar", () => {
  it("has past appointments and the coming weeks' plans, each week counted from the LMP", async () => {
    const events = await demoCalendar("olivia");
    expect(events.map((e) => e.id).sort()).toEqual([...eventIds].sort());
    const { dueDate } = await (await signedInAs("olivia")).trpc.pregnancy.details.query({ pregnancyId });
    const lmp = lmpFromDueDate(dueDate);
    for (const demo of DEMO_EVENTS) {
      const event = events.find((e) => e.id === demo.id)!;
      expect(event, demo.title).toMatchObject({ title: demo.title, date: addDays(todayIso(), demo.daysFromToday), category: demo.category, privacyLevel: demo.privacyLevel, autoDate: false });
      expect(event.weekNumber, demo.title).toBe(eventWeekNumber(event.date, lmp));
    }
    expect(DEMO_EVENTS.filter((e) => e.daysFromToday < 0).length).toBeGreaterThanOrEqual(2);
    expect(events.find((e) => e.title === "Third-trimester check-up")).toMatchObject({ category: "medical", privacyLevel: "parents-only", time: "09:30:00" });
  });

  it("has the due date as an auto-dated suggested milestone", async () => {
    const [olivia, events] = await Promise.all([signedInAs("olivia"), demoCalendar("olivia")]);
    const { dueDate } = await olivia.trpc.pregnancy.details.query({ pregnancyId });
    const due = events.find((e) => e.milestoneKey === "due-date");
    expect(due).toMatchObject({ date: dueDate, autoDate: true, weekNumber: milestoneWeek(milestoneByKey("due-date")), title: "Due date" });
    const suggestions = await olivia.trpc.calendar.milestones.suggestions.query({ pregnancyId });
    expect(suggestions.find((s) => s.key === "due-date")?.added).toBe(true);
  });

  it("reaches each member by the circle the parents chose, and an invitee sees the event they are invited to", async () => {
    for (const key of ["noah", "grandma", "maya", "sam"] as const) {
      const member = demoMember(key);
      const viewer = { role: member.role, privacyLevel: member.privacyLevel ?? null };
      const expected = (await demoCalendar("olivia")).filter((e) => canSeeItem(viewer, e.privacyLevel) || e.invitees.some((i) => i.firstName === member.firstName));
      expect((await demoCalendar(key)).map((e) => e.id), key).toEqual(expected.map((e) => e.id));
    }
    const sam = await demoCalendar("sam");
    expect(sam.map((e) => e.title)).toEqual([shower.title]);
    expect(sam.some((e) => e.privacyLevel === "parents-only")).toBe(false);
  });

  it("invites Grandma, Maya and Sam to the baby shower with mixed answers, the guest count being those attending", async () => {
    const event = (await demoCalendar("olivia")).find((e) => e.id === shower.id)!;
    expect(event).toMatchObject({ privacyLevel: "friends", guestCount: 1, rsvpCounts: { attending: 1, maybe: 1, pending: 1, declined: 0 } });
    const byName = new Map(event.invitees.map((i) => [i.firstName, i]));
    expect(byName.get(demoMember("grandma").firstName)).toMatchObject({ rsvpStatus: "attending", respondedAt: expect.any(Date) });
    expect(byName.get(demoMember("maya").firstName)).toMatchObject({ rsvpStatus: "maybe", respondedAt: expect.any(Date) });
    expect(byName.get(demoMember("sam").firstName)).toMatchObject({ rsvpStatus: "pending", respondedAt: null });
    for (const invitee of event.invitees) if (invitee.respondedAt) expect(invitee.respondedAt.getTime()).toBeGreaterThan(invitee.invitedAt.getTime());
    expect((await demoCalendar("sam")).find((e) => e.id === shower.id)?.myRsvp).toBe("pending");
  });

  it("seeding again adds nothing", async () => {
    const rows = async () => {
      const [[events], [invitations]] = await Promise.all([
        db.select({ n: count() }).from(calendarEvents).where(inArray(calendarEvents.id, eventIds)),
        db.select({ n: count() }).from(eventParticipants).where(inArray(eventParticipants.eventId, eventIds)),
      ]);
      return { events: events?.n, invitations: invitations?.n };
    };
    const before = await rows();
    expect(before).toEqual({ events: eventIds.length, invitations: shower.invitations!.length });
    expect(await seedDemoFamily(db)).toEqual({ seeded: false });
    expect(await rows()).toEqual(before);
  });
});
