import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CSV_BOM } from "../../src/domain/csv";
import { asc, eq } from "drizzle-orm";
import { DEMO_KICK_SESSIONS, DEMO_SUPPLEMENTS } from "../../scripts/demo-family";
import { addDays, todayIso } from "../../src/domain/dates";
import { HEALTH_MESSAGES, localDay } from "../../src/domain/healthTrackers";
import { contractions, healthSupplementDoses, healthSupplements, kickSessions } from "../../worker/db/schema";
import { addTwins, familyWithGrandparent, inDb } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";
import { MS_PER_HOUR, MS_PER_SECOND } from "../../src/domain/units";

const CONTRACTION_SECONDS = 70;
const CONTRACTION_EVERY_SECONDS = 300;

const statusWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The cells of a column (0-based among the <td> cells, after the row header) of a table's body rows. */
const columnOf = (page: Page, tableName: string, column: number) =>
  page
    .getByRole("table", { name: tableName })
    .locator("tbody tr")
    .evaluateAll((rows, index) => rows.map((row) => row.querySelectorAll("td")[index]?.textContent?.trim() ?? ""), column);

test("a contraction session shows each duration and interval, the last hour's averages, and the 5-1-1 alert once the pattern has held an hour", async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const family = await familyWithGrandparent(request, baseURL!, "Contraction Family");
  // The page's clock starts two hours back, so the hour of contractions ends before the server's now.
  // It stands still and is moved on by hand: real time spent between clicks on a busy machine never
  // shows in a duration or an interval.
  let pageNow = Date.now() - 2 * MS_PER_HOUR;
  const moveOn = async (ms: number) => {
    pageNow += ms;
    await page.clock.setFixedTime(pageNow);
  };
  await page.clock.setFixedTime(pageNow);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/contractions");
  await expect(page.getByRole("heading", { name: "Contraction Timer", level: 1 })).toBeVisible();
  await expect(page.getByText("No contractions timed in this session yet.")).toBeVisible();
  await expectAccessible(page);

  const alert = page.getByRole("alert").filter({ hasText: HEALTH_MESSAGES.fiveOneOneTitle });
  for (let i = 1; i <= 13; i++) {
    await page.getByRole("button", { name: "Start contraction" }).click();
    await expect(page.getByRole("heading", { name: "Contraction in progress" })).toBeVisible();
    await moveOn(CONTRACTION_SECONDS * MS_PER_SECOND);
    await page.getByRole("button", { name: "Stop contraction" }).click();
    await expect(page.getByRole("table", { name: "Contractions this session, newest first" }).locator("tbody tr")).toHaveCount(i);
    if (i === 12) {
      // 12 contractions five minutes apart span 56 minutes: not yet the hour the rule asks for.
      await expect(page.getByText("The 5-1-1 pattern has held for 56 min of the 1 hr that call for your provider.")).toBeVisible();
      await expect(alert).toBeHidden();
    }
    if (i < 13) await moveOn((CONTRACTION_EVERY_SECONDS - CONTRACTION_SECONDS) * MS_PER_SECOND);
  }

  await expect(alert).toBeVisible();
  await expect(alert).toContainText(HEALTH_MESSAGES.fiveOneOne);
  const table = "Contractions this session, newest first";
  expect(await columnOf(page, table, 1)).toEqual(Array(13).fill("1:10"));
  expect(await columnOf(page, table, 2)).toEqual([...Array(12).fill("5:00"), "–none"]);
  await expect(page.getByRole("img", { name: "Duration of each contraction" })).toBeVisible();
  const lastHour = page.getByRole("region", { name: "Last hour" });
  await expect(lastHour.getByRole("definition")).toHaveText(["12", "1:10", "5:00"]);
  await expect(statusWith(page, HEALTH_MESSAGES.synced)).toBeVisible();
  await expectAccessible(page);

  // Each contraction reached the server as it ended.
  await expect
    .poll(() => inDb((db) => db.select().from(contractions).where(eq(contractions.pregnancyId, family.pregnancyId)).orderBy(asc(contractions.startedAt))))
    .toHaveLength(13);
  const stored = await inDb((db) => db.select().from(contractions).where(eq(contractions.pregnancyId, family.pregnancyId)).orderBy(asc(contractions.startedAt)));
  for (const [i, row] of stored.entries()) {
    expect(Math.floor((row.endedAt!.getTime() - row.startedAt.getTime()) / MS_PER_SECOND)).toBe(CONTRACTION_SECONDS);
    if (i > 0) expect(Math.floor((row.startedAt.getTime() - stored[i - 1]!.startedAt.getTime()) / MS_PER_SECOND)).toBe(CONTRACTION_EVERY_SECONDS);
  }

  // The CSV holds every contraction with its duration and interval.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contractions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const lines = csv.slice(CSV_BOM.length).trim().split("\r\n");
  expect(lines[0]).toBe("Date,Start,End,Duration (sec),Interval (min)");
  expect(lines.slice(1).map((line) => line.split(",").slice(3).join(","))).toEqual(["70,", ...Array(12).fill("70,5")]);
});

