import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../src/domain/dates";
import type { HealthLogInput } from "../../src/domain/healthLogs";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { PREGNANCY_DELETION_MESSAGES } from "../../src/domain/pregnancyDeletion";
import { ROOM_REAUTHORISE_CLOSE_CODE } from "../../src/domain/pregnancyRoom";
import { devStripeObjects, pregnancies, pregnancyBabies, pregnancyParticipants, subscriptions } from "../../worker/db/schema";
import { subscribedUser } from "../support/checkout";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, signUp } from "../support/families";
import { PNG_1X1, jpegWithGps, testThumbnail } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest, objectsUnder } from "../support/photos";
import { callProcedure } from "../support/raw-trpc";
import { connect, feedOf } from "../support/room";
import { mailsTo } from "../support/outbox";

const { db, close } = openTestDb();
afterAll(close);

type ForeignKey = {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
};

/** Every chain of foreign keys from a table up to `pregnancies` (a row is the pregnancy's when any chain leads there). */
function chainsToPregnancy(table: string, keys: ForeignKey[], seen: string[] = []): ForeignKey[][] {
  return keys
    .filter((key) => key.table === table && !seen.includes(key.parent))
    .flatMap((key) => (key.parent === "pregnancies" ? [[key]] : chainsToPregnancy(key.parent, keys, [...seen, table]).map((chain) => [key, ...chain])));
}

/** `column in (select ... where ...)` down the chain, ending at the pregnancy's id. */
function chainCondition([key, ...rest]: ForeignKey[], pregnancyId: string): string {
  if (!key) throw new Error("empty chain");
  if (rest.length === 0) return `"${key.column}" = '${pregnancyId}'`;
  return `"${key.column}" in (select "${key.parentColumn}" from "${key.parent}" where ${chainCondition(rest, pregnancyId)})`;
}

/** For every table that can hold a pregnancy's rows, how many it holds for this one (the pregnancy's own row included). */
async function rowsOfPregnancy(pregnancyId: string): Promise<Record<string, number>> {
  expect(pregnancyId).toMatch(/^[0-9a-f-]{36}$/);
  const keys = (
    await db.execute<ForeignKey>(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as "parent", pa.attname as "parentColumn"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`)
  ).rows;
  const counts: Record<string, number> = { pregnancies: await db.$count(pregnancies, eq(pregnancies.id, pregnancyId)) };
  for (const table of [...new Set(keys.map((key) => key.table))].sort()) {
    const chains = chainsToPregnancy(table, keys);
    if (chains.length === 0) continue;
    const where = chains.map((chain) => `(${chainCondition(chain, pregnancyId)})`).join(" or ");
    const [row] = (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}" where ${where}`))).rows;
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

const nonEmpty = (counts: Record<string, number>) => Object.keys(counts).filter((table) => (counts[table] ?? 0) > 0);


async function providerSubscription(subscriptionId: string) {
  const [row] = await db.select({ data: devStripeObjects.data }).from(devStripeObjects).where(eq(devStripeObjects.id, subscriptionId));
  return row?.data as unknown as Stripe.Subscription | undefined;
}

/**
 * A paying family with something in every area: the owner paid through the fake checkout and set the
 * pregnancy up; a partner and a guest (with the guest defaults, and uploads) join; photos with
 * thumbnails are uploaded through the stack, and posts, comments, likes, calendar, registry, game,
 * health and waiting-room history are written through the API.
 */
