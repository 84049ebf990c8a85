import type { Page } from "@playwright/test";
import { demoMember } from "../../scripts/demo-family";
import { DASHBOARD_LATEST_PHOTOS, DASHBOARD_LATEST_POSTS } from "../../src/domain/dashboard";
import { expect, signInThroughApi, test } from "./support";

/**
 * A data request is a request to /api/ other than image bytes (photos, avatars, waiting-room pictures),
 * the performance helper's `metrics.record` and `account.setTimeZone` (sent once when the browser's
 * zone differs from the stored one), which go alone on purpose; the room socket is not a request
 * event. Counted, not timed: how the figures move with distance is the bench's.
 */
function isDataRequest(url: string): boolean {
  const { pathname } = new URL(url);
  if (!pathname.startsWith("/api/")) return false;
  if (/^\/api\/photos\/[^/]+\/[^/]+/.test(pathname) || pathname.startsWith("/api/avatars/") || /^\/api\/waiting-room\/[^/]+\/images/.test(pathname)) return false;
  return !pathname.startsWith("/api/trpc/") || !pathname.slice("/api/trpc/".length).split(",").every((path) => path === "metrics.record" || path === "account.setTimeZone");
}

/** The data requests the page makes from now on; `take` hands over those made so far. */
function watchDataRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (isDataRequest(request.url())) seen.push(new URL(request.url()).pathname);
  });
  return { take: () => seen.splice(0) };
}

test("a full load of /dashboard asks for its data in at most 2 requests, and going on to the album in 1 @desktop", async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  const requests = watchDataRequests(page);

  await page.goto("/dashboard");
  // Everything the dashboard reads is on screen: the profile, the pregnancy, its summary and the posts.
  await expect(page.getByText("Welcome, Olivia!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByText("Bean", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest photos" }).getByRole("img")).toHaveCount(DASHBOARD_LATEST_PHOTOS);
  await expect(page.getByRole("region", { name: "Latest updates" }).getByRole("article", { name: /^Post by / })).toHaveCount(DASHBOARD_LATEST_POSTS);
  await page.waitForLoadState("networkidle");
  const fullLoad = requests.take();
  expect(fullLoad.length, fullLoad.join("\n")).toBeLessThanOrEqual(2);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Photo Album" }).click();
  await expect(page.getByRole("heading", { name: "Photo Album", level: 1 })).toBeVisible();
  // The album's photos, its filters and the plan's storage figure.
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByLabel("Week", { exact: true }).locator("option").nth(1)).toBeAttached();
  await expect(page.getByText(/^\d+ of \d+ photos used$/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  const navigation = requests.take();
  expect(navigation.length, navigation.join("\n")).toBeLessThanOrEqual(1);
});
