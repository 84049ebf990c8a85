import type { Page } from "@playwright/test";
import { expect, signUpThroughApi, test } from "./support";

test.use({ timezoneId: "Pacific/Auckland" });

/** The stored zone as the session reads it back (superjson's envelope). */
const storedZone = async (page: Page) => {
  const body = (await (await page.request.get("/api/trpc/account.session")).json()) as { result: { data: { json: { timeZone: string | null } | null } } };
  return body.result.data.json?.timeZone;
};

test("the app tells the server the browser's time zone, so the weekly digest comes in the user's Monday morning @desktop", async ({ page }) => {
  await signUpThroughApi(page, "zone", "correct-horse-battery-1", { stay: true });
  expect(await storedZone(page)).toBeNull();
  await page.goto("/dashboard");
  await expect.poll(() => storedZone(page)).toBe("Pacific/Auckland");
});