async function busyPayingFamily(label: string) {
  const owner = await subscribedUser(label);
  const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({
    pregnancy: { title: `Deleting ${label}`, dueDate: addDays(todayIso(), 120) },
    babies: [{ name: "Pip", gender: "unknown" }],
    isGuestConversion: false,
  });
  const [{ title } = { title: "" }] = await db.select({ title: pregnancies.title }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  const partner = await signUp(`${label}partner`);
  await db.insert(pregnancyParticipants).values({ pregnancyId, userId: partner.userId, role: "partner", status: "active" });
  const guest = await addGuest(pregnancyId, `${label}guest`, "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canUploadPhotos: true });
  const scoped = { pregnancyId };
  const [baby] = await db.select({ id: pregnancyBabies.id }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
  if (!baby) throw new Error("no baby");

  for (const [client, name] of [
    [owner.client, "owner.jpg"],
    [guest.client, "guest.jpg"],
  ] as const) {
    const upload = await postPhotos(client, pregnancyId, [{ name, bytes: jpegWithGps(), type: "image/jpeg" }], { thumbnails: [{ name: `thumb-${name}`, bytes: testThumbnail(), type: "image/jpeg" }], metadata: { privacyLevel: "friends" } });
    expect(upload.ok).toBe(true);
  }
  const [photo] = (await owner.client.trpc.photos.list.query(scoped)).items;
  if (!photo) throw new Error("photo not listed");
  await guest.client.trpc.photos.likes.toggle.mutate({ ...scoped, photoId: photo.id, liked: true });
  await guest.client.trpc.photos.comments.add.mutate({ ...scoped, photoId: photo.id, content: "Lovely" });
  const post = await partner.client.trpc.posts.create.mutate({ ...scoped, id: crypto.randomUUID(), content: "<p>Twenty weeks</p>", privacyLevel: "friends" });
  await guest.client.trpc.posts.comments.add.mutate({ ...scoped, postId: post.id, id: crypto.randomUUID(), content: "Hooray" });
  await guest.client.trpc.posts.likes.toggle.mutate({ ...scoped, postId: post.id, liked: true });
  const event = await owner.client.trpc.calendar.create.mutate({ ...scoped, id: crypto.randomUUID(), title: "Scan", date: addDays(todayIso(), 14), category: "medical", privacyLevel: "friends" });
  await owner.client.trpc.calendar.invite.mutate({ ...scoped, eventId: event.id, participantIds: [guest.participantId] });
  await owner.client.trpc.registry.createOrUpdate.mutate({ ...scoped, name: "Nursery", url: "https://shop.example.com/list", isCustom: true });
  await guest.client.trpc.registry.suggestions.create.mutate({ ...scoped, name: "Blanket", link: "example.com/blanket", note: "Soft" });
  await guest.client.trpc.babyGame.submit.mutate({ ...scoped, babyId: baby.id, details: { weightPounds: 7, weightOunces: 8, length: 20, date: addDays(todayIso(), 118), time: "14:30" } });
  const log = { id: crypto.randomUUID(), kind: "symptom", severity: 2, name: "Nausea", notes: "", loggedAt: new Date(), loggedOn: todayIso() } as HealthLogInput;
  await owner.client.trpc.healthRecords.logs.sync.mutate({ ...scoped, logs: [log] });
  await owner.client.trpc.healthRecords.birthPlan.save.mutate({ ...scoped, answers: { birthPlace: "hospital" } });
  await owner.client.trpc.healthRecords.hospitalBag.add.mutate({ ...scoped, id: crypto.randomUUID(), owner: "baby", name: "Hat" });
  await owner.client.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped, id: crypto.randomUUID(), kind: "provider", name: "Dr. Example", phone: "555 0100" });
  await owner.client.trpc.healthTrackers.vitamins.add.mutate({ ...scoped, id: crypto.randomUUID(), name: "Folic acid" });
  await owner.client.trpc.healthTrackers.kicks.sync.mutate({ ...scoped, sessions: [{ id: crypto.randomUUID(), babyId: baby.id, startedAt: Date.now() - 60_000, endedAt: Date.now(), kickOffsetsMs: [1000, 2000] }] });
  const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
  expect(image.ok).toBe(true);
  const { imageName } = (await image.json()) as { imageName: string };
  const messageId = crypto.randomUUID();
  await guest.client.trpc.waitingRoom.messages.send.mutate({ ...scoped, id: messageId, content: "Thinking of you", imageName });
  await owner.client.trpc.waitingRoom.reactions.toggle.mutate({ ...scoped, messageId, emoji: "👍", reacted: true });
  await guest.client.trpc.waitingRoom.dms.send.mutate({ ...scoped, id: crypto.randomUUID(), recipientId: partner.userId, content: "Just between us" });

  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.pregnancyId, pregnancyId));
  if (!subscription?.stripeSubscriptionId) throw new Error("no subscription");
  return { owner, partner, guest, pregnancyId, title, subscriptionRowId: subscription.id, subscriptionId: subscription.stripeSubscriptionId, photoUrl: photo.url };
}

