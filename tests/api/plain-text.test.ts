/**
 * Issue 18 item 11: family text survives. Every plain-text field reachable by tRPC (and the public
 * forms) stores and returns an XSS payload list and ordinary sentences exactly as typed; post
 * content, the one rich-text field, keeps no script, handler or script URL; mail HTML, the
 * iCalendar feed and the CSV export escape what they carry, checked with independent parsers.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import { parse as parseHtml, type DefaultTreeAdapterTypes } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BABY_GAME_NAME_MAX_LENGTH, sameGuessText } from "../../src/domain/babyGame";
import { addDays, todayIso } from "../../src/domain/dates";
import { PERMISSION_FLAGS } from "../../src/domain/enums";
import { contactMessages, mailOutbox, newsletterSubscribers } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { uniqueEmail } from "../support/families";
import { PNG_1X1 } from "../support/images";
import { createMatrixFamily, type MatrixFamily } from "../support/matrix-family";
import { addGuest } from "../support/photos";
import { uploadPhotos } from "../support/photoUpload";
import { ORDINARY_SENTENCES, XSS_PAYLOADS } from "../support/xss-payloads";
import { BIRTH_PLAN_SECTIONS, BIRTH_PLAN_TEXT_MAX_LENGTH } from "../../src/domain/birthPlan";
import { HEALTH_LOG_NAME_MAX_LENGTH, healthLogsCsv } from "../../src/domain/healthLogs";
import { COMMENT_MAX_LENGTH, LOCATION_MAX_LENGTH, NAME_MAX_LENGTH, QUESTIONS_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";
import { CONTACT_MESSAGE_MAX_LENGTH } from "../../src/domain/publicForms";
import { HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH } from "../../src/domain/hospitalBag";
import { PHOTO_TAG_MAX_LENGTH } from "../../src/domain/photos";
import { POST_MOOD_MAX_LENGTH } from "../../src/domain/posts";
import { REGISTRY_DESCRIPTION_MAX_LENGTH } from "../../src/domain/registry";
import { SUPPLEMENT_TEXT_MAX_LENGTH } from "../../src/domain/healthTrackers";
import { WAITING_ROOM_MESSAGE_MAX_LENGTH } from "../../src/domain/waitingRoom";
import { DIRECT_MESSAGE_MIN_GAP_MS, GROUP_MESSAGE_MIN_GAP_MS } from "../../src/domain/messaging";

/** Every text goes through every field it fits (a longer one would be cut with '...', by design). */
const TEXTS = [...ORDINARY_SENTENCES, ...XSS_PAYLOADS];
const fitting = (max: number) => TEXTS.filter((text) => text.length <= max);
const or = (text: string, max: number, fallback: string) => (text.length <= max ? text : fallback);

/** The texts joined by line breaks into as few values as fit `max`: for fields whose writes are rate-limited. */
function packed(max: number): string[] {
  const values: string[] = [];
  for (const text of fitting(max)) {
    const last = values.at(-1);
    if (last !== undefined && last.length + 1 + text.length <= max) values[values.length - 1] = `${last}\n${text}`;
    else values.push(text);
  }
  return values;
}

/** Runs `write` over the items a few at a time (one tRPC batch each), keeping their order. */
async function inBatches<T, R>(items: readonly T[], write: (item: T) => Promise<R>, size = 8): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(write))));
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Writes to one row (or rate-limited ones) go one after another: these tests take longer than most. */
const SEQUENTIAL = { timeout: 120_000 };

const { db, close } = openTestDb();
let family: MatrixFamily;
let pregnancyId: string;
/** A guest of the closest circle with every flag: reads what the family shows and writes as a guest. */
let relative: Awaited<ReturnType<typeof addGuest>>;
const scoped = () => ({ pregnancyId });

beforeAll(async () => {
  family = await createMatrixFamily();
  pregnancyId = family.pregnancyId;
  relative = await addGuest(pregnancyId, "plain-relative", "immediate-family", Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])));
});

afterAll(async () => {
  await close();
});

