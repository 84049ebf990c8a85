import type { Page } from "@playwright/test";
import { demoMember } from "../../scripts/demo-family";
import { PICTURE_LINK_PATH } from "../../src/domain/pictureLinks";
import { DEV_NOW_HEADER } from "../../worker/infra/clock";
import { expect, signInThroughApi, test } from "./support";

/**
 * Album pictures come by signed links that the list hands out again within their window (issue
 * 40), each cached privately until it expires: a relative coming back to the album within the
 * link's life is shown every picture by the browser's cache, with no request to the Worker.
 */

/** The album's pictures this document loaded, with how many bytes each took from the network (0: the browser's cache answered). */
async function picturesLoaded(page: Page): Promise<Array<{ url: string; transferSize: number }>> {
  return page.evaluate((prefix) => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return entries.filter((entry) => new URL(entry.name).pathname.startsWith(prefix)).map((entry) => ({ url: entry.name, transferSize: entry.transferSize }));
  }, PICTURE_LINK_PATH);
}

/** Every thumbnail in the album's grid has arrived and been decoded. */
async function thumbnailsShown(page: Page): Promise<number> {
  const thumbnails = page.getByRole("list", { name: "Photos" }).getByRole("img");
  await expect(thumbnails.first()).toBeVisible();
  await expect.poll(() => thumbnails.evaluateAll((images) => images.every((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0))).toBe(true);
  return thumbnails.count();
}

test("a repeat visit to the album within the links' life is shown every picture from the browser's cache, with no request to the Worker @desktop", async ({ page }) => {
  // One moment for the whole visit, so a window's end cannot fall between the two loads.
  await page.context().setExtraHTTPHeaders({ [DEV_NOW_HEADER]: new Date().toISOString() });
  await signInThroughApi(page, demoMember("grandma").email);

  await page.goto("/photos");
  const shown = await thumbnailsShown(page);
  // Below the fold a thumbnail waits until scrolled to; scrolling to the end loads them all.
  await page.getByRole("list", { name: "Photos" }).getByRole("img").last().scrollIntoViewIfNeeded();
  await thumbnailsShown(page);
  const first = await picturesLoaded(page);
  expect(first.length).toBeGreaterThanOrEqual(shown);
  expect(first.every((picture) => picture.transferSize > 0)).toBe(true);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/photos");
  await thumbnailsShown(page);
  await page.getByRole("list", { name: "Photos" }).getByRole("img").last().scrollIntoViewIfNeeded();
  await thumbnailsShown(page);
  const repeat = await picturesLoaded(page);
  // The same links again, every one answered by the cache.
  expect(repeat.map((picture) => picture.url).sort()).toEqual(first.map((picture) => picture.url).sort());
  expect(repeat.filter((picture) => picture.transferSize > 0)).toEqual([]);
});
