import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { addDays } from "../../src/domain/dates";
import { todayIn } from "../../src/domain/timeZones";
import { pregnancies, pregnancyBabies } from "../../worker/db/schema";
import { addTwins, familyWithGrandparent, inDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test, trpcMutation } from "./support";

/** What counts the pregnancy: none of it may show once a baby is here. A week is allowed only as the weeks with the babies. */
const PREGNANCY_TEXT = /weeks? pregnant|days? to go|due today|past the due date|trimester|size of|countdown|\bweek \d+\b(?! with)/i;

const babyItem = (main: Locator, name: string) => main.getByRole("list", { name: "Babies" }).getByRole("listitem").filter({ has: main.page().getByRole("heading", { name, level: 3 }) });

async function expectNoPregnancyCount(page: Page) {
  const main = page.getByRole("main");
  await expect(main).not.toContainText(PREGNANCY_TEXT);
  await expect(main.getByRole("img", { name: /^Pregnancy progress/ })).toHaveCount(0);
  await expect(main.getByRole("region", { name: "This week's size" })).toHaveCount(0);
}

test("after the birth, the owner's and Grandma's dashboards show the babies' names, ages and birth details, and no countdown, week, trimester or size", async ({ page, request, baseURL, browser }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Newborn Family");
  const { pregnancyId } = family;
  const zone = "America/Chicago";
  await inDb((db) => db.update(pregnancies).set({ timeZone: zone }).where(eq(pregnancies.id, pregnancyId)));
  const [bean, sprout] = await addTwins(pregnancyId);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "posts.create", { pregnancyId, id: crypto.randomUUID(), content: "<p>Home at last, all four of us</p>", privacyLevel: "immediate-family" });

  // Before the birth the dashboard counts the pregnancy, in words the checks below look for.
  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByText(/^\d+ days to go$/)).toBeVisible();
  await expect(main).toContainText(PREGNANCY_TEXT);

  // Bean arrives first: she is born today, Sprout is still expected.
  await trpcMutation(page.request, "waitingRoom.activate", { pregnancyId });
  await trpcMutation(page.request, "waitingRoom.babyHere", { pregnancyId, timeZone: zone, babyId: bean!.id, sex: "girl", time: "22:05", weightPounds: 5.5, lengthInches: 18, measurementSystem: "imperial" });
  await page.reload();
  await expect(babyItem(main, "Bean")).toContainText("Born today · Girl");
  await expect(babyItem(main, "Sprout")).toContainText("Still expected");
  await expect(main.getByText("Week 1 with Bean", { exact: true })).toBeVisible();
  await expectNoPregnancyCount(page);

  // Sprout follows; two weeks and two days on, both are counted in weeks.
  await trpcMutation(page.request, "waitingRoom.babyHere", { pregnancyId, timeZone: zone, babyId: sprout!.id, sex: "boy", time: "22:31", weightPounds: 5.25, measurementSystem: "imperial" });
  await inDb((db) => db.update(pregnancyBabies).set({ birthDate: addDays(todayIn(zone), -16) }).where(eq(pregnancyBabies.pregnancyId, pregnancyId)));

  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  try {
    await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
    for (const reader of [page, grandma]) {
      await reader.goto("/dashboard");
      const area = reader.getByRole("main");
      await expect(area.getByRole("heading", { name: family.title, level: 2 })).toBeVisible();
      await expect(area.getByText("Week 3 with Bean and Sprout", { exact: true })).toBeVisible();
      const beanItem = babyItem(area, "Bean");
      await expect(beanItem).toContainText("2 weeks old · Girl");
      await expect(beanItem).toContainText("10:05 PM");
      await expect(beanItem).toContainText("5 lb 8 oz (2.5 kg)");
      await expect(beanItem).toContainText("18 in (45.7 cm)");
      const sproutItem = babyItem(area, "Sprout");
      await expect(sproutItem).toContainText("2 weeks old · Boy");
      await expect(sproutItem).toContainText("10:31 PM");
      await expect(sproutItem).toContainText("5 lb 4 oz (2.4 kg)");
      // The family's latest posts are still there.
      await expect(area.getByRole("region", { name: "Latest updates" })).toContainText("Home at last, all four of us");
      await expectNoPregnancyCount(reader);
      await expectAccessible(reader);
      // Nothing pushes the page sideways on a phone (a long surname beside the post's Edit and Delete did).
      expect(await reader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    }
  } finally {
    await grandma.context().close();
  }
});

