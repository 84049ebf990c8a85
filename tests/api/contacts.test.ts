import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FAMILY, demoMember } from "../../scripts/demo-family";
import { addDays, todayIso } from "../../src/domain/dates";
import type { RsvpStatus } from "../../src/domain/enums";
import { calendarEvents, eventParticipants, pregnancyParticipants } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb, signedInAs } from "../support/env";
import { createOtherFamily, signUp, uniqueEmail, userIdByEmail } from "../support/families";

let demoPregnancyId: string;
/** Events this file writes into the demo calendar, removed again at the end (their invitations go with them). */
const demoEventIds: string[] = [];

beforeAll(async () => {
  const olivia = await signedInAs("olivia");
  demoPregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
});

afterAll(async () => {
  if (demoEventIds.length === 0) return;
  const { db, close } = openTestDb();
  try {
    await db.delete(calendarEvents).where(inArray(calendarEvents.id, demoEventIds));
  } finally {
    await close();
  }
});

async function participantIdOf(pregnancyId: string, userId: string): Promise<string> {
  const { db, close } = openTestDb();
  try {
    const rows = await db.select({ id: pregnancyParticipants.id, userId: pregnancyParticipants.userId }).from(pregnancyParticipants).where(eq(pregnancyParticipants.pregnancyId, pregnancyId));
    const row = rows.find((r) => r.userId === userId);
    if (!row) throw new Error("participant not found");
    return row.id;
  } finally {
    await close();
  }
}

/** Adds people to a family directly (the API's invitation flow is tested elsewhere); answers each user's participant id. */
async function addParticipants(rows: Array<typeof pregnancyParticipants.$inferInsert>): Promise<Map<string | null, string>> {
  const { db, close } = openTestDb();
  try {
    const added = await db.insert(pregnancyParticipants).values(rows).returning({ id: pregnancyParticipants.id, userId: pregnancyParticipants.userId });
    return new Map(added.map((row) => [row.userId, row.id]));
  } finally {
    await close();
  }
}

