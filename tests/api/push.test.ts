import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import type { PushKind } from "../../src/domain/push";
import { pregnancyParticipants, pushOutbox, pushSubscriptions } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { createTestDevice, readPush, startPushEndpoint, verifyVapid, waitForPushes, type PushEndpoint, type ReceivedPush, type TestDevice } from "../support/pushEndpoint";
import { callProcedure } from "../support/raw-trpc";

const { db, close } = openTestDb();

let endpoint: PushEndpoint;
let publicKey: string;
let pregnancyId: string;

interface Member {
  client: ApiClient;
  userId: string;
  participantId: string;
  devices: TestDevice[];
}
/** The parent who acts: activates the room, posts, messages, invites. */
let owner: Member;
/** The other parent: hears the waiting room's news too. */
let partner: Member;
/** A guest with the default flags and two devices: two pushes per piece of news. */
let follower: Member;
/** canReceiveUpdates off. */
let noUpdates: Member;
/** canAccessWaitingRoom off. */
let noRoom: Member;
/** Removed from the pregnancy after subscribing. */
let removed: Member;
/** Default flags, but this device's waiting-room switch is off. */
let switchedOff: Member;
/** Default flags; one device's push service answers 410, the other's 404. */
let departed: Member;

async function subscribe(member: Omit<Member, "devices">, count = 1): Promise<Member> {
  const devices = Array.from({ length: count }, () => createTestDevice(endpoint.origin));
  for (const device of devices) await member.client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys, deviceLabel: "Test browser" });
  return { ...member, devices };
}

async function joinAsGuest(label: string, permissions: Record<string, boolean> | null = null) {
  const person = await signUp(label);
  const [row] = await db.insert(pregnancyParticipants).values({ pregnancyId, userId: person.userId, role: "guest", status: "active", permissions }).returning({ id: pregnancyParticipants.id });
  return { client: person.client, userId: person.userId, participantId: row!.id };
}

/** Starts counting afresh: each test looks only at what its own action sent. */
const forgetPushes = () => void (endpoint.received.length = 0);

/** Every received push decrypted by its device and checked: the VAPID header and the payload's contract. */
function decryptAll(received: ReceivedPush[], members: Member[]) {
  const devices = members.flatMap((m) => m.devices);
  return received.map((push) => {
    const device = devices.find((d) => d.path === push.path);
    if (!device) throw new Error(`a push went to an unknown device ${push.path}`);
    const claims = verifyVapid(push.headers.authorization, publicKey);
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    return { path: push.path, payload: readPush(device, push) };
  });
}

const everyone = () => [owner, partner, follower, noUpdates, noRoom, removed, switchedOff, departed];
const pathsOf = (...members: Member[]) => members.flatMap((m) => m.devices.map((d) => d.path)).sort();

/** Sends nothing but what is expected: exactly these members' devices get one push each, of this kind and to this screen. */
async function expectPushes(kind: PushKind, url: string, recipients: Member[]) {
  const expected = pathsOf(...recipients);
  const pushes = decryptAll(await waitForPushes(endpoint, expected.length), everyone());
  expect(pushes.map((p) => p.path).sort()).toEqual(expected);
  for (const { payload } of pushes) expect(payload).toMatchObject({ kind, url });
  return pushes.map((p) => p.payload);
}

