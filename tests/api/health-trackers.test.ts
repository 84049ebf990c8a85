import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONTRACTIONS, DEMO_KICK_SESSIONS, DEMO_SUPPLEMENTS } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { addDays, todayIso } from "../../src/domain/dates";
import { PERMISSION_FLAGS } from "../../src/domain/enums";
import { CLIENT_CLOCK_SKEW_MAX_MS, type Contraction, HEALTH_SYNC_BATCH_MAX, type KickSession, kickSessionStats, vitaminStreak } from "../../src/domain/healthTrackers";
import { contractions, healthSupplementDoses, healthSupplements, kickSessions, pregnancyBabies } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { addGuest } from "../support/photos";
import { callProcedure } from "../support/raw-trpc";
import { connect, feedOf } from "../support/room";
import { MS_PER_MINUTE, MS_PER_SECOND } from "../../src/domain/units";

const { db, close } = openTestDb();

let family: MatrixFamily;
/** A guest of the family holding every one of the 13 flags: health data stays closed to them all the same. */
let allFlagsGuest: ApiClient;
let other: Awaited<ReturnType<typeof createOtherFamily>>;
let otherBabyId: string;

const scoped = () => ({ pregnancyId: family.pregnancyId });
const refusedWith = (appCode: string) => ({ data: { code: "FORBIDDEN", appCode } });
const invalidInput = { data: { code: "BAD_REQUEST" } };
const notFound = { data: { code: "NOT_FOUND" } };

const minutesAgo = (minutes: number) => Date.now() - minutes * MS_PER_MINUTE;
const kickSession = (fields: Partial<KickSession> = {}): KickSession => ({
  id: crypto.randomUUID(),
  babyId: family.babyId,
  startedAt: minutesAgo(30),
  endedAt: minutesAgo(15),
  kickOffsetsMs: Array.from({ length: 10 }, (_, i) => (i + 1) * 30 * MS_PER_SECOND),
  ...fields,
});
const contraction = (startMinutesAgo: number, seconds = 60): Contraction => ({ id: crypto.randomUUID(), startedAt: minutesAgo(startMinutesAgo), endedAt: minutesAgo(startMinutesAgo) + seconds * MS_PER_SECOND });

const storedSessions = (ids: string[]) => db.select().from(kickSessions).where(inArray(kickSessions.id, ids));
const storedContractions = (ids: string[]) => db.select().from(contractions).where(inArray(contractions.id, ids));

beforeAll(async () => {
  family = await createMatrixFamily();
  const everyFlag = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true]));
  [{ client: allFlagsGuest }, other] = await Promise.all([addGuest(family.pregnancyId, "ht-allflags", "immediate-family", everyFlag), createOtherFamily()]);
  const [baby] = await db.insert(pregnancyBabies).values({ pregnancyId: other.pregnancyId, name: "Baby 1", birthOrder: 1 }).returning({ id: pregnancyBabies.id });
  otherBabyId = baby!.id;
});

afterAll(async () => {
  await close();
});

