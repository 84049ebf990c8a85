import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, startOfWeek } from "../../src/domain/dates";
import { MS_PER_HOUR } from "../../src/domain/units";
import { DIGEST_MESSAGES } from "../../src/domain/weeklyDigest";
import { pregnancyParticipants, userPreferences, weeklyDigests } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { jpegWithGps, testThumbnail } from "../support/images";
import { addGuest } from "../support/photos";
import { uploadPhotos } from "../support/photoUpload";
import { uploadClip } from "../support/clipUpload";
import type { OutboxMail } from "../support/outbox";

type Mail = OutboxMail & { html: string };
type Guest = Awaited<ReturnType<typeof addGuest>>;

const { db, close } = openTestDb();

/** The Monday of this week (UTC) at 09:00: a morning the digest is due for everyone in UTC, not in the future. */
const mondayMorning = (() => {
  const today = new Date().toISOString().slice(0, 10);
  const monday = new Date(`${startOfWeek(today)}T09:00:00Z`);
  return monday.getTime() > Date.now() ? new Date(monday.getTime() - 7 * 24 * MS_PER_HOUR) : monday;
})();
const mondayDate = mondayMorning.toISOString().slice(0, 10);

let family: Awaited<ReturnType<typeof createOtherFamily>>;
let grandma: Guest;
/** Sees only what is shared with acquaintances: nothing this week. */
let acquaintance: Guest;
/** Immediate family too, with the weekly digest turned off. */
let optedOut: Guest;
/** Immediate family whose parents turned canReceiveUpdates off. */
let noUpdates: Guest;
/** Immediate family in Los Angeles, whose Monday morning comes 7 or 8 hours after UTC's. */
let grandpa: Guest;

const runDigest = async (now: Date) => {
  const response = await fetch(new URL("/api/dev/weekly-digest", baseUrl()), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: now.toISOString() }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { due: number; sent: number; nothingNew: number; failed: number };
};
/** One run takes everyone due (the test database holds other files' families too): none may fail. */
const runDigestForEveryone = async (now: Date) => {
  const summary = await runDigest(now);
  expect(summary.failed).toBe(0);
};
const outbox = async (): Promise<Mail[]> => (await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as Mail[];
const digestsTo = async (email: string) => (await outbox()).filter((mail) => mail.to === email.toLowerCase() && mail.subject === "Another Family: your week");

/** The addresses in the mail's HTML that an attribute names, decoded. */
const urlsIn = (html: string, attribute: "src" | "href") => [...html.matchAll(new RegExp(`${attribute}="([^"]+)"`, "g"))].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));

beforeAll(async () => {
  family = await createOtherFamily();
  [grandma, acquaintance, optedOut, grandpa, noUpdates] = await Promise.all([
    addGuest(family.pregnancyId, "Grandma", "immediate-family"),
    addGuest(family.pregnancyId, "Acquaintance", "acquaintances"),
    addGuest(family.pregnancyId, "Optedout", "immediate-family"),
    addGuest(family.pregnancyId, "Grandpa", "immediate-family"),
    addGuest(family.pregnancyId, "Noupdates", "immediate-family", { canReceiveUpdates: false }),
  ]);
  await grandpa.client.trpc.account.setTimeZone.mutate({ timeZone: "America/Los_Angeles" });
  await optedOut.client.trpc.account.setNotificationPreferences.mutate({ emailInvitations: true, emailRsvps: true, waitingRoomActivation: true, weeklyDigest: false });

  const { pregnancyId, owner } = family;
  await uploadPhotos(owner, pregnancyId, [{ name: "family.jpg", bytes: jpegWithGps() }], { thumbnails: [{ name: "family-thumb.jpg", bytes: testThumbnail() }], metadata: { title: "Family picnic", privacyLevel: "immediate-family" } });
  await uploadPhotos(owner, pregnancyId, [{ name: "parents.jpg", bytes: jpegWithGps() }], { metadata: { title: "Parents-only scan", privacyLevel: "parents-only" } });
  await uploadClip(owner, pregnancyId, { name: "kicks.mov", bytes: new Uint8Array(readFileSync(join(import.meta.dirname, "../fixtures/clip-moov-last.mov"))) }, { poster: testThumbnail(), metadata: { title: "First kicks", privacyLevel: "immediate-family" } });
  await owner.trpc.posts.create.mutate({ pregnancyId, id: crypto.randomUUID(), content: "<p>The nursery is <b>ready</b> &lt;3</p><p>Come and see it</p>", privacyLevel: "immediate-family" });
  await owner.trpc.posts.create.mutate({ pregnancyId, id: crypto.randomUUID(), content: "<p>Private worries for the two of us</p>", privacyLevel: "parents-only" });
  const dinner = await owner.trpc.calendar.create.mutate({
    pregnancyId,
    id: crypto.randomUUID(),
    title: "Family dinner",
    date: addDays(mondayDate, 2),
    time: "18:30",
    location: "Grandma's house",
    notes: "Secret: we announce the name",
    category: "family",
    privacyLevel: "immediate-family",
  });
  await owner.trpc.calendar.invite.mutate({ pregnancyId, eventId: dinner.id, participantIds: [grandma.participantId] });
  await owner.trpc.calendar.create.mutate({ pregnancyId, id: crypto.randomUUID(), title: "Parents' check-up", date: addDays(mondayDate, 1), category: "medical", privacyLevel: "parents-only" });
  // Further out than the week ahead: not in this digest.
  await owner.trpc.calendar.create.mutate({ pregnancyId, id: crypto.randomUUID(), title: "Baby shower", date: addDays(mondayDate, 20), category: "celebration", privacyLevel: "immediate-family" });

  await runDigestForEveryone(mondayMorning);
});

