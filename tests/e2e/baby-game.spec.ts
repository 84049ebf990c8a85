import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { addDays } from "../../src/domain/dates";
import { pregnancies, pregnancyBabies } from "../../worker/db/schema";
import { addFamilyGuest, familyWithGrandparent, openDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The family's one baby, and its due date (guesses and results are dated from it). */
async function addBaby(pregnancyId: string, name: string): Promise<{ dueDate: string }> {
  const { db, close } = openDb();
  try {
    await db.insert(pregnancyBabies).values({ pregnancyId, name, birthOrder: 1 });
    const [row] = await db.select({ dueDate: pregnancies.dueDate }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
    return { dueDate: row!.dueDate };
  } finally {
    await close();
  }
}

interface Guess {
  pounds: string;
  ounces: string;
  length: string;
  date: string;
  time: string;
  hair?: string;
  eyes?: string;
  name?: string;
}

async function fillGuess(form: Locator, guess: Guess) {
  await form.getByLabel("Pounds").fill(guess.pounds);
  await form.getByLabel("Ounces").fill(guess.ounces);
  await form.getByLabel("Length (inches)").fill(guess.length);
  await form.getByLabel(/^(Birth date|Date of birth)$/).fill(guess.date);
  await form.getByLabel("Time of birth").fill(guess.time);
  if (guess.hair) await form.getByLabel("Hair colour").selectOption({ label: guess.hair });
  if (guess.eyes) await form.getByLabel("Eye colour").selectOption({ label: guess.eyes });
  if (guess.name) await form.getByLabel(/^Name( guess)?$/).fill(guess.name);
}

test("two guests predict, the owner locks the game with the actual results, and the leaderboard ranks them correctly", { tag: "@desktop" }, async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Game Family");
  const friend = await addFamilyGuest(request, baseURL!, family.pregnancyId, { firstName: "Milo", title: "Milo" });
  const { dueDate } = await addBaby(family.pregnancyId, "Bean");
  const viewport = page.viewportSize() ?? undefined;

  // The grandparent guesses first: nobody else's guesses to see yet.
  await signInThroughApi(page, family.grandma.email, family.grandma.password);
  await page.goto("/baby-game");
  await expect(page.getByRole("heading", { name: "Baby Game", level: 1 })).toBeVisible();
  const nanaForm = page.getByRole("form", { name: "Your guess for Bean" });
  await expect(page.getByRole("heading", { name: "Everyone's guesses for Bean" })).toBeVisible();
  await expect(page.getByText("No one else has guessed yet.")).toBeVisible();
  await expectAccessible(page);

  // A guess without a time is refused in the form, with the reason.
  await fillGuess(nanaForm, { pounds: "7", ounces: "8", length: "20", date: addDays(dueDate, 1), time: "" });
  await nanaForm.getByRole("button", { name: "Submit prediction" }).click();
  await expect(nanaForm.getByText("Choose a time")).toBeVisible();
  await fillGuess(nanaForm, { pounds: "7", ounces: "8", length: "20", date: addDays(dueDate, 1), time: "14:00", hair: "Brown", eyes: "Blue", name: "Rose" });
  await nanaForm.getByRole("button", { name: "Submit prediction" }).click();
  await expect(toast(page, "Predictions Submitted!")).toBeVisible();
  const nanaGuess = page.getByRole("region", { name: "Your guess for Bean" });
  await expect(nanaGuess).toContainText("7 lb 8 oz");
  await expect(nanaGuess).toContainText("2:00 PM");
  await expect(nanaGuess.getByRole("button", { name: "Edit your guess" })).toBeVisible();

  // The friend sees that a guess is waiting, but not what it is, until guessing too.
  const milo = await secondBrowser(browser, baseURL!, viewport);
  await signInThroughApi(milo, friend.email, friend.password);
  await milo.goto("/baby-game");
  await expect(milo.getByText("Make your guess to see everyone else's. 1 guess is waiting for you.")).toBeVisible();
  await expect(milo.getByText("7 lb 8 oz")).toHaveCount(0);
  const miloForm = milo.getByRole("form", { name: "Your guess for Bean" });
  await fillGuess(miloForm, { pounds: "6", ounces: "0", length: "18", date: addDays(dueDate, -5), time: "02:00", name: "Lily" });
  await miloForm.getByRole("button", { name: "Submit prediction" }).click();
  await expect(toast(milo, "Predictions Submitted!")).toBeVisible();
  const othersForMilo = milo.getByRole("list", { name: "Everyone's guesses for Bean" });
  await expect(othersForMilo.getByRole("listitem")).toHaveCount(1);
  await expect(othersForMilo).toContainText(family.grandma.name);
  await expect(othersForMilo).toContainText("7 lb 8 oz");
  await expectAccessible(milo);

  // The friend changes their mind about the weight.
  await milo.getByRole("button", { name: "Edit your guess" }).click();
  await miloForm.getByLabel("Ounces").fill("4");
  await miloForm.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(milo, "Prediction updated")).toBeVisible();
  await expect(milo.getByRole("region", { name: "Your guess for Bean" })).toContainText("6 lb 4 oz");
  // The grandparent's page shows the friend's guess live, once she has guessed herself.
  await expect(page.getByRole("list", { name: "Everyone's guesses for Bean" })).toContainText("6 lb 4 oz");

  // The owner locks the game with what actually happened.
  const owner = await secondBrowser(browser, baseURL!, viewport);
  await signInThroughApi(owner, family.owner.email, family.owner.password);
  await owner.goto("/baby-game");
  await expect(owner.getByRole("list", { name: "Everyone's guesses for Bean" }).getByRole("listitem")).toHaveCount(2);
  await owner.getByRole("button", { name: "Lock game and enter results" }).click();
  const results = owner.getByRole("form", { name: "Actual results" });
  await fillGuess(results, { pounds: "7", ounces: "6", length: "20.5", date: addDays(dueDate, 1), time: "13:30", hair: "Brown", eyes: "Blue", name: "Rose" });
  await results.getByRole("button", { name: "Lock and score" }).click();
  await expect(owner.getByRole("dialog", { name: "Lock the game" })).toBeHidden();
  await expect(toast(owner, "The game is locked and the leaderboard is ready.")).toBeVisible();
  await expect(owner.getByText("The game is locked", { exact: true })).toBeVisible();

  // Nana: weight 2 oz off (18), length half an inch (18), date exact (20), 30 minutes late (19),
  // hair, eyes and name right (10 + 10 + 15) = 110. Milo: 18 oz off (2), 2.5 in short (10),
  // 6 days early (14), 11.5 hours off (0), nothing else = 26.
  const board = owner.getByRole("table", { name: "Leaderboard" });
  const rows = board.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText("1");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText(family.grandma.name);
  await expect(rows.nth(1).getByRole("cell").last()).toHaveText("110");
  await expect(rows.nth(2).getByRole("cell").first()).toHaveText("2");
  await expect(rows.nth(2).getByRole("rowheader")).toHaveText(friend.name);
  await expect(rows.nth(2).getByRole("cell").last()).toHaveText("26");
  await expect(owner.getByRole("region", { name: "Actual results" })).toContainText("7 lb 6 oz");
  await expectAccessible(owner);

  // Both guests see the same ranking live, their own row marked, and can no longer change their guess.
  const nanaBoard = page.getByRole("table", { name: "Leaderboard" });
  await expect(nanaBoard.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(`${family.grandma.name} (you)`);
  await expect(page.getByRole("button", { name: "Edit your guess" })).toHaveCount(0);
  await expect(milo.getByRole("table", { name: "Leaderboard" }).getByRole("row").nth(2).getByRole("rowheader")).toHaveText(`${friend.name} (you)`);
  await expectAccessible(page);

  // Unlocking opens the game again and hides the leaderboard.
  await owner.getByRole("button", { name: "Unlock game" }).click();
  await owner.getByRole("dialog", { name: "Unlock the game?" }).getByRole("button", { name: "Unlock game" }).click();
  await expect(owner.getByRole("table", { name: "Leaderboard" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit your guess" })).toBeVisible();
});
