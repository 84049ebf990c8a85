import type { Page } from "@playwright/test";
import { closedExportUntil, DATA_EXPORT_MESSAGES } from "../../src/domain/dataExport";
import { addDays, readOnlyUntil, serviceEndDate, todayIso } from "../../src/domain/dates";
import { DEFAULT_PREGNANCY_TITLE } from "../../src/domain/pregnancy";
import { CLOSED_KEEPING, CLOSING_MESSAGES } from "../../src/domain/pregnancyClosing";
import { CLOSED_PREGNANCIES_SECTION } from "../../src/domain/pregnancyDeletion";
import { SUBSCRIPTION_MESSAGES } from "../../src/domain/subscription";
import { addFamilyGuest, addFamilyPartner, secondBrowser } from "./family";
import { expect, expectAccessible, mailedCode, payingFamily, signIn, signInThroughApi, stackOrigin, test } from "./support";

const title = DEFAULT_PREGNANCY_TITLE;

/** The mail with this subject sent to this address, read from the dev outbox once it is there. */
async function mailTo(page: Page, email: string, subject: string): Promise<{ text: string }> {
  let found: { text: string } | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/dev/outbox")).json()) as Array<{ to: string; subject: string; text: string }>;
      found = mails.find((mail) => mail.to === email.toLowerCase() && mail.subject === subject);
      return found;
    })
    .toBeDefined();
  return found!;
}

/** A date as the page writes it: a moment in the reader's zone, or a calendar day ('YYYY-MM-DD') as it is. */
const pageDate = (page: Page, date: Date | string) =>
  page.evaluate(
    ([value, day]) => new Intl.DateTimeFormat(undefined, { dateStyle: "long", ...(day ? { timeZone: "UTC" } : {}) }).format(new Date(day ? `${value}T00:00:00Z` : value)),
    [typeof date === "string" ? date : date.toISOString(), typeof date === "string"] as const,
  );

test("the owner closes the pregnancy: the partner and a guest are mailed and told in the app what it means for them, and the owner keeps the closed pregnancy and its download", async ({ page, request, browser, baseURL }) => {
  const { email, pregnancyId } = await payingFamily(page, "closingowner", "basic");
  // Downloads are for confirmed addresses.
  expect((await page.request.post("/api/auth/email-otp/verify-email", { data: { email, otp: await mailedCode(page, email) }, headers: { origin: stackOrigin() } })).status()).toBe(200);
  const partner = await addFamilyPartner(request, baseURL!, pregnancyId, "Noor");
  const guest = await addFamilyGuest(request, baseURL!, pregnancyId, { firstName: "Gran", title: "Gran", relationship: "grandparent", privacyLevel: "immediate-family" });

  await page.goto("/settings");
  await page.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Cancel subscription" }).click();
  await page.getByRole("dialog", { name: SUBSCRIPTION_MESSAGES.cancelTitle }).getByRole("button", { name: SUBSCRIPTION_MESSAGES.cancelConfirm }).click();

  // The owner lands on the dashboard, still in Parent mode, with the closed pregnancy and its download.
  await expect(page).toHaveURL(/\/dashboard$/);
  const closed = page.getByRole("region", { name: CLOSING_MESSAGES.ownerHeading(title) });
  await expect(closed).toContainText("your partner and guests no longer have access");
  await expect(closed.getByRole("button", { name: `${DATA_EXPORT_MESSAGES.prepare}: ${title}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're in Guest mode" })).toBeHidden();
  await expectAccessible(page);
  // A fresh visit decides the mode again, and keeps it.
  await page.reload();
  await expect(page.getByRole("region", { name: CLOSING_MESSAGES.ownerHeading(title) }).getByRole("button", { name: `${DATA_EXPORT_MESSAGES.prepare}: ${title}` })).toBeVisible();

  // Settings says what each date means, and the download says the same date.
  const downloadUntil = await pageDate(page, closedExportUntil(new Date()));
  const keptUntil = await pageDate(page, readOnlyUntil(serviceEndDate(addDays(todayIso(), 150))));
  await page.goto("/settings");
  const closedSection = page.getByRole("region", { name: CLOSED_PREGNANCIES_SECTION.title });
  await expect(closedSection.getByText(CLOSED_KEEPING.download(downloadUntil))).toBeVisible();
  await expect(closedSection.getByText(CLOSED_KEEPING.kept(keptUntil))).toBeVisible();
  await expect(page.getByRole("region", { name: DATA_EXPORT_MESSAGES.heading }).getByText(DATA_EXPORT_MESSAGES.closedUntil(title, downloadUntil))).toBeVisible();

  // The partner and the guest each have a mail saying what it means for them...
  const subject = CLOSING_MESSAGES.closedHeading(title);
  expect((await mailTo(page, partner.email, subject)).text).toContain("As its partner you no longer have access");
  expect((await mailTo(page, guest.email, subject)).text).toContain("Your guest access ended then");

  // ...and read it in the app on their next visit, instead of a bare "No pregnancy yet".
  const viewport = page.viewportSize() ?? undefined;
  for (const [person, meaning] of [
    [partner, "As its partner you no longer have access"],
    [guest, "Your guest access ended then"],
  ] as const) {
    const theirs = await secondBrowser(browser, baseURL!, viewport);
    await signInThroughApi(theirs, person.email, person.password);
    await theirs.goto("/dashboard");
    const notice = theirs.getByRole("region", { name: subject });
    await expect(notice).toContainText(meaning);
    await expect(notice).toContainText(`cancelled the BabySteps subscription for ${title}`);
    await expect(theirs.getByRole("heading", { name: "No pregnancy yet" })).toBeHidden();
    await expectAccessible(theirs);
    await notice.getByRole("button", { name: CLOSING_MESSAGES.dismissLabel(title) }).click();
    await expect(notice).toBeHidden();
    await theirs.reload();
    await expect(theirs.getByRole("heading", { name: "No pregnancy yet" })).toBeVisible();
    await expect(theirs.getByRole("region", { name: subject })).toBeHidden();
    await theirs.context().close();
  }
});

test("a refusal inside a dialog is shown inside it: the demo owner's cancellation says there is no subscription to manage", async ({ page }) => {
  await signIn(page, "olivia@example.com");
  await page.goto("/settings");
  await page.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: SUBSCRIPTION_MESSAGES.cancelTitle });
  await dialog.getByRole("button", { name: SUBSCRIPTION_MESSAGES.cancelConfirm }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`${SUBSCRIPTION_MESSAGES.cancelFailed}: ${SUBSCRIPTION_MESSAGES.noSubscription}`);
  // Still open, to cancel out of; nothing was closed.
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Cancel subscription" })).toBeVisible();
});
