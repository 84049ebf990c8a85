import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEMO_DAYS_UNTIL_DUE, DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { encodePng } from "../../scripts/images/png";
import { DATA_EXPORT_MESSAGES } from "../../src/domain/dataExport";
import { addDays, todayIso } from "../../src/domain/dates";
import { ApiClient } from "../support/client";
import { uploadPhotos } from "../support/photoUpload";
import { users } from "../../worker/db/schema";
import { familyWithGrandparent, inDb } from "./family";
import { expect, literally, signIn, test } from "./support";

/**
 * Issue 23, item 3: dates and numbers follow the browser's locale (Playwright's `locale` sets it),
 * while headings, buttons and the words around them stay the spec's English. Each locale's
 * expectations are written out by hand, so the test does not ask Intl what Intl will say.
 */
const ENGLISH_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const GERMAN_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

interface Reader {
  locale: string;
  /** A long date: 'YYYY-MM-DD' as the locale writes it in words. */
  longDate: (date: string) => string;
  /** Wednesday 25 November 2026 in the month grid (the day's button and heading). */
  fixedDay: string;
  /** The week of 23 November 2026 in the week view's heading. */
  fixedWeek: string;
  /** A number with one decimal, as the download's size shows it. */
  decimal: RegExp;
  /** A whole percentage. */
  percent: string;
}

const parts = (date: string) => {
  const [year = "", month = "", day = ""] = date.split("-");
  return { year, month: Number(month) - 1, day: Number(day) };
};

const READERS: Reader[] = [
  {
    locale: "en-US",
    longDate: (date) => (({ year, month, day }) => `${ENGLISH_MONTHS[month]} ${day}, ${year}`)(parts(date)),
    fixedDay: "Wednesday, November 25",
    fixedWeek: "Nov 23 – Nov 29, 2026",
    decimal: /\d+\.\d MB/,
    percent: String.raw`\d+%`,
  },
  {
    locale: "en-GB",
    longDate: (date) => (({ year, month, day }) => `${day} ${ENGLISH_MONTHS[month]} ${year}`)(parts(date)),
    fixedDay: "Wednesday 25 November",
    fixedWeek: "23 Nov – 29 Nov 2026",
    decimal: /\d+\.\d MB/,
    percent: String.raw`\d+%`,
  },
  {
    locale: "de-DE",
    longDate: (date) => (({ year, month, day }) => `${day}. ${GERMAN_MONTHS[month]} ${year}`)(parts(date)),
    fixedDay: "Mittwoch, 25. November",
    fixedWeek: "23. Nov. – 29. Nov. 2026",
    decimal: /\d+,\d MB/,
    percent: String.raw`\d+\s%`,
  },
];

const owner = demoMember("olivia");

for (const reader of READERS) {
  // About words and numbers, not layout: run once, on the desktop project.
  test.describe(`read in ${reader.locale} @desktop`, () => {
    test.use({ locale: reader.locale });

    test("the calendar's days, weeks and the due date read in the locale; its headings and buttons stay English", async ({ page }) => {
      await signIn(page, owner.email);
      await page.goto("/calendar?date=2026-11-25");
      await expect(page.getByRole("heading", { name: "November 2026" })).toBeVisible();
      await page.getByRole("gridcell", { name: new RegExp(`^${literally(reader.fixedDay)}, `) }).click();
      await expect(page.getByRole("heading", { name: reader.fixedDay, exact: true })).toBeVisible();
      await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Week" }).click();
      await expect(page.getByRole("heading", { name: reader.fixedWeek, exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Previous week" })).toBeVisible();

      // The demo's due date is a milestone on the calendar, written out long in its dialog.
      const dueDate = addDays(todayIso(), DEMO_DAYS_UNTIL_DUE);
      await page.goto(`/calendar?view=agenda&date=${dueDate}`);
      await page.getByRole("button", { name: /^Due date\b/ }).click();
      const dialog = page.getByRole("dialog", { name: "Due date" });
      await expect(dialog).toContainText(reader.longDate(dueDate));
      await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    });

    test("the dashboard's due date and progress read in the locale", async ({ page }) => {
      await signIn(page, owner.email);
      const progress = page.getByRole("region", { name: DEMO_PREGNANCY_TITLE });
      await expect(progress).toContainText(`Due date${reader.longDate(addDays(todayIso(), DEMO_DAYS_UNTIL_DUE))}`);
      await expect(progress.getByRole("img", { name: new RegExp(`^Pregnancy progress: week \\d+ of 40, ${reader.percent} of the way to the due date$`) })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    });

    test("a download's size has the locale's decimal separator", async ({ page, request, baseURL }) => {
      // One photo of noise (which no encoder can shrink) puts the family's download past a megabyte.
      const family = await familyWithGrandparent(request, baseURL!, "Locale Family");
      // Downloads are mailed to the account, so it needs a verified address.
      await inDb((db) => db.update(users).set({ emailVerified: true }).where(eq(users.id, family.owner.userId)));
      const uploader = new ApiClient(baseURL!);
      expect((await uploader.signIn(family.owner.email, family.owner.password)).ok).toBe(true);
      const noise = { width: 800, height: 640, pixels: new Uint8Array(randomBytes(800 * 640 * 3)) };
      const [uploaded] = await uploadPhotos(uploader, family.pregnancyId, [{ name: "noise.png", bytes: encodePng(noise), type: "image/png" }], { metadata: { week: 12, privacyLevel: "immediate-family" } });
      expect(uploaded?.success).toBe(true);

      await signIn(page, family.owner.email, family.owner.password);
      await page.goto("/settings");
      const downloads = page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading });
      await downloads.getByRole("button", { name: `${DATA_EXPORT_MESSAGES.prepare}: ${family.title}` }).click();
      const size = reader.decimal.source;
      await expect(downloads.getByRole("link", { name: new RegExp(`^${literally(DATA_EXPORT_MESSAGES.download)} \\(${size}\\): ${literally(family.title)}$`) })).toBeVisible();
      await expect(downloads.getByRole("status")).toContainText(new RegExp(`^Ready: 1 photo in \\d+ files, ${size}\\.`));
    });
  });
}