describe("health trackers: only the parents", () => {
  /** One call of every tracker procedure; writes name rows of the family where they need one. */
  const calls = async (): Promise<Array<[string, "query" | "mutation", unknown]>> => {
    const supplement = await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id: crypto.randomUUID(), name: "Guarded vitamin" });
    const [session] = (await family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [kickSession()] })).synced;
    const [timed] = (await family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [contraction(20)] })).synced;
    return [
      ["healthTrackers.vitamins.list", "query", scoped()],
      ["healthTrackers.vitamins.add", "mutation", { ...scoped(), id: crypto.randomUUID(), name: "Guest vitamin" }],
      ["healthTrackers.vitamins.update", "mutation", { ...scoped(), supplementId: supplement.id, name: "Renamed" }],
      ["healthTrackers.vitamins.remove", "mutation", { ...scoped(), supplementId: supplement.id }],
      ["healthTrackers.vitamins.setTaken", "mutation", { ...scoped(), supplementId: supplement.id, day: todayIso(), taken: true }],
      ["healthTrackers.kicks.list", "query", scoped()],
      ["healthTrackers.kicks.sync", "mutation", { ...scoped(), sessions: [kickSession({ id: session! })] }],
      ["healthTrackers.kicks.remove", "mutation", { ...scoped(), sessionId: session }],
      ["healthTrackers.contractions.list", "query", scoped()],
      ["healthTrackers.contractions.sync", "mutation", { ...scoped(), contractions: [contraction(10)] }],
      ["healthTrackers.contractions.remove", "mutation", { ...scoped(), contractionId: timed }],
    ];
  };

  it("refuses a guest holding every flag, and a parent of another pregnancy, on every read and write; nothing changes", async () => {
    const list = await calls();
    for (const [path, type, input] of list) {
      expect(await callProcedure(allFlagsGuest, path, type, input), `guest: ${path}`).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
      expect(await callProcedure(other.owner, path, type, input), `other family: ${path}`).toMatchObject({ ok: false, code: "FORBIDDEN", appCode: "ACCESS_DENIED" });
    }
    const owner = await family.owner.trpc.healthTrackers.vitamins.list.query(scoped());
    expect(owner.supplements.map((s) => s.name)).toContain("Guarded vitamin");
    expect(owner.supplements.map((s) => s.name)).not.toContain("Guest vitamin");
    expect(owner.doses).toEqual([]);
  });

  it("refuses a parent of another pregnancy naming this family's records from their own pregnancy (context error)", async () => {
    const supplement = await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id: crypto.randomUUID(), name: "Folic acid" });
    const session = kickSession();
    const timed = contraction(40);
    await family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [session] });
    await family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [timed] });
    const theirs = { pregnancyId: other.pregnancyId };
    const mismatch = refusedWith("PREGNANCY_ID_MISMATCH");

    await expect(other.owner.trpc.healthTrackers.vitamins.update.mutate({ ...theirs, supplementId: supplement.id, name: "Hijacked" })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...theirs, supplementId: supplement.id, day: todayIso(), taken: true })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.vitamins.remove.mutate({ ...theirs, supplementId: supplement.id })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.vitamins.add.mutate({ ...theirs, id: supplement.id, name: "Same id" })).rejects.toMatchObject(mismatch);
    // Re-sending this family's ids into another pregnancy overwrites nothing.
    await expect(other.owner.trpc.healthTrackers.kicks.sync.mutate({ ...theirs, sessions: [{ ...session, babyId: null, kickOffsetsMs: [] }] })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.kicks.remove.mutate({ ...theirs, sessionId: session.id })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.contractions.sync.mutate({ ...theirs, contractions: [{ ...timed, endedAt: timed.startedAt }] })).rejects.toMatchObject(mismatch);
    await expect(other.owner.trpc.healthTrackers.contractions.remove.mutate({ ...theirs, contractionId: timed.id })).rejects.toMatchObject(mismatch);

    expect((await storedSessions([session.id]))[0]).toMatchObject({ pregnancyId: family.pregnancyId, babyId: family.babyId, kickOffsetsMs: session.kickOffsetsMs });
    expect((await storedContractions([timed.id]))[0]).toMatchObject({ pregnancyId: family.pregnancyId, endedAt: new Date(timed.endedAt) });
    expect((await db.select().from(healthSupplements).where(eq(healthSupplements.id, supplement.id)))[0]).toMatchObject({ name: "Folic acid", pregnancyId: family.pregnancyId });
  });
});

