import type { Locator, Page } from "@playwright/test";
import { DEMO_PREGNANCY_TITLE, demoMember } from "../../scripts/demo-family";
import { addDays, addYears, DATE_MESSAGES, serviceEndDate, todayIso } from "../../src/domain/dates";
import { and, eq } from "drizzle-orm";
import { pregnancyParticipants } from "../../worker/db/schema";
import { randomIp } from "../support/client";
import { familyWithGrandparent, inDb } from "./family";
import { expect, expectAccessible, payingFamily, signIn, signInThroughApi, signUpThroughApi, test, stackOrigin, trpcQuery } from "./support";

async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications", exact: true });
const expectSuccessToast = (page: Page) => expect(toastRegion(page).getByText("Success", { exact: true })).toBeVisible();

const longDate = (date: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** Opens the edit dialog of a participant from Family & permissions, sets one flag, and saves. */
async function setGuestFlag(page: Page, guestName: string, flagLabel: string, on: boolean) {
  await page.getByRole("region", { name: "Family & permissions" }).getByRole("button", { name: `Edit ${guestName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${guestName}` });
  await expect(dialog).toBeVisible();
  const flag = dialog.getByRole("switch", { name: flagLabel });
  await flag.setChecked(on);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expectSuccessToast(page);
  await expect(dialog).toBeHidden();
}

test("the owner gives a guest a permission, and the guest can use it at once", { tag: "@desktop" }, async ({ page, browser }) => {
  const maya = demoMember("maya");
  const mayaName = `${maya.firstName} ${maya.lastName}`;
  // Maya in her own browser, as her own visitor (the sign-in rate limit is keyed by address).
  const mayaContext = await browser.newContext({ baseURL: stackOrigin(), extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  try {
    const mayaPage = await mayaContext.newPage();
    await signIn(mayaPage, maya.email);
    const mine = (await (await trpcQuery(mayaPage.request, "pregnancy.mine")).json()) as { result: { data: { json: { selectedGuestPregnancyId: string } } } };
    const pregnancyId = mine.result.data.json.selectedGuestPregnancyId;
    const contacts = () => trpcQuery(mayaPage.request, "pregnancy.participants", { pregnancyId, mode: "guest" });
    expect((await contacts()).status()).toBe(403);

    await signInThroughApi(page, demoMember("olivia").email);
    await openSettings(page);
    const family = page.getByRole("region", { name: "Family & permissions" });
    await expect(family.getByRole("heading", { name: new RegExp(mayaName) })).toBeVisible();
    await expectAccessible(page);

    await setGuestFlag(page, mayaName, "Can view contacts", true);
    try {
      expect((await contacts()).status()).toBe(200);
      // The list shows the stored flags after a reload too.
      await page.reload();
      await family.getByRole("button", { name: `Edit ${mayaName}` }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${mayaName}` });
      await expect(dialog.getByRole("switch", { name: "Can view contacts" })).toBeChecked();
      await expect(dialog.getByRole("switch", { name: "Can view calendar events" })).toBeChecked();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    } finally {
      // Leave the demo family as seeded.
      await setGuestFlag(page, mayaName, "Can view contacts", false);
    }
    expect((await contacts()).status()).toBe(403);
  } finally {
    await mayaContext.close();
  }
});

test("the owner renames the pregnancy, sees it on the dashboard, and previews the service end", { tag: "@desktop" }, async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  await openSettings(page);
  const details = page.getByRole("region", { name: "Pregnancy details" });
  const title = details.getByLabel("Pregnancy title");
  await expect(title).toHaveValue(DEMO_PREGNANCY_TITLE);

  // The service end shown before saving is recomputed from the date being typed.
  await details.getByRole("radio", { name: "I know my due date" }).check();
  const dueDate = addDays(todayIso(), 100);
  await details.getByLabel("Due date", { exact: true }).fill(dueDate);
  await expect(details.getByText(`Service ends: ${longDate(serviceEndDate(dueDate))}`)).toBeVisible();
  await details.getByRole("radio", { name: "Calculate from LMP" }).check();

  const renamed = `Bean's Big Adventure ${Date.now()}`;
  await title.fill(renamed);
  await details.getByRole("button", { name: "Save pregnancy details" }).click();
  await expectSuccessToast(page);
  try {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: renamed, level: 2 })).toBeVisible();
  } finally {
    await openSettings(page);
    await page.getByRole("region", { name: "Pregnancy details" }).getByLabel("Pregnancy title").fill(DEMO_PREGNANCY_TITLE);
    await page.getByRole("region", { name: "Pregnancy details" }).getByRole("button", { name: "Save pregnancy details" }).click();
    await expectSuccessToast(page);
  }
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: DEMO_PREGNANCY_TITLE, level: 2 })).toBeVisible();
});

