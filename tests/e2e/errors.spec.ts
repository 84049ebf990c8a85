import type { Page } from "@playwright/test";
import { demoMember } from "../../scripts/demo-family";
import { expect, expectAccessible, fastForwardUntilVisible, signInThroughApi, test } from "./support";
import { ERROR_BOUNDARY_MAX_RETRIES } from "../../src/domain/errors";
import { ERROR_REPORTS_KEPT, ERROR_REPORTS_STORAGE_KEY } from "../../src/domain/clientErrors";

/** The pregnancy list on /pregnancies loads with suspense: cut its call off as if the network were down. */
const PREGNANCY_LIST_CALLS = /\/api\/trpc\/[^?]*pregnancy\.mine/;

/** Fails every call to the list; returns how many were attempted so far. */
async function failPregnancyList(page: Page): Promise<() => number> {
  let attempts = 0;
  await page.route(PREGNANCY_LIST_CALLS, (route) => {
    attempts += 1;
    return route.abort("internetdisconnected");
  });
  return () => attempts;
}

// Each failure waits out the data layer's own three retries (1 s, 2 s, 4 s) before the screen shows.
const SCREEN_TIMEOUT = { timeout: 20_000 };

interface StoredReport {
  id: string;
  category: string;
  retryCount: number;
  url: string;
  userAgent: string;
}

test("a failing page shows the error screen; retries count down with backoff, then only Reload Page remains", { tag: "@desktop" }, async ({ page }) => {
  await page.clock.install();
  await signInThroughApi(page, demoMember("grandma").email);
  const attempts = await failPregnancyList(page);
  await page.goto("/pregnancies");

  await fastForwardUntilVisible(page, page.getByRole("heading", { name: "Connection Issue", level: 1 }));
  await expect(page.getByText("Network connection issue. Retrying automatically when connection is restored.")).toBeVisible();
  await expect(page.getByText(`Retry attempts 0/${ERROR_BOUNDARY_MAX_RETRIES}`)).toBeVisible();
  const errorId = (await page.locator("dt", { hasText: "Error ID" }).locator("xpath=following-sibling::dd[1]").textContent())!.trim();
  expect(errorId).toMatch(/^err_/);
  await page.getByText("Technical details").click();
  await expect(page.getByText("Failed to fetch")).toBeVisible();
  // The shell stays around the failed page.
  await expect(page.getByRole("main")).toHaveCount(1);
  await expectAccessible(page);

  const reports = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as StoredReport[], ERROR_REPORTS_STORAGE_KEY);
  const first = (await reports()).find((r) => r.id === errorId);
  expect(first).toMatchObject({ category: "network", retryCount: 0 });
  expect(first!.url).toContain("/pregnancies");
  expect(first!.userAgent.length).toBeGreaterThan(0);

  const attemptsBeforeRetry = attempts();
  await page.getByRole("button", { name: "Try Again (3 left)" }).click();
  await fastForwardUntilVisible(page, page.getByRole("button", { name: "Try Again (2 left)" }));
  // The retry really asked the server again (and the data layer retried that call too).
  expect(attempts()).toBeGreaterThan(attemptsBeforeRetry);
  await expect(page.getByText(`Retry attempts 1/${ERROR_BOUNDARY_MAX_RETRIES}`)).toBeVisible();
  await page.getByRole("button", { name: "Try Again (2 left)" }).click();
  await fastForwardUntilVisible(page, page.getByRole("button", { name: "Try Again (1 left)" }));
  await page.getByRole("button", { name: "Try Again (1 left)" }).click();
  await fastForwardUntilVisible(page, page.getByText(`Retry attempts 3/${ERROR_BOUNDARY_MAX_RETRIES}`));
  await expect(page.getByRole("button", { name: /Try Again/ })).toHaveCount(0);
  await expectAccessible(page);

  const stored = await reports();
  expect(stored.length).toBeLessThanOrEqual(ERROR_REPORTS_KEPT);
  expect(stored.map((r) => r.retryCount)).toEqual(expect.arrayContaining([0, 1, 2, 3]));

  await page.unroute(PREGNANCY_LIST_CALLS);
  await page.getByRole("button", { name: "Reload Page" }).click();
  await expect(page.getByRole("heading", { name: "Pregnancies", level: 1 })).toBeVisible();
});

test("'Try Again' recovers the page once the network answers again @desktop", async ({ page }) => {
  await page.clock.install();
  await signInThroughApi(page, demoMember("maya").email);
  await failPregnancyList(page);
  await page.goto("/pregnancies");
  await fastForwardUntilVisible(page, page.getByRole("button", { name: "Try Again (3 left)" }));
  await page.unroute(PREGNANCY_LIST_CALLS);
  await page.getByRole("button", { name: "Try Again (3 left)" }).click();
  await expect(page.getByRole("heading", { name: "Pregnancies", level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Viewing" })).toHaveCount(1);
});

test("offline, the screen waits for the connection and retries by itself when it is back @desktop", async ({ page, context }) => {
  await page.clock.install();
  await signInThroughApi(page, demoMember("maya").email);
  await failPregnancyList(page);
  await page.goto("/pregnancies");
  await fastForwardUntilVisible(page, page.getByRole("heading", { name: "Connection Issue" }));

  await context.setOffline(true);
  await expect(page.getByText("Waiting for connection...")).toBeVisible();
  await expect(page.getByText("You're currently offline. Please check your internet connection.")).toBeVisible();
  await expectAccessible(page);

  await page.unroute(PREGNANCY_LIST_CALLS);
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Pregnancies", level: 1 })).toBeVisible(SCREEN_TIMEOUT);
});

test("errors nobody caught are captured and kept, at most ten @desktop", async ({ page }) => {
  // Any page of the app (the public site's static pages do not load it).
  await page.goto("/createaccount");
  await page.evaluate(() => {
    for (let i = 0; i < 12; i += 1) setTimeout(() => Promise.reject(new Error(`background failure ${i}`)));
  });
  await expect
    .poll(() => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? "[]") as { message: string }[]).map((r) => r.message), ERROR_REPORTS_STORAGE_KEY))
    .toContain("background failure 11");
  const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as { message: string; category: string }[], ERROR_REPORTS_STORAGE_KEY);
  expect(kept).toHaveLength(ERROR_REPORTS_KEPT);
  expect(kept[0]!.message).toBe("background failure 2");
});
