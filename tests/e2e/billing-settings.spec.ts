import { SUCCESS_TOASTS } from "../../src/domain/errors";
import { expect, expectAccessible, literally, payingFamily, signInThroughApi, test } from "./support";
import { familyWithGrandparent } from "./family";
import { cancelledDescription, SUBSCRIPTION_MESSAGES } from "../../src/domain/subscription";
import { PLANS, TRIAL_DAYS, formatPrice } from "../../src/domain/billing";
import { addDays, todayIso } from "../../src/domain/dates";

const planText = (tier: keyof typeof PLANS) => `${PLANS[tier].name}, ${formatPrice(PLANS[tier].priceCents)}/month`;

test("a paying parent sees the plan in settings, schedules a downgrade and cancels after the confirmation", async ({ page }) => {
  await payingFamily(page, "billingsettings", "premium");
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing.getByText(planText("premium"))).toBeVisible();
  await expect(billing.getByText("Free trial")).toBeVisible();
  // The trial's end as the subscription stores it (TRIAL_DAYS from today).
  const trialEnd = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${addDays(todayIso(), TRIAL_DAYS)}T00:00:00Z`));
  await expect(billing.getByRole("term").filter({ hasText: "Trial ends" })).toBeVisible();
  await expect(billing.getByRole("definition").filter({ hasText: trialEnd }).first()).toBeVisible();
  await expect(billing.getByText("Unlimited photos")).toBeVisible();
  await expectAccessible(page);

  await billing.getByRole("button", { name: "Downgrade" }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SUCCESS_TOASTS.downgradeScheduled)).toBeVisible();
  // Basic from the period's end; until then the plan and its unlimited photos stay.
  await expect(billing.getByText(`to ${planText("basic")}`)).toBeVisible();
  await expect(billing.getByText(planText("premium"))).toBeVisible();
  await expect(billing.getByText("Unlimited photos")).toBeVisible();
  await expect(billing.getByRole("button", { name: `Keep ${PLANS.premium.name}` })).toBeVisible();

  await billing.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: SUBSCRIPTION_MESSAGES.cancelTitle });
  await expect(dialog).toContainText("closes your pregnancy immediately");
  await expect(dialog).toContainText("every guest lose access");
  await expect(dialog).toContainText("This month's payment is refunded");
  await expectAccessible(page);
  // Cancel first: nothing happens.
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(billing).toBeVisible();

  await billing.getByRole("button", { name: "Cancel subscription" }).click();
  await dialog.getByRole("button", { name: SUBSCRIPTION_MESSAGES.cancelConfirm }).click();
  // Still in the trial: nothing was paid, and the toast says so. Title and text are read together,
  // within the toast's 5 seconds.
  await expect(page.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    new RegExp(`${literally(SUBSCRIPTION_MESSAGES.cancelled)}[\\s\\S]*${literally(cancelledDescription({ cardCents: 0, creditCents: 0 }))}`),
  );
  // The pregnancy is closed: no parent sections are left.
  await expect(page.getByRole("region", { name: "Billing" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Pregnancy details" })).toBeHidden();
  const mine = await page.request.get("/api/trpc/pregnancy.mine");
  expect(((await mine.json()) as { result: { data: { json: { parentPregnancy: unknown } } } }).result.data.json.parentPregnancy).toBeNull();
});

test("an owner without a subscription sees what Upgrade buys, starting checkout says 'Secure checkout', and Sync says what it does @desktop", async ({ page, baseURL }) => {
  const { owner } = await familyWithGrandparent(page.request, baseURL!, "Unpaid Family");
  await signInThroughApi(page, owner.email, owner.password);
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing.getByText("No active subscription on your account.")).toBeVisible();
  await expect(billing.getByText(`${planText("premium")}: Unlimited photos`)).toBeVisible();
  await expect(billing.getByRole("button", { name: "Sync subscription" })).toHaveAccessibleDescription(/Reloads your plan, trial and dates from our payment provider/);
  await expectAccessible(page);
  const checkoutTab = page.context().waitForEvent("page");
  await billing.getByRole("button", { name: "Upgrade" }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SUCCESS_TOASTS.secureCheckout, { exact: true })).toBeVisible();
  const tab = await checkoutTab;
  await expect(tab).toHaveURL(/\/dev\/checkout\/cs_/);
  await tab.close();
});