test("after the service end, the dashboard keeps the babies' births as they were, with no age still counting and no week", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Grown Family");
  const { pregnancyId } = family;
  const zone = "America/Chicago";
  await inDb((db) => db.update(pregnancies).set({ timeZone: zone }).where(eq(pregnancies.id, pregnancyId)));
  const [bean, sprout] = await addTwins(pregnancyId);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "waitingRoom.activate", { pregnancyId });
  await trpcMutation(page.request, "waitingRoom.babyHere", { pregnancyId, timeZone: zone, babyId: bean!.id, sex: "girl", time: "22:05", weightPounds: 5.5, lengthInches: 18, measurementSystem: "metric" });
  await trpcMutation(page.request, "waitingRoom.babyHere", { pregnancyId, timeZone: zone, babyId: sprout!.id, time: "22:31", weightPounds: 5.25, measurementSystem: "metric" });
  // The twelve weeks after the due date ended yesterday; the twins came three days before the due date.
  const serviceEnd = addDays(todayIn(zone), -1);
  const dueDate = addDays(serviceEnd, -84);
  await inDb(async (db) => {
    await db.update(pregnancies).set({ dueDate, serviceEndDate: serviceEnd }).where(eq(pregnancies.id, pregnancyId));
    await db.update(pregnancyBabies).set({ birthDate: addDays(dueDate, -3) }).where(eq(pregnancyBabies.pregnancyId, pregnancyId));
  });

  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByText("Service ended", { exact: true })).toBeVisible();
  const beanItem = babyItem(main, "Bean");
  await expect(beanItem).toContainText("Girl");
  await expect(beanItem).toContainText("10:05 PM");
  await expect(beanItem).toContainText("2.5 kg (5 lb 8 oz)");
  await expect(beanItem).toContainText("45.7 cm (18 in)");
  await expect(babyItem(main, "Sprout")).toContainText("2.4 kg (5 lb 4 oz)");
  await expect(main).not.toContainText(/\bold\b|Week \d+ with/);
  await expectNoPregnancyCount(page);
});

test("a family that never opened the waiting room records the birth in Settings, told to the family: Grandma is mailed once and her dashboard turns to the baby", async ({ page, request, baseURL, browser }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Quiet Birth Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/settings");
  const babies = page.getByRole("region", { name: "Babies" });
  const [first] = await inDb((db) => db.insert(pregnancyBabies).values({ pregnancyId: family.pregnancyId, name: "Baby 1", birthOrder: 1 }).returning({ name: pregnancyBabies.name }));
  await babies.getByRole("button", { name: `${first!.name} is here` }).click();
  const dialog = page.getByRole("dialog", { name: `${first!.name} is here` });
  // A day to come is refused beside its field, and nothing is lost.
  const dateField = dialog.getByLabel("Date of birth");
  const today = await dateField.inputValue();
  await dateField.fill(addDays(today, 1));
  await dialog.getByLabel("Baby's name").fill("Juniper");
  await dialog.getByRole("button", { name: "Save the birth" }).click();
  await expect(dialog.getByText("The date of birth can't be in the future.")).toBeVisible();
  await expect(dialog.getByLabel("Baby's name")).toHaveValue("Juniper");
  await dateField.fill(addDays(today, -2));
  await dialog.getByLabel("Girl or boy").selectOption({ label: "A girl" });
  await dialog.getByLabel("Time of birth").fill("06:40");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save the birth" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications", exact: true })).toContainText("Your family has been told.");
  await expect(babies.getByText(/^Born .*, a girl$/)).toBeVisible();
  await expect(babies.getByRole("button", { name: /is here$/ })).toHaveCount(0);

  // Grandma hears it once, by mail, with the day and the family's clock.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/dev/outbox")).json()) as Array<{ to: string; subject: string; text: string }>;
      return mails.filter((mail) => mail.to === family.grandma.email.toLowerCase() && mail.subject === `${family.title}: The baby is here!`).map((mail) => mail.text);
    })
    .toEqual([expect.stringMatching(/The baby is here! Juniper, a girl, arrived on \w+, \w+ \d+ at 6:40 AM (UTC|[\w ]+ time)\./)]);
  const grandma = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  try {
    await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
    await grandma.goto("/dashboard");
    const main = grandma.getByRole("main");
    await expect(babyItem(main, "Juniper")).toContainText("2 days old · Girl");
    await expectNoPregnancyCount(grandma);
    // The room waits for no one now: it no longer "opens when the big day arrives".
    await expect(main.getByRole("region", { name: "Waiting room" })).toContainText("The waiting room is closed: its messages stay here to read.");
  } finally {
    await grandma.context().close();
  }
});
