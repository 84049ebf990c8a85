import type { Page } from "@playwright/test";
import { addDays, daysBetween, LMP_TO_DUE_DAYS, todayIso } from "../../src/domain/dates";
import { CALCULATOR_MESSAGES, CALCULATOR_PREVIEW_EVENTS, CALCULATOR_WINDOW_WEEKS, MILESTONE_TEMPLATES, upcomingMilestones } from "../../src/domain/dueDateCalculator";
import { SITE_PAGES } from "../../src/site/pages";
import { CONTACT_FORM_CONFIRMATION_SUBJECT } from "../../worker/services/contactForm";
import { NEWSLETTER_SUBJECTS } from "../../worker/services/newsletter";
import { demoMember } from "../../scripts/demo-family";
import { expect, expectAccessible, mailedLink, signInThroughApi, test, uniqueEmail } from "./support";
import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES } from "../../src/domain/publicForms";
import { DAYS_PER_WEEK } from "../../src/domain/units";
import { STICKY_BAR_SCROLL_PX } from "../../src/domain/layout";

/** The app's own public routes that share the site's budgets and checks. */
const APP_PUBLIC_PAGES = ["/auth", "/giftcards", "/createaccount"];

const longDate = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const formatDay = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

async function calculate(page: Page, lastMenstrualPeriod: string) {
  await page.getByLabel("First day of your last period").fill(lastMenstrualPeriod);
  await page.getByRole("button", { name: "Calculate Due Date" }).click();
}

const result = (page: Page, term: string) => page.getByRole("region", { name: "Your results" }).locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test("every public page is prerendered with its title, description, canonical link and one h1, and passes axe", async ({ page }) => {
  test.setTimeout(120_000);
  for (const { path, title, description, noindex } of SITE_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    // Prerendered: the served HTML already holds the page, before any script runs.
    const html = (await response?.text()) ?? "";
    expect(html, path).toContain(`<meta name="description" content="`);
    expect(html, path).toContain("<h1");
    await expect(page).toHaveTitle(path === "/" ? title : `${title} · BabySteps`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    if (noindex) await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    else await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://babysteps.app${path === "/" ? "/" : path}`);
    await expect(page.locator("h1")).toHaveCount(1);
    await expectAccessible(page);
  }
  for (const path of APP_PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectAccessible(page);
  }
});

test("public pages load only the site's small script, never the app's bundle, and read without JavaScript", { tag: "@desktop" }, async ({ page, browser }) => {
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started Now" })).toBeVisible();
  // The site's entry and the few small modules it shares with the app; never the app's entry (index-*).
  expect(scripts.some((script) => /\/assets\/site-/.test(script)), scripts.join(", ")).toBe(true);
  expect(scripts.some((script) => /\/assets\/index-/.test(script)), scripts.join(", ")).toBe(false);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const offline = await noScript.newPage();
  await offline.goto("/pricing");
  await expect(offline.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(offline.getByRole("link", { name: "Purchase Gift Cards" })).toHaveAttribute("href", "/giftcards");
  await noScript.close();
});

test("the header's Resources menu opens with the keyboard, lists the Due Date Calculator and closes on Escape", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/pricing");
  const resources = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Resources" });
  await resources.focus();
  await page.keyboard.press("Enter");
  const calculatorLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Due Date Calculator" });
  await expect(calculatorLink).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(calculatorLink).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(calculatorLink).toBeHidden();
  await resources.click();
  await calculatorLink.click();
  await expect(page).toHaveURL(/\/due-date-calculator$/);
});

test("the home page's sticky bar appears only after scrolling past 300 px, and a CTA click is recorded", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByRole("complementary", { name: "Try BabySteps free" });
  await expect(bar).toBeHidden();
  await page.evaluate((y) => window.scrollTo(0, y), STICKY_BAR_SCROLL_PX);
  await expect(bar).toBeHidden();
  await page.evaluate((y) => window.scrollTo(0, y), STICKY_BAR_SCROLL_PX + 1);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link", { name: "Try It Free" })).toHaveAttribute("href", "/signup");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();

  const event = page.waitForRequest((request) => request.url().endsWith("/api/analytics") && request.method() === "POST");
  await page.getByRole("link", { name: "Get Started Now" }).click();
  expect((await event).postDataJSON()).toEqual({ name: "cta_clicked", properties: { cta: "Get Started Now", to: "/signup", page: "/" } });
  await expect(page).toHaveURL(/\/createaccount/);
});

test("a press on Calculate before the page's script arrives is answered once it does, not lost", { tag: "@desktop" }, async ({ browser, page, baseURL }) => {
  const lastMenstrualPeriod = addDays(todayIso(), -20 * DAYS_PER_WEEK);
  // Without the script the form sends the date back to this page in the address.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const early = await noScript.newPage();
  await early.goto("/due-date-calculator");
  await calculate(early, lastMenstrualPeriod);
  await expect(early).toHaveURL(/\?lastMenstrualPeriod=/);
  const sentBack = early.url();
  await noScript.close();
  await page.goto(sentBack);
  await expect(result(page, "Weeks pregnant")).toHaveText("20 weeks, 0 days");
  await expect(page).toHaveURL(/\/due-date-calculator$/);
});

