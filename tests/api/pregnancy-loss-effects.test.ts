/**
 * Issue 38: once a loss is recorded (pregnancyLoss.record), every area stops speaking of a baby
 * on the way, and a lost baby of several is never named; undoing the record brings everything back.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, startOfWeek, todayIso } from "../../src/domain/dates";
import { NO_REPLIES_MESSAGE } from "../../src/domain/posts";
import { LOSS_TEXTS } from "../../src/domain/pregnancyLoss";
import { MS_PER_HOUR } from "../../src/domain/units";
import { babyPredictions, marketingSuppressions, newsletterSubscribers, postComments, postLikes, posts, pregnancies, pregnancyBabies, pregnancyLosses, registrySuggestions, waitingRoomSessions } from "../../worker/db/schema";
import { NEWSLETTER_SUBJECTS } from "../../worker/services/newsletter";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, uniqueEmail } from "../support/families";
import type { OutboxMail } from "../support/outbox";
import { jpegWithGps } from "../support/images";
import { addGuest } from "../support/photos";
import { uploadPhotos } from "../support/photoUpload";

type Guest = Awaited<ReturnType<typeof addGuest>>;
type Family = Awaited<ReturnType<typeof createOtherFamily>>;

const { db, close } = openTestDb();

const refused = (code: string, appCode: string) => ({ data: { code, appCode } });
const outbox = async (): Promise<(OutboxMail & { html: string })[]> => (await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as (OutboxMail & { html: string })[];
const details = (fields: Record<string, unknown> = {}) => ({ weightPounds: 7, weightOunces: 8, length: 20, date: addDays(todayIso(), 30), time: "14:30", ...fields });

/** The owner records the loss of the whole pregnancy, or of one baby of several, as in Settings. */
const recordLoss = async ({ owner, pregnancyId }: Family, babyId?: string) => {
  await owner.trpc.pregnancyLoss.record.mutate({ pregnancyId, ...(babyId ? { babyId } : {}) });
};
/** The owner undoes the standing record of the whole pregnancy's loss. */
async function undoLoss({ owner, pregnancyId }: Family) {
  const [loss] = await db
    .select({ id: pregnancyLosses.id })
    .from(pregnancyLosses)
    .where(and(eq(pregnancyLosses.pregnancyId, pregnancyId), isNull(pregnancyLosses.babyId), isNull(pregnancyLosses.undoneAt)));
  await owner.trpc.pregnancyLoss.undo.mutate({ pregnancyId, lossId: loss!.id });
}

async function addBabies(pregnancyId: string, names: string[]): Promise<string[]> {
  const rows = await db
    .insert(pregnancyBabies)
    .values(names.map((name, index) => ({ pregnancyId, name, birthOrder: index + 1 })))
    .returning({ id: pregnancyBabies.id });
  return rows.map((row) => row.id);
}

/** A family with one baby expected, Grandma (immediate family) and Sam (friends). */
let family: Family;
let grandma: Guest;
let sam: Guest;
let pip: string;
let dueDate: string;
const scoped = () => ({ pregnancyId: family.pregnancyId });

beforeAll(async () => {
  family = await createOtherFamily();
  [grandma, sam] = await Promise.all([addGuest(family.pregnancyId, "loss-grandma", "immediate-family"), addGuest(family.pregnancyId, "loss-sam", "friends")]);
  [pip] = (await addBabies(family.pregnancyId, ["Pip"])) as [string];
  dueDate = (await db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId)))[0]!.dueDate;
});

afterAll(close);

