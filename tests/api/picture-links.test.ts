import { beforeAll, describe, expect, it } from "vitest";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { PICTURE_LINK_MAX_LIFE_SECONDS, PICTURE_LINK_WINDOW_SECONDS } from "../../src/domain/pictureLinks";
import { DB_STATS_HEADER } from "../../worker/db/stats";
import { DEV_NOW_HEADER } from "../../worker/infra/clock";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { createOtherFamily } from "../support/families";
import { testPicture } from "../support/images";
import { uploadPhotos } from "../support/photoUpload";
import { addGuest } from "../support/photos";

/**
 * Album pictures by signed, short-lived links (issue 40): served on the signature alone, with no
 * database statement, to the session the link was handed to, until it expires.
 */
type Family = Awaited<ReturnType<typeof createOtherFamily>>;
type Guest = Awaited<ReturnType<typeof addGuest>>;

let family: Family;
let relative: Guest;
let cousin: Guest;
let photoIds: [string, string];
/** One moment inside a window, well clear of its edges, that every request of a test names. */
const moment = new Date(Math.ceil(Date.now() / (PICTURE_LINK_WINDOW_SECONDS * 1000)) * PICTURE_LINK_WINDOW_SECONDS * 1000 + 60_000);
const at = (date: Date) => ({ headers: { [DEV_NOW_HEADER]: date.toISOString() } });
const later = (seconds: number) => new Date(moment.getTime() + seconds * 1000);

beforeAll(async () => {
  family = await createOtherFamily();
  [relative, cousin] = await Promise.all([addGuest(family.pregnancyId, "relative", "immediate-family"), addGuest(family.pregnancyId, "cousin", "immediate-family")]);
  const results = await uploadPhotos(
    family.owner,
    family.pregnancyId,
    [
      { name: "first.jpg", bytes: encodeJpeg(testPicture(64, 48), 85), type: "image/jpeg" },
      { name: "second.jpg", bytes: encodeJpeg(testPicture(48, 64), 85), type: "image/jpeg" },
    ],
    { metadata: { privacyLevel: "immediate-family" } },
  );
  photoIds = results.map((result) => result.photoId!) as [string, string];
});

/** The album as `client` reads it at `now`: each photo's links by id. */
async function linksOf(client: ApiClient, now: Date = moment): Promise<Map<string, { url: string; thumbnailUrl: string }>> {
  const input = encodeURIComponent(JSON.stringify({ json: { pregnancyId: family.pregnancyId } }));
  const response = await client.fetch(`/api/trpc/photos.list?input=${input}`, at(now));
  expect(response.status).toBe(200);
  const items = ((await response.json()) as { result: { data: { json: { items: Array<{ id: string; url: string; thumbnailUrl: string }> } } } }).result.data.json.items;
  return new Map(items.map((item) => [item.id, { url: item.url, thumbnailUrl: item.thumbnailUrl }]));
}

const linkOf = async (client: ApiClient, photoId: string, now: Date = moment) => (await linksOf(client, now)).get(photoId)!.url;

