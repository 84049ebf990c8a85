import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { CLIP_MESSAGES, CLIP_PART_BYTES } from "../../src/domain/clips";
import { ROOM_CLIP_UNAVAILABLE } from "../../src/domain/waitingRoom";
import { privateClipTags, readClipTags } from "../support/metadata";
import { makeClipInBrowser, withPhoneTags } from "./clipMaker";
import { familyWithGrandparent, secondBrowser } from "./family";
import { expect, payingFamily, signInThroughApi, test, trpcMutation, trpcQuery } from "./support";

/**
 * Video clips in the album (issue 41), as a parent on a phone sends one: a 12-second 720p H.264
 * QuickTime clip carrying a position, make and model goes up in parts through the album's dialog,
 * plays and seeks in the lightbox, and nothing served of it carries where or with what it was made.
 */

const PHONE_CLIP = { width: 1280, height: 720, seconds: 12, fps: 30, bitrate: 9_000_000 };

interface ListedClip {
  id: string;
  kind: string;
  url: string;
  thumbnailUrl: string | null;
  downloadUrl: string;
  durationMs: number | null;
  playsEverywhere: boolean;
}

async function listedItems(request: APIRequestContext, pregnancyId: string): Promise<ListedClip[]> {
  const response = await trpcQuery(request, "photos.list", { pregnancyId });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: { data: { json: { items: ListedClip[] } } } }).result.data.json.items;
}

const bytesOf = async (request: APIRequestContext, url: string) => {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.body();
};

/** The byte ranges of every `udta` and `meta` box in a QuickTime file's movie and tracks: the only places its metadata lives. */
function metadataBoxes(file: Uint8Array): Array<{ start: number; end: number }> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const found: Array<{ start: number; end: number }> = [];
  const walk = (start: number, end: number, depth: number) => {
    for (let at = start; at + 8 <= end; ) {
      let size = view.getUint32(at);
      const type = String.fromCharCode(...file.subarray(at + 4, at + 8));
      if (size === 1) size = Number(view.getBigUint64(at + 8));
      if (size === 0) size = end - at;
      if (type === "udta" || type === "meta") found.push({ start: at, end: at + size });
      else if (depth === 0 ? type === "moov" : type === "trak") walk(at + 8, at + size, depth + 1);
      at += size;
    }
  };
  walk(0, file.length, 0);
  return found;
}

async function uploadThroughDialog(page: Page, name: string, bytes: Buffer, mimeType = "video/quicktime") {
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos and videos").setInputFiles([{ name, mimeType, buffer: bytes }]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByText("Finished: 1 of 1 uploaded")).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByRole("progressbar", { name: /Finished/ })).toHaveAttribute("value", "100");
  await dialog.getByRole("button", { name: "Done" }).click();
}

test("a phone's clip goes up in parts, resumes after a cut, plays and seeks, and no file of it tells where or with what it was made @mobile", async ({ page }) => {
  test.setTimeout(240_000);
  const { pregnancyId } = await payingFamily(page, "clip-parent", "basic");
  await page.goto("/photos");
  const source = withPhoneTags(await makeClipInBrowser(page, PHONE_CLIP));
  // What a phone's clip carries, before it is sent.
  const sent = privateClipTags(readClipTags(source)).map(([tag]) => tag);
  expect(sent).toEqual(expect.arrayContaining(["Keys:GPSCoordinates", "UserData:GPSCoordinates", "Keys:Make", "Keys:Model"]));
  expect(source.length).toBeGreaterThan(2 * CLIP_PART_BYTES);

  // The connection drops halfway: the second part of the clip never reaches the Worker, once.
  const stored = new Map<string, number>();
  let cut: string | null = null;
  await page.route(/\/api\/clips\/[^/]+\/uploads\/[^/]+\/parts\/\d+$/, async (route) => {
    const url = new URL(route.request().url()).pathname;
    if (cut === null && url.endsWith("/parts/2")) {
      cut = url;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  page.on("response", (response) => {
    if (/\/parts\/\d+$/.test(response.url()) && response.status() === 200) {
      const url = new URL(response.url()).pathname;
      stored.set(url, (stored.get(url) ?? 0) + 1);
    }
  });
  await uploadThroughDialog(page, "IMG_0007.MOV", source);

  // Every part was stored once; the cut one was sent again and stored then.
  expect(cut).not.toBeNull();
  const originalParts = [...stored].filter(([url]) => url.startsWith(cut!.replace(/\/parts\/\d+$/, "")));
  expect(originalParts.map(([url]) => Number(url.split("/").pop())).sort()).toEqual([1, 2, 3]);
  expect(originalParts.every(([, times]) => times === 1)).toBe(true);

  const [clip] = (await listedItems(page.request, pregnancyId)).filter((item) => item.kind === "clip");
  expect(clip).toMatchObject({ kind: "clip", playsEverywhere: true });
  expect(clip!.durationMs).toBeGreaterThan(11_500);

  // The original as stored: byte for byte the clip sent, but in its metadata boxes.
  const original = await bytesOf(page.request, clip!.downloadUrl);
  expect(original.length).toBe(source.length);
  const metadata = metadataBoxes(source);
  expect(metadata.length).toBeGreaterThan(0);
  const changed: number[] = [];
  for (let i = 0; i < source.length; i += 1) if (source[i] !== original[i]) changed.push(i);
  expect(changed.length).toBeGreaterThan(0);
  expect(changed.filter((at) => !metadata.some((box) => at >= box.start && at < box.end))).toEqual([]);

  // Every file served of it: the original, the display copy and the poster.
  const display = await bytesOf(page.request, clip!.url);
  const poster = await bytesOf(page.request, clip!.thumbnailUrl!);
  expect([...poster.subarray(0, 2)]).toEqual([0xff, 0xd8]);
  for (const [name, bytes] of [
    ["original", original],
    ["display copy", display],
    ["poster", poster],
  ] as const) {
    expect(privateClipTags(readClipTags(bytes)), name).toEqual([]);
  }

  // It plays, and seeks, in the lightbox.
  await page.getByRole("list", { name: "Photos" }).getByRole("button").first().click();
  const video = page.locator("video");
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  const seeked = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        element.addEventListener("seeked", () => resolve(element.currentTime), { once: true });
        element.currentTime = 6;
      }),
  );
  expect(seeked).toBeGreaterThanOrEqual(5.9);
});

