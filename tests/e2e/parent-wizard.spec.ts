import { DEMO_REFERRAL_CODE } from "../../scripts/demo-family";
import { addDays, formatUsDate, todayIso } from "../../src/domain/dates";
import { secondBrowser } from "./family";
import { expect, expectAccessible, signInThroughApi, signUpThroughApi, test, uniqueEmail } from "./support";

test("the parent wizard: eight steps, the partner skip both ways, checkout, and a cancelled payment keeps everything", async ({ page }) => {
  const email = uniqueEmail("wizard");
  await page.goto("/onboarding");
  await expect(page.getByText("Step 1 of 8")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "0");
  await page.getByRole("radio", { name: /I'm family or a friend/ }).check();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await page.getByRole("radio", { name: /I'm expecting/ }).check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 2 of 8")).toBeVisible();
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Last name").fill("Stone");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("maya-stone-1");
  await page.getByLabel("Referral code (optional)").fill(DEMO_REFERRAL_CODE);
  await expect(page.getByText("Valid referral code!")).toBeVisible();
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByRole("heading", { name: "Early Access" })).toBeVisible();
  await expect(page.getByText("Step 3 of 8")).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The same lifetime the code mail gives (not "whenever suits you").
  await expect(page.getByText("The code and the link work for 10 minutes; you can ask for a new one at any time.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 4 of 8")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByRole("radio", { name: /Not now/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  // Without a partner, partner details are skipped going forward...
  await expect(page.getByRole("heading", { name: "Pregnancy Details" })).toBeVisible();
  await expect(page.getByText("Step 6 of 8")).toBeVisible();
  // ...and going back.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("Step 4 of 8")).toBeVisible();
  await page.getByRole("radio", { name: /Yes, invite my partner/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Partner Details" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByLabel("Partner's first name").fill("Leo");
  await page.getByLabel("Partner's last name").fill("Stone");
  await page.getByLabel("Partner's email").fill(uniqueEmail("wizardpartner"));
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 6 of 8")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByLabel("Baby's name (optional)").fill("Juniper");
  await page.getByRole("radio", { name: /Calculate from LMP/ }).check();
  const lmp = addDays(todayIso(), -70);
  await page.getByLabel("First day of your last menstrual period").fill(lmp);
  await expect(page.getByText(`Your estimated due date is ${formatUsDate(addDays(lmp, 280))}.`)).toBeVisible();
  await page.getByLabel("Baby's gender").selectOption({ label: "We don't know yet" });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 7 of 8")).toBeVisible();
  await expect(page.getByText("7-day free trial")).toBeVisible();
  await page.getByRole("switch", { name: /Unlimited photos/ }).check();
  await page.getByRole("switch", { name: /Unlimited photos/ }).uncheck();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Start Free 7-Day Trial" }).click();

  await expect(page.getByText("Step 8 of 8")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText("Total due today")).toBeVisible();
  await expect(page.getByText("FREE", { exact: true })).toBeVisible();
  await expect(page.getByText(`Referral code ${DEMO_REFERRAL_CODE}: 25% off your first month`)).toBeVisible();
  // The referral's discount adds a first-month line to the trial sentence.
  await expect(page.getByText("After the trial, $9.99/month.")).toBeVisible();
  await expect(page.getByText("Your first month after the trial: $7.49.")).toBeVisible();
  await expectAccessible(page);
  const wizardData = await page.evaluate(() => JSON.parse(sessionStorage.getItem("onboarding-data") ?? "{}"));
  expect(wizardData).toMatchObject({ role: "parent", email, includePartner: true, partnerFirstName: "Leo", babyName: "Juniper", lastMenstrualPeriod: lmp, dueDate: addDays(lmp, 280), selectedPlan: "basic" });
  expect(wizardData).not.toHaveProperty("password");

  const paymentInitiated = page.waitForRequest((request) => request.url().endsWith("/api/analytics"));
  await page.getByRole("button", { name: "Complete Sign Up" }).click();
  expect((await paymentInitiated).postDataJSON()).toEqual({ name: "payment_initiated", properties: { plan: "basic", page: "/onboarding" } });
  await expect(page).toHaveURL(/\/dev\/checkout\//);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  const staged = await page.evaluate(() => JSON.parse(localStorage.getItem("staged-onboarding") ?? "null"));
  expect(staged).toMatchObject({ data: { email, babyName: "Juniper" } });
  expect(typeof staged.stagedAt).toBe("number");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/payment=cancelled/);
  await expect(page.getByText("Step 8 of 8")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Payment Cancelled" }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Payment Cancelled")).toBeVisible();
  await expectAccessible(page);
  // Everything entered is still there.
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Baby's name (optional)")).toHaveValue("Juniper");
});

test("onboarding asks once: setup arrives filled with the wizard's due date and twins, both plan names meet at checkout, the referral shows where it applies", async ({ page }) => {
  // Wizard, checkout, confirmation and the first setup steps in one journey.
  test.slow();
  const email = uniqueEmail("askonce");
  const dueDate = addDays(todayIso(), 150);
  const referral = `Referral code ${DEMO_REFERRAL_CODE}: 25% off your first month`;
  await page.goto("/onboarding");
  await page.getByRole("radio", { name: /I'm expecting/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "First name" }).fill("Ivy");
  await page.getByRole("textbox", { name: "Last name" }).fill("Moss");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill("ivy-moss-twins-1");
  await page.getByRole("textbox", { name: "Referral code (optional)" }).fill(DEMO_REFERRAL_CODE);
  await expect(page.getByText("Valid referral code!")).toBeVisible();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Early Access" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Not now/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  // Twins are named in the wizard.
  await expect(page.getByRole("heading", { name: "Pregnancy Details" })).toBeVisible();
  await page.getByRole("textbox", { name: "Baby's name (optional)" }).fill("Juniper");
  await page.getByLabel("Due date", { exact: true }).fill(dueDate);
  await page.getByRole("combobox", { name: "Baby's gender" }).selectOption({ label: "Girl" });
  await page.getByRole("button", { name: "Add another baby" }).click();
  const second = page.getByRole("group", { name: "Baby 2" });
  await second.getByRole("textbox", { name: "Baby 2's name (optional)" }).fill("Rowan");
  await second.getByRole("combobox", { name: "Baby 2's gender" }).selectOption({ label: "Boy" });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();

  // The plan card shows the referral at work, and that it does not apply with unlimited photos.
  const card = page.getByRole("region", { name: "Complete" });
  await expect(card.getByText(`${referral}.`)).toBeVisible();
  await card.getByRole("switch", { name: /Unlimited photos/ }).check();
  await expect(card.getByText(`Referral code ${DEMO_REFERRAL_CODE} does not apply with unlimited photos.`)).toBeVisible();
  await card.getByRole("switch", { name: /Unlimited photos/ }).uncheck();
  await page.getByRole("button", { name: "Start Free 7-Day Trial" }).click();

  // The wizard's last step reads 100%, and its summary names the card and the tier.
  await expect(page.getByText("Step 8 of 8")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText("100% complete")).toBeVisible();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText("Complete plan (Basic)", { exact: true })).toBeVisible();
  await expect(summary.getByText(referral, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Complete Sign Up" }).click();

  // The checkout page (the provider's) names the tier and says it is the Complete plan, with the referral.
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_/);
  await expect(page.getByRole("region", { name: "Order summary" }).getByText("Basic, $9.99/month")).toBeVisible();
  await expect(page.getByText(`Your Complete plan is billed as Basic. ${referral}.`)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  // The confirmation shows both names and the discount the checkout applied.
  await expect(page.getByRole("heading", { name: "Confirm Your Pregnancy" })).toBeVisible();
  const plan = page.getByRole("region", { name: "Plan" });
  await expect(plan.getByText("Complete plan (Basic), $9.99/month")).toBeVisible();
  await expect(plan.getByText(referral, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Baby 1" }).getByText("Juniper")).toBeVisible();
  await expect(page.getByRole("region", { name: "Baby 2" }).getByText("Rowan")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create My Pregnancy" }).click();

  // Setup keeps its four steps but arrives filled: the parent confirms and continues.
  await expect(page).toHaveURL(/\/setup-pregnancy/);
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByText("We filled this in from what you told us.", { exact: false })).toBeVisible();
  await expect(page.getByRole("radio", { name: "I know my due date" })).toBeChecked();
  await expect(page.getByLabel("Due date", { exact: true })).toHaveValue(dueDate);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "About Your Baby" })).toBeVisible();
  await expect(page.getByText("We filled this in from what you told us.", { exact: false })).toBeVisible();
  const babyOne = page.getByRole("group", { name: "Baby 1" });
  const babyTwo = page.getByRole("group", { name: "Baby 2" });
  await expect(babyOne.getByRole("textbox", { name: "Name (optional)" })).toHaveValue("Juniper");
  await expect(babyOne.getByRole("combobox", { name: "Gender" })).toHaveValue("girl");
  await expect(babyTwo.getByRole("textbox", { name: "Name (optional)" })).toHaveValue("Rowan");
  await expect(babyTwo.getByRole("combobox", { name: "Gender" })).toHaveValue("boy");
  await expect(page.getByRole("group", { name: "Baby 3" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Add Your Partner" })).toBeVisible();
});

test("paying in one browser and confirming in another asks nothing again: the answers come from the checkout @desktop", async ({ page, browser, baseURL }) => {
  const password = "two-browsers-1";
  const email = await signUpThroughApi(page, "twobrowsers", password);
  await signInThroughApi(page, email, password);
  const dueDate = addDays(todayIso(), 140);
  await page.goto("/onboarding-parent");
  await page.getByRole("textbox", { name: "Baby's name (optional)" }).fill("Hazel");
  await page.getByLabel("Due date", { exact: true }).fill(dueDate);
  await page.getByRole("button", { name: "Add another baby" }).click();
  await page.getByRole("textbox", { name: "Baby 2's name (optional)" }).fill("Alder");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /Not now/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Start Free 7-Day Trial" }).click();
  await page.getByRole("button", { name: "Complete Sign Up" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Confirm Your Pregnancy" })).toBeVisible();

  // The same account on another device, where nothing was staged, opens the link checkout returned to.
  const other = await secondBrowser(browser, baseURL!);
  await signInThroughApi(other, email, password);
  await other.goto(page.url());
  await expect(other.getByRole("heading", { name: "Confirm Your Pregnancy" })).toBeVisible();
  await expect(other.getByRole("region", { name: "Pregnancy" }).getByText("Hazel's Journey")).toBeVisible();
  await expect(other.getByRole("region", { name: "Baby 2" }).getByText("Alder")).toBeVisible();
  await expect(other.getByRole("region", { name: "Plan" }).getByText("Complete plan (Basic), $9.99/month")).toBeVisible();
  await other.getByRole("button", { name: "Create My Pregnancy" }).click();
  await expect(other.getByText("Step 1 of 4")).toBeVisible();
  await expect(other.getByLabel("Due date", { exact: true })).toHaveValue(dueDate);
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other.getByRole("group", { name: "Baby 1" }).getByRole("textbox", { name: "Name (optional)" })).toHaveValue("Hazel");
  await expect(other.getByRole("group", { name: "Baby 2" }).getByRole("textbox", { name: "Name (optional)" })).toHaveValue("Alder");
  await other.context().close();
});