describe("pregnancy.delete", () => {
  let family: Awaited<ReturnType<typeof busyPayingFamily>>;
  let other: Awaited<ReturnType<typeof createOtherFamily>>;
  beforeAll(async () => {
    other = await createOtherFamily();
    expect((await postPhotos(other.owner, other.pregnancyId, [{ name: "theirs.jpg", bytes: jpegWithGps(), type: "image/jpeg" }])).ok).toBe(true);
    family = await busyPayingFamily("delete");
  });

  it("is the owner's alone: the partner, a guest, a stranger, another family's owner and a removed relative are refused, and nothing is deleted", async () => {
    const { pregnancyId, title } = family;
    const stranger = await signUp("deletestranger");
    const removed = await addGuest(pregnancyId, "deleteremoved", "immediate-family");
    await family.owner.client.trpc.participants.remove.mutate({ pregnancyId, participantId: removed.participantId });
    const input = { pregnancyId, confirmTitle: title };
    for (const client of [family.partner.client, family.guest.client, removed.client, stranger.client, other.owner]) {
      expect(await callProcedure(client, "pregnancy.delete", "mutation", input)).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
    }
    // Signed out, or the owner claiming guest mode, or a title that is not this one's.
    expect(await callProcedure(new ApiClient(baseUrl()), "pregnancy.delete", "mutation", input)).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
    expect(await callProcedure(family.owner.client, "pregnancy.delete", "mutation", { ...input, mode: "guest" })).toMatchObject({ ok: false, appCode: "MODE_MISMATCH" });
    await expect(family.owner.client.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: `${title} nope` })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST", appCode: "TITLE_MISMATCH" },
      message: PREGNANCY_DELETION_MESSAGES.titleMismatch,
    });
    expect(await db.$count(pregnancies, eq(pregnancies.id, pregnancyId))).toBe(1);
    expect((await providerSubscription(family.subscriptionId))?.status).toBe("trialing");
  });

  it("by its owner: cancels the subscription in Stripe, removes every row and every object of the pregnancy, closes every socket and tells the family", async () => {
    const { pregnancyId, title } = family;
    const prefix = `pregnancies/${pregnancyId}/`;
    const otherPrefix = `pregnancies/${other.pregnancyId}/`;
    const before = await rowsOfPregnancy(pregnancyId);
    const otherBefore = { rows: await rowsOfPregnancy(other.pregnancyId), objects: await objectsUnder(otherPrefix) };
    // Rows in every area (photos, likes, comments, posts, calendar, registry, game, health, waiting room...) and
    // two photos with their thumbnails and the waiting-room picture in R2.
    expect(nonEmpty(before)).toEqual(
      expect.arrayContaining([
        "pregnancies",
        "pregnancy_participants",
        "pregnancy_babies",
        "photos",
        "photo_likes",
        "photo_comments",
        "posts",
        "post_comments",
        "post_likes",
        "calendar_events",
        "event_participants",
        "registries",
        "registry_suggestions",
        "baby_predictions",
        "health_logs",
        "birth_plans",
        "hospital_bag_items",
        "medical_contacts",
        "health_supplements",
        "kick_sessions",
        "waiting_room_messages",
        "waiting_room_images",
        "waiting_room_reactions",
        "waiting_room_conversations",
        "waiting_room_dm_messages",
        "subscriptions",
      ]),
    );
    expect(await objectsUnder(prefix)).toHaveLength(5);
    expect(otherBefore.objects).toHaveLength(1);

    const sockets = await Promise.all([connect(pregnancyId, family.partner.client), connect(feedOf(pregnancyId), family.guest.client), connect(pregnancyId, family.guest.client), connect(feedOf(pregnancyId), family.owner.client)]);

    expect(await family.owner.client.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: `  ${title} ` })).toEqual({ deleted: true, subscriptionCancelled: true, refund: { cardCents: 0, creditCents: 0 } });

    // Every open socket was closed before the answer, and none opens again.
    for (const socket of sockets) expect(await socket.closed).toBe(ROOM_REAUTHORISE_CLOSE_CODE);
    await expect(connect(pregnancyId, family.partner.client)).rejects.toThrow(/refused 40[34]/);

    const after = await rowsOfPregnancy(pregnancyId);
    expect(nonEmpty(after)).toEqual([]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(await objectsUnder(prefix)).toEqual([]);
    expect((await family.owner.client.fetch(family.photoUrl)).status).not.toBe(200);

    // Nobody is billed for it: cancelled in Stripe, the billing record kept without its pregnancy.
    expect((await providerSubscription(family.subscriptionId))?.status).toBe("canceled");
    const [record] = await db.select().from(subscriptions).where(eq(subscriptions.id, family.subscriptionRowId));
    expect(record).toMatchObject({ status: "canceled", pregnancyId: null, canceledAt: expect.any(Date) });

    // The other family is untouched.
    expect(await rowsOfPregnancy(other.pregnancyId)).toEqual(otherBefore.rows);
    expect(await objectsUnder(otherPrefix)).toEqual(otherBefore.objects);

    // Partner and guest are told who deleted it; the owner gets the record; nobody can open it any more.
    const subject = PREGNANCY_DELETION_MESSAGES.deletedSubject(title);
    for (const member of [family.partner, family.guest, family.owner]) expect((await mailsTo(member.email)).map((mail) => mail.subject)).toContain(subject);
    expect((await mailsTo(family.guest.email)).find((mail) => mail.subject === subject)?.text).toContain("deleted");
    for (const client of [family.owner.client, family.partner.client, family.guest.client]) {
      await expect(client.trpc.pregnancy.details.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    }
    expect((await family.owner.client.trpc.pregnancy.mine.query()).parentPregnancy).toBeNull();
  });

  it("works in read-only state, when every other change is refused, and without a subscription", async () => {
    const family = await createOtherFamily();
    const { pregnancyId } = family;
    // The service ended yesterday: read-only for its 7 years.
    await db.update(pregnancies).set({ serviceEndDate: addDays(todayIso(), -1) }).where(eq(pregnancies.id, pregnancyId));
    await expect(family.owner.trpc.pregnancy.update.mutate({ pregnancyId, title: "Renamed" })).rejects.toMatchObject({ data: { appCode: "READ_ONLY" } });
    // The hand-over is the owner's other way out, let through too: here it finds no such partner.
    await expect(family.owner.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId: crypto.randomUUID() })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    expect(await family.owner.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: "Another Family" })).toEqual({ deleted: true, subscriptionCancelled: false, refund: { cardCents: 0, creditCents: 0 } });
    expect(nonEmpty(await rowsOfPregnancy(pregnancyId))).toEqual([]);
  });

  it("reaches a closed (cancelled) pregnancy for its owner only: no one waits years for it to go, and every other door stays shut", async () => {
    const family = await createOtherFamily();
    const { pregnancyId } = family;
    const guest = await addGuest(pregnancyId, "closedguest", "immediate-family", { canUploadPhotos: true });
    expect((await postPhotos(family.owner, pregnancyId, [{ name: "kept.jpg", bytes: jpegWithGps(), type: "image/jpeg" }])).ok).toBe(true);
    await db.update(pregnancies).set({ status: "closed", closedAt: new Date() }).where(eq(pregnancies.id, pregnancyId));

    await expect(guest.client.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: "Another Family" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(family.owner.trpc.pregnancy.update.mutate({ pregnancyId, title: "Renamed" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(family.owner.trpc.pregnancy.handOver.mutate({ pregnancyId, participantId: guest.participantId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(family.owner.trpc.photos.list.query({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    expect(await objectsUnder(`pregnancies/${pregnancyId}/`)).toHaveLength(1);

    expect(await family.owner.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: "Another Family" })).toMatchObject({ deleted: true, subscriptionCancelled: false });
    expect(nonEmpty(await rowsOfPregnancy(pregnancyId))).toEqual([]);
    expect(await objectsUnder(`pregnancies/${pregnancyId}/`)).toEqual([]);
  });
});

/** Row locks are PostgreSQL's: PGlite runs one transaction at a time, so the race cannot happen there. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("pregnancy.delete meeting a Stripe webhook halfway (PostgreSQL)", () => {
  /** Until a statement of another session waits for a lock: the deletion has reached the row we hold. */
  async function untilSomeoneWaitsForALock() {
    const waiting = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0]?.n ?? 0;
    await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
  }

  it("waits for the webhook's transaction (subscription, then pregnancy) instead of deadlocking with it", async () => {
    const owner = await subscribedUser("deadlock");
    const { pregnancy_id: pregnancyId } = await owner.client.trpc.pregnancy.createComplete.mutate({
      pregnancy: { title: "Deadlock check", dueDate: addDays(todayIso(), 120) },
      babies: [{ name: "Pip", gender: "unknown" }],
      isGuestConversion: false,
    });
    // Already cancelled in Stripe, so the deletion goes straight to the rows, as the webhook of that cancellation arrives.
    const [subscription] = await db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.pregnancyId, pregnancyId)).returning({ id: subscriptions.id });
    if (!subscription) throw new Error("no subscription");

    let deletion: Promise<unknown> | undefined;
    await db.transaction(async (webhook) => {
      await webhook.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, subscription.id));
      deletion = owner.client.trpc.pregnancy.delete.mutate({ pregnancyId, confirmTitle: "Deadlock check" });
      await untilSomeoneWaitsForALock();
      // The webhook's second write: with the pregnancy already locked by the deletion, this is where the two would deadlock.
      await webhook.update(pregnancies).set({ photoStorageLimit: sql`${pregnancies.photoStorageLimit}` }).where(eq(pregnancies.id, pregnancyId));
    });
    await expect(deletion).resolves.toMatchObject({ deleted: true });
    expect(await db.$count(pregnancies, eq(pregnancies.id, pregnancyId))).toBe(0);
    expect(await db.select({ pregnancyId: subscriptions.pregnancyId }).from(subscriptions).where(eq(subscriptions.id, subscription.id))).toEqual([{ pregnancyId: null }]);
  });
});