test("an HEVC clip this browser cannot decode is kept as sent, shown with a neutral poster and a note, and downloads as it was sent", async ({ page }) => {
  const { pregnancyId } = await payingFamily(page, "clip-hevc", "basic");
  await page.goto("/photos");
  const source = readFileSync(join(import.meta.dirname, "../fixtures/clip-hevc.mov"));
  await uploadThroughDialog(page, "IMG_0100.MOV", source);

  const [clip] = (await listedItems(page.request, pregnancyId)).filter((item) => item.kind === "clip");
  expect(clip).toMatchObject({ kind: "clip", playsEverywhere: false, thumbnailUrl: null });
  // The neutral poster: a picture by name, no broken image.
  const tile = page.getByRole("list", { name: "Photos" }).getByRole("img", { name: /\(video, 0:02\)/ });
  await expect(tile).toBeVisible();
  expect(await tile.evaluate((element) => element.tagName)).toBe("DIV");
  await tile.click();
  await expect(page.getByText(CLIP_MESSAGES.mayNotPlay)).toBeVisible();

  const downloaded = await bytesOf(page.request, clip!.downloadUrl);
  expect(downloaded.length).toBe(source.length);
  expect(privateClipTags(readClipTags(source)).length).toBeGreaterThan(0);
  expect(privateClipTags(readClipTags(downloaded))).toEqual([]);
});

test("a file that fails leaves the bar empty and red, never full over a failure @desktop", async ({ page }) => {
  await payingFamily(page, "clip-refused", "basic");
  await page.goto("/photos");
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos and videos").setInputFiles([{ name: "notes.mp4", mimeType: "video/mp4", buffer: Buffer.from("just some text, not a video at all") }]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByText("Finished: 0 of 1 uploaded")).toBeVisible();
  await expect(dialog.getByText("File 1: Unsupported file type (video/mp4)")).toBeVisible();
  const bar = dialog.getByRole("progressbar", { name: /Finished/ });
  await expect(bar).toHaveAttribute("value", "0");
  await expect(bar).toHaveClass(/accent-danger/);
});

test("a parent sends a video to the waiting room: it goes to the album, and Grandma plays it in the room @desktop", async ({ page, browser, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Room Clip Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "waitingRoom.activate", { pregnancyId: family.pregnancyId });
  await page.goto("/waiting-room");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Attach video" }).first().click();
  await (await chooser).setFiles({ name: "first-cry.mov", mimeType: "video/quicktime", buffer: readFileSync(join(import.meta.dirname, "../fixtures/copy-h264.mov")) });
  await expect(page.getByRole("button", { name: "Remove video" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("article", { name: /^Message from Rosa/ }).locator("video")).toBeVisible();

  // In the album too, for the whole family circle.
  const [clip] = (await listedItems(page.request, family.pregnancyId)).filter((item) => item.kind === "clip");
  expect(clip).toMatchObject({ playsEverywhere: true });

  const grandma = await secondBrowser(browser, baseURL!);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await grandma.goto("/waiting-room");
  const video = grandma.getByRole("article", { name: /^Message from Rosa/ }).locator("video");
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);

  // The parents keep it to themselves after all: Grandma is told, not shown a broken player.
  await trpcMutation(page.request, "photos.update", { pregnancyId: family.pregnancyId, photoId: clip!.id, privacyLevel: "parents-only" });
  await grandma.reload();
  await expect(grandma.getByRole("article", { name: /^Message from Rosa/ }).getByText(ROOM_CLIP_UNAVAILABLE)).toBeVisible();
  await expect(grandma.getByRole("article", { name: /^Message from Rosa/ }).locator("video")).toHaveCount(0);
});
