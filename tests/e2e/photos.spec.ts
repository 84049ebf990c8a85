import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page, Route } from "@playwright/test";
import { demoMember, type DemoMember } from "../../scripts/demo-family";
import { exifWithGps } from "../../scripts/images/exif";
import { encodeJpeg } from "../../scripts/images/jpeg";
import { encodePng } from "../../scripts/images/png";
import { createRaster, paintGradient } from "../../scripts/images/raster";
import { randomIp } from "../support/client";
import { expect, expectAccessible, signIn, signInThroughApi, test, trpcMutation, uniqueEmail } from "./support";
import { familyWithGrandparent } from "./family";

async function memberPage(browser: Browser, baseURL: string, key: DemoMember["key"]): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  const page = await context.newPage();
  await signIn(page, demoMember(key).email);
  return page;
}

function pictures() {
  const raster = createRaster(96, 64);
  paintGradient(raster, [250, 200, 210], [120, 80, 160]);
  return {
    jpeg: Buffer.from(encodeJpeg(raster, 85, [exifWithGps({ latitude: 51.5007, longitude: -0.1246 })])),
    png: Buffer.from(encodePng(raster)),
  };
}

const grid = (page: Page) => page.getByRole("list", { name: "Photos" });

/** The image's decoded width once loaded: 0 when the browser could not decode it (a HEIC in Chromium). */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