describe("the calendar after a loss", () => {
  it("drops the due date and the milestones from the list and the subscribed feed, refuses new ones, and brings them back on undo", async () => {
    const [dueDateEvent] = await family.owner.trpc.calendar.milestones.add.mutate({ ...scoped(), keys: ["due-date"] });
    const dinner = await family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: "Family dinner", date: addDays(todayIso(), 3), category: "family", privacyLevel: "immediate-family" });
    const { url } = await grandma.client.trpc.calendar.feed.get.query(scoped());
    const feed = async () => (await fetch(new URL(new URL(url).pathname, baseUrl()))).text();
    const listed = async (client: ApiClient) => (await client.trpc.calendar.list.query(scoped())).map((event) => event.id);
    const uid = (id: string) => `UID:${id}@babysteps.app`;
    expect(await feed()).toContain(uid(dueDateEvent!.id));

    await recordLoss(family);
    const afterLoss = await feed();
    expect(afterLoss).not.toContain(uid(dueDateEvent!.id));
    expect(afterLoss).not.toContain(dueDate.replaceAll("-", ""));
    expect(afterLoss).toContain(uid(dinner.id));
    expect(await listed(family.owner)).toEqual([dinner.id]);
    expect(await listed(grandma.client)).toEqual([dinner.id]);
    expect(await family.owner.trpc.calendar.milestones.suggestions.query(scoped())).toEqual([]);
    await expect(family.owner.trpc.calendar.milestones.add.mutate({ ...scoped(), keys: ["baby-shower"] })).rejects.toMatchObject(refused("FORBIDDEN", "PREGNANCY_ENDED"));

    await undoLoss(family);
    expect(await feed()).toContain(uid(dueDateEvent!.id));
    expect((await listed(family.owner)).sort()).toEqual([dueDateEvent!.id, dinner.id].sort());
  });

  it("takes the due date out of a relative's invitation history in contacts", async () => {
    const dueDateEvent = (await family.owner.trpc.calendar.list.query(scoped())).find((event) => event.milestoneKey === "due-date")!;
    await family.owner.trpc.calendar.invite.mutate({ ...scoped(), eventId: dueDateEvent.id, participantIds: [grandma.participantId] });
    const history = async () => (await family.owner.trpc.contacts.rsvpHistory.query({ ...scoped(), participantId: grandma.participantId })).map((event) => event.eventId);
    const pending = async () => (await family.owner.trpc.contacts.list.query(scoped())).find((contact) => contact.id === grandma.participantId)?.rsvpSummary.pending;
    expect(await history()).toEqual([dueDateEvent.id]);
    expect(await pending()).toBe(1);
    await recordLoss(family);
    try {
      expect(await history()).toEqual([]);
      expect(await pending()).toBe(0);
    } finally {
      await undoLoss(family);
    }
  });
});

describe("the baby game after a loss", () => {
  it("reads as closed with no guesses, leaderboard or baby for anyone, refuses every play, and keeps the guesses for an undo", async () => {
    await grandma.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: pip, details: details() });
    await recordLoss(family);
    try {
      for (const client of [family.owner, grandma.client]) {
        expect(await client.trpc.babyGame.state.query(scoped())).toMatchObject({ babies: [], closedByLoss: true, isLocked: false, actualResults: null });
        expect(await client.trpc.babyGame.predictions.query(scoped())).toEqual({ predictions: [], hiddenByBaby: {} });
        expect(await client.trpc.babyGame.leaderboard.query(scoped())).toEqual({ isLocked: false, overall: [], byBaby: {} });
      }
      await expect(grandma.client.trpc.babyGame.submit.mutate({ ...scoped(), babyId: pip, details: details({ weightPounds: 9 }) })).rejects.toMatchObject({
        message: LOSS_TEXTS.gameClosed,
        ...refused("FORBIDDEN", "PREGNANCY_ENDED"),
      });
      await expect(family.owner.trpc.babyGame.lock.mutate({ ...scoped(), results: [{ babyId: pip, details: details() }] })).rejects.toMatchObject(refused("FORBIDDEN", "PREGNANCY_ENDED"));
      const stored = await db.select().from(babyPredictions).where(eq(babyPredictions.pregnancyId, family.pregnancyId));
      expect(stored.map((guess) => guess.predictedWeight)).toEqual([7.5]);
    } finally {
      await undoLoss(family);
    }
    expect((await family.owner.trpc.babyGame.predictions.query(scoped())).predictions).toHaveLength(1);
  });
});

describe("the waiting room and the registry after a loss", () => {
  it("refuses to open the room, which reads closed", async () => {
    await recordLoss(family);
    try {
      await expect(family.owner.trpc.waitingRoom.activate.mutate(scoped())).rejects.toMatchObject({ message: LOSS_TEXTS.roomClosed, ...refused("FORBIDDEN", "PREGNANCY_ENDED") });
      expect(await db.select().from(waitingRoomSessions).where(eq(waitingRoomSessions.pregnancyId, family.pregnancyId))).toEqual([]);
      expect(await grandma.client.trpc.waitingRoom.state.query(scoped())).toMatchObject({ state: "inactive", closedByLoss: true, babies: [] });
    } finally {
      await undoLoss(family);
    }
  });

  it("hides the guests' suggestions from the parents and refuses new ones", async () => {
    await grandma.client.trpc.registry.suggestions.create.mutate({ ...scoped(), name: "A pram" });
    await recordLoss(family);
    try {
      expect(await family.owner.trpc.registry.suggestions.list.query(scoped())).toEqual([]);
      await expect(grandma.client.trpc.registry.suggestions.create.mutate({ ...scoped(), name: "A cot" })).rejects.toMatchObject(refused("FORBIDDEN", "PREGNANCY_ENDED"));
      expect((await db.select().from(registrySuggestions).where(eq(registrySuggestions.pregnancyId, family.pregnancyId))).map((s) => s.name)).toEqual(["A pram"]);
    } finally {
      await undoLoss(family);
    }
    expect((await family.owner.trpc.registry.suggestions.list.query(scoped())).map((s) => s.name)).toEqual(["A pram"]);
  });
});

