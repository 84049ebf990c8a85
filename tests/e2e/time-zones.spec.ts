import type { Browser, BrowserContext, Page } from "@playwright/test";
import { addDays } from "../../src/domain/dates";
import { instantIn, todayIn } from "../../src/domain/timeZones";
import { DEV_NOW_HEADER } from "../../worker/infra/clock";
import { randomIp } from "../support/client";
import { familyWithGrandparent } from "./family";
import { expect, signIn, test, trpcMutation } from "./support";

const LA = "America/Los_Angeles";
const AUCKLAND = "Pacific/Auckland";

test.use({ timezoneId: LA });

/** The page's clock and the server's (the local stack's test header) both at `at`. */
async function setNow(page: Page, at: Date) {
  await page.clock.setFixedTime(at);
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": randomIp(), [DEV_NOW_HEADER]: at.toISOString() });
}

async function auckland(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, timezoneId: AUCKLAND, viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** '6:00 PM Fri', as a reader in the zone reads that moment. */
function clockThere(at: Date, timeZone: string): { time: string; weekday: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", weekday: "short" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { time: `${part("hour")}:${part("minute")} ${part("dayPeriod")}`, weekday: part("weekday") };
}

test("@desktop a family in Los Angeles: tonight's 9 PM dinner stays on the parents' dashboard until midnight there, and Grandma in Auckland sees its time and her own", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(90_000);
  const family = await familyWithGrandparent(request, baseURL!, "Pacific Family");
  // Tonight in Los Angeles, whatever the time is here; 11:30 PM there is already tomorrow in UTC.
  const tonight = todayIn(LA);
  const lateTonight = instantIn(tonight, "23:30:00", LA);
  const afterMidnight = instantIn(addDays(tonight, 1), "00:10:00", LA);
  const dinnerAt = instantIn(tonight, "21:00:00", LA);
  expect(lateTonight.toISOString().slice(0, 10)).toBe(addDays(tonight, 1));

  await setNow(page, lateTonight);
  await signIn(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "pregnancy.update", { pregnancyId: family.pregnancyId, timeZone: LA });
  await trpcMutation(page.request, "calendar.create", { pregnancyId: family.pregnancyId, id: crypto.randomUUID(), title: "Dinner at nine", date: tonight, time: "9:00 PM", category: "family", privacyLevel: "immediate-family" });

  // The parent, in Los Angeles at 11:30 PM: tonight's dinner is still upcoming, at the family's own clock.
  await page.goto("/dashboard");
  const upcoming = page.getByRole("region", { name: "Upcoming events" });
  const dinner = upcoming.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Dinner at nine" }) });
  await expect(dinner).toBeVisible();
  await expect(dinner).toContainText("9:00 PM");
  await expect(dinner).not.toContainText("Los Angeles");

  // Ten past midnight in Los Angeles: the evening is over and the dinner leaves the dashboard.
  await setNow(page, afterMidnight);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(upcoming.getByRole("link", { name: "Dinner at nine" })).toHaveCount(0);

  // Grandma in Auckland, at the same moment as the parents' 11:30 PM: the Los Angeles time and hers.
  const grandma = await auckland(browser, baseURL!);
  await setNow(grandma.page, lateTonight);
  await signIn(grandma.page, family.grandma.email, family.grandma.password);
  const hers = clockThere(dinnerAt, AUCKLAND);
  const expected = `9:00 PM Los Angeles · ${hers.time} ${hers.weekday} in Auckland`;
  const grandmasDinner = grandma.page.getByRole("region", { name: "Upcoming events" }).getByRole("listitem").filter({ has: grandma.page.getByRole("link", { name: "Dinner at nine" }) });
  await expect(grandmasDinner).toContainText(expected);

  // The event's own page says the same.
  await grandmasDinner.getByRole("link", { name: "Dinner at nine" }).click();
  await expect(grandma.page.getByRole("heading", { name: "Dinner at nine" })).toBeVisible();
  await expect(grandma.page.getByText(expected)).toBeVisible();
  await grandma.context.close();
});

test("@desktop a parent moves the family's time zone in Settings, and the event times follow it", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Moving Family");
  await signIn(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "pregnancy.update", { pregnancyId: family.pregnancyId, timeZone: "UTC" });
  const date = addDays(todayIn(LA), 7);
  await trpcMutation(page.request, "calendar.create", { pregnancyId: family.pregnancyId, id: crypto.randomUUID(), title: "Checkup at ten", date, time: "10:00 AM", category: "medical", privacyLevel: "parents-only" });

  await page.goto("/settings");
  const details = page.getByRole("region", { name: "Pregnancy details" });
  const zone = details.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("UTC");
  await zone.selectOption(LA);
  await details.getByRole("button", { name: "Save pregnancy details" }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText("Pregnancy details saved.")).toBeVisible();

  // The checkup is at 10 AM where the family now lives, which is this reader's own zone.
  await page.goto("/dashboard");
  const checkup = page.getByRole("region", { name: "Upcoming events" }).getByRole("listitem").filter({ has: page.getByRole("link", { name: "Checkup at ten" }) });
  await expect(checkup).toContainText("10:00 AM");
  await expect(checkup).not.toContainText("Los Angeles");
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Pregnancy details" }).getByRole("combobox", { name: "Time zone" })).toHaveValue(LA);
});
