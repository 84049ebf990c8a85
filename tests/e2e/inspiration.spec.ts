import type { APIRequestContext, Page } from "@playwright/test";
import { demoMember } from "../../scripts/demo-family";
import { INSPIRATION_TEMPLATE_COUNT, INSPIRATION_TEMPLATES } from "../../src/domain/inspiration";
import { WEEK_SIZES } from "../../src/domain/sizeComparison";
import { expect, expectAccessible, fastForwardUntilVisible, signIn, test, trpcMutation } from "./support";

const TOMATO = { id: "week-12-tomato", title: "Week 12: tomato" };
const LEMON = "Week 13: lemon";
const MIRROR = INSPIRATION_TEMPLATES[0]!;

async function favoritesOf(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/api/trpc/inspiration.favorites.list");
  return ((await response.json()) as { result: { data: { json: string[] } } }).result.data.json;
}

/** Favourites belong to the user and outlive a run: each run starts from none. */
async function clearFavorites(request: APIRequestContext) {
  for (const templateId of await favoritesOf(request)) await trpcMutation(request, "inspiration.favorites.toggle", { templateId, favorite: false });
}

async function expectNoHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("a family member browses the photo ideas, keeps a favourite and starts an upload from an idea", async ({ page }, testInfo) => {
  // The refused save below is retried with backoff first; the page's clock skips the waits.
  await page.clock.install();
  // Each layout signs in as its own member (the owner on desktop, the grandparent guest on a phone), so their favourites never meet.
  await signIn(page, demoMember(testInfo.project.name === "mobile" ? "grandma" : "olivia").email);
  await clearFavorites(page.request);

  await page.goto("/photos");
  await expect(page.getByRole("heading", { name: "Photo Album", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Album" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Inspiration" }).click();
  await expect(page).toHaveURL(/[?&]tab=inspiration/);

  const ideas = page.getByRole("list", { name: "Photo ideas" });
  await expect(ideas.getByRole("listitem")).toHaveCount(INSPIRATION_TEMPLATE_COUNT);
  await expect(ideas.getByRole("img", { name: MIRROR.title })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  const favoritesOnly = page.getByRole("switch", { name: "Favourites only" });
  await favoritesOnly.check();
  await expect(page.getByRole("heading", { name: "No favourites yet" })).toBeVisible();
  await favoritesOnly.uncheck();

  await page.getByLabel("Category").selectOption({ label: "Fruit comparison" });
  await expect(ideas.getByRole("listitem")).toHaveCount(WEEK_SIZES.length);
  await expect(ideas.getByRole("button", { name: MIRROR.title, exact: true })).toHaveCount(0);

  const tomatoHeart = page.getByRole("button", { name: `Favourite ${TOMATO.title}` });
  await expect(tomatoHeart).toHaveAttribute("aria-pressed", "false");
  await tomatoHeart.click();
  await expect(tomatoHeart).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => favoritesOf(page.request)).toEqual([TOMATO.id]);

  // A refused save puts the heart back and says so.
  await page.route("**/api/trpc/inspiration.favorites.toggle*", (route) => route.abort());
  const lemonHeart = page.getByRole("button", { name: `Favourite ${LEMON}` });
  await lemonHeart.click();
  await expect(lemonHeart).toHaveAttribute("aria-pressed", "true");
  await fastForwardUntilVisible(page, page.getByRole("region", { name: "Notifications", exact: true }).getByText("Action failed"));
  await expect(lemonHeart).toHaveAttribute("aria-pressed", "false");
  await page.unroute("**/api/trpc/inspiration.favorites.toggle*");

  // The tab is in the address and the favourite on the server: both survive a reload.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Inspiration" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: `Favourite ${TOMATO.title}` })).toHaveAttribute("aria-pressed", "true");
  await favoritesOnly.check();
  await expect(ideas.getByRole("listitem")).toHaveCount(1);
  await expect(ideas.getByRole("img", { name: TOMATO.title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: `Favourite ${TOMATO.title}` }).click();
  await expect(page.getByRole("heading", { name: "No favourites yet" })).toBeVisible();
  await expect.poll(() => favoritesOf(page.request)).toEqual([]);
  await favoritesOnly.uncheck();

  // One of the first three ideas: prompts, style, and 'Use this idea'.
  await page.getByRole("button", { name: MIRROR.title, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: MIRROR.title });
  await expect(dialog.getByRole("heading", { name: "Suggested prompts" })).toBeVisible();
  for (const prompt of MIRROR.suggestedPrompts!) await expect(dialog.getByText(prompt)).toBeVisible();
  await expect(dialog.getByText(MIRROR.stylePreferences!.mood, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Tags" })).toContainText("#mirror");
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);

  await dialog.getByRole("button", { name: "Use this idea" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]template=${MIRROR.id}`));
  await expect(page).toHaveURL(/[?&]tab=album/);
  await expect(page.getByRole("tab", { name: "Album" })).toHaveAttribute("aria-selected", "true");
  const chosen = page.getByRole("region", { name: `Idea chosen: ${MIRROR.title}` });
  await expect(chosen.getByText(MIRROR.uploadMetadata!.suggestedTitle)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
});
