import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import type { Page } from "@playwright/test";
import { DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { DATA_EXPORT_MESSAGES } from "../../src/domain/dataExport";
import { photos, pregnancies, users } from "../../worker/db/schema";
import { openDb } from "./family";
import { expect, expectAccessible, signIn, test } from "./support";

/** Prepares the demo pregnancy's download in Settings, takes it as the browser saves it, and opens the zip. */
async function downloadFromSettings(page: Page) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading });
  await section.getByRole("button", { name: `${DATA_EXPORT_MESSAGES.prepare}: ${DEMO_PREGNANCY_TITLE}` }).click();
  const link = section.getByRole("link", { name: new RegExp(`^${DATA_EXPORT_MESSAGES.download}: ${DEMO_PREGNANCY_TITLE.replace(/'/g, ".")}`) });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(await download.failure()).toBeNull();
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  return { fileName: download.suggestedFilename(), files, read: (name: string) => new TextDecoder().decode(files[name]) };
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

test("the demo owner downloads the whole pregnancy: every photo original and the records as JSON, CSV and iCalendar", async ({ page }) => {
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
