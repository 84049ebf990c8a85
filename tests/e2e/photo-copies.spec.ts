import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { PHOTO_DISPLAY_MAX_PX, PHOTO_PREPARING_TEXT } from "../../src/domain/photos";
import { expect, expectAccessible, signInThroughApi, test } from "./support";
import { familyWithGrandparent, secondBrowser } from "./family";

/**
 * Issue 39, item 4: a 12 MP HEIC (tests/fixtures/README.md) is answered as soon as its original is
 * stored; the album shows a placeholder until the server's queue consumer has made its display copy
 * and thumbnail, then the picture, told by the feed, with no reload (the uploader's page and a
 * relative's open album alike).
 */
const HEIC_12MP = readFileSync(path.resolve(import.meta.dirname, "../fixtures/picture-12mp.heic"));

const grid = (page: Page) => page.getByRole("list", { name: "Photos" });
/** The image's decoded width once loaded: 0 when the browser could not decode it. */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));
/** Marks the page's document: a reload would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute("data-before-upload", "yes"));
const stillSameDocument = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-before-upload", "yes");

test("@desktop a HEIC upload shows a placeholder in the album and the lightbox, then the picture without a reload", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(page.request, baseURL!, "Copies Family");
  const title = `Twelve megapixels ${Date.now()}`;
  await signInThroughApi(page, family.owner.email, family.owner.password);
  const grandma = await secondBrowser(browser, baseURL!);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await grandma.goto("/photos");
  await expect(grandma.getByText("No photos yet. Upload the first one!")).toBeVisible();
  await markDocument(grandma);

  await page.goto("/photos");
  await markDocument(page);
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos").setInputFiles([{ name: "IMG_4032.HEIC", mimeType: "image/heic", buffer: HEIC_12MP }]);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByRole("list", { name: "Files" }).getByRole("listitem").filter({ hasText: "IMG_4032.HEIC" })).toContainText("Uploaded");
  await dialog.getByRole("button", { name: "Done" }).click();

  // The copies are still being made: a named placeholder, no broken image; the lightbox says the same.
  const placeholder = grid(page).getByRole("img", { name: PHOTO_PREPARING_TEXT });
  await expect(placeholder).toBeVisible();
  await expect(grid(page).locator("img")).toHaveCount(0);
  await grid(page).getByRole("button", { name: new RegExp(PHOTO_PREPARING_TEXT) }).click();
  const lightbox = page.getByRole("dialog", { name: title });
  await expect(lightbox.getByRole("img", { name: PHOTO_PREPARING_TEXT })).toBeVisible();
  await expectAccessible(page);

  // The consumer tells the feed: the lightbox and the grid show the display copy and the thumbnail.
  await expect.poll(() => naturalWidth(lightbox.getByRole("img", { name: title })), { timeout: 60_000 }).toBe(PHOTO_DISPLAY_MAX_PX);
  await lightbox.getByRole("button", { name: "Close" }).first().click();
  await expect.poll(() => naturalWidth(grid(page).getByRole("img", { name: title }))).toBeGreaterThan(0);
  await expect(placeholder).toHaveCount(0);
  await stillSameDocument(page);

  // Grandma's open album was told too: the picture arrived without her reloading.
  await expect.poll(() => naturalWidth(grid(grandma).getByRole("img", { name: title })), { timeout: 30_000 }).toBeGreaterThan(0);
  await stillSameDocument(grandma);
  await grandma.context().close();
});
