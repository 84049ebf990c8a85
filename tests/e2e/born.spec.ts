import { eq } from "drizzle-orm";
import { todayIn } from "../../src/domain/timeZones";
import { pregnancyBabies } from "../../worker/db/schema";
import { addTwins, familyWithGrandparent, inDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test, trpcMutation } from "./support";

/**
 * Issue 37, item 3: after the twins are here, the owner's baby game offers its scoring with the
 * birth details filled in and one confirmation shows the leaderboard; the guests can no longer
 * guess; the calendar shows the birthday instead of the due date; the babies' details in Settings
 * say born, with the name and sex given at the birth.
 */
test("after the birth: the game is scored from the birth details in one confirmation, the calendar shows the birthday, the babies read born", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithGrandparent(request, baseURL!, "Born Family");
  const [bean, sprout] = (await addTwins(family.pregnancyId)).map((baby) => baby.id);
  const scope = { pregnancyId: family.pregnancyId };
  const viewport = page.viewportSize() ?? undefined;

  // Before the birth: the due date is on the calendar, and Grandma guesses Bean.
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "calendar.milestones.add", { ...scope, keys: ["due-date"] });
  const grandma = await secondBrowser(browser, baseURL!, viewport);
  await signInThroughApi(grandma, family.grandma.email, family.grandma.password);
  await trpcMutation(grandma.request, "babyGame.submit", { ...scope, babyId: bean, details: { weightPounds: 5, weightOunces: 8, length: 18, date: todayIn("UTC"), time: "22:00" } });

  // Both twins are announced, with their own details; Sprout gets his name at the birth.
  await trpcMutation(page.request, "waitingRoom.activate", scope);
  await trpcMutation(page.request, "waitingRoom.babyHere", { ...scope, timeZone: "UTC", babyId: bean, sex: "girl", time: "22:05", weightPounds: 5.5, lengthInches: 18, measurementSystem: "imperial" });
  await trpcMutation(page.request, "waitingRoom.babyHere", { ...scope, timeZone: "UTC", babyId: sprout, name: "Sprout Rose", sex: "boy", time: "22:31", weightPounds: 5.25, lengthInches: 17.5, measurementSystem: "imperial" });
  const [{ birthDate }] = (await inDb((db) => db.select({ birthDate: pregnancyBabies.birthDate }).from(pregnancyBabies).where(eq(pregnancyBabies.id, bean!)))) as [{ birthDate: string }];

  // Grandma can no longer guess: the game says why, and Sprout, whom she did not guess, has no form.
  await grandma.goto("/baby-game");
  await expect(grandma.getByRole("status").filter({ hasText: "The babies are here! The game is closed to new guesses." })).toBeVisible();
  await expect(grandma.getByRole("region", { name: "Score the game" })).toHaveCount(0);
  await grandma.getByRole("tab", { name: "Sprout Rose" }).click();
  await expect(grandma.getByText("You did not make a guess before the game closed.")).toBeVisible();
  await expect(grandma.getByRole("button", { name: "Submit prediction" })).toHaveCount(0);

  // The owner finds the scoring with both births filled in, and confirms it once.
  await page.goto("/baby-game");
  const scoring = page.getByRole("region", { name: "Score the game" });
  await expect(scoring).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a guess for someone" })).toHaveCount(0);
  const results = scoring.getByRole("form", { name: "Actual results" });
  const beanResult = results.getByRole("group", { name: "Bean" });
  await expect(beanResult.getByLabel("Pounds")).toHaveValue("5");
  await expect(beanResult.getByLabel("Ounces")).toHaveValue("8");
  await expect(beanResult.getByLabel("Length (inches)")).toHaveValue("18");
  await expect(beanResult.getByLabel("Time of birth")).toHaveValue("22:05");
  await expect(beanResult.getByLabel(/^(Birth date|Date of birth)$/)).toHaveValue(birthDate);
  const sproutResult = results.getByRole("group", { name: "Sprout Rose" });
  await expect(sproutResult.getByLabel("Pounds")).toHaveValue("5");
  await expect(sproutResult.getByLabel("Ounces")).toHaveValue("4");
  await expect(sproutResult.getByLabel("Length (inches)")).toHaveValue("17.5");
  await expect(sproutResult.getByLabel("Time of birth")).toHaveValue("22:31");
  await expect(sproutResult.getByLabel(/^Name( guess)?$/)).toHaveValue("Sprout Rose");
  await expectAccessible(page);
  await results.getByRole("button", { name: "Lock and score" }).click();

  // The leaderboard, for the owner and live for Grandma: her Bean was right but for 5 minutes.
  const board = page.getByRole("table", { name: "Leaderboard: Overall" });
  await expect(board.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(family.grandma.name);
  await expect(board.getByRole("row").nth(1).getByRole("cell").last()).toHaveText("80");
  await expect(scoring).toHaveCount(0);
  // Unlocking would not reopen guessing any more: the parents may correct the results, not unlock.
  await expect(page.getByRole("button", { name: "Correct the results" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unlock game" })).toHaveCount(0);
  await expect(grandma.getByRole("table", { name: "Leaderboard: Overall" }).getByRole("row").nth(1).getByRole("rowheader")).toHaveText(`${family.grandma.name} (you)`);

  // The calendar: the birthday on the birth day where the due date was, and no more pregnancy milestones to suggest.
  await page.goto(`/calendar?view=agenda&date=${birthDate}`);
  await expect(page.getByText("Bean and Sprout Rose's birthday").first()).toBeVisible();
  await expect(page.getByText("Due date", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Suggested milestones" })).toHaveCount(0);

  // The babies say born, with the name and sex given at the birth.
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${birthDate}T00:00:00Z`));
  await page.goto("/settings#babies");
  const sproutDetails = page.getByRole("group", { name: "Sprout Rose" });
  await expect(sproutDetails.getByText(`Born ${day}, a boy`)).toBeVisible();
  await expect(sproutDetails.getByLabel("Gender")).toHaveValue("boy");
  await expect(page.getByRole("group", { name: "Bean" }).getByText(`Born ${day}, a girl`)).toBeVisible();
  await expect(page.getByRole("option", { name: "We don't know yet" })).toHaveCount(1);
  await grandma.context().close();
});
