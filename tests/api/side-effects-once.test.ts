/**
 * Issue 35, item 4: every write that mails, pushes or tells the room decides "did this change
 * anything?" inside the write itself. Each such write is sent five times at once, as separate
 * requests (a double-tapped button, a retried link, a second tab), and causes its mail, push and
 * room message exactly once. Runs on PGlite and on PostgreSQL 15 (CI), where the requests truly
 * meet in the database.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RSVP_LABELS } from "../../src/domain/calendar";
import { addDays, todayIso } from "../../src/domain/dates";
import type { RoomEvent } from "../../src/domain/pregnancyRoom";
import { eventParticipants, mailOutbox, pregnancyParticipants, users } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { pay, sessionIdOf } from "../support/checkout";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily, signUp, uniqueEmail } from "../support/families";
import { addGuest } from "../support/photos";
import { createTestDevice, readPush, startPushEndpoint, waitForPushes, type PushEndpoint, type TestDevice } from "../support/pushEndpoint";
import { callProcedure, type CallOutcome } from "../support/raw-trpc";
import { connect, feedOf, type OpenRoom } from "../support/room";

const { db, close } = openTestDb();

const AT_ONCE = 5;
const TITLE = "Another Family";

let endpoint: PushEndpoint;
let pregnancyId: string;
let owner: ApiClient;
let ownerEmail: string;
let partner: { client: ApiClient; email: string; device: TestDevice };
let guest: { client: ApiClient; email: string; name: string; userId: string; participantId: string; device: TestDevice };
/** The owner's sockets: the waiting-room channel and the feed channel. */
let room: OpenRoom;
let feed: OpenRoom;

async function subscribe(client: ApiClient): Promise<TestDevice> {
  const device = createTestDevice(endpoint.origin);
  await client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys, deviceLabel: "Test browser" });
  return device;
}

const emailOf = async (userId: string) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

/** Mails in the outbox to these addresses, as "to | subject" lines. */
async function mailsTo(addresses: string[]): Promise<string[]> {
  const rows = await db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox).where(inArray(mailOutbox.to, addresses));
  return rows.map((row) => `${row.to} | ${row.subject}`);
}

/** What `lines` has beyond `before` (a multiset difference). */
function added(before: string[], after: string[]): string[] {
  const left = [...before];
  return after.filter((line) => {
    const index = left.indexOf(line);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  }).sort();
}

const eventsOf = (socket: OpenRoom, from: number): RoomEvent[] => socket.messages.slice(from).flatMap((m) => (m.type === "event" ? [m.event] : []));
/** A room event as a short line: its kind and what tells it apart. */
function describeEvent(event: RoomEvent): string {
  if (event.kind === "state") return `state ${event.state}`;
  if (event.kind === "feed-changed") return `feed-changed ${event.area}`;
  if (event.kind === "message") return `message ${event.message.kind}`;
  return event.kind;
}

interface Outcome {
  succeeded: number;
  mails: string[];
  pushes: string[];
  room: string[];
  feed: string[];
}

/**
 * Sends the call five times at once, each its own HTTP request, and reports everything it caused:
 * the successes, the new mails to the family, the pushes (decrypted, "device | kind") and the
 * owner's room and feed events. Pushes and room messages leave after the responses, so it waits
 * for the expected pushes and then a while longer, to see that no more come.
 */
async function fiveAtOnce(call: () => Promise<CallOutcome>, addresses: string[], expectedPushes: number): Promise<Outcome> {
  endpoint.received.length = 0;
  const mailsBefore = await mailsTo(addresses);
  const [roomSeen, feedSeen] = [room.messages.length, feed.messages.length];
  const outcomes = await Promise.all(Array.from({ length: AT_ONCE }, call));
  const received = await waitForPushes(endpoint, expectedPushes);
  const devices = [partner.device, guest.device];
  return {
    succeeded: outcomes.filter((o) => o.ok).length,
    mails: added(mailsBefore, await mailsTo(addresses)),
    pushes: received
      .map((push) => {
        const device = devices.find((d) => d.path === push.path);
        if (!device) throw new Error(`a push went to an unknown device ${push.path}`);
        return `${device === partner.device ? "partner" : "guest"} | ${readPush(device, push).kind}`;
      })
      .sort(),
    room: eventsOf(room, roomSeen).map(describeEvent),
    feed: eventsOf(feed, feedSeen).map(describeEvent),
  };
}