describe("a message told to chosen people, without replies", () => {
  let messageId: string;
  beforeAll(async () => {
    const created = await family.owner.trpc.posts.create.mutate({ ...scoped(), id: crypto.randomUUID(), content: "<p>We lost our baby. Thank you for your love.</p>", privacyLevel: "parents-only" });
    messageId = created.id;
    // As the parents' message is stored: Grandma chosen by name, no replies asked for.
    await db.update(posts).set({ audienceUserIds: [grandma.userId], repliesAllowed: false, kind: "loss-message" }).where(eq(posts.id, messageId));
  });

  it("reaches the guest named in it and not another", async () => {
    const seen = (await grandma.client.trpc.posts.list.query(scoped())).posts.find((post) => post.id === messageId);
    expect(seen).toMatchObject({ repliesAllowed: false, kind: "loss-message" });
    expect((await sam.client.trpc.posts.list.query(scoped())).posts.map((post) => post.id)).not.toContain(messageId);
    await expect(sam.client.trpc.posts.likes.toggle.mutate({ ...scoped(), postId: messageId, liked: true })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  it("refuses a like and a comment, and stores neither", async () => {
    const noReplies = { message: NO_REPLIES_MESSAGE, ...refused("FORBIDDEN", "NO_REPLIES") };
    await expect(grandma.client.trpc.posts.likes.toggle.mutate({ ...scoped(), postId: messageId, liked: true })).rejects.toMatchObject(noReplies);
    await expect(grandma.client.trpc.posts.comments.add.mutate({ ...scoped(), postId: messageId, id: crypto.randomUUID(), content: "So sorry" })).rejects.toMatchObject(noReplies);
    await expect(family.owner.trpc.posts.comments.add.mutate({ ...scoped(), postId: messageId, id: crypto.randomUUID(), content: "Thank you" })).rejects.toMatchObject(noReplies);
    expect(await db.select().from(postLikes).where(eq(postLikes.postId, messageId))).toEqual([]);
    expect(await db.select().from(postComments).where(eq(postComments.postId, messageId))).toEqual([]);
  });
});

describe("the weekly digest after a loss", () => {
  /** A Monday morning the digest is due in UTC, not in the future. */
  const mondayMorning = (() => {
    const monday = new Date(`${startOfWeek(todayIso())}T09:00:00Z`);
    return monday.getTime() > Date.now() ? new Date(monday.getTime() - 7 * 24 * MS_PER_HOUR) : monday;
  })();
  const runDigestForEveryone = async () => {
    const response = await fetch(new URL("/api/dev/weekly-digest", baseUrl()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: mondayMorning.toISOString() }) });
    expect(((await response.json()) as { failed: number }).failed).toBe(0);
  };

  it("holds what the family shared, but no week, size or countdown, and never the loss message", async () => {
    await family.owner.trpc.posts.create.mutate({ ...scoped(), id: crypto.randomUUID(), content: "<p>Thank you for the flowers</p>", privacyLevel: "immediate-family" });
    await uploadPhotos(family.owner, family.pregnancyId, [{ name: "flowers.jpg", bytes: jpegWithGps() }], { metadata: { privacyLevel: "immediate-family" } });
    await recordLoss(family);
    try {
      await runDigestForEveryone();
    } finally {
      await undoLoss(family);
    }
    const mails = (await outbox()).filter((mail) => mail.to === grandma.email.toLowerCase() && mail.subject === "Another Family: your week");
    expect(mails).toHaveLength(1);
    const { text, html } = mails[0]!;
    expect(text).toContain("Thank you for the flowers");
    expect(html).toContain('alt="A photo"');
    expect(`${text}\n${html}`).not.toMatch(/week \d+|size of|of the pregnancy/i);
    expect(text).not.toContain("We lost our baby");
  });
});

describe("a lost baby of several", () => {
  let twins: Family;
  let bean: string;
  let sprout: string;
  let moss: string;
  const inTwins = () => ({ pregnancyId: twins.pregnancyId });

  beforeAll(async () => {
    twins = await createOtherFamily();
    [bean, sprout, moss] = (await addBabies(twins.pregnancyId, ["Bean", "Sprout", "Moss"])) as [string, string, string];
    // A guess about Moss made before the loss: kept, never shown.
    await twins.owner.trpc.babyGame.submit.mutate({ ...inTwins(), babyId: moss, details: details() });
    await db.update(pregnancyBabies).set({ bornAnnouncedAt: new Date(), birthDate: todayIso() }).where(eq(pregnancyBabies.id, bean));
    await recordLoss(twins, moss);
  });

  it("is no baby of the game: not listed, guessed or shown", async () => {
    const state = await twins.owner.trpc.babyGame.state.query(inTwins());
    expect(state.babies.map((baby) => baby.name)).toEqual(["Bean", "Sprout"]);
    expect(state.closedByLoss).toBe(false);
    expect(await twins.owner.trpc.babyGame.predictions.query(inTwins())).toEqual({ predictions: [], hiddenByBaby: {} });
    await expect(twins.owner.trpc.babyGame.submit.mutate({ ...inTwins(), babyId: moss, details: details() })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    await twins.owner.trpc.babyGame.submit.mutate({ ...inTwins(), babyId: sprout, details: details() });
    expect((await twins.owner.trpc.babyGame.predictions.query(inTwins())).predictions.map((guess) => guess.babyId)).toEqual([sprout]);
    expect(await db.select().from(babyPredictions).where(and(eq(babyPredictions.pregnancyId, twins.pregnancyId), eq(babyPredictions.babyId, moss)))).toHaveLength(1);
  });

  it("is not named by the waiting room", async () => {
    const opened = await twins.owner.trpc.waitingRoom.activate.mutate(inTwins());
    expect(opened.pinnedUpdates[0]?.content).toBe("Another Family: Bean is here, and we are back in the waiting room for Sprout!");
    expect(opened.babies.map((baby) => baby.name)).toEqual(["Bean", "Sprout"]);
    expect((await twins.owner.trpc.waitingRoom.state.query(inTwins())).babies.map((baby) => baby.name)).toEqual(["Bean", "Sprout"]);
  });

  it("is neither scored nor asked for when the game is locked", async () => {
    await twins.owner.trpc.babyGame.lock.mutate({
      ...inTwins(),
      results: [
        { babyId: bean, details: details() },
        { babyId: sprout, details: details() },
      ],
    });
    const board = await twins.owner.trpc.babyGame.leaderboard.query(inTwins());
    expect(Object.keys(board.byBaby).sort()).toEqual([bean, sprout].sort());
    expect(board.overall).toHaveLength(1);
    expect(Object.keys((await twins.owner.trpc.babyGame.state.query(inTwins())).actualResults ?? {}).sort()).toEqual([bean, sprout].sort());
  });
});

describe("newsletter after a loss", () => {
  const visitor = () => new ApiClient(baseUrl());
  const mailsTo = async (email: string) => (await outbox()).filter((mail) => mail.to === email);

  it("mails a suppressed address nothing on subscribing, and stores nothing, answering as always", async () => {
    const email = uniqueEmail("suppressed");
    await db.insert(marketingSuppressions).values({ email, reason: "pregnancy-loss" });
    const response = await visitor().postJson("/api/newsletter/subscribe", { firstName: "Ada", email: email.toUpperCase() });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ ok: true });
    expect(await mailsTo(email)).toEqual([]);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
  });

  it("never makes a suppressed address active, nor mails it the checklist, when its old link is confirmed", async () => {
    const email = uniqueEmail("pending");
    await visitor().postJson("/api/newsletter/subscribe", { firstName: "Bea", email });
    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe(NEWSLETTER_SUBJECTS.confirm);
    const token = /\/newsletter\/confirm\?token=([0-9a-f-]{36})/.exec(confirmation!.text)?.[1];
    await db.insert(marketingSuppressions).values({ email, reason: "pregnancy-loss" });
    const confirmed = await visitor().postJson("/api/newsletter/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: "confirmed" });
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([NEWSLETTER_SUBJECTS.confirm]);
    expect((await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.confirmedAt).toBeNull();
  });
});

describe("service-end notices after a loss", () => {
  it("are not sent: their text speaks of the due date", async () => {
    const ending = await createOtherFamily();
    const title = `Lost ${crypto.randomUUID().slice(0, 8)}`;
    const lastDay = addDays(todayIso(), 60);
    await db.update(pregnancies).set({ title, serviceEndDate: lastDay, timeZone: "UTC" }).where(eq(pregnancies.id, ending.pregnancyId));
    await recordLoss(ending);
    const response = await fetch(new URL("/api/dev/service-end-notices", baseUrl()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: `${addDays(lastDay, -14)}T12:00:00.000Z` }) });
    expect(response.status).toBe(200);
    const ownerEmail = (await ending.owner.trpc.account.me.query()).email;
    expect((await outbox()).filter((mail) => mail.to === ownerEmail && mail.subject.startsWith(`${title}:`))).toEqual([]);
    expect((await ending.owner.trpc.account.modeContext.query()).serviceEndNotices).toEqual([]);
  });
});
