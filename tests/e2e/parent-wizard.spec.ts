import { DEMO_REFERRAL_CODE } from "../../scripts/demo-family";
import { addDays, formatUsDate, todayIso } from "../../src/domain/dates";
import { expect, expectAccessible, test, uniqueEmail } from "./support";

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
  // The last step is still to do: not 100% yet.
  await expect(page.getByRole("progressbar", { name: "Setup progress" })).toHaveAttribute("aria-valuenow", "88");
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