describe("plain text is stored and returned exactly as typed", () => {
  it("pregnancy title and baby name", SEQUENTIAL, async () => {
    const stored: string[][] = [];
    for (const text of fitting(TITLE_MAX_LENGTH)) {
      await family.owner.trpc.pregnancy.update.mutate({ ...scoped(), title: text });
      await family.owner.trpc.pregnancy.updateBaby.mutate({ ...scoped(), babyId: family.babyId, name: text });
      const details = await relative.client.trpc.pregnancy.details.query(scoped());
      stored.push([details.title, details.babies.find((baby) => baby.id === family.babyId)?.name ?? ""]);
    }
    expect(stored).toEqual(fitting(TITLE_MAX_LENGTH).map((text) => [text, text]));
  });

  it("calendar event title, location, notes and questions", async () => {
    const typed = TEXTS.map((text) => ({ title: or(text, TITLE_MAX_LENGTH, "Event"), location: or(text, LOCATION_MAX_LENGTH, ""), notes: text, questions: or(text, QUESTIONS_MAX_LENGTH, "") }));
    const created = await inBatches(typed, (fields) =>
      family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), date: addDays(todayIso(), 20), category: "medical", privacyLevel: "immediate-family", ...fields }),
    );
    const listed = new Map((await family.owner.trpc.calendar.list.query(scoped())).map((event) => [event.id, event]));
    const stored = created.map(({ id }) => {
      const event = listed.get(id);
      return { title: event?.title, location: event?.location ?? "", notes: event?.notes, questions: event?.questions ?? "" };
    });
    expect(stored).toEqual(typed);
  });

  it("post mood and location, and comments and replies on a post", async () => {
    const typed = TEXTS.map((text) => ({ mood: or(text, POST_MOOD_MAX_LENGTH, ""), location: or(text, LOCATION_MAX_LENGTH, "") }));
    const created = await inBatches(typed, (fields) => family.owner.trpc.posts.create.mutate({ ...scoped(), id: crypto.randomUUID(), content: "<p>News</p>", ...fields }));
    const feed = new Map<string, { mood: string | null; location: string | null }>();
    for (let cursor: string | null = null; ; ) {
      const page: { posts: { id: string; mood: string | null; location: string | null }[]; nextCursor: string | null } = await relative.client.trpc.posts.list.query({ ...scoped(), cursor });
      for (const post of page.posts) feed.set(post.id, post);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(created.map(({ id }) => ({ mood: feed.get(id)?.mood ?? "", location: feed.get(id)?.location ?? "" }))).toEqual(typed);

    const post = created[0]!;
    const comments = await inBatches(fitting(COMMENT_MAX_LENGTH), (content) => relative.client.trpc.posts.comments.add.mutate({ ...scoped(), postId: post.id, id: crypto.randomUUID(), content }));
    const reply = await family.owner.trpc.posts.comments.add.mutate({ ...scoped(), postId: post.id, id: crypto.randomUUID(), content: ORDINARY_SENTENCES[1]!, parentCommentId: comments[0]!.id });
    expect(reply.content).toBe(ORDINARY_SENTENCES[1]);
    const listed = new Map<string, string>();
    for (let cursor = 0; ; ) {
      const page = await family.owner.trpc.posts.comments.list.query({ ...scoped(), postId: post.id, cursor });
      for (const comment of page.comments) listed.set(comment.id, comment.content);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(comments.map((comment) => listed.get(comment.id))).toEqual(fitting(COMMENT_MAX_LENGTH));
  });

  it("photo title, description, alt text and tags (lower-cased, spaces collapsed, by design), and photo comments", SEQUENTIAL, async () => {
    const [uploaded] = await uploadPhotos(family.owner, pregnancyId, [{ name: "plain.png", bytes: PNG_1X1 }], { metadata: { privacyLevel: "immediate-family" } });
    const photoId = uploaded!.photoId!;
    const stored: unknown[] = [];
    for (const text of TEXTS) {
      await family.owner.trpc.photos.update.mutate({ ...scoped(), photoId, title: or(text, TITLE_MAX_LENGTH, "Photo"), description: text, altText: text, tags: text.length <= PHOTO_TAG_MAX_LENGTH ? [text] : [] });
      const photo = (await relative.client.trpc.photos.list.query(scoped())).items.find((item) => item.id === photoId);
      stored.push({ title: photo?.title, description: photo?.description, altText: photo?.altText, tags: photo?.tags });
    }
    expect(stored).toEqual(
      TEXTS.map((text) => ({ title: or(text, TITLE_MAX_LENGTH, "Photo"), description: text, altText: text, tags: text.length <= PHOTO_TAG_MAX_LENGTH ? [text.toLowerCase().replace(/\s+/g, " ")] : [] })),
    );

    const comments = await inBatches(fitting(COMMENT_MAX_LENGTH), (content) => relative.client.trpc.photos.comments.add.mutate({ ...scoped(), photoId, content }));
    const listed = new Map((await family.owner.trpc.photos.comments.list.query({ ...scoped(), photoId })).map((comment) => [comment.id, comment.content]));
    expect(comments.map((comment) => listed.get(comment.id))).toEqual(fitting(COMMENT_MAX_LENGTH));
  });

  it("registry name and description, and a guest's suggested item name and note", SEQUENTIAL, async () => {
    const registry = await family.owner.trpc.registry.createOrUpdate.mutate({ ...scoped(), isCustom: true, name: "Ours", url: "https://example.com/list" });
    const stored: unknown[] = [];
    for (const text of TEXTS) {
      const fields = { name: or(text, TITLE_MAX_LENGTH, "Ours"), description: or(text, REGISTRY_DESCRIPTION_MAX_LENGTH, "") };
      await family.owner.trpc.registry.createOrUpdate.mutate({ ...scoped(), isCustom: true, registryId: registry.id, url: "https://example.com/list", ...fields });
      const listed = (await relative.client.trpc.registry.list.query(scoped())).find((item) => item.id === registry.id);
      stored.push({ name: listed?.name, description: listed?.description ?? "" });
    }
    expect(stored).toEqual(TEXTS.map((text) => ({ name: or(text, TITLE_MAX_LENGTH, "Ours"), description: or(text, REGISTRY_DESCRIPTION_MAX_LENGTH, "") })));

    const typed = TEXTS.map((text) => ({ name: or(text, TITLE_MAX_LENGTH, "Item"), note: or(text, REGISTRY_DESCRIPTION_MAX_LENGTH, "") }));
    const suggested = await inBatches(typed, async (fields) => (await relative.client.trpc.registry.suggestions.create.mutate({ ...scoped(), ...fields }))!);
    const listed = new Map((await family.owner.trpc.registry.suggestions.list.query(scoped())).map((suggestion) => [suggestion.id, suggestion]));
    expect(suggested.map(({ id }) => ({ name: listed.get(id)?.name, note: listed.get(id)?.note ?? "" }))).toEqual(typed);
  });

  it("health: supplements, quick logs, birth plan, hospital bag items and medical contacts", SEQUENTIAL, async () => {
    // The checklist keeps at most 30 supplements: one is renamed through the texts.
    const supplement = await family.owner.trpc.healthTrackers.vitamins.add.mutate({ ...scoped(), id: crypto.randomUUID(), name: "Iron" });
    const vitamins: unknown[] = [];
    for (const text of fitting(SUPPLEMENT_TEXT_MAX_LENGTH)) {
      await family.owner.trpc.healthTrackers.vitamins.update.mutate({ ...scoped(), supplementId: supplement.id, name: text, dose: text, timeOfDay: text });
      const listed = (await family.owner.trpc.healthTrackers.vitamins.list.query(scoped())).supplements.find((item) => item.id === supplement.id);
      vitamins.push([listed?.name, listed?.dose, listed?.timeOfDay]);
    }
    expect(vitamins).toEqual(fitting(SUPPLEMENT_TEXT_MAX_LENGTH).map((text) => [text, text, text]));

    const names = fitting(HEALTH_LOG_NAME_MAX_LENGTH);
    const logs = names.map((name) => ({ kind: "craving" as const, id: crypto.randomUUID(), name, notes: name, loggedAt: new Date(), loggedOn: new Date().toISOString().slice(0, 10) }));
    await inBatches(logs, (log) => family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [log] }));
    const listedLogs = new Map((await family.owner.trpc.healthRecords.logs.list.query(scoped())).map((log) => [log.id, log]));
    expect(logs.map(({ id }) => [listedLogs.get(id)?.name, listedLogs.get(id)?.notes])).toEqual(names.map((text) => [text, text]));

    const textKeys = BIRTH_PLAN_SECTIONS.flatMap((section) => section.questions.filter((question) => question.kind === "text").map((question) => question.key));
    const planTexts = fitting(BIRTH_PLAN_TEXT_MAX_LENGTH);
    for (let start = 0; start < planTexts.length; start += textKeys.length) {
      const answers = Object.fromEntries(planTexts.slice(start, start + textKeys.length).map((text, i) => [textKeys[i]!, text]));
      await family.owner.trpc.healthRecords.birthPlan.save.mutate({ ...scoped(), answers });
      expect((await family.partner.trpc.healthRecords.birthPlan.get.query(scoped())).answers).toEqual(answers);
    }

    const items = fitting(HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH).map((name) => ({ id: crypto.randomUUID(), name }));
    await inBatches(items, (item) => family.owner.trpc.healthRecords.hospitalBag.add.mutate({ ...scoped(), owner: "baby", ...item }));
    const bag = new Map((await family.partner.trpc.healthRecords.hospitalBag.list.query(scoped())).map((item) => [item.id, item.name]));
    expect(items.map(({ id }) => bag.get(id))).toEqual(items.map(({ name }) => name));

    // At most 50 contacts: one is edited through the texts.
    const contact = await family.owner.trpc.healthRecords.medicalContacts.create.mutate({ ...scoped(), id: crypto.randomUUID(), kind: "other", name: "Dr. Lee" });
    const typedContacts = TEXTS.map((text) => ({ name: or(text, NAME_MAX_LENGTH, "Dr. Lee"), address: or(text, LOCATION_MAX_LENGTH, ""), notes: text }));
    const storedContacts: unknown[] = [];
    for (const fields of typedContacts) {
      await family.owner.trpc.healthRecords.medicalContacts.update.mutate({ ...scoped(), contactId: contact.id, kind: "other", ...fields });
      const listed = (await family.partner.trpc.healthRecords.medicalContacts.list.query(scoped())).find((item) => item.id === contact.id);
      storedContacts.push({ name: listed?.name, address: listed?.address ?? "", notes: listed?.notes });
    }
    expect(storedContacts).toEqual(typedContacts);
  });

  it("baby game player and name guesses", SEQUENTIAL, async () => {
    const details = { weightPounds: 7, weightOunces: 4, length: 20, date: addDays(todayIso(), 100), time: "2:05 PM" };
    // Player names are unique per baby whatever their case and spaces, so such variants of a payload enter once.
    const players = fitting(BABY_GAME_NAME_MAX_LENGTH).filter((name, i, all) => all.findIndex((other) => sameGuessText(other, name)) === i);
    const entered = await inBatches(players, (playerName) => family.owner.trpc.babyGame.enterFor.mutate({ ...scoped(), id: crypto.randomUUID(), babyId: family.babyId, playerName, details }));
    const guesses = new Map((await family.owner.trpc.babyGame.predictions.query(scoped())).predictions.map((guess) => [guess.id, guess]));
    expect(entered.map(({ id }) => guesses.get(id)?.playerName)).toEqual(players);

    const nameGuesses: (string | null | undefined)[] = [];
    for (const name of fitting(BABY_GAME_NAME_MAX_LENGTH)) {
      await family.owner.trpc.babyGame.update.mutate({ ...scoped(), predictionId: entered[0]!.id, details: { ...details, name } });
      nameGuesses.push((await family.owner.trpc.babyGame.predictions.query(scoped())).predictions.find((guess) => guess.id === entered[0]!.id)?.nameGuess);
    }
    expect(nameGuesses).toEqual(fitting(BABY_GAME_NAME_MAX_LENGTH));
  });

  it("a guest's title, an invited guest's names, title and personal message, and one's own profile names", SEQUENTIAL, async () => {
    const titles: (string | null | undefined)[] = [];
    for (const text of fitting(TITLE_MAX_LENGTH)) {
      await family.owner.trpc.participants.update.mutate({ ...scoped(), participantId: relative.participantId, title: text });
      titles.push((await family.owner.trpc.participants.list.query(scoped())).find((p) => p.id === relative.participantId)?.title);
    }
    expect(titles).toEqual(fitting(TITLE_MAX_LENGTH));

    const invited = TEXTS.map((text) => ({ email: uniqueEmail("plain-invitee"), firstName: or(text, NAME_MAX_LENGTH, "Kim"), lastName: or(text, NAME_MAX_LENGTH, ""), title: or(text, TITLE_MAX_LENGTH, ""), personalMessage: text }));
    const results = await inBatches(invited, (invitation) => family.owner.trpc.invitations.inviteGuest.mutate({ ...scoped(), ...invitation }), 4);
    const participants = new Map((await family.owner.trpc.participants.list.query(scoped())).map((p) => [p.id, p]));
    expect(results.map(({ participantId }) => participants.get(participantId)).map((p) => ({ firstName: p?.firstName, lastName: p?.lastName ?? "", title: p?.title ?? "" }))).toEqual(
      invited.map(({ firstName, lastName, title }) => ({ firstName, lastName, title })),
    );
    const mails = await db.select().from(mailOutbox).where(inArray(mailOutbox.to, invited.map(({ email }) => email)));
    for (const { email, personalMessage } of invited) {
      const mail = mails.find((m) => m.to === email);
      expect(mail?.text, email).toContain(`"${personalMessage}"`);
      expectSafeMailHtml(mail?.html ?? "", `"${personalMessage}"`);
    }

    const names: string[][] = [];
    for (const text of fitting(NAME_MAX_LENGTH)) {
      await relative.client.trpc.account.updateProfile.mutate({ firstName: text, lastName: text });
      const me = (await relative.client.trpc.account.me.query())!;
      names.push([me.firstName, me.lastName]);
    }
    expect(names).toEqual(fitting(NAME_MAX_LENGTH).map((text) => [text, text]));
  });

  it("waiting room: group messages, direct messages, parent updates (and their mail) and the baby's details", SEQUENTIAL, async () => {
    await family.owner.trpc.waitingRoom.activate.mutate(scoped());
    const messages = packed(WAITING_ROOM_MESSAGE_MAX_LENGTH);
    const sent = [];
    for (const content of messages) {
      sent.push(await relative.client.trpc.waitingRoom.messages.send.mutate({ ...scoped(), id: crypto.randomUUID(), content }));
      await sleep(GROUP_MESSAGE_MIN_GAP_MS + 50);
    }
    const updates = [];
    for (const content of messages) {
      updates.push(await family.owner.trpc.waitingRoom.postUpdate.mutate({ ...scoped(), id: crypto.randomUUID(), content }));
      await sleep(GROUP_MESSAGE_MIN_GAP_MS + 50);
    }
    const room = new Map((await family.partner.trpc.waitingRoom.messages.list.query(scoped())).messages.map((message) => [message.id, message.content]));
    expect(sent.map(({ id }) => room.get(id))).toEqual(messages);
    expect(updates.map(({ id }) => room.get(id))).toEqual(messages);
    const updateMails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, relative.email))).filter((mail) => mail.text.includes("posted an update"));
    for (const content of messages) {
      const mail = updateMails.find((m) => m.text.includes(content));
      expect(mail, content.slice(0, 40)).toBeDefined();
      expectSafeMailHtml(mail?.html ?? "", content);
    }

    const direct = [];
    for (const content of messages) {
      direct.push(await relative.client.trpc.waitingRoom.dms.send.mutate({ ...scoped(), id: crypto.randomUUID(), recipientId: await userIdOf(family.owner), content }));
      await sleep(DIRECT_MESSAGE_MIN_GAP_MS + 50);
    }
    const { id: conversationId } = await family.owner.trpc.waitingRoom.dms.open.mutate({ ...scoped(), otherUserId: relative.userId });
    const dms = new Map((await family.owner.trpc.waitingRoom.dms.messages.query({ ...scoped(), conversationId })).messages.map((message) => [message.id, message.content]));
    expect(direct.map(({ id }) => dms.get(id))).toEqual(messages);

    const name = ORDINARY_SENTENCES[1]!;
    await family.owner.trpc.waitingRoom.babyHere.mutate({ ...scoped(), timeZone: "UTC", name, weightPounds: 7.5 });
    const notice = (await relative.client.trpc.waitingRoom.messages.list.query(scoped())).messages.at(-1)?.content;
    expect(notice).toContain(`${name} arrived weighing 7 lb 8 oz (3.4 kg).`);
  });

  it("the public contact form and newsletter sign-up", async () => {
    const short = fitting(NAME_MAX_LENGTH);
    const message = packed(CONTACT_MESSAGE_MAX_LENGTH)[0]!;
    const typed = short.map((text, i) => ({ firstName: text, lastName: text, subject: text, message: i === 0 ? message : text, email: uniqueEmail("plain-contact") }));
    // A visitor per message: the form is rate-limited per address.
    const answers = await inBatches(typed, (form) => new ApiClient(baseUrl()).postJson("/api/contact", form));
    expect(answers.map((answer) => answer.status)).toEqual(typed.map(() => 200));
    const stored = await db.select().from(contactMessages).where(inArray(contactMessages.email, typed.map(({ email }) => email)));
    expect(typed.map(({ email }) => stored.find((row) => row.email === email)).map((row) => ({ firstName: row?.firstName, lastName: row?.lastName, subject: row?.subject, message: row?.message }))).toEqual(
      typed.map(({ firstName, lastName, subject, message: text }) => ({ firstName, lastName, subject, message: text })),
    );
    expect(message.length).toBeGreaterThan(COMMENT_MAX_LENGTH);

    const subscribers = short.map((firstName) => ({ firstName, email: uniqueEmail("plain-newsletter") }));
    await inBatches(subscribers, (form) => new ApiClient(baseUrl()).postJson("/api/newsletter/subscribe", form));
    const rows = await db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, subscribers.map(({ email }) => email)));
    expect(subscribers.map(({ email }) => rows.find((row) => row.email === email)?.firstName)).toEqual(short);
  });
});