test("@desktop choosing several photos, the upload form names its title, description and alt text as the whole batch's", async ({ page }) => {
  const { jpeg, png } = pictures();
  await signInThroughApi(page, demoMember("olivia").email);
  await page.goto("/photos");
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos").setInputFiles([{ name: "one.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
  await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toBeVisible();
  await dialog.getByLabel("Photos").setInputFiles([
    { name: "one.jpg", mimeType: "image/jpeg", buffer: jpeg },
    { name: "two.png", mimeType: "image/png", buffer: png },
  ]);
  await expect(dialog.getByRole("textbox", { name: "Title for all 2 photos", exact: true })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Description for all 2 photos", exact: true })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Alt text for all 2 photos", exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("@desktop the audience line names the invited people who will see the photos once they join", async ({ page, baseURL }) => {
  const family = await familyWithGrandparent(page.request, baseURL!);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "invitations.inviteGuest", { pregnancyId: family.pregnancyId, email: uniqueEmail("rose"), firstName: "Rose", lastName: "Kin", privacyLevel: "immediate-family" });
  await trpcMutation(page.request, "invitations.inviteGuest", { pregnancyId: family.pregnancyId, email: uniqueEmail("tom"), firstName: "Tom", lastName: "Friend", privacyLevel: "friends" });
  await page.goto("/photos");
  await page.getByRole("button", { name: "Upload photos" }).click();
  const audience = page.getByRole("dialog", { name: "Upload photos" }).getByRole("combobox", { name: "Who can see them" });
  await expect(audience).toHaveValue("immediate-family");
  await expect(audience).toHaveAccessibleDescription("Reaches Nana; Rose will see it after joining.");
  await audience.selectOption("parents-only");
  await expect(audience).toHaveAccessibleDescription("Reaches only you.");
  await audience.selectOption("friends");
  await expect(audience).toHaveAccessibleDescription("Reaches Nana; Rose and Tom will see it after joining.");
});

test("@desktop the owner uploads a JPEG with GPS, a PNG and a fake; the fake is refused, GPS is gone, the grandparent sees the photos and the friend does not, and a guest's comment reaches the owner live", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const title = `Bump walk ${Date.now()}`;
  const { jpeg, png } = pictures();
  expect(jpeg.includes("GPS") || jpeg.includes(Buffer.from("Exif\0\0"))).toBe(true);

  await signInThroughApi(page, demoMember("olivia").email);
  await page.goto("/photos");
  await expect(page.getByRole("heading", { name: "Album", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos").setInputFiles([
    { name: "walk.jpg", mimeType: "image/jpeg", buffer: jpeg },
    { name: "nursery.png", mimeType: "image/png", buffer: png },
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("these are my notes, not a photo") },
  ]);
  await expect(dialog.getByText("3 photos chosen")).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await expect(dialog.getByLabel("Who can see them")).toHaveValue("immediate-family");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Upload" }).click();

  const files = dialog.getByRole("list", { name: "Files" });
  await expect(files.getByRole("listitem").filter({ hasText: "notes.jpg" })).toContainText("Unsupported file type");
  for (const name of ["walk.jpg", "nursery.png"]) {
    const row = files.getByRole("listitem").filter({ hasText: name });
    await expect(row.getByRole("progressbar", { name: `${name} upload progress` })).toBeVisible();
    await expect(row).toContainText("Uploaded");
  }
  await expect(page.getByRole("status").filter({ hasText: "Some uploads failed" })).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(grid(page).getByRole("img", { name: title })).toHaveCount(2);

  // The originals as stored: no Exif block, so no GPS position, and still a JPEG / PNG.
  await grid(page).getByRole("img", { name: title }).first().click();
  const lightbox = page.getByRole("dialog", { name: title });
  const originals: Buffer[] = [];
  for (let i = 0; i < 2; i++) {
    const src = await lightbox.getByRole("img", { name: title }).getAttribute("src");
    const response = await page.request.get(src!);
    expect(response.headers()["cache-control"]).toContain("private");
    originals.push(await response.body());
    if (i === 0) await lightbox.getByRole("button", { name: "Next photo" }).click();
  }
  expect(originals.some((bytes) => bytes[0] === 0xff && bytes[1] === 0xd8)).toBe(true);
  for (const bytes of originals) {
    expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
  }
  await lightbox.getByRole("button", { name: "Previous photo" }).click();

  // Immediate family sees them; a friend does not.
  const grandma = await memberPage(browser, baseURL!, "grandma");
  const sam = await memberPage(browser, baseURL!, "sam");
  await Promise.all([grandma.goto("/photos"), sam.goto("/photos")]);
  await expect(grid(grandma).getByRole("img", { name: title })).toHaveCount(2);
  await expect(sam.getByRole("heading", { name: "Album", exact: true })).toBeVisible();
  await expect(sam.getByRole("status").filter({ hasText: "Loading photos" })).toHaveCount(0);
  await expect(sam.getByRole("img", { name: title })).toHaveCount(0);

  // The grandparent comments; the owner's open lightbox shows it without a reload.
  await grid(grandma).getByRole("img", { name: title }).first().click();
  const grandmaBox = grandma.getByRole("dialog", { name: title });
  const words = `What a lovely walk! ${Date.now()}`;
  await grandmaBox.getByLabel("Add a comment").fill(words);
  await grandmaBox.getByRole("button", { name: "Post" }).click();
  await expect(grandmaBox.getByRole("list", { name: "Comments" }).getByText(words)).toBeVisible();
  await expect(lightbox.getByRole("list", { name: "Comments" }).getByText(words)).toBeVisible();

  await grandma.context().close();
  await sam.context().close();
});

test("@desktop a HEIC photo from an iPhone shows in Chromium, in the grid and in the lightbox, and downloads as the original", async ({ page }) => {
  test.setTimeout(90_000);
  // Made with heif-enc (tests/fixtures/README.md), without metadata: the original is stored byte for byte.
  const heic = readFileSync(path.resolve(import.meta.dirname, "../fixtures/picture.heic"));
  const title = `First scan ${Date.now()}`;
  await signInThroughApi(page, demoMember("olivia").email);
  await page.goto("/photos");
  await page.getByRole("button", { name: "Upload photos" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload photos" });
  await dialog.getByLabel("Photos").setInputFiles([{ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: heic }]);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByRole("list", { name: "Files" }).getByRole("listitem").filter({ hasText: "IMG_0042.HEIC" })).toContainText("Uploaded");
  await dialog.getByRole("button", { name: "Done" }).click();

  const thumbnail = grid(page).getByRole("img", { name: title });
  await expect.poll(() => naturalWidth(thumbnail)).toBeGreaterThan(0);
  await thumbnail.click();
  const lightbox = page.getByRole("dialog", { name: title });
  await expect.poll(() => naturalWidth(lightbox.getByRole("img", { name: title }))).toBe(64);

  const [download] = await Promise.all([page.waitForEvent("download"), lightbox.getByRole("link", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.heic$/);
  expect(readFileSync((await download.path())!).equals(heic)).toBe(true);
});

test("@mobile on a phone the grandparent browses the album by week and opens a photo with the arrow buttons", async ({ page }) => {
  await signInThroughApi(page, demoMember("grandma").email);
  await page.goto("/photos");
  await expect(grid(page).getByRole("listitem").first()).toBeVisible();
  const week = page.getByLabel("Week", { exact: true });
  const firstWeek = await week.locator("option").nth(1).getAttribute("value");
  await week.selectOption(firstWeek!);
  await expect(grid(page).getByRole("listitem").first()).toContainText(`Week ${firstWeek}`);
  await week.selectOption("");
  await grid(page).getByRole("button").first().click();
  const lightbox = page.getByRole("dialog");
  await expect(lightbox.getByText(/^Photo 1 of \d+$/)).toBeVisible();
  await lightbox.getByRole("button", { name: "Next photo" }).click();
  await expect(lightbox.getByText(/^Photo 2 of \d+$/)).toBeVisible();
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("@mobile a far relative's album at a phone's width: the first row's pictures load at once and first, those far below lazily, and no cell moves as they arrive", async ({ page }) => {
  // Every layout shift on the page, summed; reset once the cells are there, before their pictures.
  await page.addInitScript(() => {
    const shifts = window as unknown as { layoutShift: number };
    shifts.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.layoutShift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The pictures are held back until the cells have been measured without them.
  const held: Route[] = [];
  let holding = true;
  await page.route("**/*", (route) => (holding && route.request().resourceType() === "image" ? void held.push(route) : route.fallback()));
  await signInThroughApi(page, demoMember("grandma").email);
  await page.goto("/photos");

  const images = grid(page).getByRole("img");
  await expect(images.nth(5)).toBeAttached();
  const count = await images.count();
  // Two columns at 390 px: the first row at once and ahead of the rest, the last rows as they come near.
  for (const index of [0, 1]) {
    await expect(images.nth(index)).toHaveAttribute("loading", "eager");
    await expect(images.nth(index)).toHaveAttribute("fetchpriority", "high");
  }
  await expect(images.nth(count - 1)).toHaveAttribute("loading", "lazy");
  await expect(images.nth(count - 2)).toHaveAttribute("loading", "lazy");

  const cells = grid(page).getByRole("listitem");
  const boxes = () => cells.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  expect(await images.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(false);
  const before = await boxes();
  await page.evaluate(() => ((window as unknown as { layoutShift: number }).layoutShift = 0));

  holding = false;
  await Promise.all(held.splice(0).map((route) => route.fallback()));
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect.poll(() => images.nth(1).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await boxes()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
});