describe("vitamins", () => {
  it("keeps each parent's checklist their own", async () => {
    const mine = await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id: crypto.randomUUID(), name: "Owner's iron" });
    const partner = await family.partner.trpc.healthTrackers.vitamins.list.query(scoped());
    expect(partner.supplements.map((s) => s.id)).not.toContain(mine.id);
    await expect(family.partner.trpc.healthTrackers.vitamins.update.mutate({ ...scoped(), supplementId: mine.id, isActive: false })).rejects.toMatchObject(notFound);
    await expect(family.partner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...scoped(), supplementId: mine.id, day: todayIso(), taken: true })).rejects.toMatchObject(notFound);
    await expect(family.partner.trpc.healthTrackers.vitamins.remove.mutate({ ...scoped(), supplementId: mine.id })).rejects.toMatchObject(notFound);
    expect((await db.select().from(healthSupplements).where(eq(healthSupplements.id, mine.id)))[0]).toMatchObject({ isActive: true });
  });

  it("adds once per id with the text trimmed, ticks a day once, unticks, pauses and removes with its days", async () => {
    const id = crypto.randomUUID();
    const added = await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id, name: "  Vitamin D ", dose: "1000 IU <= 1 a day", timeOfDay: "" });
    expect(added).toMatchObject({ id, name: "Vitamin D", dose: "1000 IU <= 1 a day", timeOfDay: null, isActive: true });
    expect(await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id, name: "Vitamin D again" })).toMatchObject({ id, name: "Vitamin D" });
    expect(await db.select().from(healthSupplements).where(eq(healthSupplements.id, id))).toHaveLength(1);
    await expect(family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id: crypto.randomUUID(), name: "  " })).rejects.toMatchObject({ data: { code: "BAD_REQUEST", appCode: "VALIDATION_FAILED" } });

    const today = todayIso();
    const yesterday = addDays(today, -1);
    for (const day of [today, today, yesterday]) await family.owner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...scoped(), supplementId: id, day, taken: true });
    const doses = (await family.owner.trpc.healthTrackers.vitamins.list.query(scoped())).doses.filter((d) => d.supplementId === id);
    expect(doses.map((d) => d.takenOn)).toEqual([yesterday, today]);
    await family.owner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...scoped(), supplementId: id, day: today, taken: false });
    await family.owner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...scoped(), supplementId: id, day: today, taken: false });
    expect((await db.select().from(healthSupplementDoses).where(eq(healthSupplementDoses.supplementId, id))).map((d) => d.takenOn)).toEqual([yesterday]);
    await expect(family.owner.trpc.healthTrackers.vitamins.setTaken.mutate({ ...scoped(), supplementId: id, day: addDays(today, 2), taken: true })).rejects.toMatchObject({ data: { appCode: "VALIDATION_FAILED" } });

    expect(await family.owner.trpc.healthTrackers.vitamins.update.mutate({ ...scoped(), supplementId: id, isActive: false, dose: "" })).toMatchObject({ isActive: false, dose: null, name: "Vitamin D" });
    expect(await family.owner.trpc.healthTrackers.vitamins.remove.mutate({ ...scoped(), supplementId: id })).toEqual({ removed: true });
    expect(await family.owner.trpc.healthTrackers.vitamins.remove.mutate({ ...scoped(), supplementId: id })).toEqual({ removed: false });
    expect(await db.select().from(healthSupplementDoses).where(eq(healthSupplementDoses.supplementId, id))).toEqual([]);
  });
});

