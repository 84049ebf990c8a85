import { GIFT_CARD_MESSAGES, giftCardDescription } from "../../src/domain/giftCards";
import { expect, expectAccessible, payingFamily, test, uniqueEmail } from "./support";
import { SUPPORT_EMAIL } from "../../src/domain/publicForms";

const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

test("a visitor buys a gift card and sees its code; a parent redeems it in settings and sees the credit", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/giftcards");
  await expect(page.getByRole("heading", { level: 1, name: "BabySteps Gift Cards" })).toBeVisible();
  await expect(page).toHaveTitle(/Gift Cards/);
  await expect(page.getByRole("heading", { name: "Why give BabySteps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", new RegExp(`^mailto:${SUPPORT_EMAIL}`));
  await expectAccessible(page);

  // The FAQ opens from the keyboard.
  const answer = page.getByText("A gift card never expires");
  await expect(answer).toBeHidden();
  await page.getByText("Do gift cards expire?").focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();

  const buyer = uniqueEmail("giftbuyer");
  await page.getByRole("radio", { name: /Premium/ }).check();
  await page.getByLabel("Gift card value").selectOption({ label: giftCardDescription("premium", 3) });
  await page.getByLabel("Your email").fill(buyer);
  await page.getByLabel("Recipient name (optional)").fill("Ada");
  await page.getByLabel("Message (optional)").fill("Congratulations!");
  await expect(page.getByText("Total: $47.97")).toBeVisible();
  await page.getByRole("button", { name: "Purchase Gift Card" }).click();

  await expect(page).toHaveURL(/\/dev\/checkout\/cs_test_/);
  await expect(page.getByText("$47.97").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/giftcards\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { level: 1, name: GIFT_CARD_MESSAGES.purchased })).toBeVisible();
  const code = ((await page.getByRole("definition").textContent()) ?? "").trim();
  expect(code).toMatch(CODE_FORMAT);
  await expect(page.getByText("for Ada")).toBeVisible();
  await expectAccessible(page);
  const mails = (await (await page.request.get("/api/dev/outbox")).json()) as Array<{ to: string; text: string }>;
  expect(mails.find((mail) => mail.to === buyer)?.text).toContain(`Gift card code: ${code}`);

  await payingFamily(page, "giftredeemer", "basic");
  await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing" });
  const credit = billing.getByText(/^Account credit:/);
  await expect(credit).toContainText("$0");
  await billing.getByLabel("Gift card code").fill(code.toLowerCase().replaceAll("-", " "));
  await billing.getByRole("button", { name: "Redeem gift card" }).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByText(GIFT_CARD_MESSAGES.redeemed)).toBeVisible();
  await expect(credit).toContainText("$47.97");
  await expect(billing.getByLabel("Gift card code")).toHaveValue("");
  await expectAccessible(page);

  // A card is redeemed once.
  await billing.getByLabel("Gift card code").fill(code);
  await billing.getByRole("button", { name: "Redeem gift card" }).click();
  await expect(billing.getByText(GIFT_CARD_MESSAGES.alreadyRedeemed)).toBeVisible();
  await expect(credit).toContainText("$47.97");
});
