import type { Locator, Page } from "@playwright/test";

/** A date as the page writes it, in the browser's own locale. */
export const pageDate = (page: Page, date: string) => page.evaluate((day) => new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)), date);

/**
 * Clicks every button in `area` (the page's main area unless told), closing whatever it opened, and
 * answers the requests that failed meanwhile: in the read-only view, none may.
 */
export async function clickEverything(page: Page, area: Locator = page.getByRole("main")): Promise<string[]> {
  const failed: string[] = [];
  const watch = (response: { url: () => string; status: () => number }) => {
    if (response.url().includes("/api/") && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  };
  page.on("response", watch);
  const buttons = area.getByRole("button");
  const count = await buttons.count();
  for (let index = 0; index < count; index++) {
    // A click may change what the area shows (another calendar view): stop where the buttons end.
    if (index >= (await buttons.count())) break;
    const button = buttons.nth(index);
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    await button.click();
    await page.keyboard.press("Escape");
  }
  await page.waitForLoadState("networkidle");
  page.off("response", watch);
  return failed;
}