const family = () => [ownerEmail, partner.email, guest.email];

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  const other = await createOtherFamily();
  pregnancyId = other.pregnancyId;
  owner = other.owner;
  ownerEmail = await emailOf(other.ownerId);
  const partnerUp = await signUp("oncepartner");
  await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partnerUp.userId, role: "partner", status: "active" });
  const guestUp = await addGuest(pregnancyId, "oncehelen", "immediate-family");
  partner = { client: partnerUp.client, email: partnerUp.email.toLowerCase(), device: await subscribe(partnerUp.client) };
  guest = { ...guestUp, email: guestUp.email.toLowerCase(), name: "Test oncehelen", device: await subscribe(guestUp.client) };
  room = await connect(pregnancyId, owner);
  feed = await connect(feedOf(pregnancyId), owner);
});

afterAll(async () => {
  room?.socket.close();
  feed?.socket.close();
  await endpoint?.close();
  await close();
});

const POLL_MS = 50;

/** Waits until the feed has carried `count` calendar signals since `seen` (they leave after the response). */
async function calendarSignals(seen: number, count: number) {
  const deadline = Date.now() + 10_000;
  const heard = () => eventsOf(feed, seen).filter((e) => e.kind === "feed-changed" && e.area === "calendar").length;
  while (heard() < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  expect(heard()).toBe(count);
}

const newEvent = (id: string, title: string) => ({ pregnancyId, id, title, date: addDays(todayIso(), 12), category: "family" as const, privacyLevel: "immediate-family" as const });

/** An event the guest is invited to, whose signals, mail and push have all arrived before the attack. */
async function eventWithGuest(title: string) {
  const seen = feed.messages.length;
  const event = await owner.trpc.calendar.create.mutate(newEvent(crypto.randomUUID(), title));
  // The invitation's own push comes through the outbox's queue: wait for it, so it is not counted as the answer's.
  endpoint.received.length = 0;
  await owner.trpc.calendar.invite.mutate({ pregnancyId, eventId: event.id, participantIds: [guest.participantId] });
  await waitForPushes(endpoint, 1, { settleMs: 0 });
  await calendarSignals(seen, 2);
  return event;
}

describe("a write sent five times at once causes its mail, push and room message once", () => {
  it("creating an event under one id (a retried save): one event, one calendar signal", async () => {
    const id = crypto.randomUUID();
    const outcome = await fiveAtOnce(() => callProcedure(owner, "calendar.create", "mutation", newEvent(id, "Nursery painting")), family(), 0);
    expect(outcome.succeeded).toBe(AT_ONCE);
    expect(outcome.feed).toEqual(["feed-changed calendar"]);
  });

  it("inviting the guest: one mail and one push to her, one calendar signal", async () => {
    const seen = feed.messages.length;
    const event = await owner.trpc.calendar.create.mutate(newEvent(crypto.randomUUID(), "Hospital tour"));
    await calendarSignals(seen, 1);
    const outcome = await fiveAtOnce(() => callProcedure(owner, "calendar.invite", "mutation", { pregnancyId, eventId: event.id, participantIds: [guest.participantId] }), family(), 1);
    expect(outcome.succeeded).toBe(AT_ONCE);
    expect(outcome.mails).toEqual([`${guest.email} | You're invited: Hospital tour`]);
    expect(outcome.pushes).toEqual(["guest | event-invitation"]);
    expect(outcome.feed).toEqual(["feed-changed calendar"]);
  });

  it("an RSVP in the app: one answer, one mail to each parent, one calendar signal", async () => {
    const event = await eventWithGuest("Family dinner");
    const outcome = await fiveAtOnce(() => callProcedure(guest.client, "calendar.rsvp", "mutation", { pregnancyId, eventId: event.id, status: "attending" }), family(), 0);
    expect(outcome.succeeded).toBe(AT_ONCE);
    const subject = `${guest.name} answered: ${RSVP_LABELS.attending}`;
    expect(outcome.mails).toEqual([`${ownerEmail} | ${subject}`, `${partner.email} | ${subject}`].sort());
    expect(outcome.pushes).toEqual([]);
    expect(outcome.feed).toEqual(["feed-changed calendar"]);
    const [stored] = await db.select({ rsvpStatus: eventParticipants.rsvpStatus }).from(eventParticipants).where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, guest.userId)));
    expect(stored?.rsvpStatus).toBe("attending");
  });

  it("an RSVP from the mailed link: one mail to each parent, one calendar signal", async () => {
    const event = await eventWithGuest("Baby shower");
    const [{ token }] = (await db.select({ token: eventParticipants.rsvpToken }).from(eventParticipants).where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, guest.userId)))) as [{ token: string }];
    // Each click from its own browser: no session, another address.
    const outcome = await fiveAtOnce(() => callProcedure(new ApiClient(baseUrl()), "calendar.invitation.answer", "mutation", { token, status: "maybe" }), family(), 0);
    expect(outcome.succeeded).toBe(AT_ONCE);
    const subject = `${guest.name} answered: ${RSVP_LABELS.maybe}`;
    expect(outcome.mails).toEqual([`${ownerEmail} | ${subject}`, `${partner.email} | ${subject}`].sort());
    expect(outcome.pushes).toEqual([]);
    expect(outcome.feed).toEqual(["feed-changed calendar"]);
  });

  it("activating the waiting room: one opening, one mail to the guest, one push per device, one state and notice in the room", async () => {
    const outcome = await fiveAtOnce(() => callProcedure(owner, "waitingRoom.activate", "mutation", { pregnancyId }), family(), 2);
    expect(outcome.succeeded).toBe(AT_ONCE);
    expect(outcome.mails).toEqual([`${guest.email} | ${TITLE}: the waiting room is open`]);
    expect(outcome.pushes).toEqual(["guest | waiting-room-activated", "partner | waiting-room-activated"]);
    expect(outcome.room).toEqual(["state active", "message parent_update"]);
  });

  it("a false alarm: one push per device, one state and notice in the room; the others are refused", async () => {
    const outcome = await fiveAtOnce(() => callProcedure(owner, "waitingRoom.falseAlarm", "mutation", { pregnancyId, timeZone: "UTC" }), family(), 2);
    expect(outcome.succeeded).toBe(1);
    expect(outcome.mails).toEqual([]);
    expect(outcome.pushes).toEqual(["guest | false-alarm", "partner | false-alarm"]);
    expect(outcome.room).toEqual(["state false-alarm", "message parent_update"]);
  });

  it("the baby is here: one mail per person allowed updates (the other parent too), one push per device, one state and notice in the room; the others are refused", async () => {
    const outcome = await fiveAtOnce(() => callProcedure(owner, "waitingRoom.babyHere", "mutation", { pregnancyId, timeZone: "UTC", name: "Bean" }), family(), 2);
    expect(outcome.succeeded).toBe(1);
    expect(outcome.mails).toEqual([`${guest.email} | ${TITLE}: The baby is here!`, `${partner.email} | ${TITLE}: The baby is here!`].sort());
    expect(outcome.pushes).toEqual(["guest | baby-here", "partner | baby-here"]);
    expect(outcome.room).toEqual(["state baby-here", "message parent_update"]);
  });

  it("accepting an invitation: one guest joins, and nobody is told anything twice", async () => {
    const email = uniqueEmail("onceinvitee");
    await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Ivy", lastName: "Guest", privacyLevel: "friends" });
    const [mail] = await db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
    const token = new URL(mail!.text.match(/https?:\/\/\S*invite_type=guest\S*/)![0]).searchParams.get("token")!;
    const client = new ApiClient(baseUrl());
    expect((await client.postJson("/api/auth/sign-up/email", { email, password: "welcome-guest-1", name: "Ivy Guest", firstName: "Ivy", lastName: "Guest" })).ok).toBe(true);
    await confirmEmail(client, email);
    const outcome = await fiveAtOnce(() => callProcedure(client, "invitations.accept", "mutation", { token }), [...family(), email.toLowerCase()], 0);
    expect(outcome.succeeded).toBe(1);
    expect(outcome.mails).toEqual([]);
    expect(outcome.pushes).toEqual([]);
    expect(outcome.room).toEqual([]);
    expect(outcome.feed).toEqual([]);
    const joined = await db.select({ status: pregnancyParticipants.status }).from(pregnancyParticipants).where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.invitedEmail, email.toLowerCase())));
    expect(joined).toEqual([{ status: "active" }]);
  });

  it("redeeming a gift card: one redemption, its value credited once", async () => {
    const buyer = new ApiClient(baseUrl());
    const { url } = await buyer.trpc.giftCards.createCheckout.mutate({ planType: "base", months: 3, purchaserEmail: uniqueEmail("oncebuyer") });
    expect((await pay(buyer, sessionIdOf(url))).status).toBe(303);
    const card = await buyer.trpc.giftCards.purchase.query({ stripeSessionId: sessionIdOf(url) });
    const outcome = await fiveAtOnce(() => callProcedure(partner.client, "giftCards.redeem", "mutation", { code: card!.code }), family(), 0);
    expect(outcome.succeeded).toBe(1);
    expect(await partner.client.trpc.giftCards.credit.query()).toEqual({ creditCents: card!.valueCents });
    expect(outcome.mails).toEqual([]);
  });

  it("leaving, taking everything along: one departure, one photos and one posts signal", async () => {
    const outcome = await fiveAtOnce(() => callProcedure(guest.client, "participants.leave", "mutation", { pregnancyId, removeContributions: true }), family(), 0);
    expect(outcome.succeeded).toBeGreaterThanOrEqual(1);
    expect(outcome.mails).toEqual([]);
    expect(outcome.pushes).toEqual([]);
    expect(outcome.feed.sort()).toEqual(["feed-changed photos", "feed-changed posts"]);
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.id, guest.participantId))).toBe(0);
  });
});
