import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { todayIso } from "../../src/domain/dates";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { photoWeekOn } from "../../src/domain/photos";
import { SHARE_TEXTS } from "../../src/features/photos/album/sharedUpload";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { jpegWithGps } from "../support/images";
import { familyWithGrandparent, inDb } from "./family";
import { underServiceWorker } from "./serviceWorker";
import { expect, signInThroughApi, test } from "./support";

// The service worker is under test here (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** What the phone's share sheet sends (public/manifest.webmanifest's share_target). */
interface SharedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A phone's photo, and a clip (the dialog does not take clips yet). */
const PHOTO = Buffer.from(jpegWithGps());
const CLIP = readFileSync(path.join(import.meta.dirname, "../fixtures/copy-h264.mov"));

/** Shares files to the app as the share sheet does: a form navigation POSTing them to /share-target. */
async function shareToApp(page: Page, files: SharedFile[]): Promise<void> {
  await page.evaluate(() => {
    const form = document.createElement("form");
    Object.assign(form, { method: "post", action: "/share-target", enctype: "multipart/form-data", id: "share-sheet" });
    const input = Object.assign(document.createElement("input"), { type: "file", name: "media", multiple: true });
    form.appendChild(input);
    document.body.appendChild(form);
  });
  await page.locator("#share-sheet input[type=file]").setInputFiles(files);
  await page.evaluate(() => (document.getElementById("share-sheet") as HTMLFormElement).submit());
}

/** A fresh family's owner or grandparent, signed in on /photos with the service worker in control. */
async function onPhotos(page: Page, baseURL: string, who: "owner" | "grandma") {
  const family = await familyWithGrandparent(page.request, baseURL, "Sharing Family");
  await signInThroughApi(page, family[who].email, family[who].password);
  await page.goto("/photos");
  await expect(page.getByRole("heading", { name: "Album", exact: true })).toBeVisible();
  await underServiceWorker(page);
  return family;
}

test("@desktop a photo and a clip shared from the share sheet open the upload dialog at the current week; both are uploaded", async ({ page, baseURL }) => {
  const family = await onPhotos(page, baseURL!, "owner");
  // Chrome takes the manifest's share target without complaint (its DevTools report of it names the action only reliably; the unit test reads the rest).
  const { errors, manifest } = await (await page.context().newCDPSession(page)).send("Page.getAppManifest");
  expect(errors).toEqual([]);
  expect(manifest.shareTarget?.action).toBe(`${baseURL}/share-target`);
  const [pregnancy] = await inDb((db) => db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId)));
  const shares: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/share-target")) shares.push(request.method());
  });
  const workerAnswered = page.waitForResponse((response) => response.url().endsWith("/share-target"));

  await shareToApp(page, [
    { name: "bump.jpg", mimeType: "image/jpeg", buffer: PHOTO },
    { name: "kicks.mov", mimeType: "video/quicktime", buffer: CLIP },
  ]);
  // The service worker answered the POST (the Worker's own answer would say the files did not arrive).
  expect((await workerAnswered).fromServiceWorker()).toBe(true);
  expect(shares).toContain("POST");

  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await expect(dialog.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveText(["bump.jpg", "kicks.mov"]);
  await expect(dialog.getByText("2 files chosen")).toBeVisible();
  await expect(dialog.getByRole("spinbutton", { name: "Week" })).toHaveValue(String(photoWeekOn(pregnancy!.dueDate, todayIso())));
  await expect(page).toHaveURL(/\/photos$/);

  const title = `Shared bump ${Date.now()}`;
  await dialog.getByRole("textbox", { name: "Title for all 2 files" }).fill(title);
  await dialog.getByRole("button", { name: "Upload" }).click();
  const rows = dialog.getByRole("list", { name: "Files" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "bump.jpg" })).toContainText("Uploaded");
  await expect(rows.filter({ hasText: "kicks.mov" })).toContainText("Uploaded");
  await dialog.getByRole("button", { name: "Done" }).click();
  const album = page.getByRole("list", { name: "Photos" });
  await expect(album.getByRole("img", { name: title, exact: true })).toHaveCount(1);
  await expect(album.getByRole("img", { name: new RegExp(`^${title} \\(video, 0:0\\d\\)$`) })).toHaveCount(1);

  // Taken once: the same share again finds nothing on the device.
  await page.goto(`/photos?share=${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}`);
  await expect(page.getByRole("status").filter({ hasText: SHARE_TEXTS.missing })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("@desktop a guest who may not add photos is told the shared files were not added", async ({ page, baseURL }) => {
  const family = await familyWithGrandparent(page.request, baseURL!, "Sharing Family");
  await inDb((db) =>
    db
      .update(pregnancyParticipants)
      .set({ permissions: { ...GUEST_DEFAULT_PERMISSIONS, canContributePhotos: false, canUploadPhotos: false } })
      .where(eq(pregnancyParticipants.userId, family.grandma.userId)),
  );
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/photos");
  await expect(page.getByRole("heading", { name: "Album", exact: true })).toBeVisible();
  await underServiceWorker(page);

  await shareToApp(page, [{ name: "bump.jpg", mimeType: "image/jpeg", buffer: PHOTO }]);
  await expect(page.getByRole("status").filter({ hasText: SHARE_TEXTS.notAllowed })).toBeVisible();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole("dialog", { name: "Upload photos" })).toHaveCount(0);
});

test("@desktop without the service worker, the Worker sends a share to the album, which says the files did not arrive", async ({ page, baseURL }) => {
  const response = await page.request.post("/share-target", { multipart: { media: { name: "bump.jpg", mimeType: "image/jpeg", buffer: PHOTO } }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/photos?share=unavailable");
  await onPhotos(page, baseURL!, "owner");
  await page.goto("/photos?share=unavailable");
  await expect(page.getByRole("status").filter({ hasText: SHARE_TEXTS.missing })).toBeVisible();
  await expect(page).toHaveURL(/\/photos$/);
});