test("the calculator: due date = LMP + 280 days, weeks and trimester at the 12/13 and 27/28 edges, at most 8 milestones in 5 weeks", { tag: "@desktop" }, async ({ page }) => {
  const today = todayIso();
  await page.goto("/due-date-calculator");

  await page.getByRole("button", { name: "Calculate Due Date" }).click();
  await expect(page.getByText(CALCULATOR_MESSAGES.lmpRequired)).toBeVisible();
  await calculate(page, addDays(today, 1));
  await expect(page.getByText(CALCULATOR_MESSAGES.lmpInFuture)).toBeVisible();

  const edges = [
    { weeks: 12, trimester: "First trimester" },
    { weeks: 13, trimester: "Second trimester" },
    { weeks: 27, trimester: "Second trimester" },
    { weeks: 28, trimester: "Third trimester" },
  ];
  for (const { weeks, trimester } of edges) {
    const lastMenstrualPeriod = addDays(today, -weeks * DAYS_PER_WEEK);
    const event = page.waitForRequest((request) => request.url().endsWith("/api/analytics"));
    await calculate(page, lastMenstrualPeriod);
    await expect(result(page, "Estimated due date")).toHaveText(formatDay(addDays(lastMenstrualPeriod, LMP_TO_DUE_DAYS)));
    await expect(result(page, "Weeks pregnant")).toHaveText(`${weeks} weeks, 0 days`);
    await expect(result(page, "Trimester")).toHaveText(trimester);
    expect((await event).postDataJSON()).toEqual({ name: "calculator_used", properties: { weeksPregnant: weeks, page: "/due-date-calculator" } });
  }
  await expect(page.getByText(CALCULATOR_MESSAGES.lmpInFuture)).toHaveCount(0);

  // At week 26 more than 8 milestones open in the next 5 weeks: the list shows the first 8, soonest first.
  const busyWeek = 26;
  const lastMenstrualPeriod = addDays(today, -busyWeek * DAYS_PER_WEEK);
  const windowDays = CALCULATOR_WINDOW_WEEKS * DAYS_PER_WEEK;
  const opening = MILESTONE_TEMPLATES.filter(({ weeks }) => weeks.start >= busyWeek && (weeks.start - busyWeek) * DAYS_PER_WEEK < windowDays);
  expect(opening.length).toBeGreaterThan(CALCULATOR_PREVIEW_EVENTS);
  const expected = upcomingMilestones(lastMenstrualPeriod, today);
  expect(expected.length).toBe(CALCULATOR_PREVIEW_EVENTS);
  for (const { date } of expected) expect(daysBetween(today, date)).toBeLessThan(windowDays);
  await calculate(page, lastMenstrualPeriod);
  const milestones = page.getByRole("list", { name: `Up to ${CALCULATOR_PREVIEW_EVENTS} upcoming milestones` }).getByRole("button");
  await expect(milestones).toHaveCount(expected.length);
  for (const [index, { title }] of expected.entries()) await expect(milestones.nth(index)).toContainText(title);

  await milestones.first().click();
  const preview = page.getByRole("dialog");
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("link", { name: "Create Your Free Account" })).toHaveAttribute("href", "/createaccount");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();
});

test("the contact form names each missing required field, then sends the message and a confirmation email", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("form#contact-form");
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const label of ["First name", "Last name", "Email", "Message"]) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(CONTACT_MESSAGES.missingInformation);
  }
  await expect(form.getByRole("status")).toHaveText(CONTACT_MESSAGES.missingInformation);
  await expect(form.getByLabel("First name", { exact: true })).toBeFocused();
  await expectAccessible(page);

  const email = uniqueEmail("contact");
  await form.getByLabel("First name", { exact: true }).fill("Ada");
  await form.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await form.getByLabel("Email", { exact: true }).fill("not-an-email");
  await form.getByLabel("Inquiry type").selectOption({ label: "Feature Request" });
  await form.getByLabel("Message", { exact: true }).fill("Could the calendar show week numbers?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(CONTACT_MESSAGES.invalidEmail);
  await expect(form.getByLabel("First name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toHaveText(CONTACT_MESSAGES.sent);
  await expect(form.getByLabel("Message", { exact: true })).toHaveValue("");
  expect(await mailedLink(page, email, new RegExp(CONTACT_FORM_CONFIRMATION_SUBJECT), /.+/)).toBeTruthy();
});

test("newsletter: subscribe in the footer, confirm from the mail, unsubscribe from the next mail", { tag: "@desktop" }, async ({ page }) => {
  const email = uniqueEmail("newsletter");
  await page.goto("/about");
  const form = page.locator("form#footer-newsletter");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByLabel("First name")).toHaveAccessibleDescription(NEWSLETTER_MESSAGES.firstNameRequired);
  await form.getByLabel("First name").fill("Noor");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText(NEWSLETTER_MESSAGES.checkYourEmail);

  await page.goto(await mailedLink(page, email, new RegExp(NEWSLETTER_SUBJECTS.confirm), /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/));
  await expect(page.getByRole("status")).toHaveText(NEWSLETTER_MESSAGES.confirmed);
  await expectAccessible(page);
  await page.goto(await mailedLink(page, email, new RegExp(NEWSLETTER_SUBJECTS.checklist), /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/));
  await expect(page.getByRole("status")).toHaveText(NEWSLETTER_MESSAGES.unsubscribed);
  await page.goto("/newsletter/confirm?token=not-a-token");
  await expect(page.getByRole("status")).toHaveText(NEWSLETTER_MESSAGES.invalidLink);
});

test("a signed-in user opening / goes straight to the dashboard", { tag: "@desktop" }, async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
});