describe("kick sessions", () => {
  it("stores a synced batch once however often it is sent, shared by both parents, the recorder kept", async () => {
    const sessions = [kickSession(), kickSession({ babyId: null, startedAt: minutesAgo(90), endedAt: minutesAgo(60), kickOffsetsMs: [5000, 9000] })];
    const input = { ...scoped(), sessions };
    expect(await family.owner.trpc.healthTrackers.kicks.sync.mutate(input)).toEqual({ synced: sessions.map((s) => s.id) });
    await Promise.all([family.owner.trpc.healthTrackers.kicks.sync.mutate(input), family.partner.trpc.healthTrackers.kicks.sync.mutate(input)]);

    const rows = await storedSessions(sessions.map((s) => s.id));
    expect(rows).toHaveLength(2);
    const ownerId = (await db.select({ recordedBy: kickSessions.recordedBy }).from(kickSessions).where(eq(kickSessions.id, sessions[0]!.id)))[0]?.recordedBy;
    expect(rows.every((row) => row.recordedBy === ownerId)).toBe(true);
    const listed = await family.partner.trpc.healthTrackers.kicks.list.query(scoped());
    for (const session of sessions) expect(listed).toContainEqual(session);
  });

  it("keeps a session whose baby is gone, without the baby; refuses another pregnancy's baby", async () => {
    const unknownBaby = kickSession({ babyId: crypto.randomUUID() });
    await family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [unknownBaby] });
    expect((await storedSessions([unknownBaby.id]))[0]).toMatchObject({ babyId: null });
    const theirBaby = kickSession({ babyId: otherBabyId });
    await expect(family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [theirBaby] })).rejects.toMatchObject(refusedWith("PREGNANCY_ID_MISMATCH"));
    expect(await storedSessions([theirBaby.id])).toEqual([]);
  });

  it("refuses sessions that cannot be right, and stores none of the batch", async () => {
    const good = kickSession();
    const bad: Array<[string, unknown, object]> = [
      ["movements out of order", { ...good, kickOffsetsMs: [9000, 5000] }, invalidInput],
      ["a movement after the end", { ...good, kickOffsetsMs: [good.endedAt - good.startedAt + 1] }, invalidInput],
      ["an end before the start", { ...good, endedAt: good.startedAt - 1 }, invalidInput],
      ["a time far in the future", { ...good, startedAt: Date.now() + CLIENT_CLOCK_SKEW_MAX_MS + MS_PER_MINUTE, endedAt: Date.now() + CLIENT_CLOCK_SKEW_MAX_MS + 2 * MS_PER_MINUTE, kickOffsetsMs: [] }, { data: { appCode: "VALIDATION_FAILED" } }],
    ];
    for (const [what, session, refusal] of bad) {
      await expect(family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [good, session as KickSession] }), what).rejects.toMatchObject(refusal);
    }
    const tooMany = Array.from({ length: HEALTH_SYNC_BATCH_MAX + 1 }, () => kickSession());
    await expect(family.owner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: tooMany })).rejects.toMatchObject(invalidInput);
    expect(await storedSessions([good.id])).toEqual([]);
  });

  it("removes a session for both parents; removing it again is not an error", async () => {
    const session = kickSession();
    await family.partner.trpc.healthTrackers.kicks.sync.mutate({ ...scoped(), sessions: [session] });
    expect(await family.owner.trpc.healthTrackers.kicks.remove.mutate({ ...scoped(), sessionId: session.id })).toEqual({ removed: true });
    expect(await family.partner.trpc.healthTrackers.kicks.remove.mutate({ ...scoped(), sessionId: session.id })).toEqual({ removed: false });
    expect((await family.partner.trpc.healthTrackers.kicks.list.query(scoped())).map((s) => s.id)).not.toContain(session.id);
  });
});