describe("contacts.list", () => {
  it("gives the demo owner and partner every member of the family with role, title, relationship and email", async () => {
    for (const parent of [await signedInAs("olivia"), await signedInAs("noah")]) {
      const contacts = await parent.trpc.contacts.list.query({ pregnancyId: demoPregnancyId });
      expect(contacts.map((c) => c.email)).toEqual(expect.arrayContaining(DEMO_FAMILY.map((m) => m.email)));
      for (const member of DEMO_FAMILY) {
        const contact = contacts.find((c) => c.email === member.email)!;
        expect(contact).toMatchObject({
          role: member.role,
          status: "active",
          displayTitle: member.title,
          firstName: member.firstName,
          lastName: member.lastName,
          relationship: member.relationship ?? null,
          // Parents see everything: a closeness level means nothing for them.
          privacyLevel: member.privacyLevel ?? null,
        });
        expect(Object.keys(contact.rsvpSummary).sort()).toEqual(["attending", "declined", "maybe", "pending"]);
      }
    }
  });

  it("names an invitation not yet accepted by the invitation's names and email, with no RSVPs", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const email = uniqueEmail("invited-cousin");
    const { db, close } = openTestDb();
    try {
      await db.insert(pregnancyParticipants).values({ pregnancyId, role: "guest", status: "invited", invitedEmail: email, invitedFirstName: "Kim", invitedLastName: "Cousin", relationship: "cousin" });
    } finally {
      await close();
    }
    const invited = (await owner.trpc.contacts.list.query({ pregnancyId })).find((c) => c.status === "invited");
    expect(invited).toMatchObject({ email, firstName: "Kim", lastName: "Cousin", displayTitle: "Guest", relationship: "cousin", privacyLevel: "friends", joinedAt: null, avatarUrl: null });
    expect(invited!.rsvpSummary).toEqual({ pending: 0, attending: 0, maybe: 0, declined: 0 });
  });

  it("refuses a participant of another pregnancy and a demo guest without canViewContacts", async () => {
    const { owner } = await createOtherFamily();
    await expect(owner.trpc.contacts.list.query({ pregnancyId: demoPregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    const grandma = await signedInAs("grandma");
    await expect(grandma.trpc.contacts.list.query({ pregnancyId: demoPregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(grandma.trpc.contacts.rsvpHistory.query({ pregnancyId: demoPregnancyId, participantId: crypto.randomUUID() })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });
});

describe("contacts for a guest with canViewContacts", () => {
  it("reads the people who joined, without open invitations or each guest's circle; a stranger (401), another family, a guest without the flag and a removed relative (403) are refused", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const [reader, other, removed] = await Promise.all([signUp("contacts-reader"), signUp("contacts-other"), signUp("contacts-removed")]);
    const added = await addParticipants([
      { pregnancyId, userId: reader.userId, role: "guest", status: "active", privacyLevel: "friends", relationship: "friend", permissions: { canViewContacts: true } },
      { pregnancyId, userId: other.userId, role: "guest", status: "active", privacyLevel: "immediate-family", relationship: "grandparent" },
      { pregnancyId, userId: removed.userId, role: "guest", status: "active", privacyLevel: "friends", permissions: { canViewContacts: true } },
      { pregnancyId, role: "guest", status: "invited", invitedEmail: uniqueEmail("not-yet"), invitedFirstName: "Not", invitedLastName: "Yet" },
    ]);
    const removedParticipantId = added.get(removed.userId)!;

    const seen = await reader.client.trpc.contacts.list.query({ pregnancyId });
    expect(seen.every((c) => c.status === "active" && c.privacyLevel === null)).toBe(true);
    expect(seen.map((c) => c.email)).toEqual(expect.arrayContaining([reader.email, other.email]));
    expect(seen.find((c) => c.email === other.email)).toMatchObject({ relationship: "grandparent", privacyLevel: null });
    // The same list through the other contacts read.
    expect((await reader.client.trpc.pregnancy.participants.query({ pregnancyId })).some((p) => p.status === "invited" || p.privacyLevel !== null)).toBe(false);
    // The parents still see everyone with their circle.
    const asOwner = await owner.trpc.contacts.list.query({ pregnancyId });
    expect(asOwner.find((c) => c.status === "invited")).toMatchObject({ firstName: "Not" });
    expect(asOwner.find((c) => c.email === other.email)).toMatchObject({ privacyLevel: "immediate-family" });

    await expect(new ApiClient(baseUrl()).trpc.contacts.list.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    const stranger = await createOtherFamily();
    await expect(stranger.owner.trpc.contacts.list.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(other.client.trpc.contacts.list.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    expect((await removed.client.trpc.contacts.list.query({ pregnancyId })).length).toBeGreaterThan(0);
    await owner.trpc.participants.remove.mutate({ pregnancyId, participantId: removedParticipantId });
    await expect(removed.client.trpc.contacts.list.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
  });

  it("cannot write contacts: no invitation, change or removal", async () => {
    const { pregnancyId } = await createOtherFamily();
    const [reader, other] = await Promise.all([signUp("contacts-writer"), signUp("contacts-target")]);
    const added = await addParticipants([
      { pregnancyId, userId: reader.userId, role: "guest", status: "active", privacyLevel: "friends", permissions: { canViewContacts: true } },
      { pregnancyId, userId: other.userId, role: "guest", status: "active", privacyLevel: "friends" },
    ]);
    const targetId = added.get(other.userId)!;
    const denied = { data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } };
    const trpc = reader.client.trpc;
    await expect(trpc.invitations.inviteGuest.mutate({ pregnancyId, email: uniqueEmail("sneaky"), firstName: "Sneaky", lastName: "Guest", privacyLevel: "acquaintances" })).rejects.toMatchObject(denied);
    await expect(trpc.participants.update.mutate({ pregnancyId, participantId: targetId, title: "Renamed" })).rejects.toMatchObject(denied);
    await expect(trpc.participants.remove.mutate({ pregnancyId, participantId: targetId })).rejects.toMatchObject(denied);
    expect((await reader.client.trpc.contacts.list.query({ pregnancyId })).find((c) => c.id === targetId)).toMatchObject({ displayTitle: "Guest", status: "active" });
  });
});

describe("RSVP summaries and history", () => {
  it("count a demo guest's answers in this calendar only, and list them newest event first", async () => {
    const olivia = await signedInAs("olivia");
    const sam = demoMember("sam");
    const samId = await userIdByEmail(sam.email);
    const samParticipantId = await participantIdOf(demoPregnancyId, samId);
    const summaryOfSam = async () => (await olivia.trpc.contacts.list.query({ pregnancyId: demoPregnancyId })).find((c) => c.email === sam.email)!.rsvpSummary;
    const before = await summaryOfSam();

    const answers: Array<{ title: string; inDays: number; time: string | null; status: RsvpStatus }> = [
      { title: "Contacts test: scan", inDays: 30, time: "09:15:00", status: "attending" },
      { title: "Contacts test: shower", inDays: 40, time: "14:00:00", status: "attending" },
      { title: "Contacts test: dinner", inDays: 35, time: null, status: "maybe" },
      { title: "Contacts test: class", inDays: 20, time: "18:30:00", status: "declined" },
      { title: "Contacts test: tour", inDays: 45, time: "11:00:00", status: "pending" },
    ];
    const { other, archivedId } = await (async () => {
      const { db, close } = openTestDb();
      try {
        const events = await db
          .insert(calendarEvents)
          .values(answers.map((a) => ({ pregnancyId: demoPregnancyId, title: a.title, date: addDays(todayIso(), a.inDays), time: a.time, category: "family" as const, privacyLevel: "friends" as const })))
          .returning({ id: calendarEvents.id, title: calendarEvents.title });
        const [archived] = await db
          .insert(calendarEvents)
          .values({ pregnancyId: demoPregnancyId, title: "Contacts test: archived", date: addDays(todayIso(), 50), category: "family", privacyLevel: "friends", isArchived: true })
          .returning({ id: calendarEvents.id });
        demoEventIds.push(...events.map((e) => e.id), archived!.id);
        const answeredAt = new Date();
        await db.insert(eventParticipants).values([
          ...answers.map((a) => ({ eventId: events.find((e) => e.title === a.title)!.id, userId: samId, rsvpStatus: a.status, respondedAt: a.status === "pending" ? null : answeredAt })),
          { eventId: archived!.id, userId: samId, rsvpStatus: "attending" as const, respondedAt: answeredAt },
        ]);
        // An invitation in another family's calendar is none of this family's business.
        const otherFamily = await createOtherFamily();
        const [otherEvent] = await db.insert(calendarEvents).values({ pregnancyId: otherFamily.pregnancyId, title: "Contacts test: elsewhere", date: addDays(todayIso(), 10), category: "family" }).returning({ id: calendarEvents.id });
        await db.insert(eventParticipants).values({ eventId: otherEvent!.id, userId: samId, rsvpStatus: "attending" });
        return { other: otherFamily, archivedId: archived!.id };
      } finally {
        await close();
      }
    })();

    expect(await summaryOfSam()).toEqual({ attending: before.attending + 2, maybe: before.maybe + 1, declined: before.declined + 1, pending: before.pending + 1 });

    const history = await olivia.trpc.contacts.rsvpHistory.query({ pregnancyId: demoPregnancyId, participantId: samParticipantId });
    const mine = history.filter((h) => h.title.startsWith("Contacts test:"));
    expect(mine.map((h) => h.title)).toEqual(["Contacts test: tour", "Contacts test: shower", "Contacts test: dinner", "Contacts test: scan", "Contacts test: class"]);
    expect(history.some((h) => h.eventId === archivedId)).toBe(false);
    const dates = history.map((h) => h.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(mine[1]).toMatchObject({ date: addDays(todayIso(), 40), time: "14:00:00", category: "family", rsvpStatus: "attending" });
    expect(mine[1]!.invitedAt).toBeInstanceOf(Date);
    expect(mine[1]!.respondedAt).toBeInstanceOf(Date);
    expect(mine[0]).toMatchObject({ rsvpStatus: "pending", respondedAt: null });

    // The other family's event stays out, and the other family's owner cannot read Sam's history here.
    expect(history.some((h) => h.title === "Contacts test: elsewhere")).toBe(false);
    await expect(other.owner.trpc.contacts.rsvpHistory.query({ pregnancyId: demoPregnancyId, participantId: samParticipantId })).rejects.toMatchObject({ data: { appCode: "ACCESS_DENIED" } });
  });

  it("refuses the history of a participant of another pregnancy, and an unknown participant", async () => {
    const olivia = await signedInAs("olivia");
    const { ownerId, pregnancyId } = await createOtherFamily();
    const outsiderParticipantId = await participantIdOf(pregnancyId, ownerId);
    await expect(olivia.trpc.contacts.rsvpHistory.query({ pregnancyId: demoPregnancyId, participantId: outsiderParticipantId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "PREGNANCY_ID_MISMATCH" },
    });
    await expect(olivia.trpc.contacts.rsvpHistory.query({ pregnancyId: demoPregnancyId, participantId: crypto.randomUUID() })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("show a guest granted canViewContacts only the events their circle may see", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const [viewer, invitee] = await Promise.all([signUp("contacts-viewer"), signUp("contacts-invitee")]);
    const added = await addParticipants([
      { pregnancyId, userId: viewer.userId, role: "guest", status: "active", privacyLevel: "friends", permissions: { canViewContacts: true } },
      { pregnancyId, userId: invitee.userId, role: "guest", status: "active", privacyLevel: "immediate-family" },
    ]);
    const inviteeParticipantId = added.get(invitee.userId)!;
    const { db, close } = openTestDb();
    try {
      const events = await db
        .insert(calendarEvents)
        .values([
          { pregnancyId, title: "Midwife visit", date: addDays(todayIso(), 5), category: "medical", privacyLevel: "parents-only" },
          { pregnancyId, title: "Baby shower", date: addDays(todayIso(), 6), category: "celebration", privacyLevel: "friends" },
        ])
        .returning({ id: calendarEvents.id });
      await db.insert(eventParticipants).values(events.map((e) => ({ eventId: e.id, userId: invitee.userId, rsvpStatus: "attending" as const })));
    } finally {
      await close();
    }

    const asOwner = await owner.trpc.contacts.rsvpHistory.query({ pregnancyId, participantId: inviteeParticipantId });
    expect(asOwner.map((h) => h.title)).toEqual(["Baby shower", "Midwife visit"]);
    const asGuest = await viewer.client.trpc.contacts.rsvpHistory.query({ pregnancyId, participantId: inviteeParticipantId });
    expect(asGuest.map((h) => h.title)).toEqual(["Baby shower"]);
    const inviteeSeenByGuest = (await viewer.client.trpc.contacts.list.query({ pregnancyId })).find((c) => c.id === inviteeParticipantId)!;
    expect(inviteeSeenByGuest.rsvpSummary).toEqual({ attending: 1, maybe: 0, declined: 0, pending: 0 });
  });
});
