import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";

/** Issue 18, item 5: an event's notes and questions for the provider and the pregnancy's LMP are the parents' alone. */

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

const NOTES = "Bring the glucose results; ask about the bleeding last week";
const QUESTIONS = "Is the placenta still low?";

let owner: ApiClient;
let pregnancyId: string;
let guest: Awaited<ReturnType<typeof addGuest>>;
let eventId: string;
const scoped = () => ({ pregnancyId });

beforeAll(async () => {
  const family = await createOtherFamily();
  owner = family.owner;
  pregnancyId = family.pregnancyId;
  guest = await addGuest(pregnancyId, "fields-guest", "immediate-family", { canViewCalendarEvents: true, canEditCalendar: true });
  const event = await owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: "Anatomy scan", date: addDays(todayIso(), 10), category: "medical", privacyLevel: "immediate-family", notes: NOTES, questions: QUESTIONS });
  eventId = event.id;
  await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId, participantIds: [guest.participantId] });
});

const leaks = (text: string) => text.includes(NOTES) || text.includes("glucose") || text.includes(QUESTIONS) || text.includes("placenta");

describe("guests see only guest fields", () => {
  it("a parent reads the notes and questions; a guest gets them empty from the list, by id and after editing the event", async () => {
    expect(await owner.trpc.calendar.get.query({ ...scoped(), eventId })).toMatchObject({ notes: NOTES, questions: QUESTIONS });

    const listed = (await guest.client.trpc.calendar.list.query(scoped())).find((e) => e.id === eventId);
    expect(listed).toMatchObject({ title: "Anatomy scan", notes: null, questions: null });
    expect(await guest.client.trpc.calendar.get.query({ ...scoped(), eventId })).toMatchObject({ notes: null, questions: null });
    // A guest trusted to edit the calendar still gets the event back without them.
    const edited = await guest.client.trpc.calendar.update.mutate({ ...scoped(), eventId, location: "Room 4" });
    expect(edited).toMatchObject({ location: "Room 4", notes: null, questions: null });
    expect(await owner.trpc.calendar.get.query({ ...scoped(), eventId })).toMatchObject({ notes: NOTES, questions: QUESTIONS, location: "Room 4" });
  });

  it("a guest's calendar feed carries no notes or questions; the parent's does", async () => {
    const feedOf = async (client: ApiClient) => {
      const { url } = await client.trpc.calendar.feed.get.query(scoped());
      const response = await fetch(new URL(new URL(url).pathname, baseUrl()));
      expect(response.status).toBe(200);
      return response.text();
    };
    const guestFeed = await feedOf(guest.client);
    expect(guestFeed).toContain("SUMMARY:Anatomy scan");
    expect(leaks(guestFeed)).toBe(false);
    // iCalendar folds long lines; unfold before looking for the parent's text.
    expect((await feedOf(owner)).replace(/\r\n[ \t]/g, "")).toContain("Is the placenta still low?");
  });

  it("the invitation mail and the one-click invitation page carry neither", async () => {
    const mails = ((await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[]).filter((m) => m.to === guest.email);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(leaks(`${mail.text}\n${mail.html ?? ""}`)).toBe(false);
    const token = /\/rsvp\/([0-9a-f-]{36})/.exec(mails.find((m) => m.subject === "You're invited: Anatomy scan")!.text)![1]!;
    const shown = await new ApiClient(baseUrl()).trpc.calendar.invitation.get.query({ token });
    expect(shown).toMatchObject({ title: "Anatomy scan" });
    expect(leaks(JSON.stringify(shown))).toBe(false);
  });

  it("a guest gets no last menstrual period from pregnancy.mine or pregnancy.details; a parent does", async () => {
    const parentView = await owner.trpc.pregnancy.details.query(scoped());
    expect(parentView.lastMenstrualPeriod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await owner.trpc.pregnancy.mine.query()).parentPregnancy?.lastMenstrualPeriod).toBe(parentView.lastMenstrualPeriod);

    const guestView = await guest.client.trpc.pregnancy.details.query(scoped());
    expect(guestView).toMatchObject({ dueDate: parentView.dueDate, lastMenstrualPeriod: null });
    const mine = await guest.client.trpc.pregnancy.mine.query();
    const entry = mine.guestPregnancies.find((p) => p.id === pregnancyId);
    expect(entry).toMatchObject({ dueDate: parentView.dueDate, lastMenstrualPeriod: null });
    expect(JSON.stringify(mine)).not.toContain(parentView.lastMenstrualPeriod!);
  });
});
