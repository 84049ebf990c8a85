import type { Browser, Page, TestInfo } from "@playwright/test";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import { INVITATION_REFUSALS } from "../../src/domain/invitationClaims";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { ApiClient, randomIp } from "../support/client";
import { inDb } from "./family";
import { expect, expectAccessible, mailedCode, mailedLink, test, uniqueEmail, stackOrigin } from "./support";

/**
 * Issue 35, item 1: whoever creates an account from an invitation ends inside the pregnancy however
 * the email is confirmed: the code typed in the same browser, or the mail's link opened in another
 * one (the mail app's own browser), where the mailbox's owner says whether they made the account.
 */

const PASSWORD = "joining-family-1";

/** A family of its own whose owner (an API client, like their own browser) invites people. */
async function family(baseURL: string) {
  const owner = new ApiClient(baseURL);
  const ownerEmail = uniqueEmail("owner");
  const signUp = await owner.postJson("/api/auth/sign-up/email", { email: ownerEmail, password: PASSWORD, name: "Olga Owner", firstName: "Olga", lastName: "Owner" });
  expect(signUp.ok).toBe(true);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const title = `Joining Family ${Date.now()}`;
  const pregnancyId = await inDb((db) =>
    db.transaction(async (tx) => {
      const dueDate = addDays(todayIso(), 120);
      const [row] = await tx
        .insert(pregnancies)
        .values({ title, status: "active", createdByUserId: user.id, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
        .returning({ id: pregnancies.id });
      await tx.insert(pregnancyParticipants).values({ pregnancyId: row!.id, userId: user.id, role: "owner", status: "active" });
      return row!.id;
    }),
  );
  return { owner, ownerEmail, title, pregnancyId };
}

/** Another browser of the same person (the phone's mail app), at this test's size. */
async function anotherBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: stackOrigin(), viewport, isMobile, hasTouch, extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  return context.newPage();
}

/** The guest opens the invitation's link and creates her account from it; the page then asks for the emailed code. */
async function guestCreatesAccount(page: Page, baseURL: string) {
  const { owner, title, pregnancyId } = await family(baseURL);
  const email = uniqueEmail("helen").toLowerCase();
  await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Helen", lastName: "Kin", privacyLevel: "immediate-family" });
  const link = new URL(await mailedLink(page, email, /invited you to follow/, /https?:\/\/\S*invite_type=guest\S*/));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "Create Your Free Guest Account", level: 1 })).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email", level: 1 })).toBeVisible();
  return { email, title };
}

