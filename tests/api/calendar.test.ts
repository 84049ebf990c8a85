import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, lmpFromDueDate, todayIso } from "../../src/domain/dates";
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel, type ItemPrivacyLevel } from "../../src/domain/enums";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { TIME_MESSAGES } from "../../src/domain/time";
import { calendarEvents, eventParticipants, pregnancies } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";
import { connect, feedOf } from "../support/room";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

type Guest = Awaited<ReturnType<typeof addGuest>>;

const { db, close } = openTestDb();

let pregnancyId: string;
let owner: ApiClient;
let lmp: string;
/** One guest per privacy level, with the default guest flags (canViewCalendarEvents on, canEditCalendar off). */
const guests = new Map<GuestPrivacyLevel, Guest>();
/** The closest circle, but canViewCalendarEvents off: only their own invitations show. */
let unflagged: Guest;
let outsider: Awaited<ReturnType<typeof createOtherFamily>>;

const guest = (level: GuestPrivacyLevel) => guests.get(level)!;
const scoped = () => ({ pregnancyId });
const newEvent = (fields: Record<string, unknown> = {}) => ({ ...scoped(), id: crypto.randomUUID(), title: "Checkup", date: addDays(todayIso(), 14), category: "medical" as const, ...fields });
const createAt = (privacyLevel: ItemPrivacyLevel, title = `${privacyLevel} event`) => owner.trpc.calendar.create.mutate(newEvent({ title, privacyLevel }));
const listedIds = async (client: ApiClient) => (await client.trpc.calendar.list.query(scoped())).map((e) => e.id);
const storedEvent = async (id: string) => (await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)))[0];
const invitationsOf = (eventId: string) => db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId));

const refusedWith = (appCode: string) => ({ data: { code: "FORBIDDEN", appCode } });
const notFound = { data: { code: "NOT_FOUND" } };

async function outbox(): Promise<OutboxMail[]> {
  return (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];
}

/** The mails to `to` with `subject`; mail is sent before the call answers, so it is there at once. */
async function mailsTo(to: string, subject: string): Promise<OutboxMail[]> {
  return (await outbox()).filter((m) => m.to === to && m.subject === subject);
}

