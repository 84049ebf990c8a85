import type { APIRequestContext, Page } from "@playwright/test";
import { PLANS, formatPrice } from "../../src/domain/constants";
import { addDays, todayIso } from "../../src/domain/dates";
import { SUBSCRIPTION_MESSAGES, SUCCESS_TOASTS } from "../../src/domain/errors";
import { expect, expectAccessible, signUpThroughApi, test } from "./support";

/** A tRPC mutation as the signed-in browser context (its cookies) sends it; returns the answer's data. */
async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/**
 * A new family on Premium: the account pays through the local fake checkout (the webhook stores a
 * trial subscription) and creates its pregnancy, as the wizard and /setup-pregnancy do.
 */
async function premiumFamily(page: Page) {
  await signUpThroughApi(page, "billingsettings", "billing-pass-1", { stay: true });
  const { url } = await trpcMutation<{ url: string }>(page.request, "billing.createCheckout", { plan: "premium" });
  const pay = await page.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  const { pregnancy_id } = await trpcMutation<{ pregnancy_id: string }>(page.request, "pregnancy.createComplete", { pregnancy: { dueDate: addDays(todayIso(), 150) }, isGuestConversion: false });
  await trpcMutation(page.request, "pregnancy.completeSetup", { pregnancyId: pregnancy_id });
}

const planText = (tier: keyof typeof PLANS) => `${PLANS[tier].name}, ${formatPrice(PLANS[tier].priceCents)}/month`;

test("a paying parent sees the plan in settings, schedules a downgrade and cancels after the confirmation", async ({ page }) => {
  await premiumFamily(page);
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing.getByText(planText("premium"))).toBeVisible();
  await expect(billing.getByText("Free trial")).toBeVisible();
  await expect(billing.getByText("Trial ends")).toBeVisible();
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
  await expectAccessible(page);
  // Cancel first: nothing happens.
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(billing).toBeVisible();

  await billing.getByRole("button", { name: "Cancel subscription" }).click();
  await dialog.getByRole("button", { name: SUBSCRIPTION_MESSAGES.cancelConfirm }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeVisible();
  // The pregnancy is closed: no parent sections are left.
  await expect(page.getByRole("region", { name: "Billing" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Pregnancy details" })).toBeHidden();
  const mine = await page.request.get("/api/trpc/pregnancy.mine");
  expect(((await mine.json()) as { result: { data: { json: { parentPregnancy: unknown } } } }).result.data.json.parentPregnancy).toBeNull();
});
