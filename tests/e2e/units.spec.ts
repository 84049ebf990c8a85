import { eq } from "drizzle-orm";
import { addDays } from "../../src/domain/dates";
import { babyPredictions, pregnancies, pregnancyBabies } from "../../worker/db/schema";
import { randomIp } from "../support/client";
import { activateWaitingRoom, addFamilyGuest, familyWithGrandparent, inDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";

// The browser of the people who choose nothing here says en-US, whose region weighs in pounds.
test.use({ locale: "en-US" });

test("a metric player's 3.4 kg / 50 cm is stored and scored as 7 lb 8 oz / 19.69 in, and each reader sees guesses in their own units", { tag: "@desktop" }, async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Units Family");
  const friend = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Milo", title: "Milo" });
  const dueDate = await inDb(async (db) => {
    await db.insert(pregnancyBabies).values({ pregnancyId: family.pregnancyId, name: "Bean", birthOrder: 1 });
    const [row] = await db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, family.pregnancyId));
    return row!.dueDate;
  });

  // Grandma's browser is American, so the app starts in pounds; she picks metric in Settings.
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/settings");
  const units = page.getByRole("group", { name: "Units" });
  await expect(units.getByRole("radio", { name: "Imperial (lb, oz, in)" })).toBeChecked();
  await units.getByRole("radio", { name: "Metric (kg, cm)" }).check();
  await expect(units.getByRole("radio", { name: "Metric (kg, cm)" })).toBeChecked();
  await expectAccessible(page);

  // Saved for her, not just this page: a fresh load still says metric.
  await page.reload();
  await expect(page.getByRole("group", { name: "Units" }).getByRole("radio", { name: "Metric (kg, cm)" })).toBeChecked();

  await page.goto("/baby-game");
  const nanaForm = page.getByRole("form", { name: "Your guess for Bean" });
  await expect(nanaForm.getByLabel("Pounds")).toHaveCount(0);
  // Finer than the form's 0.1 kg is refused with the reason (it could not show back as typed).
  await nanaForm.getByLabel("Weight (kg)").fill("3.45");
  await nanaForm.getByLabel("Length (cm)").fill("50");
  await nanaForm.getByLabel("Birth date").fill(dueDate);
  await nanaForm.getByLabel("Time of birth").fill("14:00");
  await nanaForm.getByRole("button", { name: "Submit prediction" }).click();
  await expect(nanaForm.getByText("Enter the weight to 0.1 kg")).toBeVisible();
  await nanaForm.getByLabel("Weight (kg)").fill("3.4");
  await nanaForm.getByRole("button", { name: "Submit prediction" }).click();
  const nanaGuess = page.getByRole("region", { name: "Your guess for Bean" });
  await expect(nanaGuess).toContainText("3.4 kg");
  await expect(nanaGuess).toContainText("50 cm");
  // Editing shows back exactly what she typed.
  await nanaGuess.getByRole("button", { name: "Edit your guess" }).click();
  await expect(nanaForm.getByLabel("Weight (kg)")).toHaveValue("3.4");
  await expect(nanaForm.getByLabel("Length (cm)")).toHaveValue("50");
  await nanaForm.getByRole("button", { name: "Cancel" }).click();
  await expectAccessible(page);

  // Milo's browser is American too and he chose nothing: he guesses the same in pounds and inches,
  // and reads Grandma's guess in them.
  const milo = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await signInThroughApi(milo, friend.email, friend.password);
  await milo.goto("/baby-game");
  const miloForm = milo.getByRole("form", { name: "Your guess for Bean" });
  await miloForm.getByLabel("Pounds").fill("7");
  await miloForm.getByLabel("Ounces").fill("8");
  await miloForm.getByLabel("Length (inches)").fill("19.69");
  await miloForm.getByLabel("Birth date").fill(dueDate);
  await miloForm.getByLabel("Time of birth").fill("14:00");
  await miloForm.getByRole("button", { name: "Submit prediction" }).click();
  const nanaForMilo = milo.getByRole("list", { name: "Everyone's guesses for Bean" }).getByRole("listitem").filter({ hasText: family.grandma.name });
  await expect(nanaForMilo).toContainText("7 lb 8 oz");
  await expect(nanaForMilo).toContainText("19.69 in");
  // And Grandma reads Milo's guess in hers.
  const miloForNana = page.getByRole("list", { name: "Everyone's guesses for Bean" }).getByRole("listitem").filter({ hasText: friend.name });
  await expect(miloForNana).toContainText("3.4 kg");
  await expect(miloForNana).toContainText("50 cm");

  // Stored alike: pounds and inches, whichever units they were typed in.
  const stored = await inDb((db) => db.select({ predictorId: babyPredictions.predictorId, weight: babyPredictions.predictedWeight, length: babyPredictions.predictedLength }).from(babyPredictions).where(eq(babyPredictions.pregnancyId, family.pregnancyId)));
  expect(stored.find((row) => row.predictorId === family.grandma.userId)).toMatchObject({ weight: 7.5, length: 19.69 });
  expect(stored.find((row) => row.predictorId === friend.userId)).toMatchObject({ weight: 7.5, length: 19.69 });

  // The owner's browser is British: metric until she chooses otherwise. She enters the results in kg and cm.
  const ownerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, locale: "en-GB", extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, family.owner.email, family.owner.password);
  await owner.goto("/baby-game");
  await owner.getByRole("button", { name: "Lock game and enter results" }).click();
  const results = owner.getByRole("form", { name: "Actual results" });
  await results.getByLabel("Weight (kg)").fill("3.5");
  await results.getByLabel("Length (cm)").fill("51");
  await results.getByLabel("Date of birth").fill(addDays(dueDate, 1));
  await results.getByLabel("Time of birth").fill("15:00");
  await results.getByRole("button", { name: "Lock and score" }).click();
  await expect(owner.getByRole("region", { name: "Actual results" })).toContainText("3.5 kg");
  await expect(page.getByRole("region", { name: "Actual results" })).toContainText("3.5 kg");
  await expect(milo.getByRole("region", { name: "Actual results" })).toContainText("7 lb 11 oz");

  // Same stored guesses, same points: 3 oz off (17), 0.39 in off (19), a day late (19), an hour off (18).
  const board = owner.getByRole("table", { name: "Leaderboard" });
  await expect(board.getByRole("row")).toHaveCount(3);
  for (const name of [family.grandma.name, friend.name]) {
    const row = board.getByRole("row").filter({ has: owner.getByRole("rowheader", { name }) });
    await expect(row.getByRole("cell").last()).toHaveText(String(17 + 19 + 19 + 18));
  }
  // The points are explained in the reader's units too.
  await owner.getByText("How points are scored").click();
  await expect(owner.getByText("Weight: 20 points when exact, 1 less for each ounce (28 g).")).toBeVisible();
  await expectAccessible(owner);
  await ownerContext.close();
});

test("a parent with a metric browser announces the baby in kg and cm, and the family reads it in both units", { tag: "@desktop" }, async ({ browser, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Units Room");
  // A New Zealand browser: metric without choosing.
  const context = await browser.newContext({ baseURL, locale: "en-NZ", extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  const page = await context.newPage();
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/waiting-room");
  await activateWaitingRoom(page);
  await page.getByRole("button", { name: "Baby is here" }).click();
  const baby = page.getByRole("dialog", { name: "The baby is here!" });
  await expect(baby.getByLabel("Pounds")).toHaveCount(0);
  await baby.getByLabel("Baby's name").fill("Lily");
  await baby.getByLabel("Weight (kg)").fill("3.45");
  await baby.getByLabel("Length (cm)").fill("50");
  await baby.getByRole("button", { name: "Share the news" }).click();
  await expect(baby.getByText("Enter the weight to 0.1 kg")).toBeVisible();
  await baby.getByLabel("Weight (kg)").fill("3.4");
  await baby.getByRole("button", { name: "Share the news" }).click();
  await expect(page.getByRole("region", { name: "Pinned updates" }).getByText("Lily arrived weighing 3.4 kg (7 lb 8 oz) and measuring 50 cm (19.69 in).", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