describe("a picture link", () => {
  it("serves the picture to its viewer with no database statement, privately cached until it expires, and is handed out again within its window", async () => {
    const link = await linkOf(relative.client, photoIds[0]);
    expect(link).toMatch(/^\/api\/pictures\/[\w-]+\.[\w-]+$/);
    const response = await relative.client.fetch(link, at(moment));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get(DB_STATS_HEADER)).toBeNull();
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(response.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
    expect(maxAge).toBeGreaterThanOrEqual(PICTURE_LINK_WINDOW_SECONDS);
    expect(maxAge).toBeLessThanOrEqual(PICTURE_LINK_MAX_LIFE_SECONDS);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // Later in the same window the list hands out the very same link, so the browser's cache answers.
    expect(await linkOf(relative.client, photoIds[0], later(PICTURE_LINK_WINDOW_SECONDS - 120))).toBe(link);
    expect(await linkOf(relative.client, photoIds[0], later(PICTURE_LINK_WINDOW_SECONDS))).not.toBe(link);
  });

  it("is refused once tampered with: its signature, what it names, or another photo's signature on it", async () => {
    const links = await linksOf(relative.client);
    const [bodyA, signatureA] = links.get(photoIds[0])!.url.slice("/api/pictures/".length).split(".") as [string, string];
    const [bodyB, signatureB] = links.get(photoIds[1])!.url.slice("/api/pictures/".length).split(".") as [string, string];
    const flip = (text: string) => `${text.slice(0, 10)}${text[10] === "A" ? "B" : "A"}${text.slice(11)}`;
    const payload = JSON.parse(Buffer.from(bodyA, "base64url").toString()) as { p: string; e: number; f: string[] };
    const reencode = (changed: object) => Buffer.from(JSON.stringify(changed)).toString("base64url");
    const tampered = [
      `${bodyA}.${flip(signatureA)}`,
      `${flip(bodyA)}.${signatureA}`,
      `${bodyA}.${signatureB}`,
      `${bodyB}.${signatureA}`,
      // A longer life, or another pregnancy, under the same signature.
      `${reencode({ ...payload, e: payload.e + 86_400 })}.${signatureA}`,
      `${reencode({ ...payload, f: [payload.f[0], crypto.randomUUID(), ...payload.f.slice(2)] })}.${signatureA}`,
      `${bodyA}`,
      "not-a-token",
    ];
    for (const token of tampered) expect((await relative.client.fetch(`/api/pictures/${token}`, at(moment))).status, token).toBe(403);
    expect((await relative.client.fetch(`/api/pictures/${bodyA}.${signatureA}`, at(moment))).status).toBe(200);
  });

  it("is refused to anyone but the session it was handed to: another relative who may see the photo, another family, a signed-out browser", async () => {
    const link = await linkOf(relative.client, photoIds[0]);
    const other = await createOtherFamily();
    expect((await cousin.client.fetch(link, at(moment))).status).toBe(403);
    expect((await other.owner.fetch(link, at(moment))).status).toBe(403);
    expect((await new ApiClient(baseUrl()).fetch(link, at(moment))).status).toBe(403);
    // The cousin's own link to the same photo works for the cousin.
    expect((await cousin.client.fetch(await linkOf(cousin.client, photoIds[0]), at(moment))).status).toBe(200);
    // The same person signed in again is another session: the old link is not theirs any more.
    await relative.client.postJson("/api/auth/sign-out", {});
    expect((await relative.client.fetch(link, at(moment))).status).toBe(403);
    const again = await relative.client.signIn(relative.email, relative.password);
    expect(again.ok).toBe(true);
    expect((await relative.client.fetch(link, at(moment))).status).toBe(403);
  });

  it("expires: a removed relative's link stops working at most an hour after it was handed out, and no new one is handed to them", async () => {
    const removed = await addGuest(family.pregnancyId, "removed", "immediate-family");
    const link = await linkOf(removed.client, photoIds[1]);
    await family.owner.trpc.participants.remove.mutate({ pregnancyId: family.pregnancyId, participantId: removed.participantId });
    // Until the link runs out the signature is all that is checked (the stated revocation time)...
    expect((await removed.client.fetch(link, at(later(60)))).status).toBe(200);
    // ...and then it is refused, as is every new link they ask for.
    expect((await removed.client.fetch(link, at(later(PICTURE_LINK_MAX_LIFE_SECONDS)))).status).toBe(403);
    const input = encodeURIComponent(JSON.stringify({ json: { pregnancyId: family.pregnancyId } }));
    expect((await removed.client.fetch(`/api/trpc/photos.list?input=${input}`)).status).toBe(403);
  });

  it("of a deleted photo finds nothing", async () => {
    const [result] = await uploadPhotos(family.owner, family.pregnancyId, [{ name: "gone.jpg", bytes: encodeJpeg(testPicture(32, 32), 85), type: "image/jpeg" }], { metadata: { privacyLevel: "immediate-family" } });
    const link = await linkOf(family.owner, result!.photoId!);
    expect((await family.owner.fetch(link, at(moment))).status).toBe(200);
    await family.owner.trpc.photos.delete.mutate({ pregnancyId: family.pregnancyId, photoId: result!.photoId! });
    expect((await family.owner.fetch(link, at(moment))).status).toBe(404);
  });
});

describe("a waiting-room image's link", () => {
  it("is each reader's own, served with no database statement; the image stays behind the checked route for live messages", async () => {
    const scope = { pregnancyId: family.pregnancyId };
    await family.owner.trpc.waitingRoom.activate.mutate(scope);
    const upload = await relative.client.fetch(`/api/waiting-room/${family.pregnancyId}/images`, { method: "POST", body: Buffer.from(encodeJpeg(testPicture(40, 30), 85)) });
    expect(upload.status).toBe(201);
    const { imageName, url } = (await upload.json()) as { imageName: string; url: string };
    const sent = await relative.client.trpc.waitingRoom.messages.send.mutate({ ...scope, id: crypto.randomUUID(), content: "Look!", imageName });
    const listed = (await cousin.client.trpc.waitingRoom.messages.list.query(scope)).messages.find((message) => message.id === sent.id);
    expect(listed?.imageUrl).toMatch(/^\/api\/pictures\//);
    const image = await cousin.client.fetch(listed!.imageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get(DB_STATS_HEADER)).toBeNull();
    expect((await relative.client.fetch(listed!.imageUrl!)).status).toBe(403);
    expect((await cousin.client.fetch(url)).status).toBe(200);
  });
});