describe("contractions", () => {
  it("stores a synced batch once however often it is sent and lists it oldest first for both parents", async () => {
    const timed = [contraction(30, 55), contraction(25, 62), contraction(20, 70)];
    for (let i = 0; i < 3; i++) expect(await family.partner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: timed })).toEqual({ synced: timed.map((c) => c.id) });
    expect(await storedContractions(timed.map((c) => c.id))).toHaveLength(3);
    const listed = (await family.owner.trpc.healthTrackers.contractions.list.query(scoped())).filter((c) => timed.some((t) => t.id === c.id));
    expect(listed).toEqual(timed);
  });

  it("refuses a contraction ending before it starts or lasting over an hour", async () => {
    const start = minutesAgo(200);
    for (const endedAt of [start - 1, start + 61 * MS_PER_MINUTE]) {
      const bad = { id: crypto.randomUUID(), startedAt: start, endedAt };
      await expect(family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [bad] })).rejects.toMatchObject(invalidInput);
      expect(await storedContractions([bad.id])).toEqual([]);
    }
  });

  it("tells the other parent's open screens to reload when a contraction is synced", async () => {
    const feed = await connect(feedOf(family.pregnancyId), family.partner);
    try {
      await family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [contraction(3)] });
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "health");
    } finally {
      feed.socket.close();
    }
  });

  it("does not tell a guest's socket, even one with every flag: the signal alone would say labour has started", async () => {
    const guestFeed = await connect(feedOf(family.pregnancyId), allFlagsGuest);
    const parentFeed = await connect(feedOf(family.pregnancyId), family.partner);
    try {
      await family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [contraction(4)] });
      await parentFeed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "health");
      // A signal any viewer hears, sent after the health one: once it arrives, the health one would have too.
      await family.owner.trpc.posts.create.mutate({ pregnancyId: family.pregnancyId, id: crypto.randomUUID(), content: "<p>Ordering check</p>" });
      await guestFeed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "posts");
      expect(guestFeed.messages.filter((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "health")).toEqual([]);
    } finally {
      guestFeed.socket.close();
      parentFeed.socket.close();
    }
  });

  it("removes a contraction once", async () => {
    const timed = contraction(5);
    await family.owner.trpc.healthTrackers.contractions.sync.mutate({ ...scoped(), contractions: [timed] });
    expect(await family.partner.trpc.healthTrackers.contractions.remove.mutate({ ...scoped(), contractionId: timed.id })).toEqual({ removed: true });
    expect(await family.owner.trpc.healthTrackers.contractions.remove.mutate({ ...scoped(), contractionId: timed.id })).toEqual({ removed: false });
    expect(await storedContractions([timed.id])).toEqual([]);
  });
});

describe("the demo family's trackers", () => {
  it("has Olivia's three supplements on a 7-day streak, the twins' evening counts and an earlier practice session; seeding again adds nothing", async () => {
    const [olivia, noah, grandma] = await Promise.all([signedInAs("olivia"), signedInAs("noah"), signedInAs("grandma")]);
    const demo = { pregnancyId: (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id };
    await seedDemoFamily(db);

    const vitamins = await olivia.trpc.healthTrackers.vitamins.list.query(demo);
    expect(vitamins.supplements.map((s) => s.name)).toEqual(DEMO_SUPPLEMENTS.map((s) => s.name));
    const streakSupplements = vitamins.supplements.map((s) => ({ id: s.id, isActive: s.isActive, since: todayIso(s.createdAt) }));
    expect(vitaminStreak(streakSupplements, vitamins.doses, todayIso())).toBe(7);
    expect((await noah.trpc.healthTrackers.vitamins.list.query(demo)).supplements).toEqual([]);

    const sessions = (await noah.trpc.healthTrackers.kicks.list.query(demo)).filter((s) => DEMO_KICK_SESSIONS.some((d) => d.id === s.id));
    expect(sessions).toHaveLength(DEMO_KICK_SESSIONS.length);
    const { babies } = await noah.trpc.pregnancy.details.query(demo);
    expect(new Set(sessions.map((s) => s.babyId))).toEqual(new Set(babies.map((b) => b.id)));
    for (const demoSession of DEMO_KICK_SESSIONS) {
      const stats = kickSessionStats(sessions.find((s) => s.id === demoSession.id)!);
      expect(stats).toMatchObject({ movements: demoSession.movements, timeToTargetMs: demoSession.minutesToTen * MS_PER_MINUTE });
    }
    const timed = (await olivia.trpc.healthTrackers.contractions.list.query(demo)).filter((c) => DEMO_CONTRACTIONS.some((d) => d.id === c.id));
    expect(timed.map((c) => (c.endedAt - c.startedAt) / MS_PER_SECOND)).toEqual(DEMO_CONTRACTIONS.map((c) => c.seconds));

    await expect(grandma.trpc.healthTrackers.kicks.list.query(demo)).rejects.toMatchObject(refusedWith("ACCESS_DENIED"));
  });
});
