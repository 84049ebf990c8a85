import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { demoMember, type DemoMember } from "../../scripts/demo-family";
import { openNodeDb } from "../../scripts/node-db";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { randomIp } from "../support/client";
import { expect, expectAccessible, test, uniqueEmail, signIn, signInThroughApi, trpcMutation } from "./support";
import { familyWithGrandparent } from "./family";
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, MOBILE_BOTTOM_BAR_MAX_ITEMS } from "../../src/domain/layout";

const isMobile = (testInfo: TestInfo) => testInfo.project.name === "mobile";

const signInAs = (page: Page, key: DemoMember["key"]) => signIn(page, demoMember(key).email);

/** The nav landmark 'Main': the sidebar on desktop, inside the menu dialog on mobile. */
async function openNavigation(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isMobile(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    return dialog.getByRole("navigation", { name: "Main" });
  }
  return page.getByRole("navigation", { name: "Main" });
}

async function closeNavigation(page: Page, testInfo: TestInfo) {
  if (!isMobile(testInfo)) return;
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
}

const limited = (nav: Locator, label: string) => nav.getByRole("link", { name: `${label} (Limited Access)` });
const enabled = (nav: Locator, label: string) => nav.getByRole("link", { name: label, exact: true });

test("a guest sees only the items their flags allow, 'Limited Access' on the rest, and a 'Limited Access' route refuses her", async ({ page }, testInfo) => {
  // Sam is a guest whose canPlayBabyGame is off; like every guest by default he may see the calendar, not the contacts.
  await signInAs(page, "sam");
  const nav = await openNavigation(page, testInfo);
  for (const label of ["Pregnancies", "Dashboard", "Calendar", "Photo Album", "Registry", "Waiting Room", "Settings"]) {
    await expect(enabled(nav, label)).toBeVisible();
  }
  for (const label of ["Contacts", "Health", "Baby Game"]) {
    const item = limited(nav, label);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("aria-disabled", "true");
    await expect(item).not.toHaveAttribute("href");
  }
  await expect(page.getByText("Guest Access", { exact: true })).toBeVisible();
  await expect(page.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Guest" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  await closeNavigation(page, testInfo);

  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Limited Access", level: 1 })).toBeVisible();
  await expect(page.getByText("The parents have not shared the family's contact list with you.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test("a guest with every guest flag sees Baby Game enabled; Health stays parent-only", async ({ page }, testInfo) => {
  await signInAs(page, "grandma");
  const nav = await openNavigation(page, testInfo);
  await expect(enabled(nav, "Baby Game")).toBeVisible();
  await expect(limited(nav, "Health")).toBeVisible();
  await expect(enabled(nav, "Calendar")).toBeVisible();
  await closeNavigation(page, testInfo);

  await page.goto("/health/birth-plan/print");
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
});

test("a parent uses the parent-only pages, and switching to guest mode sends them from /calendar to /dashboard", async ({ page }, testInfo) => {
  await signInAs(page, "olivia");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month" })).toHaveAttribute("aria-pressed", "true");

  const nav = await openNavigation(page, testInfo);
  for (const label of ["Dashboard", "Calendar", "Contacts", "Health", "Photo Album", "Registry", "Waiting Room", "Baby Game", "Settings"]) {
    await expect(enabled(nav, label)).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Pregnancies" })).toHaveCount(0);
  await expect(page.getByText("Active Subscription", { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Guest" }).click();
  await closeNavigation(page, testInfo);
  await expect(page).toHaveURL(/\/dashboard/);
  const userId = await page.evaluate(() => Object.keys(localStorage).find((key) => key.startsWith("mode:")));
  expect(userId).toBeDefined();
  expect(await page.evaluate((key) => localStorage.getItem(key), userId!)).toBe("guest");

  const guestNav = await openNavigation(page, testInfo);
  await expect(enabled(guestNav, "Pregnancies")).toBeVisible();
  await expect(limited(guestNav, "Health")).toBeVisible();
  await expect(page.getByText("Guest Access", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // With parent capability a new page load starts in parent mode again (core spec 4).
  await page.goto("/pregnancies");
  await expect(page).toHaveURL(/\/dashboard/);
  const parentNav = await openNavigation(page, testInfo);
  await expect(enabled(parentNav, "Calendar")).toBeVisible();
  await expect(page.getByRole("group", { name: "Mode" }).getByRole("button", { name: "Parent" })).toHaveAttribute("aria-pressed", "true");
});

test("/become-parent explains the parent account and links on to the wizard", async ({ page }) => {
  await signInAs(page, "maya");
  await page.goto("/become-parent");
  await expect(page.getByRole("heading", { name: "Become a Parent", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Your Journey" })).toHaveAttribute("href", "/onboarding-parent");
  await expectAccessible(page);
});

test("@desktop a pure guest who picks Parent lands on the upgrade flow, and the switch says what it does", async ({ page }) => {
  await signInAs(page, "maya");
  const mode = page.getByRole("group", { name: "Mode" });
  // The hint is the group's description, read with it.
  await expect(mode).toHaveAccessibleDescription("Guest: the pregnancies you were invited to. Parent: start your own pregnancy.");
  await expectAccessible(page);
  await mode.getByRole("button", { name: "Parent" }).click();
  // Maya is a guest in a pregnancy without a subscription of her own: /setup-pregnancy would refuse her.
  await expect(page).toHaveURL(/\/onboarding-parent$/);
});

test("@desktop a parent who switches to Guest without guest pregnancies is told why the screen is empty, and goes back", async ({ page }) => {
  await signInAs(page, "olivia");
  const mode = page.getByRole("group", { name: "Mode" });
  await expect(mode).toHaveAccessibleDescription("Parent: your own pregnancy. Guest: the pregnancies you were invited to.");
  await mode.getByRole("button", { name: "Guest" }).click();
  const empty = page.getByRole("region", { name: "You're in Guest mode" });
  await expect(empty).toContainText("nobody has invited you yet");
  await expectAccessible(page);
  await empty.getByRole("button", { name: "Back to Parent mode" }).click();
  await expect(mode.getByRole("button", { name: "Parent" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("region", { name: "You're in Guest mode" })).toHaveCount(0);
});

/**
 * A fresh guest following two pregnancies. Creating pregnancies and accepting invitations belong
 * to later issues, so the rows are written directly.
 */
async function guestOfTwoPregnancies(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail("twoguest");
  const password = "two-pregnancies-1";
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "Two Guest", firstName: "Tess", lastName: "Guest" },
    headers: { origin: baseURL, "cf-connecting-ip": randomIp() },
  });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: { id: string } };
  const stamp = Date.now();
  const titles = { sooner: `Sooner Family ${stamp}`, later: `Later Family ${stamp}` };
  const { db, close } = openNodeDb(process.env.E2E_DATABASE_URL!, process.env.E2E_WS_PROXY);
  try {
    const ids = await db.transaction(async (tx) => {
      const make = async (title: string, daysUntilDue: number) => {
        const dueDate = addDays(todayIso(), daysUntilDue);
        const [row] = await tx
          .insert(pregnancies)
          .values({ title, status: "active", createdByUserId: user.id, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
          .returning({ id: pregnancies.id });
        await tx.insert(pregnancyParticipants).values({ pregnancyId: row!.id, userId: user.id, role: "guest", status: "active", title: "Auntie", permissions: { ...GUEST_DEFAULT_PERMISSIONS } });
        return row!.id;
      };
      return { sooner: await make(titles.sooner, 40), later: await make(titles.later, 160) };
    });
    return { email, password, userId: user.id, ids, titles };
  } finally {
    await close();
  }
}

test("guest pregnancy selection: ?preg wins, then the stored choice, then the soonest due date", async ({ page, request, baseURL }, testInfo) => {
  const guest = await guestOfTwoPregnancies(request, baseURL!);
  await signIn(page, guest.email, guest.password);

  const row = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await page.goto("/pregnancies");
  await expect(page.getByRole("heading", { name: "Pregnancies", level: 1 })).toBeVisible();
  await expect(row(guest.titles.sooner).getByText("Viewing")).toBeVisible();
  await expect(row(guest.titles.later).getByRole("button", { name: `Switch to ${guest.titles.later}` })).toBeVisible();
  await expectAccessible(page);

  // A malformed ?preg is ignored.
  await page.goto("/pregnancies?preg=not-a-pregnancy");
  await expect(row(guest.titles.sooner).getByText("Viewing")).toBeVisible();

  // ?preg selects the pregnancy, and the app's links keep it.
  await page.goto(`/pregnancies?preg=${guest.ids.later}`);
  await expect(row(guest.titles.later).getByText("Viewing")).toBeVisible();
  const nav = await openNavigation(page, testInfo);
  await expect(enabled(nav, "Dashboard")).toHaveAttribute("href", `/dashboard?preg=${guest.ids.later}`);
  await closeNavigation(page, testInfo);

  // Switching stores the choice; without ?preg the stored choice beats the soonest due date.
  await page.goto("/pregnancies");
  await expect(row(guest.titles.sooner).getByText("Viewing")).toBeVisible();
  await row(guest.titles.later).getByRole("button", { name: `Switch to ${guest.titles.later}` }).click();
  await expect(row(guest.titles.later).getByText("Viewing")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`preg=${guest.ids.later}`));
  const choiceKey = `guest-pregnancy-choice:${guest.userId}`;
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), choiceKey))!)).toMatchObject({ id: guest.ids.later });
  await page.goto("/pregnancies");
  await expect(row(guest.titles.later).getByText("Viewing")).toBeVisible();

  // A choice older than 14 days no longer counts and is removed.
  await page.evaluate(({ key, id }) => localStorage.setItem(key, JSON.stringify({ id, ts: Date.now() - 15 * 24 * 60 * 60 * 1000 })), { key: choiceKey, id: guest.ids.later });
  await page.goto("/pregnancies");
  await expect(row(guest.titles.sooner).getByText("Viewing")).toBeVisible();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), choiceKey)).toBeNull();
});

// The sidebar only exists from 768 px; below, Ctrl+B opens the menu.
test("Ctrl+B collapses the sidebar to icons and the state survives a reload", { tag: "@desktop" }, async ({ page, context }) => {
  await signInAs(page, "olivia");
  const sidebar = page.locator("#app-sidebar");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Icons only, names kept.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Photo Album" })).toBeVisible();
  // The width animates to the icon rail; read it once the transition is over.
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(100);
  await expectAccessible(page);

  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  const expectedExpiry = Date.now() / 1000 + SIDEBAR_COOKIE_MAX_AGE_SECONDS;
  expect(Math.abs(cookie!.expires - expectedExpiry)).toBeLessThan(120);

  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await toggle.click();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("Ctrl+B in a text field is the field's: the post editor bolds and the sidebar stays; '?' lists the shortcuts", { tag: "@desktop" }, async ({ page }) => {
  await signInAs(page, "olivia");
  await page.goto("/posts");
  const sidebar = page.locator("#app-sidebar");
  const composer = page.getByRole("region", { name: "New post" });
  const editor = composer.getByRole("textbox", { name: "Share an update" });
  await editor.click();
  await page.keyboard.press("Control+b");
  await page.keyboard.type("Big news");
  await expect(editor.locator("b, strong")).toHaveText("Big news");
  await expect(composer.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await composer.getByLabel("Location").click();
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  // Every toolbar button's name holds its visible text (axe: label-content-name-mismatch).
  await expectAccessible(page);

  // '?' typed in a field is text; outside one it opens the shortcuts.
  await page.keyboard.type("?");
  await expect(composer.getByLabel("Location")).toHaveValue("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await page.getByRole("heading", { name: "Posts", level: 1 }).click();
  await page.keyboard.press("Shift+?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  await expect(help).toContainText("Ctrl+B");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
});

test("on a phone a toast sits above the bottom bar, a tapped day scrolls to its events, and Log Out is in the menu", { tag: "@mobile" }, async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Phone Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  const today = todayIso();
  await trpcMutation(page.request, "calendar.create", { pregnancyId: family.pregnancyId, id: crypto.randomUUID(), title: "Nursery painting", date: today, time: "", category: "preparation", location: "", notes: "", questions: "", privacyLevel: "parents-only" });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // The header has no Log Out of its own: it is in the menu.
  await expect(page.getByRole("main").getByRole("button", { name: "Log Out" })).toHaveCount(0);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();

  const bottomBar = page.getByRole("navigation", { name: "Shortcuts" });
  await page.goto("/calendar");
  await page.getByRole("gridcell", { name: /, 1 event$/ }).click();
  const event = page.getByRole("button", { name: /^Nursery painting/ });
  await expect(event).toBeInViewport({ ratio: 1 });
  const barTop = (await bottomBar.boundingBox())!.y;
  await expect.poll(async () => { const box = (await event.boundingBox())!; return box.y + box.height; }).toBeLessThanOrEqual(barTop);

  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByRole("button", { name: "Save profile" }).click();
  const toast = page.getByRole("region", { name: "Notifications", exact: true }).getByText("Success", { exact: true });
  await expect(toast).toBeVisible();
  const toastBox = (await page.getByRole("region", { name: "Notifications", exact: true }).getByRole("status").boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await bottomBar.boundingBox())!.y);
  await expectAccessible(page);
});

test("below 768 px: a top bar with the menu dialog and a bottom bar of at most four items", { tag: "@mobile" }, async ({ page }) => {
  await signInAs(page, "grandma");
  await expect(page.getByRole("banner").getByRole("link", { name: "BabySteps" })).toBeVisible();
  const bottomBar = page.getByRole("navigation", { name: "Shortcuts" });
  await expect(bottomBar.getByRole("link")).toHaveCount(MOBILE_BOTTOM_BAR_MAX_ITEMS);
  // Grandma holds canViewCalendarEvents (the guest defaults), so her calendar is one of the four.
  await expect(bottomBar.getByRole("link")).toHaveText(["Home", "Calendar", "Photos", "Registry"]);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectAccessible(page);

  await page.keyboard.press("Control+b");
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await dialog.getByRole("link", { name: "Registry" }).click();
  await expect(page).toHaveURL(/\/registry/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Registry", level: 1 })).toBeVisible();
});

test("the desktop layout has no bottom bar and one navigation landmark", { tag: "@desktop" }, async ({ page }) => {
  await signInAs(page, "noah");
  await expect(page.getByRole("navigation", { name: "Shortcuts" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await page.goto("/health/kicks");
  await expect(page.getByRole("heading", { name: "Kick Counter", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Health" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
});

test("the performance helper sends API timings in one batch for signed-in users only", { tag: "@desktop" }, async ({ page }) => {
  const metricCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/trpc/metrics.record")) metricCalls.push(request.postData() ?? "");
  });
  // A signed-out visitor on a page of the app (the public site's static pages do not load it).
  await page.goto("/createaccount");
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.waitForTimeout(500);
  expect(metricCalls).toHaveLength(0);

  await signInAs(page, "noah");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // A call is recorded when its answer arrives; flush on page hide until the dashboard's calls are in a batch.
  await page.waitForLoadState("networkidle");
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
        await page.waitForLoadState("networkidle");
        return metricCalls.flatMap(sentMetrics).filter((m) => m.metricType === "api" && m.unit === "ms").map((m) => m.name);
      },
      { timeout: 15_000 },
    )
    .toContain("pregnancy.mine");
});

interface SentMetric {
  metricType: string;
  name: string;
  unit: string;
}

/** The metrics in one metrics.record request body, batched by the link or not. */
function sentMetrics(body: string): SentMetric[] {
  type Call = { json: { metrics: SentMetric[] } };
  const parsed = JSON.parse(body) as Call | Record<string, Call>;
  const calls = "json" in parsed ? [parsed as Call] : Object.values(parsed as Record<string, Call>);
  return calls.flatMap((call) => call.json.metrics);
}
