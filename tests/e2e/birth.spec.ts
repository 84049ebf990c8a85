import type { Page } from "@playwright/test";
import { and, eq, gte, inArray } from "drizzle-orm";
import { DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { BIRTHDAY_MILESTONE_KEY } from "../../src/domain/milestones";
import { calendarEvents, contactNotifications, mailOutbox, pregnancies, pregnancyBabies, userPreferences, users, waitingRoomImages, waitingRoomMessages, waitingRoomSessions } from "../../worker/db/schema";
import { testPicture, testPng } from "../support/images";
import { activateWaitingRoom, inDb, secondBrowser } from "./family";
import { expect, expectAccessible, literally, signInThroughApi, test } from "./support";
import { clockWithZone } from "../../src/domain/timeZones";

const [olivia, noah, grandma, maya, sam] = [demoMember("olivia"), demoMember("noah"), demoMember("grandma"), demoMember("maya"), demoMember("sam")];

/** Announces one baby from the owner's waiting room, with its own details. */
async function announce(page: Page, details: { which?: string; sex: string; time: string; pounds: string; ounces: string; photo?: Uint8Array }) {
  await page.getByRole("button", { name: "Baby is here" }).click();
  const dialog = page.getByRole("dialog", { name: "A baby is here!" });
  if (details.which) await dialog.getByLabel("Which baby is here?").selectOption({ label: details.which });
  await dialog.getByLabel("Girl or boy").selectOption({ label: details.sex });
  await dialog.getByLabel("Time of birth").fill(details.time);
  await dialog.getByLabel("Pounds").fill(details.pounds);
  await dialog.getByLabel("Ounces").fill(details.ounces);
  if (details.photo) {
    await dialog.locator("input[type=file][accept^=\"image/\"]").setInputFiles({ name: "first-photo.png", mimeType: "image/png", buffer: Buffer.from(details.photo) });
    await expect(dialog.getByRole("img")).toBeVisible();
  }
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Share the news" }).click();
  await expect(dialog).toHaveCount(0);
}

test("the demo owner announces both twins with separate details; Grandma's screen names both; each person allowed updates gets one birth mail per baby, the opted-out none", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const started = new Date();
  // The shared demo family is put back as it was at the end: its room closed and unannounced, the twins expected, Sam's mail on.
  const before = await inDb(async (db) => {
    const [pregnancy] = await db.select({ id: pregnancies.id, storage: pregnancies.photoStorageUsed }).from(pregnancies).where(eq(pregnancies.title, DEMO_PREGNANCY_TITLE));
    const babies = await db.select().from(pregnancyBabies).where(eq(pregnancyBabies.pregnancyId, pregnancy!.id));
    // The births turn the due date's milestone into the twins' birthday.
    const dueDate = await db.select().from(calendarEvents).where(and(eq(calendarEvents.pregnancyId, pregnancy!.id), eq(calendarEvents.milestoneKey, "due-date")));
    const [samUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, sam.email));
    // Sam turned waiting-room mail off in Settings.
    await db.insert(userPreferences).values({ userId: samUser!.id, waitingRoomActivation: false }).onConflictDoUpdate({ target: userPreferences.userId, set: { waitingRoomActivation: false } });
    return { pregnancyId: pregnancy!.id, storage: pregnancy!.storage, babies, dueDate, samId: samUser!.id };
  });
  const viewport = page.viewportSize() ?? undefined;
  const grandmaPage = await secondBrowser(browser, baseURL!, viewport);
  try {
    await Promise.all([signInThroughApi(page, olivia.email), signInThroughApi(grandmaPage, grandma.email)]);
    await Promise.all([page.goto("/waiting-room"), grandmaPage.goto("/waiting-room")]);
    await activateWaitingRoom(page);
    await expect(grandmaPage.getByRole("heading", { name: "The waiting room is open" })).toBeVisible();

    // Bean first, with her photo; Sprout half an hour later, with his own details.
    await announce(page, { which: "Bean", sex: "A girl", time: "22:05", pounds: "5", ounces: "8", photo: testPng(testPicture(600, 900)) });
    await expect(grandmaPage.getByRole("heading", { name: "Bean is here!" })).toBeVisible();
    await announce(page, { sex: "A boy", time: "22:31", pounds: "5", ounces: "4" });

    // Grandma's screen names both babies, each announcement with its own details.
    const banner = grandmaPage.getByRole("status").filter({ has: grandmaPage.getByRole("heading", { name: "The babies are here!" }) });
    await expect(banner).toContainText("Welcome to the world, Bean and Sprout!");
    await expect(grandmaPage.getByText("little one")).toHaveCount(0);
    const pinned = grandmaPage.getByRole("list", { name: "Pinned updates" });
    // The times of birth are the parent's clock, named with her zone (the browser's; the demo family's own zone is left as the suite found it).
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(pinned.getByText(new RegExp(`^${literally(`Bean is here! Bean, a girl, arrived at ${clockWithZone("10:05 PM", zone)} weighing 5 lb 8 oz (2.5 kg). One more baby to come.`)}`))).toBeVisible();
    await expect(pinned.getByText(new RegExp(`^${literally(`Sprout is here too! Sprout, a boy, arrived at ${clockWithZone("10:31 PM", zone)} weighing 5 lb 4 oz (2.4 kg). Bean and Sprout are both here.`)}`))).toBeVisible();

    // Bean's photo shows whole in the pinned list, not cut by it.
    const photo = pinned.getByRole("img");
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(900);
    const [photoBox, listBox] = await Promise.all([photo.boundingBox(), pinned.boundingBox()]);
    expect(photoBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(photoBox!.y + photoBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height);
    await grandmaPage.screenshot({ path: testInfo.outputPath("grandma-babies-here.png") });

    // One birth mail per baby to each participant allowed updates (Noah too), none to Sam, who turned it off.
    const birthMails = await inDb(async (db) => {
      const everyone = [olivia, noah, grandma, maya, sam].map((m) => m.email);
      const rows = await db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox).where(and(inArray(mailOutbox.to, everyone), gte(mailOutbox.createdAt, started)));
      return rows
        .filter((row) => / is here/.test(row.subject))
        .map((row) => `${row.to} | ${row.subject}`)
        .sort();
    });
    expect(birthMails).toEqual(
      [noah, grandma, maya].flatMap((m) => [`${m.email} | ${DEMO_PREGNANCY_TITLE}: Bean is here!`, `${m.email} | ${DEMO_PREGNANCY_TITLE}: Sprout is here too!`]).sort(),
    );
  } finally {
    await grandmaPage.context().close();
    await inDb(async (db) => {
      const { pregnancyId } = before;
      await db.delete(waitingRoomMessages).where(and(eq(waitingRoomMessages.pregnancyId, pregnancyId), gte(waitingRoomMessages.createdAt, started)));
      await db.delete(contactNotifications).where(and(eq(contactNotifications.pregnancyId, pregnancyId), gte(contactNotifications.createdAt, started)));
      await db.delete(waitingRoomSessions).where(and(eq(waitingRoomSessions.pregnancyId, pregnancyId), gte(waitingRoomSessions.createdAt, started)));
      await db.delete(waitingRoomImages).where(and(eq(waitingRoomImages.pregnancyId, pregnancyId), gte(waitingRoomImages.createdAt, started)));
      await db.update(pregnancies).set({ photoStorageUsed: before.storage }).where(eq(pregnancies.id, pregnancyId));
      for (const baby of before.babies) await db.update(pregnancyBabies).set(baby).where(eq(pregnancyBabies.id, baby.id));
      for (const event of before.dueDate) await db.update(calendarEvents).set(event).where(eq(calendarEvents.id, event.id));
      await db.delete(calendarEvents).where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.milestoneKey, BIRTHDAY_MILESTONE_KEY), gte(calendarEvents.createdAt, started)));
      await db.update(userPreferences).set({ waitingRoomActivation: true }).where(eq(userPreferences.userId, before.samId));
    });
  }
});