test("the kick counter keeps counting with the network cut and syncs the session when the network returns", async ({ page, context, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Kick Family");
  const [, sprout] = await addTwins(family.pregnancyId);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/kicks");
  await expect(page.getByRole("heading", { name: "Kick Counter", level: 1 })).toBeVisible();
  await expect(page.getByText("No sessions yet.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("radio", { name: "Sprout" }).check();
  await page.getByRole("button", { name: "Start counting" }).click();
  await expect(page.getByRole("heading", { name: "Counting Sprout's movements" })).toBeVisible();
  const movement = page.getByRole("button", { name: "Record movement" });
  const movements = page.getByRole("definition").first();
  await movement.click();
  await movement.click();
  await expect(movements).toHaveText("2");

  await context.setOffline(true);
  for (let i = 0; i < 9; i++) await movement.click();
  await expect(movements).toHaveText("11");
  await page.getByRole("button", { name: "Undo last movement" }).click();
  await expect(movements).toHaveText("10");
  await expect(page.getByRole("definition").nth(2)).toHaveText(/^\d+:\d{2}$/);
  await expect(statusWith(page, "10 movements in")).toBeVisible();
  await page.getByRole("button", { name: "Finish session" }).click();

  await expect(statusWith(page, HEALTH_MESSAGES.savedOnDevice)).toBeVisible();
  const latest = page.getByRole("list", { name: "Latest sessions" });
  await expect(latest.getByRole("listitem")).toHaveCount(1);
  await expect(latest).toContainText("10 movements");
  await expect(latest).toContainText("On this device");
  await expect(page.getByRole("table", { name: "Sessions by day" }).locator("tbody tr")).toHaveCount(1);
  await expectAccessible(page);
  expect(await inDb((db) => db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, family.pregnancyId)))).toEqual([]);

  await context.setOffline(false);
  await expect(statusWith(page, HEALTH_MESSAGES.synced)).toBeVisible();
  await expect(latest).not.toContainText("On this device");
  const [stored] = await inDb((db) => db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, family.pregnancyId)));
  expect(stored).toMatchObject({ babyId: sprout!.id, recordedBy: family.owner.userId });
  expect(stored!.kickOffsetsMs).toHaveLength(10);

  // After a reload the session comes from the server.
  await page.reload();
  await expect(page.getByRole("list", { name: "Latest sessions" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Latest sessions" })).toContainText("Sprout");
});

test("a parent keeps a vitamin checklist: adds supplements, ticks today's, sees what is left and the streak, pauses one", { tag: "@desktop" }, async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Vitamin Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/vitamins");
  await expect(page.getByRole("heading", { name: "Vitamins", level: 1 })).toBeVisible();
  await page.getByRole("list", { name: "Suggested supplements" }).getByRole("button", { name: "Prenatal vitamin" }).click();
  await page.getByRole("button", { name: "Add supplement" }).click();
  const form = page.getByRole("dialog", { name: "Add supplement" });
  await form.getByLabel("Name").fill("Iron");
  await form.getByLabel("Dose").fill("27 mg");
  await form.getByRole("button", { name: "Save supplement" }).click();
  await expect(form).toBeHidden();

  const today = page.getByRole("region", { name: "Today" });
  await expect(today).toContainText("0 of 2 taken");
  await expect(statusWith(page, "Left today")).toContainText("Prenatal vitamin, Iron");
  await expectAccessible(page);
  await today.getByRole("checkbox", { name: /Prenatal vitamin/ }).check();
  await expect(statusWith(page, "Left today")).toHaveText("Left today: Iron");
  await today.getByRole("checkbox", { name: /Iron/ }).check();
  await expect(statusWith(page, "All done for today!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Streak" })).toContainText("1 day");
  await expect
    .poll(() =>
      inDb(async (db) =>
        (await db.select({ name: healthSupplements.name }).from(healthSupplementDoses).innerJoin(healthSupplements, eq(healthSupplements.id, healthSupplementDoses.supplementId)).where(eq(healthSupplements.pregnancyId, family.pregnancyId)))
          .map((r) => r.name)
          .sort(),
      ),
    )
    .toEqual(["Iron", "Prenatal vitamin"]);

  // A paused supplement leaves the checklist but stays in the list.
  await page.getByRole("button", { name: "Edit Iron" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Iron" });
  await edit.getByRole("switch", { name: "Taking it now" }).click();
  await edit.getByRole("button", { name: "Save supplement" }).click();
  await expect(today.getByRole("checkbox")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Your supplements" })).toContainText("Paused");
  await expect(today).toContainText("1 of 1 taken");
});

test("the demo parents' health overview links every tool with where it stands; the kick history charts the twins' sessions", async ({ page }) => {
  await signInThroughApi(page, "olivia@example.com");
  await page.goto("/health");
  await expect(page.getByRole("heading", { name: "Health", level: 1 })).toBeVisible();
  const tools = page.getByRole("list", { name: "Health tools" });
  for (const name of ["Vitamins", "Kick Counter", "Cravings", "Symptoms", "Contraction Timer", "Birth Plan", "Hospital Bag", "Medical Contacts"]) {
    await expect(tools.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(tools.getByRole("listitem").filter({ hasText: "Vitamins" })).toContainText(`${DEMO_SUPPLEMENTS.length} left today: ${DEMO_SUPPLEMENTS.map((s) => s.name).join(", ")} · 7 days in a row`);
  await expect(tools.getByRole("listitem").filter({ hasText: "Kick Counter" })).toContainText("10 movements in 22:00");
  await expect(tools.getByRole("listitem").filter({ hasText: "Contraction Timer" })).toContainText("Last contraction");
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await tools.getByRole("link", { name: "Kick Counter", exact: true }).click();
  await expect(page).toHaveURL(/\/health\/kicks$/);
  await expect(page.getByRole("img", { name: "Average time to 10 movements, last 14 days" })).toBeVisible();
  const sessionDays = new Set(DEMO_KICK_SESSIONS.map((s) => localDay(new Date(`${addDays(todayIso(), -s.daysAgo)}T${s.startedAtUtc}:00Z`).getTime())));
  await expect(page.getByRole("table", { name: "Sessions by day" }).locator("tbody tr")).toHaveCount(sessionDays.size);
  await page.getByLabel("Show sessions for").selectOption({ label: "Sprout" });
  await expect(page.getByRole("list", { name: "Latest sessions" }).getByRole("listitem")).toHaveCount(3);
  await expectAccessible(page);

  await page.getByRole("link", { name: "All health tools" }).click();
  await page.getByRole("list", { name: "Health tools" }).getByRole("link", { name: "Contraction Timer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Earlier sessions" })).toBeVisible();
  await page.getByText(/4 contractions/).click();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("a guest, whatever the flags, finds the health tools closed @desktop", async ({ page }) => {
  await signInThroughApi(page, "grandma@example.com");
  for (const path of ["/health", "/health/kicks", "/health/contractions", "/health/vitamins"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  }
});
