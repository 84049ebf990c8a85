import { DEMO_DAYS_UNTIL_DUE, DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { addDays, lmpFromDueDate, todayIso, weeksPregnant } from "../../src/domain/dates";
import { sizeComparison } from "../../src/domain/sizeComparison";
import { expect, expectAccessible, signIn, test } from "./support";

/** The week the seeded pregnancy is in today (the seed puts the due date 70 days after its run). */
function demoWeek(): number {
  const today = todayIso();
  return weeksPregnant(lmpFromDueDate(addDays(today, DEMO_DAYS_UNTIL_DUE)), today);
}

test("the owner sees the progress ring, this week's size, the babies and inviting empty states", async ({ page }) => {
  await signIn(page, demoMember("olivia").email);
  await expect(page.getByText("Welcome, Olivia!")).toBeVisible();
  await expect(page.getByRole("heading", { name: DEMO_PREGNANCY_TITLE, level: 2 })).toBeVisible();

  const week = demoWeek();
  await expect(page.getByRole("img", { name: new RegExp(`^Pregnancy progress: week ${week} of 40, \\d+% of the way to the due date$`) })).toBeVisible();
  await expect(page.getByText(`${DEMO_DAYS_UNTIL_DUE} days to go`)).toBeVisible();

  const size = sizeComparison(week);
  if (size.stage !== "growing") throw new Error(`the demo pregnancy should be mid-way, not ${size.stage}`);
  const sizeCard = page.getByRole("region", { name: "This week's size" });
  await expect(sizeCard).toContainText(`Week ${week}: about the size of ${size.entry.size}`);
  await expect(sizeCard).toContainText(size.entry.development);

  const babies = page.getByRole("region", { name: "Babies" });
  await expect(babies.getByText("Bean", { exact: true })).toBeVisible();
  await expect(babies.getByText("Sprout", { exact: true })).toBeVisible();

  // Nothing is planned or shared yet: each empty list offers the parent the next step.
  const events = page.getByRole("region", { name: "Upcoming events" });
  await expect(events.getByRole("link", { name: "Add an event" })).toHaveAttribute("href", "/calendar");
  const photos = page.getByRole("region", { name: "Latest photos" });
  await expect(photos.getByRole("link", { name: "Add photos" })).toHaveAttribute("href", "/photos");
  await expect(page.getByRole("region", { name: "Latest updates" })).toContainText("No updates yet");
  const waitingRoom = page.getByRole("region", { name: "Waiting room" });
  await expect(waitingRoom).toContainText("Closed");
  await expect(waitingRoom.getByRole("link", { name: "Go to the waiting room" })).toHaveAttribute("href", "/waiting-room");

  await expectAccessible(page);
});

test("a guest sees the guest view: their title, no parent actions, friendly waiting texts", async ({ page }) => {
  await signIn(page, demoMember("grandma").email);
  await expect(page.getByText("Welcome, Helen!")).toBeVisible();
  await expect(page.getByRole("heading", { name: DEMO_PREGNANCY_TITLE, level: 2 })).toBeVisible();
  await expect(page.getByText("You are following as Grandma.")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Pregnancy progress: week \d+ of 40/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "This week's size" })).toContainText("about the size of");

  const events = page.getByRole("region", { name: "Upcoming events" });
  await expect(events).toContainText("When the parents share plans, they will show up here.");
  await expect(events.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Latest updates" })).toContainText("Check back soon for news from the parents.");
  // Guests contribute photos by default (canContributePhotos), so they are invited to share one.
  await expect(page.getByRole("region", { name: "Latest photos" }).getByRole("link", { name: "Share a photo" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("link")).toHaveCount(0);
  // One pregnancy followed: no switcher.
  await expect(page.getByLabel("Pregnancy you are following")).toHaveCount(0);

  await expectAccessible(page);
});
