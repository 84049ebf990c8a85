/**
 * One family, many time zones (issue 23): the pregnancy's zone, its "today", event times as the
 * family's wall clock, the calendar feed read by a real iCalendar parser, and mail stating the zone.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instantIn } from "../../src/domain/timeZones";
import { pregnancies } from "../../worker/db/schema";
import { DEV_NOW_HEADER } from "../../worker/infra/clock";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";

const LA = "America/Los_Angeles";
const AUCKLAND = "Pacific/Auckland";

const { db, close } = openTestDb();

let family: Awaited<ReturnType<typeof createOtherFamily>>;
let other: Awaited<ReturnType<typeof createOtherFamily>>;
let grandma: Awaited<ReturnType<typeof addGuest>>;
const scoped = () => ({ pregnancyId: family.pregnancyId });

/** Timed events around the clock changes and the date line, with the moment each happens in Los Angeles. */
const TIMED = [
  { title: "Tonight's dinner", date: "2026-11-26", time: "21:00:00", at: "2026-11-27T05:00:00.000Z" },
  { title: "Summer scan", date: "2026-07-01", time: "09:30:00", at: "2026-07-01T16:30:00.000Z" },
  { title: "Clocks go forward", date: "2026-03-08", time: "02:30:00", at: "2026-03-08T10:30:00.000Z" },
  { title: "Clocks go back", date: "2026-11-01", time: "01:30:00", at: "2026-11-01T08:30:00.000Z" },
  { title: "New Year's Eve", date: "2026-12-31", time: "23:45:00", at: "2027-01-01T07:45:00.000Z" },
];

async function dashboardAt(client: ApiClient, pregnancyId: string, now: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { pregnancyId } }));
  const response = await client.fetch(`/api/trpc/dashboard.summary?input=${input}`, { headers: { [DEV_NOW_HEADER]: now } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { data: { json: { upcomingEvents: Array<{ title: string }> } } } };
  return body.result.data.json.upcomingEvents.map((event) => event.title);
}

beforeAll(async () => {
  [family, other] = await Promise.all([createOtherFamily(), createOtherFamily()]);
  grandma = await addGuest(family.pregnancyId, "grandma-tz", "immediate-family");
});

afterAll(async () => {
  await close();
});

describe("the pregnancy's time zone", () => {
  it("is set by a parent in Settings, and refused to guests, other families and unknown zones", async () => {
    const saved = await family.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: LA });
    expect(saved.timeZone).toBe(LA);
    expect((await grandma.client.trpc.pregnancy.details.query(scoped())).timeZone).toBe(LA);
    await expect(family.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: "Mars/Olympus_Mons" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(grandma.client.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: AUCKLAND })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    await expect(other.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: AUCKLAND })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    const anonymous = new ApiClient(baseUrl());
    await expect(anonymous.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: AUCKLAND })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    const [row] = await db.select({ timeZone: pregnancies.timeZone }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId));
    expect(row?.timeZone).toBe(LA);
  });

  it("is taken once from a parent's browser when the pregnancy has none, never from a guest's, never over a chosen one", async () => {
    const guestOfOther = await addGuest(other.pregnancyId, "traveller-tz", "friends");
    await db.update(pregnancies).set({ timeZone: null }).where(eq(pregnancies.id, other.pregnancyId));
    await guestOfOther.client.trpc.account.setTimeZone.mutate({ timeZone: AUCKLAND });
    expect((await other.owner.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId })).timeZone).toBe("UTC");
    await other.owner.trpc.account.setTimeZone.mutate({ timeZone: "Europe/Berlin" });
    expect((await other.owner.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId })).timeZone).toBe("Europe/Berlin");
    await other.owner.trpc.account.setTimeZone.mutate({ timeZone: AUCKLAND });
    expect((await other.owner.trpc.pregnancy.details.query({ pregnancyId: other.pregnancyId })).timeZone).toBe("Europe/Berlin");
  });
});

describe("the family's today", () => {
  it("keeps tonight's 9 PM event on the dashboard until midnight in Los Angeles, while UTC is already tomorrow", async () => {
    await family.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: LA });
    await family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: "Dinner at nine", date: "2026-11-26", time: "9:00 PM", category: "family", privacyLevel: "immediate-family" });
    // 11:30 PM Thursday in Los Angeles is 07:30 Friday in UTC.
    expect(await dashboardAt(family.owner, family.pregnancyId, "2026-11-27T07:30:00Z")).toContain("Dinner at nine");
    expect(await dashboardAt(grandma.client, family.pregnancyId, "2026-11-27T07:30:00Z")).toContain("Dinner at nine");
    // 12:10 AM Friday in Los Angeles: tonight has passed.
    expect(await dashboardAt(family.owner, family.pregnancyId, "2026-11-27T08:10:00Z")).not.toContain("Dinner at nine");
  });
});

describe("the calendar feed", () => {
  it("gives, through a real iCalendar parser, the same moment as the app for every timed event", async () => {
    await family.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: LA });
    const created = await Promise.all(
      TIMED.map((event) => family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: event.title, date: event.date, time: event.time, category: "family", privacyLevel: "immediate-family" })),
    );
    const allDay = await family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: "Baby shower", date: "2026-12-05", category: "celebration", privacyLevel: "immediate-family" });
    const listed = await family.owner.trpc.calendar.list.query({ ...scoped(), from: "2026-01-01", to: "2027-01-31" });
    const { timeZone } = await family.owner.trpc.pregnancy.details.query(scoped());

    for (const client of [family.owner, grandma.client]) {
      const { url } = await client.trpc.calendar.feed.get.query(scoped());
      const ics = await (await fetch(new URL(new URL(url).pathname, baseUrl()))).text();
      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe(LA);
      const starts = new Map(calendar.getAllSubcomponents("vevent").map((vevent) => [String(vevent.getFirstPropertyValue("uid")), new ICAL.Event(vevent).startDate]));
      for (const [index, event] of created.entries()) {
        const start = starts.get(`${event.id}@babysteps.app`);
        expect(start?.isDate, event.title).toBe(false);
        expect(start?.toJSDate().toISOString(), event.title).toBe(TIMED[index]?.at);
      }
      // Every timed event the app lists, at the moment its wall-clock time happens in the family's zone.
      for (const event of listed.filter((e) => e.time !== null)) {
        expect(starts.get(`${event.id}@babysteps.app`)?.toJSDate().toISOString(), event.title).toBe(instantIn(event.date, event.time!, timeZone).toISOString());
      }
      const shower = starts.get(`${allDay.id}@babysteps.app`);
      expect(shower?.isDate).toBe(true);
      expect(shower?.toString()).toBe("2026-12-05");
    }
  });
});

describe("mail", () => {
  it("states an invitation's time in the family's zone, and the invitee's own beside it", async () => {
    await family.owner.trpc.pregnancy.update.mutate({ ...scoped(), timeZone: LA });
    await grandma.client.trpc.account.setTimeZone.mutate({ timeZone: AUCKLAND });
    const event = await family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: "Video call with Grandma", date: "2026-12-10", time: "21:00:00", category: "family", privacyLevel: "immediate-family" });
    await family.owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [grandma.participantId] });
    const outbox = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as Array<{ to: string; subject: string; text: string }>;
    const mail = outbox.find((m) => m.to === grandma.email && m.subject === "You're invited: Video call with Grandma");
    expect(mail?.text).toContain("When: Thursday, December 10, 2026 at 9:00 PM Los Angeles time (6:00 PM Friday, December 11 in Auckland)");
  });
});