afterAll(close);

describe("the browser's time zone", () => {
  it("is stored for the signed-in user when valid, and the session reads it back", async () => {
    const { client } = grandpa;
    expect((await client.trpc.account.session.query())?.timeZone).toBe("America/Los_Angeles");
    await expect(client.trpc.account.setTimeZone.mutate({ timeZone: "Mars/Olympus_Mons" })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    await expect(new ApiClient(baseUrl()).trpc.account.setTimeZone.mutate({ timeZone: "Europe/Paris" })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect((await client.trpc.account.session.query())?.timeZone).toBe("America/Los_Angeles");
    expect((await acquaintance.client.trpc.account.session.query())?.timeZone).toBeNull();
  });
});

describe("the weekly digest", () => {
  it("sends Grandma what her circle may see that is new: the family photo, the post, the dinner with answer buttons, the week and the size", async () => {
    const [mail, ...more] = await digestsTo(grandma.email);
    expect(more).toEqual([]);
    expect(mail).toBeDefined();
    const { html, text } = mail!;
    expect(text).toContain(DIGEST_MESSAGES.greeting("Test"));
    expect(text).toMatch(/Week \d+ of the pregnancy\./);
    expect(text).toMatch(/About the size of /);
    expect(html).toContain('alt="Family picnic"');
    expect(text).toContain("The nursery is ready <3 Come and see it");
    expect(html).toContain("The nursery is ready &lt;3 Come and see it");
    expect(text).toContain("Family dinner");
    expect(text).toContain("Grandma's house");
    expect(text).toContain("Your answer: Awaiting reply");
    for (const answer of ["attending", "maybe", "declined"]) expect(urlsIn(html, "href").some((url) => /\/rsvp\/[^/?]+\?answer=/.test(url) && url.endsWith(`answer=${answer}`))).toBe(true);
    expect(urlsIn(html, "src").filter((url) => url.includes("/api/digest/photos/"))).toHaveLength(2);
  });

  it("shows a clip by its poster with a play mark and its length (issue 41)", async () => {
    const [mail] = await digestsTo(grandma.email);
    const { html, text } = mail!;
    expect(html).toContain('alt="First kicks"');
    expect(html).toContain(DIGEST_MESSAGES.clipCaption(2000));
    expect(DIGEST_MESSAGES.clipCaption(2000)).toBe("▶ Video, 0:02");
    expect(text).toContain("First kicks (▶ Video, 0:02)");
  });

  it("holds nothing kept from her circle: no parents-only photo, post or event, no event notes, nothing beyond the week ahead", async () => {
    const [mail] = await digestsTo(grandma.email);
    for (const hidden of ["Parents-only scan", "Private worries", "Parents' check-up", "Parents&#39; check-up", "Secret: we announce", "Baby shower"]) {
      expect(mail!.text).not.toContain(hidden);
      expect(mail!.html).not.toContain(hidden);
    }
  });

  it("sends nothing to someone with nothing new in their circle, nor to someone who turned the digest off or may not receive updates", async () => {
    expect(await digestsTo(acquaintance.email)).toEqual([]);
    expect(await digestsTo(optedOut.email)).toEqual([]);
    expect(await digestsTo(noUpdates.email)).toEqual([]);
    // The acquaintance's week is claimed all the same: later runs this week do not ask again.
    const claimed = await db.select().from(weeklyDigests).where(eq(weeklyDigests.userId, acquaintance.userId));
    expect(claimed).toMatchObject([{ week: mondayDate, sentAt: null }]);
    expect(await db.select().from(weeklyDigests).where(eq(weeklyDigests.userId, optedOut.userId))).toEqual([]);
  });

  it("sends nothing more on a second run in the same week, even with something new", async () => {
    const { pregnancyId, owner } = family;
    await owner.trpc.posts.create.mutate({ pregnancyId, id: crypto.randomUUID(), content: "<p>One more thing</p>", privacyLevel: "immediate-family" });
    const summary = await runDigest(new Date(mondayMorning.getTime() + 2 * MS_PER_HOUR));
    expect(summary).toMatchObject({ failed: 0 });
    expect(await digestsTo(grandma.email)).toHaveLength(1);
    expect(await digestsTo(acquaintance.email)).toEqual([]);
    expect(await db.select({ week: weeklyDigests.week }).from(weeklyDigests).where(eq(weeklyDigests.userId, grandma.userId))).toEqual([{ week: mondayDate }]);
  });

  it("waits for each recipient's own Monday morning: Los Angeles gets its digest hours after UTC", async () => {
    expect(await digestsTo(grandpa.email)).toEqual([]);
    expect(await db.select().from(weeklyDigests).where(eq(weeklyDigests.userId, grandpa.userId))).toEqual([]);
    // 17:00 UTC is 09:00 or 10:00 in Los Angeles, still Monday there.
    await runDigestForEveryone(new Date(mondayMorning.getTime() + 8 * MS_PER_HOUR));
    const [mail, ...more] = await digestsTo(grandpa.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Family dinner");
    expect(mail!.text).toContain("One more thing");
  });

  it("lets a mail app unsubscribe in one click (RFC 8058): a POST with the signed token, from no page of ours", async () => {
    const [mail] = await digestsTo(grandpa.email);
    const token = new URL(mail!.text.split("\n").find((line) => line.startsWith("Unsubscribe: "))!.slice("Unsubscribe: ".length)).searchParams.get("token")!;
    const oneClick = (value: string) =>
      fetch(new URL(`/api/digest/one-click-unsubscribe?token=${encodeURIComponent(value)}`, baseUrl()), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect((await oneClick(`${token}x`)).status).toBe(404);
    expect((await grandpa.client.trpc.account.notificationPreferences.query()).weeklyDigest).toBe(true);
    expect((await oneClick(token)).status).toBe(200);
    expect((await grandpa.client.trpc.account.notificationPreferences.query()).weeklyDigest).toBe(false);
  });

  it("unsubscribes without signing in: the link opens a page with a button, and only its POST turns the digest off", async () => {
    const [mail] = await digestsTo(grandma.email);
    const link = mail!.text.split("\n").find((line) => line.startsWith("Unsubscribe: "))?.slice("Unsubscribe: ".length);
    expect(link).toContain("/api/digest/unsubscribe?token=");
    const url = new URL(link!);
    const page = await fetch(new URL(url.pathname + url.search, baseUrl()));
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(DIGEST_MESSAGES.unsubscribeQuestion);
    expect(body).toMatch(/<form method="post" action="\/api\/digest\/unsubscribe">/);
    expect(body).toContain(`<button type="submit">${DIGEST_MESSAGES.unsubscribeButton}</button>`);
    const stored = async () => (await db.select({ on: userPreferences.weeklyDigest }).from(userPreferences).where(eq(userPreferences.userId, grandma.userId)))[0]?.on ?? true;
    // Opening the page changed nothing (mail scanners open links).
    expect(await stored()).toBe(true);

    const token = url.searchParams.get("token")!;
    const post = (origin: string, value: string) =>
      fetch(new URL("/api/digest/unsubscribe", baseUrl()), { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: value }) });
    // Another site's form is refused; so is a token changed by a character.
    expect((await post("https://evil.example", token)).status).toBe(403);
    const tampered = `${token.slice(0, -2)}${token.endsWith("A") ? "B" : "A"}${token.slice(-1)}`;
    expect((await post(baseUrl(), tampered)).status).toBe(404);
    expect(await stored()).toBe(true);

    const done = await post(baseUrl(), token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(DIGEST_MESSAGES.unsubscribed);
    expect(await stored()).toBe(false);
    expect(await grandma.client.trpc.account.notificationPreferences.query()).toMatchObject({ weeklyDigest: false });
  });

  it("serves the thumbnail through its link without a session, refuses a tampered link, and stops once the recipient is removed", async () => {
    const [mail] = await digestsTo(grandma.email);
    const [src] = urlsIn(mail!.html, "src").filter((url) => url.includes("/api/digest/photos/"));
    const path = new URL(src!).pathname;
    const image = await fetch(new URL(path, baseUrl()));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toMatch(/^private/);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const [payload, signature] = path.slice("/api/digest/photos/".length).split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), f: [family.ownerId, family.pregnancyId, "00000000-0000-4000-8000-000000000000"] })).toString("base64url");
    expect((await fetch(new URL(`/api/digest/photos/${forged}.${signature}`, baseUrl()))).status).toBe(404);
    expect((await fetch(new URL(`/api/digest/photos/${payload}.${signature!.slice(0, -1)}`, baseUrl()))).status).toBe(404);
    expect((await fetch(new URL("/api/digest/photos/not-a-token", baseUrl()))).status).toBe(404);

    await family.owner.trpc.participants.remove.mutate({ pregnancyId: family.pregnancyId, participantId: grandma.participantId });
    expect(await db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.id, grandma.participantId))).toEqual([]);
    expect((await fetch(new URL(path, baseUrl()))).status).toBe(403);
  });
});
