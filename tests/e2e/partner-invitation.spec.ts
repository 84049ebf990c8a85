import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { openNodeDb } from "../../scripts/node-db";
import { addDays, lmpFromDueDate, serviceEndDate, todayIso } from "../../src/domain/dates";
import { pregnancies, pregnancyParticipants } from "../../worker/db/schema";
import { randomIp } from "../support/client";
import { expect, expectAccessible, mailedCode, signInThroughApi, test, uniqueEmail, stackOrigin } from "./support";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to this address whose subject matches, polled from the dev outbox. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/api/dev/outbox")).json()) as OutboxMail[];
      found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
      return found;
    })
    .toBeDefined();
  return found!;
}

/**
 * A fresh family: an owner signed up through the API with an active pregnancy of their own.
 * Creating pregnancies through the UI belongs to another issue, so those rows are written directly.
 */
async function freshFamily(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail("owner");
  const password = "owner-pass-1";
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "Olga Owner", firstName: "Olga", lastName: "Owner" },
    headers: { origin: baseURL, "cf-connecting-ip": randomIp() },
  });
  expect(response.ok()).toBe(true);
  const { user } = (await response.json()) as { user: { id: string } };
  const title = `Owner Family ${Date.now()}`;
  const { db, close } = openNodeDb(process.env.E2E_DATABASE_URL!, process.env.E2E_WS_PROXY);
  try {
    const pregnancyId = await db.transaction(async (tx) => {
      const dueDate = addDays(todayIso(), 120);
      const [pregnancy] = await tx
        .insert(pregnancies)
        .values({ title, status: "active", createdByUserId: user.id, dueDate, lastMenstrualPeriod: lmpFromDueDate(dueDate), serviceEndDate: serviceEndDate(dueDate) })
        .returning({ id: pregnancies.id });
      await tx.insert(pregnancyParticipants).values({ pregnancyId: pregnancy!.id, userId: user.id, role: "owner", status: "active" });
      return pregnancy!.id;
    });
    return { email, password, title, pregnancyId };
  } finally {
    await close();
  }
}

/** A partner who already has an account, invited by the family's owner (signed in on `ownerRequest`). */
async function invitedPartnerWithAccount(playwright: PlaywrightWorkerArgs["playwright"], ownerRequest: APIRequestContext, baseURL: string, pregnancyId: string) {
  const email = uniqueEmail("haspartner");
  const password = "partner-pass-1";
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, "cf-connecting-ip": randomIp() } });
  try {
    const signUp = await visitor.post("/api/auth/sign-up/email", { data: { email, password, name: "Pat Partner", firstName: "Pat", lastName: "Partner" } });
    expect(signUp.ok()).toBe(true);
  } finally {
    await visitor.dispose();
  }
  const invite = await ownerRequest.post("/api/trpc/partners.invite", { data: { json: { pregnancyId, email, firstName: "Pat", lastName: "Partner" } }, headers: { origin: baseURL } });
  expect(invite.ok()).toBe(true);
  const { participantId } = ((await invite.json()) as { result: { data: { json: { participantId: string } } } }).result.data.json;
  return { email, password, participantId };
}

/** Reads the owner's newest partner code and enters it on step 2 (or /partner/verify). */
async function enterOwnersCode(page: Page, ownerEmail: string) {
  const mail = await mailTo(page.request, ownerEmail, /^Your partner's verification code$/);
  await page.getByLabel("Verification code").fill(mail.text.match(/\b(\d{6})\b/)![1]!);
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("Verification Complete")).toBeVisible();
}

const familyRegion = (page: Page) => page.getByRole("region", { name: "Family & permissions" });
const toastRegion = (page: Page) => page.getByRole("region", { name: "Notifications", exact: true });

async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(familyRegion(page).getByRole("button", { name: "Invite a guest" })).toBeVisible();
}

