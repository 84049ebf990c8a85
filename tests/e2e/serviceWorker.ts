import type { Page } from "@playwright/test";
import { addTwins, familyWithGrandparent } from "./family";
import { expect, signInThroughApi } from "./support";

/** Waits until the page's service worker is active, then reloads so the page is one the worker controls. */
export async function underServiceWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A parent of a fresh family with twins, signed in on the dashboard with the service worker in control. */
export async function parentWithTwins(page: Page, request: Parameters<typeof familyWithGrandparent>[0], baseURL: string) {
  const family = await familyWithGrandparent(request, baseURL, "Offline Family");
  const babies = await addTwins(family.pregnancyId);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await underServiceWorker(page);
  return { family, sprout: babies[1]! };
}