// Babies cannot be deleted and a pregnancy holds at most 4: one run adds one, so only the desktop project runs it.
test("the owner adds a baby with a colour and changes it", { tag: "@desktop" }, async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  await openSettings(page);
  const babies = page.getByRole("region", { name: "Babies" });
  const addForm = babies.getByRole("form", { name: "Add a baby" });
  const name = `Pip ${Date.now()}`;
  await addForm.getByLabel("New baby's name").fill(name);
  await addForm.getByLabel("Gender").selectOption({ label: "Girl" });
  await addForm.getByRole("radio", { name: "Purple" }).check();
  await addForm.getByRole("button", { name: "Add baby" }).click();
  await expectSuccessToast(page);

  const baby: Locator = babies.getByRole("group", { name: name, exact: true });
  await expect(baby.getByRole("radio", { name: "Purple" })).toBeChecked();
  await expect(baby.getByLabel("Gender")).toHaveValue("girl");
  await expectAccessible(page);

  await baby.getByRole("radio", { name: "Green" }).check();
  // The add's Success toast may still be showing: wait for the save's own answer before reloading.
  const saved = page.waitForResponse((response) => response.url().includes("pregnancy.updateBaby") && response.ok());
  await baby.getByRole("button", { name: "Save baby" }).click();
  await saved;
  await expectSuccessToast(page);
  await page.reload();
  await expect(page.getByRole("region", { name: "Babies" }).getByRole("group", { name: name, exact: true }).getByRole("radio", { name: "Green" })).toBeChecked();

  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Babies" }).getByText(name)).toBeVisible();
});