describe("post content is rich text", () => {
  /** Every tag stored HTML may hold. */
  const ALLOWED_TAG = /^<\/?(b|i|em|strong|p|br|ul|ol|li)>$|^<\/a>$|^<a href="https?:\/\/[^"<>\s]+" rel="noopener noreferrer nofollow" target="_blank">$/;

  it("keeps no script, handler or script URL from any payload, and ordinary sentences as the editor sends them", async () => {
    const created = await inBatches(XSS_PAYLOADS, (payload) => family.owner.trpc.posts.create.mutate({ ...scoped(), id: crypto.randomUUID(), content: `<p>Update</p>${payload}` }));
    for (const [i, post] of created.entries()) {
      for (const tag of post.content.match(/<[^>]*>/g) ?? []) expect(tag, XSS_PAYLOADS[i]).toMatch(ALLOWED_TAG);
    }
    const typed = ORDINARY_SENTENCES.map((sentence) => `<p>${sentence.replaceAll("<", "&lt;")}</p>`);
    const sentences = await inBatches(typed, (content) => family.owner.trpc.posts.create.mutate({ ...scoped(), id: crypto.randomUUID(), content }));
    expect(sentences.map((post) => post.content)).toEqual(typed);
  });
});

describe("outputs escape what they carry", () => {
  it("the iCalendar feed gives back each title, location and notes as typed, one event each, nothing injected", async () => {
    const injected = "Party\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected;ATTENDEE=mailto:x@evil.example, \\n";
    const texts = [...TEXTS, injected];
    const created = await inBatches(texts, (text) =>
      family.owner.trpc.calendar.create.mutate({ ...scoped(), id: crypto.randomUUID(), title: or(text, TITLE_MAX_LENGTH, "Event"), location: or(text, LOCATION_MAX_LENGTH, ""), notes: text, date: addDays(todayIso(), 30), category: "medical" }),
    );
    const { url } = await family.owner.trpc.calendar.feed.get.query(scoped());
    const ics = await (await fetch(new URL(new URL(url).pathname, baseUrl()))).text();
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent");
    const byUid = new Map(events.map((event) => [String(event.getFirstPropertyValue("uid")), event]));
    for (const [i, event] of created.entries()) {
      const vevent = byUid.get(`${event.id}@babysteps.app`);
      const text = texts[i]!;
      expect(vevent?.getFirstPropertyValue("summary"), text).toBe(or(text, TITLE_MAX_LENGTH, "Event"));
      expect(vevent?.getFirstPropertyValue("location") ?? "", text).toBe(or(text, LOCATION_MAX_LENGTH, ""));
      expect(vevent?.getFirstPropertyValue("description"), text).toBe(text);
      expect(vevent?.getAllProperties("attendee"), text).toEqual([]);
    }
    expect(events.filter((event) => String(event.getFirstPropertyValue("summary")).startsWith("Injected"))).toEqual([]);
  });

  it("the health log CSV export gives back each name and note as typed, formulas defused", async () => {
    const formulas = ['=HYPERLINK("https://evil.example","Open")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", 'Said "ouch", twice\nthen slept'];
    const texts = [...fitting(HEALTH_LOG_NAME_MAX_LENGTH), ...formulas];
    const logs = texts.map((name) => ({ kind: "symptom" as const, severity: 2, id: crypto.randomUUID(), name, notes: name, loggedAt: new Date(), loggedOn: new Date().toISOString().slice(0, 10) }));
    await inBatches(logs, (log) => family.owner.trpc.healthRecords.logs.sync.mutate({ ...scoped(), logs: [log] }));
    const listed = (await family.owner.trpc.healthRecords.logs.list.query({ ...scoped(), kind: "symptom" })).filter((log) => logs.some(({ id }) => id === log.id));
    const rows = parseCsv(healthLogsCsv(listed, "UTC"), { columns: true, relax_quotes: false }) as Record<string, string>[];
    const cells = new Map(rows.map((row) => [row.Name, row.Notes]));
    const shown = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(texts.map((text) => cells.get(shown(text)))).toEqual(texts.map(shown));
  });
});

/** The mail's HTML, parsed as a browser would: only the template's elements, no handler, and the typed text shown verbatim. */
function expectSafeMailHtml(html: string, shownText: string) {
  const TEMPLATE_ELEMENTS = new Set(["html", "head", "meta", "title", "body", "div", "p", "h1", "a"]);
  const document = parseHtml(html);
  const texts: string[] = [];
  const stack: DefaultTreeAdapterTypes.Node[] = [document];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === "#text") texts.push((node as DefaultTreeAdapterTypes.TextNode).value);
    if (!("childNodes" in node)) continue;
    if ("tagName" in node) {
      expect(TEMPLATE_ELEMENTS.has(node.tagName), node.tagName).toBe(true);
      for (const attribute of node.attrs) expect(attribute.name, shownText.slice(0, 40)).not.toMatch(/^on/);
    }
    stack.push(...node.childNodes);
  }
  expect(texts.some((text) => text.includes(shownText)), shownText.slice(0, 40)).toBe(true);
}

async function userIdOf(client: ApiClient): Promise<string> {
  return (await client.trpc.account.me.query())!.id;
}
