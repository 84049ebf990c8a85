import type { Locator } from "@playwright/test";
import { DEMO_DAYS_UNTIL_DUE, DEMO_EVENTS, DEMO_MILESTONE_EVENTS, DEMO_POSTS, DEMO_PREGNANCY_TITLE, demoMember, type DemoMember } from "../../scripts/demo-family";
import { canSeeItem } from "../../src/domain/audience";
import { addDays, lmpFromDueDate, todayIso, weeksPregnant } from "../../src/domain/dates";
import { milestoneByKey } from "../../src/domain/milestones";
import { sizeComparison } from "../../src/domain/sizeComparison";
import { eq } from "drizzle-orm";
import { pregnancies } from "../../worker/db/schema";
import { familyWithGrandparent, inDb } from "./family";
import { expect, expectAccessible, signIn, test } from "./support";
import { DASHBOARD_LATEST_PHOTOS, DASHBOARD_LATEST_POSTS } from "../../src/domain/dashboard";

/** The week the seeded pregnancy is in today (the seed puts the due date 70 days after its run). */
function demoWeek(): number {
  const today = todayIso();
  return weeksPregnant(lmpFromDueDate(addDays(today, DEMO_DAYS_UNTIL_DUE)), today);
}

const fullName = (key: DemoMember["key"]) => `${demoMember(key).firstName} ${demoMember(key).lastName}`;

/** The demo's upcoming events, the due date milestone included, split by whether the member's circle may see them. */
function upcomingDemoEvents(key: DemoMember["key"]) {
  const member = demoMember(key);
  const viewer = { role: member.role, privacyLevel: member.privacyLevel ?? null };
  const upcoming = [...DEMO_EVENTS.filter((e) => e.daysFromToday >= 0), ...DEMO_MILESTONE_EVENTS.map((e) => milestoneByKey(e.key))];
  return {
    shown: upcoming.filter((e) => canSeeItem(viewer, e.privacyLevel)).map((e) => e.title),
    hidden: upcoming.filter((e) => !canSeeItem(viewer, e.privacyLevel)).map((e) => e.title),
  };
}

/** The dashboard's latest posts: the newest demo posts, each by its author with its formatting, likes and first comment. */
async function expectLatestDemoPosts(updates: Locator) {
  const cards = updates.getByRole("article", { name: /^Post by / });
  const latest = [...DEMO_POSTS].reverse().slice(0, DASHBOARD_LATEST_POSTS);
  await expect(cards).toHaveCount(latest.length);
  for (const [index, post] of latest.entries()) {
    const card = cards.nth(index);
    await expect(card).toHaveAccessibleName(`Post by ${fullName(post.author)}`);
    await expect(card.locator("b, strong, i, em, ul, ol").first()).toBeVisible();
    await expect(card).toContainText(`${post.likes.length} likes`);
    const [comment] = post.comments;
    if (comment) await expect(card.getByRole("article", { name: `Comment by ${fullName(comment.by)}` })).toContainText(comment.content);
  }
}

test("the owner sees the progress ring, this week's size, the babies, the latest posts and photos", async ({ page }) => {
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

  // Every coming demo event, the parents-only check-up and the auto-dated due date included.
  const events = page.getByRole("region", { name: "Upcoming events" });
  for (const title of upcomingDemoEvents("olivia").shown) await expect(events.getByText(title, { exact: true })).toBeVisible();
  await expect(events.getByRole("link", { name: "Open calendar" })).toHaveAttribute("href", "/calendar");

  // The parents' newest posts, newest first, with their formatting, likes and discussion.
  const updates = page.getByRole("region", { name: "Latest updates" });
  await expectLatestDemoPosts(updates);
  await expect(updates.getByRole("link", { name: "See all updates" })).toHaveAttribute("href", "/posts");
  const photos = page.getByRole("region", { name: "Latest photos" });
  await expect(photos.getByRole("img")).toHaveCount(DASHBOARD_LATEST_PHOTOS);
  await expect(photos.getByRole("link", { name: "Open album" })).toHaveAttribute("href", "/photos");
  const waitingRoom = page.getByRole("region", { name: "Waiting room" });
  await expect(waitingRoom).toContainText("Closed");
  await expect(waitingRoom.getByRole("link", { name: "Go to the waiting room" })).toHaveAttribute("href", "/waiting-room");

  await expectAccessible(page);
});

