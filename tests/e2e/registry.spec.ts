import type { Page } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { MAX_PRESET_REGISTRIES, PRESET_RETAILER_KEYS, PRESET_RETAILERS, REGISTRY_MESSAGES } from "../../src/domain/registry";
import { pregnancyParticipants, registries, registrySuggestions } from "../../worker/db/schema";
import { familyWithGrandparent, openDb, secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const registryList = (page: Page) => page.getByRole("list", { name: "Registries" });
const registryNames = (page: Page) => registryList(page).getByRole("heading", { level: 3 });
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function stored(pregnancyId: string) {
  const { db, close } = openDb();
  try {
    return await db.select({ name: registries.name, url: registries.url, isVisible: registries.isVisible, isCustom: registries.isCustom }).from(registries).where(eq(registries.pregnancyId, pregnancyId)).orderBy(asc(registries.displayOrder));
  } finally {
    await close();
  }
}

/** A fresh family whose guest is a friend (friends level, the guest defaults), so the demo family is left alone. */
async function familyWithFriend(request: Parameters<typeof familyWithGrandparent>[0], baseURL: string) {
  const family = await familyWithGrandparent(request, baseURL, "Registry Family");
  const { db, close } = openDb();
  try {
    await db.update(pregnancyParticipants).set({ title: "Friend", relationship: "friend", privacyLevel: "friends" }).where(eq(pregnancyParticipants.userId, family.grandma.userId));
  } finally {
    await close();
  }
  return { ...family, friend: family.grandma };
}

/** Opens 'Add registry' and fills the form; the kind is chosen first, as a parent would. */
async function fillRegistry(page: Page, fields: { kind: "Preset retailer" | "Custom registry"; retailer?: string; name?: string; url: string; description?: string }) {
  await page.getByRole("button", { name: "Add registry" }).click();
  const dialog = page.getByRole("dialog", { name: "Add registry" });
  await dialog.getByRole("radio", { name: fields.kind }).check();
  if (fields.retailer) await dialog.getByRole("combobox", { name: "Retailer" }).selectOption({ label: fields.retailer });
  if (fields.name !== undefined) await dialog.getByLabel("Name").fill(fields.name);
  await dialog.getByLabel("Registry URL").fill(fields.url);
  if (fields.description) await dialog.getByLabel("Description").fill(fields.description);
  return dialog;
}

test("the owner adds a preset and a custom registry, reorders them with the keyboard and hides one; the friend sees only the visible ones in the new order and suggests an item", { tag: "@desktop" }, async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const family = await familyWithFriend(request, baseURL!);
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/registry");
  await expect(page.getByRole("heading", { name: "Registry", level: 1 })).toBeVisible();
  await expect(page.getByText("No registries yet.")).toBeVisible();
  await expectAccessible(page);

  // A preset from Target: choosing the retailer names it; an 'ftp://' URL is refused with the spec's message, and nothing is saved.
  const preset = await fillRegistry(page, { kind: "Preset retailer", retailer: "Target", url: "ftp://x" });
  await expect(preset.getByLabel("Name")).toHaveValue("Target");
  await preset.getByRole("button", { name: "Save registry" }).click();
  await expect(preset.getByText(REGISTRY_MESSAGES.invalidUrl)).toBeVisible();
  await expect(preset.getByLabel("Registry URL")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  expect(await stored(family.pregnancyId)).toEqual([]);
  await preset.getByLabel("Registry URL").fill("  target.com/gift-registry/ours ");
  await preset.getByRole("button", { name: "Save registry" }).click();
  await expect(preset).toBeHidden();

  const custom = await fillRegistry(page, { kind: "Custom registry", name: "Corner Boutique", url: "http://boutique.example.com/list", description: "Hand-knitted blankets." });
  await custom.getByRole("button", { name: "Save registry" }).click();
  await expect(custom).toBeHidden();
  const amazon = await fillRegistry(page, { kind: "Preset retailer", retailer: "Amazon", name: "Amazon list", url: "https://www.amazon.com/baby-reg/ours" });
  await amazon.getByRole("button", { name: "Save registry" }).click();
  await expect(amazon).toBeHidden();
  await expect(registryNames(page)).toHaveText(["Target", "Corner Boutique", "Amazon list"]);
  expect((await stored(family.pregnancyId)).map((r) => [r.name, r.url, r.isCustom])).toEqual([
    ["Target", "https://target.com/gift-registry/ours", false],
    ["Corner Boutique", "https://boutique.example.com/list", true],
    ["Amazon list", "https://www.amazon.com/baby-reg/ours", false],
  ]);

  // Keyboard: Amazon goes up twice; focus stays with it (on Move down once it is first), and each move is announced.
  await page.getByRole("button", { name: "Move Amazon list up" }).focus();
  await page.keyboard.press("Enter");
  await expect(registryNames(page)).toHaveText(["Target", "Amazon list", "Corner Boutique"]);
  await expect(page.getByRole("button", { name: "Move Amazon list up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(registryNames(page)).toHaveText(["Amazon list", "Target", "Corner Boutique"]);
  await expect(page.getByRole("button", { name: "Move Amazon list down" })).toBeFocused();
  await expect(page.getByText("Amazon list moved to position 1 of 3.")).toBeAttached();
  await expect.poll(async () => (await stored(family.pregnancyId)).map((r) => r.name)).toEqual(["Amazon list", "Target", "Corner Boutique"]);

  // Hide Target from guests.
  await card(page, "Target").getByRole("switch", { name: "Show to guests" }).click();
  await expect(card(page, "Target").getByText("Hidden", { exact: true })).toBeVisible();
  await expect.poll(async () => (await stored(family.pregnancyId)).map((r) => [r.name, r.isVisible])).toEqual([
    ["Amazon list", true],
    ["Target", false],
    ["Corner Boutique", true],
  ]);
  await expectAccessible(page);

  // The friend sees the visible ones in the new order, with who added them, opening in a new tab.
  const friend = await secondBrowser(browser, baseURL!, page.viewportSize() ?? undefined);
  await signInThroughApi(friend, family.friend.email, family.friend.password);
  await friend.goto("/registry");
  await expect(registryNames(friend)).toHaveText(["Amazon list", "Corner Boutique"]);
  await expect(card(friend, "Amazon list")).toContainText(`Added by ${family.owner.name}`);
  const link = card(friend, "Amazon list").getByRole("link", { name: /Open Amazon list/ });
  await expect(link).toHaveAttribute("href", "https://www.amazon.com/baby-reg/ours");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(friend.getByRole("button", { name: "Add registry" })).toHaveCount(0);
  await expectAccessible(friend);

  // Shown again, Target reaches the friend's open page live, in its place.
  await card(page, "Target").getByRole("switch", { name: "Show to guests" }).click();
  await expect(registryNames(friend)).toHaveText(["Amazon list", "Target", "Corner Boutique"]);

  // The friend suggests an item; a bad link is refused first. The owner sees it live and accepts it.
  const suggest = friend.getByRole("region", { name: "Suggest an item" });
  await suggest.getByLabel("Item name").fill("Baby monitor");
  await suggest.getByLabel("Link").fill("ftp://monitor");
  await suggest.getByRole("button", { name: "Send suggestion" }).click();
  await expect(suggest.getByText(REGISTRY_MESSAGES.invalidUrl)).toBeVisible();
  await suggest.getByLabel("Link").fill("babylist.com/monitor");
  await suggest.getByLabel("Note").fill("The one with the night light.");
  await suggest.getByRole("button", { name: "Send suggestion" }).click();
  await expect(toast(friend, "Suggestion sent")).toBeVisible();
  await expect(suggest.getByLabel("Item name")).toHaveValue("");

  const suggestion = page.getByRole("region", { name: "Suggestions from guests" }).getByRole("article", { name: "Baby monitor" });
  await expect(suggestion).toContainText(`Suggested by ${family.friend.name}`);
  await expect(suggestion.getByRole("link", { name: /Open link for Baby monitor/ })).toHaveAttribute("href", "https://babylist.com/monitor");
  await suggestion.getByRole("button", { name: "Accept" }).click();
  await expect(suggestion.getByText("Accepted")).toBeVisible();
  await expect(suggestion.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect.poll(async () => {
    const { db, close } = openDb();
    try {
      return (await db.select({ status: registrySuggestions.status }).from(registrySuggestions).where(eq(registrySuggestions.pregnancyId, family.pregnancyId))).map((s) => s.status);
    } finally {
      await close();
    }
  }).toEqual(["accepted"]);
  await friend.context().close();
});

test("the 11th preset retailer is refused with the spec's message, and a registry is dragged by its handle to a new place @desktop", async ({ page, request, baseURL }) => {
  const family = await familyWithFriend(request, baseURL!);
  const { db, close } = openDb();
  try {
    await db.insert(registries).values(
      PRESET_RETAILER_KEYS.slice(0, MAX_PRESET_REGISTRIES).map((retailer, displayOrder) => ({
        pregnancyId: family.pregnancyId,
        name: PRESET_RETAILERS[retailer].name,
        retailer,
        url: PRESET_RETAILERS[retailer].site,
        displayOrder,
        createdBy: family.owner.userId,
      })),
    );
  } finally {
    await close();
  }
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/registry");
  await expect(registryNames(page)).toHaveCount(MAX_PRESET_REGISTRIES);

  const dialog = await fillRegistry(page, { kind: "Preset retailer", retailer: "Zola", name: "Zola", url: "zola.com/registry/ours" });
  await expect(dialog).toContainText(`Preset retailers: ${MAX_PRESET_REGISTRIES} of ${MAX_PRESET_REGISTRIES}`);
  await dialog.getByRole("button", { name: "Save registry" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(REGISTRY_MESSAGES.presetLimit);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(await stored(family.pregnancyId)).toHaveLength(MAX_PRESET_REGISTRIES);

  // Amazon, dragged by its handle below Walmart, lands third.
  const handle = card(page, "Amazon").getByTitle("Drag to reorder");
  const from = await handle.boundingBox();
  const below = await card(page, "Walmart").boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, below!.y + below!.height * 0.75, { steps: 12 });
  await page.mouse.up();
  await expect(registryNames(page).first()).toHaveText("Target");
  await expect.poll(async () => (await stored(family.pregnancyId)).slice(0, 3).map((r) => r.name)).toEqual(["Target", "Walmart", "Amazon"]);
  await expect(registryNames(page).nth(2)).toHaveText("Amazon");
});