/** The one-click answer link's token from an invitation mail. */
function rsvpTokenIn(mail: OutboxMail): string {
  const match = /\/rsvp\/([0-9a-f-]{36})\?answer=attending/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No answer link in: ${mail.text}`);
  return match[1];
}

const fetchFeed = (url: string) => fetch(new URL(new URL(url).pathname, baseUrl()));
const feedText = async (url: string) => {
  const response = await fetchFeed(url);
  expect(response.status).toBe(200);
  return response.text();
};
const uidOf = (eventId: string) => `UID:${eventId}@babysteps.app`;

beforeAll(async () => {
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  owner = family.owner;
  const [row] = await db.select({ dueDate: pregnancies.dueDate, lmp: pregnancies.lastMenstrualPeriod }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  lmp = row!.lmp ?? lmpFromDueDate(row!.dueDate);
  const made = await Promise.all(GUEST_PRIVACY_LEVELS.map((level) => addGuest(pregnancyId, `cal-${level}`, level)));
  GUEST_PRIVACY_LEVELS.forEach((level, i) => guests.set(level, made[i]!));
  [unflagged, outsider] = await Promise.all([addGuest(pregnancyId, "cal-unflagged", "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canViewCalendarEvents: false }), createOtherFamily()]);
});

afterAll(async () => {
  await close();
});

describe("calendar: who may write", () => {
  it("refuses a guest creating, editing, deleting, inviting or uninviting, and changes nothing", async () => {
    const event = await createAt("friends", "Family dinner");
    const closest = guest("immediate-family").client;
    const input = newEvent({ title: "Guest's event" });
    await expect(closest.trpc.calendar.create.mutate(input)).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(closest.trpc.calendar.update.mutate({ ...scoped(), eventId: event.id, title: "Hijacked", privacyLevel: "acquaintances" })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(closest.trpc.calendar.delete.mutate({ ...scoped(), eventId: event.id })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(closest.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [guest("friends").participantId] })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [guest("friends").participantId] });
    await expect(closest.trpc.calendar.uninvite.mutate({ ...scoped(), eventId: event.id, userId: guest("friends").userId })).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));

    expect(await storedEvent(input.id)).toBeUndefined();
    expect(await storedEvent(event.id)).toMatchObject({ title: "Family dinner", privacyLevel: "friends" });
    expect((await invitationsOf(event.id)).map((i) => i.userId)).toEqual([guest("friends").userId]);
  });

  it("lets a guest with canEditCalendar create and edit events, and keep them to the parents, but not touch events they may not see", async () => {
    const editor = await addGuest(pregnancyId, "cal-editor", "friends", { ...GUEST_DEFAULT_PERMISSIONS, canEditCalendar: true });
    const created = await editor.client.trpc.calendar.create.mutate(newEvent({ title: "Shower planning", category: "celebration" }));
    expect(created).toMatchObject({ title: "Shower planning", category: "celebration", privacyLevel: "parents-only" });
    expect(await editor.client.trpc.calendar.update.mutate({ ...scoped(), eventId: created.id, location: "Grandma's house" })).toMatchObject({ location: "Grandma's house" });
    expect(await listedIds(editor.client)).toContain(created.id);
    expect(await listedIds(guest("immediate-family").client)).not.toContain(created.id);

    const parents = await createAt("parents-only", "Parents' appointment");
    await expect(editor.client.trpc.calendar.update.mutate({ ...scoped(), eventId: parents.id, title: "Overwritten" })).rejects.toMatchObject(notFound);
    await expect(editor.client.trpc.calendar.delete.mutate({ ...scoped(), eventId: parents.id })).rejects.toMatchObject(notFound);
    await expect(editor.client.trpc.calendar.invite.mutate({ ...scoped(), eventId: parents.id, participantIds: [editor.participantId] })).rejects.toMatchObject(notFound);
    expect(await storedEvent(parents.id)).toMatchObject({ title: "Parents' appointment" });
    expect(await invitationsOf(parents.id)).toEqual([]);
  });
});

describe("calendar: who opens the calendar (calendar.list, the /calendar read)", () => {
  it("serves parents and a guest with canViewCalendarEvents; refuses a stranger (401), another family, a guest without the flag and a removed relative (403)", async () => {
    const event = await createAt("friends", "Calendar door");
    expect(await listedIds(owner)).toContain(event.id);
    expect(await listedIds(guest("friends").client)).toContain(event.id);

    await expect(new ApiClient(baseUrl()).trpc.calendar.list.query(scoped())).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    await expect(outsider.owner.trpc.calendar.list.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    await expect(unflagged.client.trpc.calendar.list.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    const removed = await addGuest(pregnancyId, "cal-removed", "immediate-family");
    expect(await listedIds(removed.client)).toContain(event.id);
    await owner.trpc.participants.remove.mutate({ ...scoped(), participantId: removed.participantId });
    await expect(removed.client.trpc.calendar.list.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
  });

  it("lets a guest with canViewCalendarEvents but not canEditCalendar read and answer, never create", async () => {
    const reader = guest("immediate-family").client;
    const input = newEvent({ title: "Reader's event", category: "family", privacyLevel: "immediate-family" });
    await expect(reader.trpc.calendar.create.mutate(input)).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    expect(await storedEvent(input.id)).toBeUndefined();
  });

  it("keeps the parents' notes and questions out of what a guest with canEditCalendar writes", async () => {
    const editor = await addGuest(pregnancyId, "cal-notes-editor", "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canEditCalendar: true });
    const created = await editor.client.trpc.calendar.create.mutate(newEvent({ title: "Picnic", category: "family", privacyLevel: "immediate-family", notes: "Guest note", questions: "Guest question" }));
    expect(await storedEvent(created.id)).toMatchObject({ title: "Picnic", notes: null, questions: null });
    await owner.trpc.calendar.update.mutate({ ...scoped(), eventId: created.id, notes: "Parents' note" });
    await editor.client.trpc.calendar.update.mutate({ ...scoped(), eventId: created.id, title: "Picnic in the park", notes: "" });
    expect(await storedEvent(created.id)).toMatchObject({ title: "Picnic in the park", notes: "Parents' note" });
  });
});

describe("calendar: who sees an event", () => {
  it("keeps a parents-only event from every guest, in the list and by id, unless the guest is invited to it", async () => {
    const event = await createAt("parents-only", "Private appointment");
    expect(await listedIds(owner)).toContain(event.id);
    for (const viewer of guests.values()) expect(await listedIds(viewer.client)).not.toContain(event.id);
    for (const viewer of [...guests.values(), unflagged]) await expect(viewer.client.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).rejects.toMatchObject(notFound);

    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [guest("friends").participantId] });
    expect(await listedIds(guest("friends").client)).toContain(event.id);
    expect(await guest("friends").client.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).toMatchObject({ id: event.id, myRsvp: "pending" });
    expect(await listedIds(guest("immediate-family").client)).not.toContain(event.id);
  });

  it("shows a friends-level event to friends and every closer circle, not to acquaintances", async () => {
    const event = await createAt("friends", "Gender reveal");
    for (const level of ["immediate-family", "extended-family", "close-friends", "friends"] as const) {
      expect(await listedIds(guest(level).client), level).toContain(event.id);
      expect(await guest(level).client.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).toMatchObject({ id: event.id, myRsvp: null });
    }
    expect(await listedIds(guest("acquaintances").client)).not.toContain(event.id);
    await expect(guest("acquaintances").client.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).rejects.toMatchObject(notFound);
  });

  it("shows a guest without canViewCalendarEvents no calendar, only her own invitations one by one", async () => {
    const open = await createAt("acquaintances", "Open house");
    const invited = await createAt("parents-only", "Hospital tour");
    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: invited.id, participantIds: [unflagged.participantId] });
    await expect(unflagged.client.trpc.calendar.list.query(scoped())).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
    expect(await unflagged.client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: invited.id, status: "attending" })).toBeTruthy();
    await expect(unflagged.client.trpc.calendar.get.query({ ...scoped(), eventId: open.id })).rejects.toMatchObject(notFound);
    expect(await unflagged.client.trpc.calendar.get.query({ ...scoped(), eventId: invited.id })).toMatchObject({ title: "Hospital tour" });
  });

  it("hides archived events from guests; parents may ask for them", async () => {
    const event = await createAt("acquaintances", "Old class");
    await owner.trpc.calendar.update.mutate({ ...scoped(), eventId: event.id, isArchived: true });
    expect(await listedIds(owner)).not.toContain(event.id);
    expect((await owner.trpc.calendar.list.query({ ...scoped(), includeArchived: true })).map((e) => e.id)).toContain(event.id);
    expect((await guest("acquaintances").client.trpc.calendar.list.query({ ...scoped(), includeArchived: true })).map((e) => e.id)).not.toContain(event.id);
    await expect(guest("acquaintances").client.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).rejects.toMatchObject(notFound);
  });

  it("lists by date within the asked range", async () => {
    const ranged = await createOtherFamily();
    const base = addDays(todayIso(), 30);
    for (const [offset, time] of [[2, "9:00 AM"], [0, "15:00"], [0, ""], [5, "08:00"]] as const) {
      await ranged.owner.trpc.calendar.create.mutate({ pregnancyId: ranged.pregnancyId, id: crypto.randomUUID(), title: `Day ${offset} ${time}`, date: addDays(base, offset), time, category: "family" });
    }
    const all = await ranged.owner.trpc.calendar.list.query({ pregnancyId: ranged.pregnancyId });
    // All-day first on a day, then by time.
    expect(all.map((e) => e.title)).toEqual(["Day 0", "Day 0 15:00", "Day 2 9:00 AM", "Day 5 08:00"]);
    const inRange = await ranged.owner.trpc.calendar.list.query({ pregnancyId: ranged.pregnancyId, from: addDays(base, 1), to: addDays(base, 4) });
    expect(inRange.map((e) => e.title)).toEqual(["Day 2 9:00 AM"]);
  });
});

describe("calendar: what is stored", () => {
  it("stores '2:30 PM', '14:30' and '14:30:00' as 14:30:00, and an empty time as an all-day event", async () => {
    for (const time of ["2:30 PM", "14:30", "14:30:00"]) {
      const event = await owner.trpc.calendar.create.mutate(newEvent({ time }));
      expect(event.time, time).toBe("14:30:00");
      expect((await storedEvent(event.id))?.time).toBe("14:30:00");
    }
    expect((await owner.trpc.calendar.create.mutate(newEvent({ time: "" }))).time).toBeNull();
  });

  it("refuses '25:00', '2:30 XM' and '12:60' with the time messages and saves nothing", async () => {
    const cases = [
      ["25:00", TIME_MESSAGES.hourOutOfRange],
      ["2:30 XM", TIME_MESSAGES.invalidFormat],
      ["12:60", TIME_MESSAGES.minuteOutOfRange],
    ] as const;
    for (const [time, message] of cases) {
      const input = newEvent({ time });
      await expect(owner.trpc.calendar.create.mutate(input), time).rejects.toMatchObject({ message, data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
      expect(await storedEvent(input.id)).toBeUndefined();
    }
    const kept = await owner.trpc.calendar.create.mutate(newEvent({ time: "9:15 AM" }));
    await expect(owner.trpc.calendar.update.mutate({ ...scoped(), eventId: kept.id, time: "25:00", title: "Changed" })).rejects.toMatchObject({ message: TIME_MESSAGES.hourOutOfRange });
    expect(await storedEvent(kept.id)).toMatchObject({ time: "09:15:00", title: "Checkup" });
  });

  it("stores the text as typed (trimmed), cuts the title at 200 with '...', and refuses a title with no text", async () => {
    const typed = { title: "Scan day: Mom<Dad", location: "St. Mary's, Ward 4 (door=B)", notes: "Bring the folder & javascript: is a word", questions: "Is all well? <3" };
    const event = await owner.trpc.calendar.create.mutate(newEvent({ ...typed, title: `  ${typed.title} ` }));
    expect(event).toMatchObject(typed);

    const long = await owner.trpc.calendar.create.mutate(newEvent({ title: "x".repeat(TITLE_MAX_LENGTH + 50) }));
    expect(long.title).toHaveLength(TITLE_MAX_LENGTH);
    expect(long.title.endsWith("...")).toBe(true);

    const empty = newEvent({ title: " \t\u0000 " });
    await expect(owner.trpc.calendar.create.mutate(empty)).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
    expect(await storedEvent(empty.id)).toBeUndefined();
  });

  it("derives the week number from the LMP when none is given, keeps a given one, and defaults to parents-only", async () => {
    const derived = await owner.trpc.calendar.create.mutate(newEvent({ date: addDays(lmp, 20 * 7 + 3) }));
    expect(derived).toMatchObject({ weekNumber: 20, privacyLevel: "parents-only", guestCount: 0, isArchived: false });
    const given = await owner.trpc.calendar.create.mutate(newEvent({ date: addDays(lmp, 20 * 7), weekNumber: 5 }));
    expect(given.weekNumber).toBe(5);
    // A new date moves the derived week with it.
    expect((await owner.trpc.calendar.update.mutate({ ...scoped(), eventId: derived.id, date: addDays(lmp, 30 * 7) })).weekNumber).toBe(30);
  });

  it("creates once per client id, and refuses the id of another pregnancy's event", async () => {
    const input = newEvent({ title: "Sent twice" });
    const first = await owner.trpc.calendar.create.mutate(input);
    const again = await owner.trpc.calendar.create.mutate({ ...input, title: "Sent twice, changed" });
    expect(again.id).toBe(first.id);
    expect(again.title).toBe("Sent twice");
    expect(await db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.id, input.id))).toHaveLength(1);
    await expect(outsider.owner.trpc.calendar.create.mutate({ ...input, pregnancyId: outsider.pregnancyId, title: "Theirs now" })).rejects.toMatchObject({ data: { code: "CONFLICT" } });
    expect(await storedEvent(input.id)).toMatchObject({ pregnancyId, title: "Sent twice" });
  });

  it("updates only the fields given, clears empty text, and deletes (a repeated delete is not an error)", async () => {
    const event = await owner.trpc.calendar.create.mutate(newEvent({ notes: "Fasting", location: "Clinic", time: "10:00" }));
    const updated = await owner.trpc.calendar.update.mutate({ ...scoped(), eventId: event.id, notes: "", privacyLevel: "friends" });
    expect(updated).toMatchObject({ notes: null, location: "Clinic", time: "10:00:00", privacyLevel: "friends", title: "Checkup" });
    expect(await owner.trpc.calendar.delete.mutate({ ...scoped(), eventId: event.id })).toEqual({ deleted: true });
    expect(await storedEvent(event.id)).toBeUndefined();
    expect(await owner.trpc.calendar.delete.mutate({ ...scoped(), eventId: event.id })).toEqual({ deleted: false });
  });

  it("tells the pregnancy's feed after a change", async () => {
    const feed = await connect(feedOf(pregnancyId), guest("friends").client);
    try {
      await createAt("friends", "Live event");
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "calendar");
    } finally {
      feed.socket.close();
    }
  });
});

describe("calendar: invitations and RSVPs", () => {
  it("invites with rsvp pending, mails each invitee one-click answer links that work signed out, and keeps guest_count", async () => {
    const event = await owner.trpc.calendar.create.mutate(newEvent({ title: "Baby shower", time: "2:30 PM", location: "The garden", privacyLevel: "close-friends", category: "celebration" }));
    const [friend, family] = [guest("friends"), guest("immediate-family")];
    const before = Date.now();
    expect(await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [friend.participantId, family.participantId] })).toEqual({ invited: 2, alreadyInvited: 0 });

    const invited = await owner.trpc.calendar.get.query({ ...scoped(), eventId: event.id });
    expect(invited.invitees).toHaveLength(2);
    for (const invitee of invited.invitees) {
      expect(invitee).toMatchObject({ rsvpStatus: "pending", respondedAt: null });
      expect(invitee.invitedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    }
    expect(invited.rsvpCounts).toEqual({ pending: 2, attending: 0, maybe: 0, declined: 0 });

    const subject = "You're invited: Baby shower";
    const friendMails = await mailsTo(friend.email, subject);
    const familyMails = await mailsTo(family.email, subject);
    expect([friendMails.length, familyMails.length]).toEqual([1, 1]);
    const [friendMail, familyMail] = [friendMails[0], familyMails[0]];
    for (const answer of ["attending", "maybe", "declined"]) expect(friendMail!.text).toMatch(new RegExp(`/rsvp/[0-9a-f-]{36}\\?answer=${answer}`));
    expect(friendMail!.text).toContain("at 2:30 PM");
    expect(friendMail!.text).toContain("The garden");
    const token = rsvpTokenIn(friendMail!);
    expect(rsvpTokenIn(familyMail!)).not.toBe(token);

    // The mailed link needs no sign-in: the token is the proof.
    const signedOut = new ApiClient(baseUrl());
    const shown = await signedOut.trpc.calendar.invitation.get.query({ token });
    expect(shown).toMatchObject({ eventId: event.id, title: "Baby shower", time: "14:30:00", rsvpStatus: "pending", respondedAt: null, inviteeFirstName: "Test" });
    expect(shown).not.toHaveProperty("userId");
    const answered = await signedOut.trpc.calendar.invitation.answer.mutate({ token, status: "attending" });
    expect(answered.rsvpStatus).toBe("attending");
    expect(answered.respondedAt).toBeInstanceOf(Date);
    const [stored] = await db.select().from(eventParticipants).where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, friend.userId)));
    expect(stored).toMatchObject({ rsvpStatus: "attending", respondedAt: expect.any(Date) });
    expect(await owner.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).toMatchObject({ guestCount: 1, rsvpCounts: { pending: 1, attending: 1, maybe: 0, declined: 0 } });
    expect((await storedEvent(event.id))?.guestCount).toBe(1);

    // The parent hears about the answer.
    const rsvpMails = await mailsTo((await owner.trpc.account.me.query())!.email, "Test cal-friends answered: Attending");
    expect(rsvpMails).toHaveLength(1);
    expect(rsvpMails[0]!.text).toContain("Baby shower");

    // The signed-in invitee answers from the event page.
    const maybe = await family.client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "maybe" });
    expect(maybe).toMatchObject({ myRsvp: "maybe", guestCount: 1, rsvpCounts: { pending: 0, attending: 1, maybe: 1, declined: 0 } });
    const declined = await friend.client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "declined" });
    expect(declined).toMatchObject({ myRsvp: "declined", guestCount: 0 });

    // Inviting again keeps the answer and sends no second mail.
    expect(await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [friend.participantId] })).toEqual({ invited: 0, alreadyInvited: 1 });
    expect((await owner.trpc.calendar.get.query({ ...scoped(), eventId: event.id })).invitees.find((i) => i.userId === friend.userId)?.rsvpStatus).toBe("declined");
    expect(await mailsTo(friend.email, subject)).toHaveLength(1);
  });

  it("refuses an RSVP from someone not invited, an unknown token, and the token of a guest removed from the pregnancy", async () => {
    const event = await createAt("friends", "Nursery painting");
    await expect(guest("close-friends").client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "attending" })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "NOT_INVITED" } });
    await expect(owner.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "attending" })).rejects.toMatchObject({ data: { appCode: "NOT_INVITED" } });
    const signedOut = new ApiClient(baseUrl());
    await expect(signedOut.trpc.calendar.invitation.get.query({ token: crypto.randomUUID() })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "INVITATION_NOT_FOUND" } });
    await expect(signedOut.trpc.calendar.invitation.answer.mutate({ token: crypto.randomUUID(), status: "attending" })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    const leaving = await addGuest(pregnancyId, "cal-leaving", "friends");
    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [leaving.participantId] });
    const [mail] = await mailsTo(leaving.email, "You're invited: Nursery painting");
    const token = rsvpTokenIn(mail!);
    expect((await signedOut.trpc.calendar.invitation.get.query({ token })).title).toBe("Nursery painting");
    await owner.trpc.participants.remove.mutate({ ...scoped(), participantId: leaving.participantId });
    await expect(signedOut.trpc.calendar.invitation.get.query({ token })).rejects.toMatchObject({ data: { appCode: "INVITATION_NOT_FOUND" } });
    await expect(signedOut.trpc.calendar.invitation.answer.mutate({ token, status: "attending" })).rejects.toMatchObject({ data: { appCode: "INVITATION_NOT_FOUND" } });
    expect((await invitationsOf(event.id)).map((i) => i.rsvpStatus)).not.toContain("attending");
    expect((await storedEvent(event.id))?.guestCount).toBe(0);
  });

  it("refuses inviting someone of another pregnancy, and invites nobody from that call", async () => {
    const event = await createAt("friends", "Crib assembly");
    const stranger = await addGuest(outsider.pregnancyId, "cal-stranger", "friends");
    await expect(
      owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [guest("friends").participantId, stranger.participantId] }),
    ).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });
    expect(await invitationsOf(event.id)).toEqual([]);
  });

  it("withdraws an invitation with its answer and recounts the guests", async () => {
    const event = await createAt("friends", "Hospital bag packing");
    const friend = guest("friends");
    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [friend.participantId] });
    expect((await friend.client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "attending" })).guestCount).toBe(1);
    const after = await owner.trpc.calendar.uninvite.mutate({ ...scoped(), eventId: event.id, userId: friend.userId });
    expect(after).toMatchObject({ invitees: [], guestCount: 0 });
    await expect(friend.client.trpc.calendar.rsvp.mutate({ ...scoped(), eventId: event.id, status: "maybe" })).rejects.toMatchObject({ data: { appCode: "NOT_INVITED" } });
  });
});

describe("calendar: another pregnancy's user", () => {
  it("is refused on every procedure of this pregnancy, and cannot reach its events from their own", async () => {
    const event = await createAt("acquaintances", "Family only");
    const them = outsider.owner.trpc.calendar;
    const calls: Array<[string, () => Promise<unknown>]> = [
      ["list", () => them.list.query(scoped())],
      ["get", () => them.get.query({ ...scoped(), eventId: event.id })],
      ["create", () => them.create.mutate(newEvent())],
      ["update", () => them.update.mutate({ ...scoped(), eventId: event.id, title: "Theirs" })],
      ["delete", () => them.delete.mutate({ ...scoped(), eventId: event.id })],
      ["invite", () => them.invite.mutate({ ...scoped(), eventId: event.id, participantIds: [guest("friends").participantId] })],
      ["uninvite", () => them.uninvite.mutate({ ...scoped(), eventId: event.id, userId: guest("friends").userId })],
      ["rsvp", () => them.rsvp.mutate({ ...scoped(), eventId: event.id, status: "attending" })],
      ["feed.get", () => them.feed.get.query(scoped())],
      ["feed.revoke", () => them.feed.revoke.mutate(scoped())],
    ];
    for (const [name, call] of calls) await expect(call(), name).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));

    const own = { pregnancyId: outsider.pregnancyId, eventId: event.id };
    await expect(them.get.query(own)).rejects.toMatchObject(notFound);
    await expect(them.update.mutate({ ...own, title: "Theirs" })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    await expect(them.delete.mutate(own)).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    await expect(them.invite.mutate({ ...own, participantIds: [guest("friends").participantId] })).rejects.toMatchObject(notFound);
    await expect(them.uninvite.mutate({ ...own, userId: guest("friends").userId })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    expect(await storedEvent(event.id)).toMatchObject({ title: "Family only", pregnancyId });
    expect(await invitationsOf(event.id)).toEqual([]);
  });
});

describe("calendar: the private iCalendar feed", () => {
  it("holds only the events its guest may see, follows changed rights on the next fetch, and stops once revoked", async () => {
    const reader = await addGuest(pregnancyId, "cal-reader", "friends");
    const [wide, closest, parents, invited] = await Promise.all([
      createAt("friends", "Feed: friends"),
      createAt("immediate-family", "Feed: immediate family"),
      createAt("parents-only", "Feed: parents"),
      createAt("parents-only", "Feed: invited"),
    ]);
    await owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: invited.id, participantIds: [reader.participantId] });

    const { url } = await reader.client.trpc.calendar.feed.get.query(scoped());
    expect(url).toMatch(/\/api\/calendar\/[0-9a-f-]{36}\.ics$/);
    expect((await reader.client.trpc.calendar.feed.get.query(scoped())).url).toBe(url);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    let ics = await response.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain(uidOf(wide.id));
    expect(ics).toContain(uidOf(invited.id));
    expect(ics).not.toContain(uidOf(closest.id));
    expect(ics).not.toContain(uidOf(parents.id));

    // Moved to the closest circle: the next fetch has the immediate-family event too.
    await owner.trpc.participants.update.mutate({ ...scoped(), participantId: reader.participantId, privacyLevel: "immediate-family" });
    ics = await feedText(url);
    expect(ics).toContain(uidOf(closest.id));
    expect(ics).not.toContain(uidOf(parents.id));
    // Calendar viewing turned off: only the invitation is left.
    await owner.trpc.participants.update.mutate({ ...scoped(), participantId: reader.participantId, permissions: { ...GUEST_DEFAULT_PERMISSIONS, canViewCalendarEvents: false } });
    ics = await feedText(url);
    expect(ics).toContain(uidOf(invited.id));
    expect(ics).not.toContain(uidOf(wide.id));
    expect(ics).not.toContain(uidOf(closest.id));

    expect(await reader.client.trpc.calendar.feed.revoke.mutate(scoped())).toEqual({ revoked: true });
    expect((await fetchFeed(url)).status).toBe(404);
    expect(await reader.client.trpc.calendar.feed.revoke.mutate(scoped())).toEqual({ revoked: false });
    const renewed = (await reader.client.trpc.calendar.feed.get.query(scoped())).url;
    expect(renewed).not.toBe(url);
    expect(await feedText(renewed)).toContain(uidOf(invited.id));
    expect((await fetchFeed(url)).status).toBe(404);

    // A guest removed from the pregnancy takes their feed with them.
    await owner.trpc.participants.remove.mutate({ ...scoped(), participantId: reader.participantId });
    expect((await fetchFeed(renewed)).status).toBe(404);
  });

  it("gives a parent every event, and answers 404 for an unknown or malformed token", async () => {
    const parents = await createAt("parents-only", "Feed: parents' own");
    const ics = await feedText((await owner.trpc.calendar.feed.get.query(scoped())).url);
    expect(ics).toContain(uidOf(parents.id));
    expect(ics).toContain("X-WR-CALNAME:Another Family");
    for (const path of [`/api/calendar/${crypto.randomUUID()}.ics`, "/api/calendar/not-a-token.ics", `/api/calendar/${crypto.randomUUID()}`]) {
      expect((await fetch(new URL(path, baseUrl()))).status, path).toBe(404);
    }
  });
});