test("a new family's owner sees inviting empty states", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Empty Family");
  await signIn(page, family.owner.email, family.owner.password);
  await expect(page.getByRole("heading", { name: family.title, level: 2 })).toBeVisible();

  // Nothing is planned or shared yet: each empty list offers the parent the next step.
  const events = page.getByRole("region", { name: "Upcoming events" });
  await expect(events.getByRole("link", { name: "Add an event" })).toHaveAttribute("href", "/calendar");
  const photos = page.getByRole("region", { name: "Latest photos" });
  await expect(photos.getByRole("link", { name: "Add photos" })).toHaveAttribute("href", "/photos");
  const updates = page.getByRole("region", { name: "Latest updates" });
  await expect(updates).toContainText("No updates yet. News you share with your family will appear here.");
  await expect(updates.getByRole("link", { name: "Share an update" })).toHaveAttribute("href", "/posts");
  await expect(page.getByRole("region", { name: "Waiting room" })).toContainText("Closed");

  await expectAccessible(page);
});

test("a guest sees the guest view: their title, no parent actions, friendly waiting texts", async ({ page }) => {
  await signIn(page, demoMember("grandma").email);
  await expect(page.getByText("Welcome, Helen!")).toBeVisible();
  await expect(page.getByRole("heading", { name: DEMO_PREGNANCY_TITLE, level: 2 })).toBeVisible();
  await expect(page.getByText("You are following as Grandma.")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Pregnancy progress: week \d+ of 40/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "This week's size" })).toContainText("about the size of");

  // Grandma is immediate family: the shared plans reach her, each opening its event page; the parents-only ones do not, nor the calendar.
  const events = page.getByRole("region", { name: "Upcoming events" });
  const { shown, hidden } = upcomingDemoEvents("grandma");
  expect(hidden.length).toBeGreaterThan(0);
  for (const title of shown) await expect(events.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", /^\/events\/[0-9a-f-]{36}/);
  for (const title of hidden) await expect(events.getByText(title, { exact: true })).toHaveCount(0);
  await expect(events.getByRole("link", { name: "Open calendar" })).toHaveCount(0);
  // She was invited to the baby shower and answered: her answer shows, ready to change.
  await expect(events.getByRole("group", { name: /^Your answer for Baby shower/ }).getByRole("button", { name: "Attending" })).toHaveAttribute("aria-pressed", "true");
  // Grandma is immediate family: every demo post reaches her, and none is hers to change.
  const updates = page.getByRole("region", { name: "Latest updates" });
  await expectLatestDemoPosts(updates);
  await expect(updates.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Latest photos" }).getByRole("link", { name: "Open album" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("link")).toHaveCount(0);
  // One pregnancy followed: no switcher.
  await expect(page.getByLabel("Pregnancy you are following")).toHaveCount(0);

  await expectAccessible(page);
});

test.describe(() => {
  // A real first load registers the service worker, and its registration must not warn either.
  test.use({ serviceWorkers: "allow" });

  test("@desktop a first load: week 22's size is a cucumber shown as one, and the console stays free of warnings while the feed socket opens", async ({ page, request, baseURL }) => {
    const family = await familyWithGrandparent(request, baseURL!);
    const dueDate = addDays(todayIso(), (40 - 22) * 7 - 3);
    await inDb((db) => db.update(pregnancies).set({ dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate) }).where(eq(pregnancies.id, family.pregnancyId)));
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    const feedOpened = page.waitForEvent("websocket", (socket) => socket.url().includes("channel=feed"));
    await signIn(page, family.owner.email, family.owner.password);

    const sizeCard = page.getByRole("region", { name: "This week's size" });
    await expect(sizeCard).toContainText("Week 22: about the size of a cucumber");
    // The picture is decorative (hidden from screen readers): it is the cucumber named, not a mango.
    await expect(sizeCard.locator("[aria-hidden=true]")).toHaveText("🥒");

    const feed = await feedOpened;
    await expect.poll(() => feed.isClosed()).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(warnings).toEqual([]);
  });
});
