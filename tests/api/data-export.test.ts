import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_EXPORT_MESSAGES, EXPORT_AFTER_CLOSURE_DAYS } from "../../src/domain/dataExport";
import { addDays, todayIso } from "../../src/domain/dates";
import { MS_PER_DAY } from "../../src/domain/units";
import { pregnancies, pregnancyBabies, pregnancyParticipants, verifications } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily, signUp } from "../support/families";
import { PNG_1X1, jpegWithGps } from "../support/images";
import { postPhotos } from "../support/photoUpload";
import { addGuest } from "../support/photos";
import { mailsTo } from "../support/outbox";

const { db, close } = openTestDb();
afterAll(close);


async function download(client: ApiClient, url: string) {
  const response = await client.fetch(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
}

async function exportOf(client: ApiClient, pregnancyId: string | null) {
  const prepared = await client.trpc.dataExport.prepare.mutate({ pregnancyId });
  // Far below a part's size: one zip.
  expect(prepared.parts).toHaveLength(1);
  const [part] = prepared.parts;
  expect(part).toMatchObject({ number: 1, of: 1, bytes: prepared.bytes, files: prepared.files });
  const { response, bytes } = await download(client, part!.url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  // The length promised before the first byte is the length sent, and the one the page showed.
  expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
  expect(prepared.bytes).toBe(bytes.byteLength);
  const files = unzipSync(bytes);
  expect(Object.keys(files)).toHaveLength(prepared.files);
  return { prepared, files, read: (name: string) => new TextDecoder().decode(files[name]) };
}

describe("downloading your data", () => {
  let family: Awaited<ReturnType<typeof createOtherFamily>>;
  let ownerEmail: string;
  let guest: Awaited<ReturnType<typeof addGuest>>;
  let otherGuest: Awaited<ReturnType<typeof addGuest>>;

  beforeAll(async () => {
    family = await createOtherFamily();
    const { pregnancyId } = family;
    ownerEmail = (await family.owner.trpc.account.me.query())!.email;
    await confirmEmail(family.owner, ownerEmail);
    guest = await addGuest(pregnancyId, "exporting", "immediate-family", { canUploadPhotos: true, canAccessWaitingRoom: true });
    otherGuest = await addGuest(pregnancyId, "bystander", "immediate-family", { canUploadPhotos: true });
    for (const person of [guest, otherGuest]) await confirmEmail(person.client, person.email);

    expect((await postPhotos(family.owner, pregnancyId, [{ name: "scan.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { metadata: { title: "First scan", tags: ["ultrasound"] } })).ok).toBe(true);
    expect((await postPhotos(guest.client, pregnancyId, [{ name: "mine.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { metadata: { title: "Guest photo" } })).ok).toBe(true);
    expect((await postPhotos(otherGuest.client, pregnancyId, [{ name: "theirs.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { metadata: { title: "Bystander photo" } })).ok).toBe(true);
    const postId = crypto.randomUUID();
    await family.owner.trpc.posts.create.mutate({ pregnancyId, mode: "parent", id: postId, content: "<p>Owner news</p>" });
    await guest.client.trpc.posts.comments.add.mutate({ pregnancyId, postId, id: crypto.randomUUID(), content: "Guest wishes" });
    await otherGuest.client.trpc.posts.comments.add.mutate({ pregnancyId, postId, id: crypto.randomUUID(), content: "Bystander note" });
    const image = await guest.client.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 });
    const { imageName } = (await image.json()) as { imageName: string };
    await guest.client.trpc.waitingRoom.messages.send.mutate({ pregnancyId, id: crypto.randomUUID(), content: "Thinking of you", imageName });
    await family.owner.trpc.calendar.create.mutate({ pregnancyId, mode: "parent", id: crypto.randomUUID(), title: "Anatomy scan", date: addDays(todayIso(), 30), time: "10:30", category: "medical", notes: "Bring the card" });
    // The baby is born in the waiting room, with details and a picture, told to the immediate family.
    await db.insert(pregnancyBabies).values({ pregnancyId, name: "Baby 1", birthOrder: 1 });
    await family.owner.trpc.waitingRoom.activate.mutate({ pregnancyId });
    const birthPicture = (await (await family.owner.fetch(`/api/waiting-room/${pregnancyId}/images`, { method: "POST", body: PNG_1X1 })).json()) as { imageName: string };
    await family.owner.trpc.waitingRoom.babyHere.mutate({
      pregnancyId,
      timeZone: "America/Chicago",
      name: "Pip",
      sex: "boy",
      time: "06:40",
      weightPounds: 7.25,
      lengthInches: 20,
      measurementSystem: "metric",
      audienceGroups: ["immediate-family"],
      imageName: birthPicture.imageName,
    });
  });

  it("a parent takes the whole pregnancy: every photo as stored, the records as JSON, CSV and iCalendar, and a README; the mailbox is told", async () => {
    const { pregnancyId } = family;
    const { prepared, files, read } = await exportOf(family.owner, pregnancyId);
    expect(prepared.kind).toBe("family");

    const album = await family.owner.trpc.photos.list.query({ pregnancyId, mode: "parent" });
    const photoFiles = Object.keys(files).filter((name) => name.startsWith("photos/") && name !== "photos/photos.json");
    expect(photoFiles).toHaveLength(album.items.length);
    expect(prepared.photos).toBe(album.items.length);
    // Each file is the original as the album serves it, byte for byte.
    const records = JSON.parse(read("photos/photos.json")) as Array<{ file: string; title: string | null; tags: string[]; uploadedBy: string; audience: { privacyLevel: string } }>;
    expect(records.map((record) => record.title).sort()).toEqual(["Bystander photo", "First scan", "Guest photo"]);
    for (const photo of album.items) {
      const original = new Uint8Array(await (await family.owner.fetch(photo.downloadUrl)).arrayBuffer());
      const record = records.find((candidate) => candidate.title === photo.title);
      expect(record, `record of ${photo.id}`).toBeDefined();
      expect(files[`photos/${record!.file}`]).toEqual(original);
    }
    expect(records.find((record) => record.title === "First scan")).toMatchObject({ tags: ["ultrasound"], audience: { privacyLevel: expect.any(String) } });

    for (const name of ["README.txt", "account.json", "pregnancy.json", "posts.json", "calendar/events.json", "registry.json", "baby-game.json", "waiting-room/messages.json", "health/kick-sessions.csv", "health/logs.csv", "health/birth-plan.html"]) {
      expect(files[name], name).toBeDefined();
    }
    expect(read("calendar/calendar.ics")).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*SUMMARY:Anatomy scan[\s\S]*END:VCALENDAR\r\n$/);
    expect(read("health/contractions.csv").split("\r\n")[0]).toBe("started,ended,recorded by");
    // Every CSV opens with the UTF-8 byte-order mark (src/domain/csv.ts), like the app's downloads.
    const csvNames = Object.keys(files).filter((name) => name.endsWith(".csv"));
    expect(csvNames.length).toBeGreaterThanOrEqual(6);
    for (const name of csvNames) expect([...files[name]!.slice(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    const [post] = JSON.parse(read("posts.json")) as Array<{ content: string; comments: Array<{ text: string }> }>;
    expect(post).toMatchObject({ content: "<p>Owner news</p>", comments: [{ text: "Guest wishes" }, { text: "Bystander note" }] });
    expect(read("README.txt")).toContain("photos/photos.json");
    // The baby's birth as the parents told it: the day, the time on their clock with its zone, the sizes as stored and the units typed, the circles told, the picture.
    const [born] = await db.select({ date: pregnancyBabies.birthDate, at: pregnancyBabies.bornAnnouncedAt }).from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
    const { babies } = JSON.parse(read("pregnancy.json")) as { babies: Array<{ birth: { photo: string } | null }> };
    expect(babies).toEqual([
      {
        name: "Pip",
        birthOrder: 1,
        gender: "boy",
        birth: {
          announcedAt: born!.at!.toISOString(),
          date: born!.date,
          time: "06:40:00",
          timeZone: "America/Chicago",
          weightPounds: 7.25,
          lengthInches: 20,
          enteredIn: "metric",
          toldTo: ["immediate-family"],
          photo: expect.stringMatching(/^waiting-room\/images\/.+\.png$/),
        },
      },
    ]);
    expect(files[babies[0]!.birth!.photo]).toEqual(PNG_1X1);
    const waitingRoom = JSON.parse(read("waiting-room/messages.json")) as { messages: Array<{ text: string; image: string | null }> };
    const withImage = waitingRoom.messages.find((message) => message.text === "Thinking of you");
    expect(files[`waiting-room/${withImage!.image}`]).toEqual(PNG_1X1);
    expect((await mailsTo(ownerEmail)).map((mail) => mail.subject)).toContain(DATA_EXPORT_MESSAGES.mailSubject);
  });

  it("a guest takes only what they added and their account: no one else's photos, posts, health or people", async () => {
    const { prepared, files, read } = await exportOf(guest.client, family.pregnancyId);
    expect(prepared.kind).toBe("own");
    const photoFiles = Object.keys(files).filter((name) => name.startsWith("photos/") && name !== "photos/photos.json");
    expect(photoFiles).toHaveLength(1);
    expect((JSON.parse(read("photos/photos.json")) as Array<{ title: string }>).map((photo) => photo.title)).toEqual(["Guest photo"]);
    expect(JSON.parse(read("posts.json"))).toMatchObject({ posts: [], commentsOnPosts: [{ text: "Guest wishes" }] });
    expect(read("posts.json")).not.toContain("Bystander");
    expect(Object.keys(files).filter((name) => name.startsWith("health/") || name === "pregnancy.json" || name.startsWith("calendar/events"))).toEqual([]);
    expect(JSON.parse(read("account.json"))).toMatchObject({ email: guest.email.toLowerCase(), lastName: "exporting", pushDevices: [] });
    expect(Object.keys(files).filter((name) => name.startsWith("waiting-room/images/"))).toHaveLength(1);
  });

  it("anyone can take their account alone, with their choices", async () => {
    const stranger = await signUp("accountonly");
    await confirmEmail(stranger.client, stranger.email);
    await stranger.client.trpc.account.setMeasurementSystem.mutate({ measurementSystem: "metric" });
    const { prepared, files, read } = await exportOf(stranger.client, null);
    expect(prepared.kind).toBe("account");
    expect(Object.keys(files).sort()).toEqual(["README.txt", "account.json"]);
    expect(JSON.parse(read("account.json"))).toMatchObject({ notifications: { measurementSystem: "metric" } });
  });

  it("refuses a stranger, another family, a signed-out browser, a removed guest and an expired link", async () => {
    const { pregnancyId } = family;
    const stranger = await signUp("exportstranger");
    await confirmEmail(stranger.client, stranger.email);
    const other = await createOtherFamily();
    await confirmEmail(other.owner, (await other.owner.trpc.account.me.query())!.email);
    for (const outsider of [stranger.client, other.owner]) {
      await expect(outsider.trpc.dataExport.prepare.mutate({ pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN" }, message: DATA_EXPORT_MESSAGES.notAllowed });
      expect((await outsider.trpc.dataExport.options.query()).map((option) => option.pregnancyId)).not.toContain(pregnancyId);
    }

    // A link is the preparer's only: another account, or no account, gets nothing from it.
    const { url } = (await family.owner.trpc.dataExport.prepare.mutate({ pregnancyId })).parts[0]!;
    // No such part.
    expect((await family.owner.fetch(url.replace(/\/1$/, "/2"))).status).toBe(404);
    expect((await stranger.client.fetch(url)).status).toBe(404);
    expect((await fetch(new URL(url, baseUrl()))).status).toBe(401);

    // Removed after preparing: the link no longer gives anything.
    const leaving = await addGuest(pregnancyId, "removedlater", "immediate-family");
    await confirmEmail(leaving.client, leaving.email);
    const prepared = await leaving.client.trpc.dataExport.prepare.mutate({ pregnancyId });
    await family.owner.trpc.participants.remove.mutate({ pregnancyId, mode: "parent", participantId: leaving.participantId });
    const refused = await leaving.client.fetch(prepared.parts[0]!.url);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(DATA_EXPORT_MESSAGES.notAllowed);

    // An hour later the link is spent.
    const fresh = await family.owner.trpc.dataExport.prepare.mutate({ pregnancyId });
    await db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.value, JSON.stringify({ userId: family.ownerId, pregnancyId })));
    const expired = await family.owner.fetch(fresh.parts[0]!.url);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain(DATA_EXPORT_MESSAGES.linkExpired);
  });

  it("after a cancellation the owner can still download for the stated days, and no one else can", async () => {
    const closing = await createOtherFamily();
    await confirmEmail(closing.owner, (await closing.owner.trpc.account.me.query())!.email);
    const partnerLike = await addGuest(closing.pregnancyId, "closedguest", "immediate-family");
    await confirmEmail(partnerLike.client, partnerLike.email);
    expect((await postPhotos(closing.owner, closing.pregnancyId, [{ name: "keep.jpg", bytes: jpegWithGps(), type: "image/jpeg" }])).ok).toBe(true);
    const closedAt = new Date(Date.now() - (EXPORT_AFTER_CLOSURE_DAYS - 1) * MS_PER_DAY);
    await db.update(pregnancies).set({ status: "closed", closedAt }).where(eq(pregnancies.id, closing.pregnancyId));

    expect(await closing.owner.trpc.dataExport.options.query()).toEqual([{ pregnancyId: closing.pregnancyId, title: "Another Family", kind: "family", closedAt }]);
    const { prepared, files } = await exportOf(closing.owner, closing.pregnancyId);
    expect(prepared.photos).toBe(1);
    expect(Object.keys(files)).toContain("pregnancy.json");
    await expect(partnerLike.client.trpc.dataExport.prepare.mutate({ pregnancyId: closing.pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    // Closed pregnancies stay closed to everything else.
    await expect(closing.owner.trpc.photos.list.query({ pregnancyId: closing.pregnancyId, mode: "parent" })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });

    await db.update(pregnancies).set({ closedAt: new Date(Date.now() - (EXPORT_AFTER_CLOSURE_DAYS + 1) * MS_PER_DAY) }).where(eq(pregnancies.id, closing.pregnancyId));
    expect(await closing.owner.trpc.dataExport.options.query()).toEqual([]);
    await expect(closing.owner.trpc.dataExport.prepare.mutate({ pregnancyId: closing.pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    expect(await db.$count(pregnancyParticipants, eq(pregnancyParticipants.pregnancyId, closing.pregnancyId))).toBe(2);
  });
});