const roomUrl = () => `/waiting-room?preg=${pregnancyId}`;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  const family = await createOtherFamily();
  pregnancyId = family.pregnancyId;
  const [ownerRow] = await db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.userId, family.ownerId));
  const partnerUp = await signUp("pushpartner");
  const [partnerRow] = await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partnerUp.userId, role: "partner", status: "active" }).returning({ id: pregnancyParticipants.id });
  const [followerUp, noUpdatesUp, noRoomUp, removedUp, switchedOffUp, departedUp] = await Promise.all([
    joinAsGuest("pushfollower"),
    joinAsGuest("pushnoupdates", { ...GUEST_DEFAULT_PERMISSIONS, canReceiveUpdates: false }),
    joinAsGuest("pushnoroom", { ...GUEST_DEFAULT_PERMISSIONS, canAccessWaitingRoom: false }),
    joinAsGuest("pushremoved"),
    joinAsGuest("pushswitchedoff"),
    joinAsGuest("pushdeparted"),
  ]);
  publicKey = (await family.owner.trpc.push.publicKey.query()).publicKey!;
  owner = await subscribe({ client: family.owner, userId: family.ownerId, participantId: ownerRow!.id });
  partner = await subscribe({ client: partnerUp.client, userId: partnerUp.userId, participantId: partnerRow!.id });
  follower = await subscribe(followerUp, 2);
  noUpdates = await subscribe(noUpdatesUp);
  noRoom = await subscribe(noRoomUp);
  removed = await subscribe(removedUp);
  switchedOff = await subscribe(switchedOffUp);
  departed = await subscribe(departedUp, 2);
  await switchedOff.client.trpc.push.setTopics.mutate({ endpoint: switchedOff.devices[0]!.endpoint, waitingRoom: false, directMessages: true, eventInvitations: true });
  await owner.client.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
  endpoint.answer(departed.devices[0]!.path, 410);
  endpoint.answer(departed.devices[1]!.path, 404);
});

afterAll(async () => {
  await endpoint?.close();
  await close();
});

describe("web push: the waiting room opening (heading to the hospital)", () => {
  it("reaches each subscribed device of each member who may hear it, encrypted for that device and VAPID-signed", async () => {
    expect(publicKey).toMatch(/^B[\w-]{86}$/);
    forgetPushes();
    await owner.client.trpc.waitingRoom.activate.mutate({ pregnancyId });
    // Two devices for the follower, the other parent, and both of the departed guest's (which answer 410 and 404).
    const payloads = await expectPushes("waiting-room-activated", roomUrl(), [follower, partner, departed]);
    for (const payload of payloads) {
      expect(payload.title).toBe("Heading to the hospital!");
      expect(payload.body).toBe("Another Family: we are heading to the hospital! The waiting room is open.");
    }
  });

  it("forgets the subscriptions whose push service answered 410 or 404", async () => {
    const departedEndpoints = departed.devices.map((d) => d.endpoint);
    const deadline = Date.now() + 10_000;
    let left = departedEndpoints.length;
    while (left > 0 && Date.now() < deadline) {
      left = (await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, departedEndpoints))).length;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left).toBe(0);
    // The others stay.
    expect(await db.$count(pushSubscriptions, inArray(pushSubscriptions.endpoint, follower.devices.map((d) => d.endpoint)))).toBe(2);
  });

  it("a second activation while the room is open pushes nothing more", async () => {
    forgetPushes();
    await owner.client.trpc.waitingRoom.activate.mutate({ pregnancyId });
    expect(await waitForPushes(endpoint, 1, { timeoutMs: 2_000, settleMs: 0 })).toEqual([]);
  });
});