test("a parent invites a partner, who verifies with the owner's code, creates an account and sees the pregnancy", async ({ page, request, browser, baseURL }, testInfo) => {
  const family = await freshFamily(request, baseURL!);
  const partnerEmail = uniqueEmail("partner");
  await signInThroughApi(page, family.email, family.password);
  await openSettings(page);

  await familyRegion(page).getByRole("button", { name: "Invite your partner" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite your partner" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("First name is required")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("First name").fill("Pat");
  await dialog.getByLabel("Last name").fill("Partner");
  await dialog.getByLabel("Email").fill(partnerEmail);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toastRegion(page).getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(familyRegion(page).getByText(`Invitation pending (${partnerEmail})`)).toBeVisible();
  // One partner per pregnancy: the button goes once one is invited.
  await expect(familyRegion(page).getByRole("button", { name: "Invite your partner" })).toHaveCount(0);

  const invitation = await mailTo(page.request, partnerEmail, /invited you as their partner/);
  const link = new URL(invitation.text.match(/https?:\/\/\S+\/invited-partner\?\S+/)![0]);

  // The partner, in a browser of their own.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const projectURL = stackOrigin();
  const partnerContext = await browser.newContext({ baseURL: projectURL, viewport, isMobile, hasTouch, extraHTTPHeaders: { "cf-connecting-ip": randomIp() } });
  try {
    const partner = await partnerContext.newPage();
    await partner.goto(`${link.pathname}${link.search}`);

    // Step 1: the invitation's email, prefilled from the link.
    await expect(partner.getByRole("heading", { name: "Verify Your Invitation", level: 1 })).toBeVisible();
    await expect(partner.getByText("Step 1 of 4")).toBeVisible();
    await expect(partner.getByLabel("Invitation email")).toHaveValue(partnerEmail);
    await expectAccessible(partner);
    await partner.getByRole("button", { name: "Verify Invitation" }).click();

    // Step 2: the code goes to the owner; a wrong one first.
    const heading = partner.getByRole("heading", { name: "Enter Verification Code", level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(partner.getByText("Step 2 of 4")).toBeVisible();
    await expect(partner.getByText("the pregnancy owner's email")).toBeVisible();
    const ownerMail = await mailTo(page.request, family.email, /^Your partner's verification code$/);
    const code = ownerMail.text.match(/\b(\d{6})\b/)![1]!;
    const verify = partner.getByRole("button", { name: "Verify Code" });
    const codeField = partner.getByLabel("Verification code");
    await codeField.fill("12a");
    await expect(codeField).toHaveValue("12");
    await expect(verify).toBeDisabled();
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await verify.click();
    await expect(partner.getByText("2 attempts remaining")).toBeVisible();
    await expect(partner.getByText(/^Resend in \d+s$/)).toBeVisible();
    await expect(partner.getByRole("button", { name: "Resend Code" })).toBeDisabled();
    await expectAccessible(partner);

    await codeField.fill(code);
    await verify.click();
    await expect(partner.getByText("Verification Complete")).toBeVisible();
    await expectAccessible(partner);
    await partner.getByRole("button", { name: "Continue" }).click();

    // Step 3: the free partner account; Back returns to the verified step 2.
    await expect(partner.getByRole("heading", { name: "Your Free Partner Account", level: 1 })).toBeFocused();
    await expect(partner.getByText("Step 3 of 4")).toBeVisible();
    await expect(partner.getByText("All features at no cost")).toBeVisible();
    await expectAccessible(partner);
    await partner.getByRole("button", { name: "Back" }).click();
    await expect(partner.getByText("Verification Complete")).toBeVisible();
    await partner.getByRole("button", { name: "Continue" }).click();
    await expect(partner.getByText("Step 3 of 4")).toBeVisible();
    await partner.getByRole("button", { name: "Continue" }).click();

    // Step 4: tabs, keyboard included; then Create Account & Connect.
    await expect(partner.getByRole("heading", { name: "Connect Your Account", level: 1 })).toBeVisible();
    await expect(partner.getByText("Step 4 of 4")).toBeVisible();
    const createTab = partner.getByRole("tab", { name: "Create Account" });
    await expect(createTab).toHaveAttribute("aria-selected", "true");
    await createTab.focus();
    await partner.keyboard.press("ArrowLeft");
    await expect(partner.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(partner.getByRole("tabpanel", { name: "Sign In" }).getByRole("button", { name: "Sign In & Connect" })).toBeVisible();
    await expectAccessible(partner);
    await partner.keyboard.press("End");
    await expect(createTab).toHaveAttribute("aria-selected", "true");

    const form = partner.getByRole("tabpanel", { name: "Create Account" });
    await expect(form.getByLabel("Email")).toHaveValue(partnerEmail);
    // The names the owner invited them with, from the invitation the owner's code unlocked.
    await expect(form.getByRole("textbox", { name: "First name" })).toHaveValue("Pat");
    await expect(form.getByRole("textbox", { name: "Last name" })).toHaveValue("Partner");
    await form.getByLabel("Password", { exact: true }).fill("partner-pass-1");
    await form.getByLabel("Confirm password", { exact: true }).fill("partner-pass-2");
    await form.getByRole("button", { name: "Create Account & Connect" }).click();
    await expect(form.getByText("You must accept the Terms & Conditions")).toBeVisible();
    await form.getByRole("checkbox", { name: /I accept the Terms & Conditions/ }).check();
    await form.getByRole("button", { name: "Create Account & Connect" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    await expectAccessible(partner);
    await form.getByLabel("Confirm password", { exact: true }).fill("partner-pass-1");
    await form.getByRole("button", { name: "Create Account & Connect" }).click();

    // Linking needs the new account's own email confirmed: its code is asked for right there.
    await expect(partner.getByRole("heading", { name: "Check Your Email", level: 1 })).toBeVisible();
    await expectAccessible(partner);
    await partner.getByLabel("Verification code").fill(await mailedCode(partner, partnerEmail));
    await partner.getByRole("button", { name: "Verify Email" }).click();
    await expect(toastRegion(partner).getByText("Account created!")).toBeVisible();
    await expect(partner).toHaveURL(/\/dashboard/);
    await expect(partner.getByRole("heading", { name: family.title })).toBeVisible();
    await expectAccessible(partner);
  } finally {
    await partnerContext.close();
  }

  // The owner's list now shows the partner as active.
  await page.reload();
  await expect(familyRegion(page).getByRole("heading", { name: /Pat Partner/ })).toBeVisible();
  await expect(familyRegion(page).getByText(`Invitation pending (${partnerEmail})`)).toHaveCount(0);
});

test("a parent invites a guest from settings and the invitation is mailed", async ({ page, request, baseURL }) => {
  const family = await freshFamily(request, baseURL!);
  const guestEmail = uniqueEmail("guest");
  await signInThroughApi(page, family.email, family.password);
  await openSettings(page);

  await familyRegion(page).getByRole("button", { name: "Invite a guest" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a guest" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeFocused();
  await expect(dialog.getByLabel("Privacy level")).toHaveValue("friends");
  await dialog.getByLabel("First name").fill("Gina");
  await dialog.getByLabel("Last name").fill("Grand");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Please enter a valid email")).toBeVisible();
  await dialog.getByLabel("Email").fill(guestEmail);
  await dialog.getByLabel("Relationship").selectOption({ label: "Grandparent" });
  await dialog.getByLabel("Privacy level").selectOption({ label: "Immediate family" });
  await dialog.getByLabel("Personal message (optional)").fill("We would love you to follow along!");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();

  await expect(toastRegion(page).getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = familyRegion(page).getByRole("listitem").filter({ hasText: `Invitation pending (${guestEmail})` });
  await expect(row).toBeVisible();
  await expect(row.getByText("Grandparent")).toBeVisible();
  await expect(row.getByText("Sees: Immediate family")).toBeVisible();

  const mail = await mailTo(page.request, guestEmail, new RegExp(`invited you to follow ${family.title}`));
  expect(mail.text).toContain("We would love you to follow along!");
  expect(mail.text).toMatch(/\/auth\?invite_type=guest&/);

  // Inviting the same person again is refused with the spec's title.
  await familyRegion(page).getByRole("button", { name: "Invite a guest" }).click();
  await dialog.getByLabel("First name").fill("Gina");
  await dialog.getByLabel("Last name").fill("Grand");
  await dialog.getByLabel("Email").fill(guestEmail);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toastRegion(page).getByText("Failed to send invitation", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("a partner who already has an account signs in and connects from the invitation link @desktop", async ({ page, request, playwright, baseURL }) => {
  const family = await freshFamily(request, baseURL!);
  const partner = await invitedPartnerWithAccount(playwright, request, baseURL!, family.pregnancyId);
  await page.goto(`/invited-partner?${new URLSearchParams({ email: partner.email, pregnancy_id: family.pregnancyId, inviter: "Olga Owner" })}`);

  await page.getByLabel("Invitation email").fill("");
  await page.getByRole("button", { name: "Verify Invitation" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await page.getByLabel("Invitation email").fill(uniqueEmail("stranger"));
  await page.getByRole("button", { name: "Verify Invitation" }).click();
  await expect(page.getByText("No partner invitation found for this email address.")).toBeVisible();
  await page.getByLabel("Invitation email").fill(partner.email);
  await page.getByRole("button", { name: "Verify Invitation" }).click();

  await expect(page.getByText("Ask Olga Owner for it.")).toBeVisible();
  await enterOwnersCode(page, family.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  await page.getByRole("tab", { name: "Sign In" }).click();
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await expect(form.getByLabel("Email")).toHaveValue(partner.email);
  await form.getByLabel("Password", { exact: true }).fill("not-the-password");
  await form.getByRole("button", { name: "Sign In & Connect" }).click();
  await expect(form.getByText(/^Invalid Credentials/)).toBeVisible();
  await expectAccessible(page);
  await form.getByLabel("Password", { exact: true }).fill(partner.password);
  await form.getByRole("button", { name: "Sign In & Connect" }).click();
  // The account's email was never confirmed: a code goes out and is asked for before linking.
  await expect(page.getByRole("heading", { name: "Check Your Email", level: 1 })).toBeVisible();
  await page.getByLabel("Verification code").fill(await mailedCode(page, partner.email));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { name: family.title })).toBeVisible();
});

test("/partner/verify: signing in while invited as a partner leads there; the owner's code joins @desktop", async ({ page, request, playwright, baseURL }) => {
  const family = await freshFamily(request, baseURL!);
  const partner = await invitedPartnerWithAccount(playwright, request, baseURL!, family.pregnancyId);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(partner.email);
  await page.getByLabel("Password").fill(partner.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(page).toHaveURL(new RegExp(`/partner/verify\\?participantId=${partner.participantId}`));
  await expect(page.getByRole("heading", { name: "Verify Your Partner Invitation", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByRole("button", { name: "Resend Code" })).toBeDisabled();
  await enterOwnersCode(page, family.email);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Connect to the Pregnancy" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email", level: 1 })).toBeVisible();
  await page.getByLabel("Verification code").fill(await mailedCode(page, partner.email));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { name: family.title })).toBeVisible();
});