test("removing a guest asks first; Escape and Cancel keep them", async ({ page }) => {
  const sam = demoMember("sam");
  const samName = `${sam.firstName} ${sam.lastName}`;
  await signInThroughApi(page, demoMember("olivia").email);
  await openSettings(page);
  const family = page.getByRole("region", { name: "Family & permissions" });

  await family.getByRole("button", { name: `Remove ${samName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${samName}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Remove guest" })).toBeVisible();
  // The safe choice has focus, and Escape closes.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await family.getByRole("button", { name: `Remove ${samName}` }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("region", { name: "Family & permissions" }).getByRole("heading", { name: new RegExp(samName) })).toBeVisible();
});

test("a guest has profile, theme, notifications and sign-out, but no parent sections", async ({ page }) => {
  await signInThroughApi(page, demoMember("sam").email);
  await openSettings(page);
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("First name")).toHaveValue("Sam");
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Profile photo")).toBeVisible();
  await expect(page.getByRole("region", { name: "Family & permissions" })).toHaveCount(0);
  // With canViewSettings (the guest default) the pregnancy's details show, read-only.
  await expect(page.getByRole("region", { name: "Pregnancy details" }).getByText(DEMO_PREGNANCY_TITLE)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save pregnancy details" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Theme" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sign out" }).getByRole("button", { name: "Log Out" })).toBeVisible();

  // Saved on change, and still so after a reload; then put back.
  const notifications = page.getByRole("region", { name: "Notification preferences" });
  const digest = notifications.getByRole("switch", { name: "Weekly digest" });
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(digest).not.toBeChecked();
  await expect.poll(async () => ((await (await trpcQuery(page.request, "account.notificationPreferences")).json()) as { result: { data: { json: { weeklyDigest: boolean } } } }).result.data.json.weeklyDigest).toBe(false);
  await page.reload();
  await expect(page.getByRole("region", { name: "Notification preferences" }).getByRole("switch", { name: "Weekly digest" })).not.toBeChecked();
  await expectAccessible(page);
  await page.getByRole("region", { name: "Notification preferences" }).getByRole("switch", { name: "Weekly digest" }).click();
  await expect.poll(async () => ((await (await trpcQuery(page.request, "account.notificationPreferences")).json()) as { result: { data: { json: { weeklyDigest: boolean } } } }).result.data.json.weeklyDigest).toBe(true);
});

test("a guest without canViewSettings sees only her own account; with it, the pregnancy's details and family (and may invite at her level); never the parents' RSVP mail @desktop", async ({ page, baseURL }) => {
  const { pregnancyId, owner, grandma, title } = await familyWithGrandparent(page.request, baseURL!, "Settings Family");
  const grandmaRow = and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.userId, grandma.userId));
  // Trusted to invite, from a farther circle: she may invite only there or farther (mayInviteAtLevel).
  await inDb((db) => db.update(pregnancyParticipants).set({ privacyLevel: "extended-family", permissions: { canInviteGuests: true } }).where(grandmaRow));
  await signInThroughApi(page, grandma.email, grandma.password);
  await openSettings(page);
  const details = page.getByRole("region", { name: "Pregnancy details" });
  await expect(details.getByText(title)).toBeVisible();
  await expect(page.getByRole("region", { name: "Family", exact: true }).getByText(owner.name)).toBeVisible();
  const notifications = page.getByRole("region", { name: "Notification preferences" });
  await expect(notifications.getByRole("switch", { name: "Email me about invitations" })).toBeVisible();
  await expect(notifications.getByRole("switch", { name: "Email me about RSVPs" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("region", { name: "Family", exact: true }).getByRole("button", { name: "Invite a guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a guest" });
  const level = dialog.getByLabel("Privacy level");
  await expect(level.getByRole("option")).toHaveText(["Extended family", "Close friends", "Friends", "Acquaintances"]);
  await dialog.getByLabel("Relationship").selectOption("grandparent");
  await expect(level).toHaveValue("extended-family");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The owner switches the flag off: only her own account is left.
  await inDb((db) => db.update(pregnancyParticipants).set({ permissions: { canViewSettings: false } }).where(grandmaRow));
  await page.reload();
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("First name")).toHaveValue("Nana");
  for (const own of ["Notification preferences", "Theme", "Download your data", "Sign out"]) await expect(page.getByRole("region", { name: own })).toBeVisible();
  await expect(page.getByRole("region", { name: "Pregnancy details" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Family", exact: true })).toHaveCount(0);
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test("inviting a guest suggests the privacy level from the relationship and says what that circle sees @desktop", async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  await openSettings(page);
  await page.getByRole("region", { name: "Family & permissions" }).getByRole("button", { name: "Invite a guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a guest" });
  const level = dialog.getByLabel("Privacy level");
  await expect(level).toHaveValue("friends");
  await expect(level).toHaveAccessibleDescription("They see the photos, posts and events you share with Friends or a wider circle, not photos and posts shared by default (Immediate family).");
  await dialog.getByLabel("Relationship").selectOption("aunt-uncle");
  await expect(level).toHaveValue("extended-family");
  await expect(level).toHaveAccessibleDescription(/^Suggested for Aunt or uncle\. They see the photos, posts and events you share with Extended family or a wider circle/);
  await dialog.getByLabel("Relationship").selectOption("sibling");
  await expect(level).toHaveValue("immediate-family");
  await expect(dialog.getByText("Suggested for Sibling. They see photos and posts shared by default, and events you share with Immediate family or a wider circle.")).toBeVisible();
  await expectAccessible(page);
  // A level picked by hand stays when the relationship changes.
  await level.selectOption("close-friends");
  await dialog.getByLabel("Relationship").selectOption("grandparent");
  await expect(level).toHaveValue("close-friends");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("a long email address wraps whole: it starts its own line, nothing is split mid-word and nothing overflows", async ({ page }) => {
  const email = await signUpThroughApi(page, "grandmother.helen.parker.family", "long-address-1", { stay: true });
  await openSettings(page);
  const line = page.getByRole("region", { name: "Profile" }).getByText(`Email: ${email}`);
  await expect(line).toBeVisible();
  const layout = await line.evaluate((element, address) => {
    const text = element.firstChild!.textContent!;
    const range = document.createRange();
    const node = [...element.childNodes].find((child) => child.textContent?.includes(address))!;
    const at = node.textContent!.indexOf(address);
    range.setStart(node, at);
    range.setEnd(node, at + address.length);
    const lines = [...range.getClientRects()];
    return { text, lines: lines.length, addressLeft: lines[0]!.left, lineLeft: element.getBoundingClientRect().left, overflow: element.scrollWidth - element.clientWidth, pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  }, email);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.pageOverflow).toBeLessThanOrEqual(0);
  // Beside 'Email:' when it fits there, else from the start of a line of its own.
  if (layout.lines > 1) expect(Math.abs(layout.addressLeft - layout.lineLeft)).toBeLessThan(1);
  await expectAccessible(page);
});

test("the profile name is saved with a Success toast", async ({ page }) => {
  const noah = demoMember("noah");
  await signInThroughApi(page, noah.email);
  await openSettings(page);
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Last name").fill("");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Last name is required")).toBeVisible();

  await profile.getByLabel("Last name").fill(`${noah.lastName}-Test`);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expectSuccessToast(page);
  try {
    await page.reload();
    await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Last name")).toHaveValue(`${noah.lastName}-Test`);
  } finally {
    await page.getByRole("region", { name: "Profile" }).getByLabel("Last name").fill(noah.lastName);
    await page.getByRole("region", { name: "Profile" }).getByRole("button", { name: "Save profile" }).click();
    await expectSuccessToast(page);
  }
});

test("changing the password signs the other devices out when asked @desktop", async ({ page, browser, baseURL }) => {
  const password = "first-pass-1";
  const email = await signUpThroughApi(page, "changer", password, { stay: true });
  const otherContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  try {
    const other = await otherContext.newPage();
    await signIn(other, email, password);

    await openSettings(page);
    const section = page.getByRole("region", { name: "Password" });
    await section.getByLabel("Current password", { exact: true }).fill(password);
    await section.getByLabel("New password", { exact: true }).fill("Second-pass-2");
    await section.getByLabel("Confirm new password", { exact: true }).fill("Second-pass-3");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(section.getByText("Passwords Don't Match")).toBeVisible();
    await section.getByLabel("Confirm new password", { exact: true }).fill("Second-pass-2");
    await expect(section.getByRole("checkbox", { name: "Sign out of my other devices" })).toBeChecked();
    await expectAccessible(page);
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(toastRegion(page).getByText("Password updated")).toBeVisible();

    // This device stays signed in; the other one is sent out.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await other.goto("/settings");
    await expect(other).not.toHaveURL(/\/settings/);
  } finally {
    await otherContext.close();
  }
});

test("a due date typed a year early is stopped with the dates named, nothing is saved, and the parent then saves the right one", async ({ page }) => {
  await payingFamily(page, "typo", "basic");
  await openSettings(page);
  const details = page.getByRole("region", { name: "Pregnancy details" });
  const field = details.getByLabel("Due date", { exact: true });
  const stored = await field.inputValue();
  const typo = addYears(stored, -1);
  await field.fill(typo);
  await expect(details.getByText(DATE_MESSAGES.serviceEndPassed(typo, serviceEndDate(typo)))).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(details.getByRole("button", { name: "Save pregnancy details" })).toBeDisabled();
  await expectAccessible(page);

  // What was typed stays; nothing was stored.
  await page.reload();
  await expect(details.getByLabel("Due date", { exact: true })).toHaveValue(stored);

  const right = addDays(stored, 7);
  await details.getByLabel("Due date", { exact: true }).fill(right);
  await expect(details.getByText(`Service ends: ${longDate(serviceEndDate(right))}`)).toBeVisible();
  await details.getByRole("button", { name: "Save pregnancy details" }).click();
  await expect(toastRegion(page).getByText("Pregnancy details saved.")).toBeVisible();
  await page.reload();
  await expect(details.getByLabel("Due date", { exact: true })).toHaveValue(right);
});