describe("web push: the other moments", () => {
  it("a parent update reaches the room's audience and opens the waiting room", async () => {
    forgetPushes();
    await owner.client.trpc.waitingRoom.postUpdate.mutate({ pregnancyId, id: crypto.randomUUID(), content: "6 cm and doing great" });
    const [payload] = await expectPushes("waiting-room-update", roomUrl(), [follower, partner]);
    expect(payload).toMatchObject({ title: "Test posted an update", body: "6 cm and doing great" });
  });

  it("a direct message reaches only its recipient and opens the conversation", async () => {
    forgetPushes();
    const message = await owner.client.trpc.waitingRoom.dms.send.mutate({ pregnancyId, id: crypto.randomUUID(), recipientId: follower.userId, content: "Are you on your way?" });
    const [payload] = await expectPushes("direct-message", `${roomUrl()}&dm=${message.conversationId}`, [follower]);
    expect(payload).toMatchObject({ title: "New message from Test otherfamily", body: "Are you on your way?" });

    // The same message again (a retry) is stored once and pushed once.
    forgetPushes();
    await owner.client.trpc.waitingRoom.dms.send.mutate({ pregnancyId, id: message.id, recipientId: follower.userId, content: "Are you on your way?" });
    expect(await waitForPushes(endpoint, 1, { timeoutMs: 2_000, settleMs: 0 })).toEqual([]);
  });

  it("a push service's 429 is retried from the outbox, long after the request that caused it answered, and delivered once", async () => {
    forgetPushes();
    const device = follower.devices[0]!;
    const toDevice = () => endpoint.received.filter((push) => push.path === device.path);
    endpoint.answer(device.path, 429);
    const message = await owner.client.trpc.waitingRoom.dms.send.mutate({ pregnancyId, id: crypto.randomUUID(), recipientId: follower.userId, content: "Call me when you land" });
    const answeredAt = Date.now();
    const deadline = Date.now() + 15_000;
    while (toDevice().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    endpoint.answer(device.path, 201);
    while (!toDevice().some((push) => push.status === 201) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const deliveredAt = Date.now();
    // Settle: a duplicate would arrive within the next retries.
    await waitForPushes(endpoint, Number.MAX_SAFE_INTEGER, { timeoutMs: 0, settleMs: 2_500 });
    expect(toDevice().filter((push) => push.status === 429).length).toBeGreaterThanOrEqual(2);
    expect(toDevice().filter((push) => push.status === 201)).toHaveLength(1);
    expect(deliveredAt - answeredAt).toBeGreaterThan(1_000);
    for (const push of toDevice()) expect(readPush(device, push)).toMatchObject({ kind: "direct-message", body: "Call me when you land", url: `${roomUrl()}&dm=${message.conversationId}` });
    const [row] = await db.select({ state: pushOutbox.state, attempts: pushOutbox.attempts }).from(pushOutbox).where(eq(pushOutbox.endpoint, device.endpoint)).orderBy(desc(pushOutbox.createdAt)).limit(1);
    expect(row).toEqual({ state: "delivered", attempts: toDevice().length });
  });

  it("an event invitation reaches the invitees' devices and opens the event", async () => {
    forgetPushes();
    const event = await owner.client.trpc.calendar.create.mutate({ pregnancyId, id: crypto.randomUUID(), title: "Family dinner", date: addDays(todayIso(), 10), category: "family" });
    await owner.client.trpc.calendar.invite.mutate({ pregnancyId, eventId: event.id, participantIds: [follower.participantId, noUpdates.participantId] });
    const [payload] = await expectPushes("event-invitation", `/events/${event.id}?preg=${pregnancyId}`, [follower, noUpdates]);
    expect(payload?.title).toBe("You're invited: Family dinner");

    // Inviting them again changes nothing and tells nobody again.
    forgetPushes();
    await owner.client.trpc.calendar.invite.mutate({ pregnancyId, eventId: event.id, participantIds: [follower.participantId] });
    expect(await waitForPushes(endpoint, 1, { timeoutMs: 2_000, settleMs: 0 })).toEqual([]);
  });

  it("a false alarm reaches the room's audience; the baby's arrival everyone allowed updates, who cannot enter the room opening the dashboard", async () => {
    forgetPushes();
    await owner.client.trpc.waitingRoom.falseAlarm.mutate({ pregnancyId, timeZone: "UTC" });
    const [falseAlarm] = await expectPushes("false-alarm", roomUrl(), [follower, partner]);
    expect(falseAlarm?.title).toBe("False alarm");

    forgetPushes();
    await owner.client.trpc.waitingRoom.babyHere.mutate({ pregnancyId, timeZone: "UTC", name: "Bean" });
    const expected = pathsOf(follower, partner, noRoom);
    const pushes = decryptAll(await waitForPushes(endpoint, expected.length), everyone());
    expect(pushes.map((p) => p.path).sort()).toEqual(expected);
    const roomDevices = pathsOf(follower, partner);
    for (const { path, payload } of pushes) {
      expect(payload).toMatchObject({ kind: "baby-here", title: "The baby is here!", url: roomDevices.includes(path) ? roomUrl() : `/dashboard?preg=${pregnancyId}` });
      expect(payload.body).toContain("Bean arrived");
    }
  });
});

describe("web push: the doors", () => {
  it("every push procedure refuses a signed-out caller", async () => {
    const stranger = new ApiClient(baseUrl());
    const device = createTestDevice(endpoint.origin);
    const calls: Array<[string, "query" | "mutation", unknown]> = [
      ["push.publicKey", "query", undefined],
      ["push.subscribe", "mutation", { endpoint: device.endpoint, keys: device.keys }],
      ["push.device", "query", { endpoint: follower.devices[0]!.endpoint }],
      ["push.setTopics", "mutation", { endpoint: follower.devices[0]!.endpoint, waitingRoom: false, directMessages: false, eventInvitations: false }],
      ["push.unsubscribe", "mutation", { endpoint: follower.devices[0]!.endpoint }],
    ];
    for (const [path, type, input] of calls) expect(await callProcedure(stranger, path, type, input), path).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    expect(await db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, device.endpoint))).toBe(0);
  });

  it("another user can neither read, switch nor remove someone else's device", async () => {
    const target = follower.devices[0]!.endpoint;
    const before = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target));
    expect(await noUpdates.client.trpc.push.device.query({ endpoint: target })).toBeNull();
    await expect(noUpdates.client.trpc.push.setTopics.mutate({ endpoint: target, waitingRoom: false, directMessages: false, eventInvitations: false })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect(await noUpdates.client.trpc.push.unsubscribe.mutate({ endpoint: target })).toEqual({ removed: false });
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target))).toEqual(before);
    expect(await follower.client.trpc.push.device.query({ endpoint: target })).toMatchObject({ waitingRoom: true, directMessages: true, eventInvitations: true, deviceLabel: "Test browser" });
  });

  it.each([
    "https://evil.example.com/push/1",
    "https://fcm.googleapis.com.evil.example.com/fcm/send/1",
    "https://fcm.googleapis.com:8443/fcm/send/1",
    "https://user:pass@fcm.googleapis.com/fcm/send/1",
    "http://fcm.googleapis.com/fcm/send/1",
    "http://10.0.0.1/push/1",
    "http://169.254.169.254/latest/meta-data",
  ])("refuses to subscribe the endpoint %s", async (target) => {
    const { keys } = createTestDevice(endpoint.origin);
    await expect(follower.client.trpc.push.subscribe.mutate({ endpoint: target, keys })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    expect(await db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, target))).toBe(0);
  });

  it("refuses keys of the wrong length", async () => {
    const device = createTestDevice(endpoint.origin);
    for (const keys of [
      { ...device.keys, auth: Buffer.alloc(8).toString("base64url") },
      { ...device.keys, p256dh: Buffer.alloc(33, 2).toString("base64url") },
    ]) {
      await expect(follower.client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    }
  });

  it("a device's owner turns its switches and the device off", async () => {
    const device = createTestDevice(endpoint.origin);
    await noRoom.client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys, deviceLabel: "Second browser" });
    expect(await noRoom.client.trpc.push.setTopics.mutate({ endpoint: device.endpoint, waitingRoom: true, directMessages: false, eventInvitations: true })).toMatchObject({ directMessages: false });
    // Subscribing again (new keys from the browser) keeps the device's switches.
    await noRoom.client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: createTestDevice(endpoint.origin).keys, deviceLabel: "Second browser" });
    expect(await noRoom.client.trpc.push.device.query({ endpoint: device.endpoint })).toMatchObject({ directMessages: false });
    expect(await noRoom.client.trpc.push.unsubscribe.mutate({ endpoint: device.endpoint })).toEqual({ removed: true });
    expect(await noRoom.client.trpc.push.device.query({ endpoint: device.endpoint })).toBeNull();
  });

  it("signing out removes the device's subscription with the session", async () => {
    const person = await signUp("pushsignout");
    const device = createTestDevice(endpoint.origin);
    await person.client.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys });
    expect(await db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, device.endpoint))).toBe(1);
    expect((await person.client.postJson("/api/auth/sign-out", {})).status).toBe(200);
    expect(await db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, device.endpoint))).toBe(0);
  });
});