/** The partner opens the invitation, proves the owner's code and creates the account; the page then asks for the emailed code. */
async function partnerCreatesAccount(page: Page, baseURL: string) {
  const { owner, ownerEmail, title, pregnancyId } = await family(baseURL);
  const email = uniqueEmail("noah").toLowerCase();
  await owner.trpc.partners.invite.mutate({ pregnancyId, email, firstName: "Noah", lastName: "Kin" });
  const link = new URL(await mailedLink(page, email, /invited you as their partner/, /https?:\/\/\S+\/invited-partner\?\S+/));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Verify Invitation" }).click();
  // The owner's code arrives in the owner's mailbox (mailedLink reads any pattern from the newest matching mail).
  await page.getByLabel("Verification code").fill(await mailedLink(page, ownerEmail, /^Your partner's verification code$/, /\b\d{6}\b/));
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("Verification Complete")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  const form = page.getByRole("tabpanel", { name: "Create Account" });
  await form.getByLabel("First name").fill("Noah");
  await form.getByLabel("Last name").fill("Kin");
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await form.getByRole("checkbox", { name: /I accept the Terms & Conditions/ }).check();
  await form.getByRole("button", { name: "Create Account & Connect" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email", level: 1 })).toBeVisible();
  return { email, title };
}

async function expectInPregnancy(page: Page, title: string) {
  await page.goto("/dashboard");
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText("No pregnancy yet")).toHaveCount(0);
}

/** The mail's confirmation link, opened in `other`: the page says when and where the account was made, and she made it. */
async function confirmFromLinkElsewhere(page: Page, other: Page, email: string) {
  const link = new URL(await mailedLink(page, email, /^Confirm your email$/, /https?:\/\/\S*email-confirmed\S*/));
  await other.goto(`${link.pathname}${link.search}`);
  await expect(other.getByRole("heading", { name: "Confirm Your Email", level: 1 })).toBeVisible();
  await expect(other.getByText(/was created on .+ in Chrome/)).toBeVisible();
  // The safe choice comes first selected.
  await expect(other.getByRole("radio", { name: "I did not" })).toBeChecked();
  await expectAccessible(other);
  await other.getByRole("radio", { name: "I created this account" }).check();
  await other.getByRole("button", { name: "Confirm my email" }).click();
  await expect(other).toHaveURL(/\/dashboard/);
}

for (const [who, createsAccount] of [
  ["guest", guestCreatesAccount],
  ["partner", partnerCreatesAccount],
] as const) {
  test.describe(`a ${who} who creates the account from the invitation`, () => {
    test("and confirms from the mail's link in another browser is in the pregnancy in both browsers", async ({ page, browser, baseURL }, testInfo) => {
      const { email, title } = await createsAccount(page, baseURL!);
      const phone = await anotherBrowser(browser, testInfo);
      try {
        await confirmFromLinkElsewhere(page, phone, email);
        await expectInPregnancy(phone, title);
      } finally {
        await phone.context().close();
      }
      // The first browser kept its session (she said she made the account).
      await expectInPregnancy(page, title);
    });

    test("and types the code in the same browser is in the pregnancy, and so is any browser she signs in from", async ({ page, browser, baseURL }, testInfo) => {
      const { email, title } = await createsAccount(page, baseURL!);
      await page.getByLabel("Verification code").fill(await mailedCode(page, email));
      await page.getByRole("button", { name: "Verify Email" }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await expectInPregnancy(page, title);
      const laptop = await anotherBrowser(browser, testInfo);
      try {
        const origin = stackOrigin();
        expect((await laptop.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin } })).status()).toBe(200);
        await expectInPregnancy(laptop, title);
      } finally {
        await laptop.context().close();
      }
    });
  });
}

test("an invitation link opened while signed in joins at once, and one already used says so @desktop", async ({ page, baseURL }) => {
  const { owner, title, pregnancyId } = await family(baseURL!);
  const email = uniqueEmail("maya").toLowerCase();
  const maya = new ApiClient(baseURL!);
  expect((await maya.postJson("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Maya Kin", firstName: "Maya", lastName: "Kin" })).ok).toBe(true);
  const code = await mailedCode(page, email);
  await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Maya", lastName: "Kin", privacyLevel: "friends" });
  const link = new URL(await mailedLink(page, email, /invited you to follow/, /https?:\/\/\S*invite_type=guest\S*/));
  // Maya signs in and confirms her email in this browser, then opens the invitation.
  const origin = stackOrigin();
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post("/api/auth/email-otp/verify-email", { data: { email, otp: code }, headers: { origin } })).status()).toBe(200);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(`Welcome to ${title}!`)).toBeVisible();
  await expectInPregnancy(page, title);

  // Someone else signed in opens the same (now used) link: told exactly why it cannot be taken.
  await page.context().clearCookies();
  const other = uniqueEmail("other").toLowerCase();
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { email: other, password: PASSWORD, name: "Other Person", firstName: "Other", lastName: "Person" }, headers: { origin } });
  expect(signUp.status()).toBe(200);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(INVITATION_REFUSALS.INVITATION_USED)).toBeVisible();
  await expectAccessible(page);
});

test("a partner who opens the invitation signed in proves the owner's code and joins with the account she is signed in to @desktop", async ({ page, baseURL }) => {
  const { owner, ownerEmail, title, pregnancyId } = await family(baseURL!);
  const email = uniqueEmail("pat").toLowerCase();
  const origin = stackOrigin();
  expect((await page.request.post("/api/auth/sign-up/email", { data: { email, password: PASSWORD, name: "Pat Kin", firstName: "Pat", lastName: "Kin" }, headers: { origin } })).status()).toBe(200);
  expect((await page.request.post("/api/auth/email-otp/verify-email", { data: { email, otp: await mailedCode(page, email) }, headers: { origin } })).status()).toBe(200);
  await owner.trpc.partners.invite.mutate({ pregnancyId, email, firstName: "Pat", lastName: "Kin" });
  const link = new URL(await mailedLink(page, email, /invited you as their partner/, /https?:\/\/\S+\/invited-partner\?\S+/));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Verify Invitation" }).click();
  await page.getByLabel("Verification code").fill(await mailedLink(page, ownerEmail, /^Your partner's verification code$/, /\b\d{6}\b/));
  await page.getByRole("button", { name: "Verify Code" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: `Join as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expectInPregnancy(page, title);
});
