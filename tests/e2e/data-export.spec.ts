import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import type { Locator, Page } from "@playwright/test";
import { DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { DATA_EXPORT_MESSAGES } from "../../src/domain/dataExport";
import { DEFAULT_PREGNANCY_TITLE } from "../../src/domain/pregnancy";
import { CLOSED_PREGNANCIES_SECTION, PREGNANCY_DELETION_MESSAGES } from "../../src/domain/pregnancyDeletion";
import { SUBSCRIPTION_MESSAGES } from "../../src/domain/subscription";
import { photos, pregnancies, users } from "../../worker/db/schema";
import { openDb } from "./family";
import { expect, expectAccessible, mailedCode, payingFamily, signIn, test, stackOrigin } from "./support";

/** Prepares a pregnancy's download where the page offers it, takes it as the browser saves it, and opens the zip. */
async function downloadFrom(page: Page, where: Locator, title: string) {
  await where.getByRole("button", { name: `${DATA_EXPORT_MESSAGES.prepare}: ${title}` }).click();
  const link = where.getByRole("link", { name: new RegExp(`^${DATA_EXPORT_MESSAGES.download} \\([^)]*\\): ${title.replace(/'/g, ".")}`) });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(await download.failure()).toBeNull();
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  return { fileName: download.suggestedFilename(), files, read: (name: string) => new TextDecoder().decode(files[name]) };
}

async function downloadFromSettings(page: Page) {
  await page.goto("/settings");
  return downloadFrom(page, page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading }), DEMO_PREGNANCY_TITLE);
}

async function demoCounts(email: string) {
  const { db, close } = openDb();
  try {
    const [pregnancy] = await db.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.title, DEMO_PREGNANCY_TITLE));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return {
      album: await db.$count(photos, eq(photos.pregnancyId, pregnancy!.id)),
      uploadedBy: await db.$count(photos, and(eq(photos.pregnancyId, pregnancy!.id), eq(photos.uploadedBy, user!.id))),
    };
  } finally {
    await close();
  }
}

const photoFiles = (files: Record<string, Uint8Array>) => Object.keys(files).filter((name) => name.startsWith("photos/") && name !== "photos/photos.json");

test("the demo owner downloads the whole pregnancy: every photo original and the records as JSON, CSV and iCalendar", { tag: "@desktop" }, async ({ page }) => {
  const owner = demoMember("olivia");
  await signIn(page, owner.email);
  const { fileName, files, read } = await downloadFromSettings(page);
  expect(fileName).toMatch(/^babysteps-our-little-bean-s-journey-\d{4}-\d{2}-\d{2}\.zip$/);

  const { album } = await demoCounts(owner.email);
  expect(album).toBeGreaterThan(0);
  expect(photoFiles(files)).toHaveLength(album);
  // Each file is a picture as stored (JPEG, PNG, WebP or HEIC by its first bytes), listed in photos.json.
  const records = JSON.parse(read("photos/photos.json")) as Array<{ file: string; week: number; tags: string[]; audience: { privacyLevel: string } }>;
  expect(records.map((record) => `photos/${record.file}`).sort()).toEqual(photoFiles(files).sort());
  for (const name of photoFiles(files)) expect(files[name]!.byteLength, name).toBeGreaterThan(100);

  for (const name of ["README.txt", "account.json", "pregnancy.json", "posts.json", "calendar/events.json", "registry.json", "baby-game.json", "waiting-room/messages.json", "health/logs.csv", "health/medical-contacts.csv", "health/hospital-bag.csv", "health/birth-plan.html"]) {
    expect(files[name], name).toBeDefined();
  }
  expect(read("calendar/calendar.ics")).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/);
  expect(read("health/hospital-bag.csv").split("\r\n")[0]).toBe("for,item,packed");
  expect((JSON.parse(read("pregnancy.json")) as { title: string }).title).toBe(DEMO_PREGNANCY_TITLE);
  expect(read("README.txt")).toContain(DEMO_PREGNANCY_TITLE);
});

test("a guest's download holds only what they added and their account @desktop", async ({ page }) => {
  const guest = demoMember("grandma");
  await signIn(page, guest.email);
  const { fileName, files, read } = await downloadFromSettings(page);
  expect(fileName).toContain("-my-part-");

  const { uploadedBy } = await demoCounts(guest.email);
  expect(photoFiles(files)).toHaveLength(uploadedBy);
  const comments = JSON.parse(read("posts.json")) as { posts: unknown[]; commentsOnPosts: Array<{ text: string }> };
  expect(comments.commentsOnPosts.map((comment) => comment.text)).toContain("The freezer is full of meals for when you're home. Love you all ❤️");
  // Someone else's comment is not theirs to take.
  expect(read("posts.json")).not.toContain("The mobile looks perfect up there!");
  expect(JSON.parse(read("account.json"))).toMatchObject({ email: guest.email });
  // Nothing of the family's beyond their own part: no health records, people or full calendar.
  expect(Object.keys(files).filter((name) => name.startsWith("health/") || name === "pregnancy.json" || name === "calendar/events.json" || name === "calendar/calendar.ics")).toEqual([]);
});

test("cancelling offers the download first; the owner can still download the closed pregnancy afterwards, and delete it now @desktop", async ({ page }) => {
  const { email } = await payingFamily(page, "closingfamily", "basic");
  const origin = stackOrigin();
  expect((await page.request.post("/api/auth/email-otp/verify-email", { data: { email, otp: await mailedCode(page, email) }, headers: { origin } })).status()).toBe(200);
  const title = DEFAULT_PREGNANCY_TITLE;
  await page.goto("/settings");
  await page.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: SUBSCRIPTION_MESSAGES.cancelTitle });
  await expect(dialog.getByText(DATA_EXPORT_MESSAGES.cancelOffer)).toBeVisible();
  const before = await downloadFrom(page, dialog, title);
  expect(JSON.parse(before.read("pregnancy.json"))).toMatchObject({ title, status: "active" });
  await dialog.getByRole("button", { name: SUBSCRIPTION_MESSAGES.cancelConfirm }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeVisible();
  // Cancelling lands on the dashboard (pregnancy-closing.spec.ts); Settings lists the downloads too.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings");

  // Closed to everything else, the pregnancy is still its owner's to download, for the stated days.
  const downloads = page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading });
  await expect(downloads.getByText(new RegExp(`^${title} is closed. You can download it until `))).toBeVisible();
  const after = await downloadFrom(page, downloads, title);
  expect(JSON.parse(after.read("pregnancy.json"))).toMatchObject({ title, status: "closed" });

  // And deleting it now, rather than waiting out its retention.
  const closed = page.getByRole("region", { name: CLOSED_PREGNANCIES_SECTION.title });
  await closed.getByRole("button", { name: PREGNANCY_DELETION_MESSAGES.confirm }).click();
  const confirm = page.getByRole("dialog", { name: PREGNANCY_DELETION_MESSAGES.dialogTitle(title) });
  await confirm.getByLabel(PREGNANCY_DELETION_MESSAGES.typeTitle(title)).fill(title);
  await confirm.getByRole("button", { name: PREGNANCY_DELETION_MESSAGES.confirm }).click();
  await expect(page.getByText(PREGNANCY_DELETION_MESSAGES.deletedToast(title))).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: CLOSED_PREGNANCIES_SECTION.title })).toBeHidden();
  await expect(page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading }).getByRole("heading", { name: title })).toBeHidden();
});
