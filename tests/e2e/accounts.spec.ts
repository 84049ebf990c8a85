import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_REFERRAL_CODE, demoMember } from "../../scripts/demo-family";
import { and, eq } from "drizzle-orm";
import { pregnancyParticipants, users } from "../../worker/db/schema";
import { familyWithGrandparent, inDb } from "./family";
import { expect, expectAccessible, mailedCode, mailedLink, signInThroughApi, signUpThroughApi, test, trpcMutation, uniqueEmail, stackOrigin } from "./support";
import { EMAIL_AUTO_CONTINUE_SECONDS } from "../../src/domain/wizard";
import { MS_PER_SECOND } from "../../src/domain/units";

test("a new account is created in steps: referral codes checked, email confirmed by code, then on as a guest", async ({ page }) => {
  const email = uniqueEmail("createaccount");
  await page.clock.install();
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/createaccount\?step=1/);
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await expect(page).toHaveTitle(/Create Account/);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/createaccount$/);

  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Diaz");
  await page.getByLabel("Email").fill("rosa-at-example");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please enter a valid email")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  const referral = page.getByLabel("Referral code (optional)");
  await referral.fill("abc!");
  await expect(page.getByText("Referral code must be 8 alphanumeric characters")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
  await referral.fill("ZZZZ9999");
  await expect(referral).toHaveValue("zzzz9999");
  await expect(page.getByText("Referral code not found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeDisabled();
  await referral.fill(DEMO_REFERRAL_CODE.toUpperCase());
  await expect(page.getByText("Valid referral code!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await expectAccessible(page);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("little-bean-1");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/step=2/);
  await expect(page.getByRole("heading", { name: "Verify Email" })).toBeVisible();
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await page.getByRole("button", { name: "I've Confirmed My Email" }).click();
  await expect(page.getByText("Email not yet verified. Please check your inbox.")).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("onboarding-data") ?? "{}"))).toMatchObject({ email, referralCode: DEMO_REFERRAL_CODE });

  await page.getByLabel("Verification code").fill(await mailedCode(page, email));
  const conversions: unknown[] = [];
  page.on("request", (request) => request.url().endsWith("/api/analytics") && conversions.push(request.postDataJSON()));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByText(/Continuing in \d seconds?/)).toBeVisible();
  // Onboarding spec 4: a confirmed email records 'email verified' and 'signup complete'.
  await expect.poll(() => conversions).toEqual([
    { name: "email_verified", properties: { page: "/createaccount" } },
    { name: "signup_complete", properties: { page: "/createaccount" } },
  ]);
  // The 5-second countdown moves on by itself (the page's clock is moved past it).
  await page.clock.fastForward(EMAIL_AUTO_CONTINUE_SECONDS * MS_PER_SECOND);
  await expect(page.getByRole("heading", { name: "Account Type" })).toBeVisible();
  await expect(page).toHaveURL(/step=3/);
  await expectAccessible(page);

  await page.getByRole("radio", { name: "I'm family or a friend" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a parent's create-account steps: account type, plan, payment, and back from a cancelled checkout", async ({ page }) => {
  await signUpThroughApi(page, "createparent", "create-parent-1", { stay: true });
  await page.goto("/createaccount?step=1");
  await expect(page).toHaveURL(/step=2/);
  await page.goto("/createaccount?step=3");
  await expect(page.getByRole("heading", { name: "Account Type" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Choose Plan" })).toBeVisible();
  await expect(page.getByText("Step 4 of 5")).toBeVisible();
  await page.getByRole("switch", { name: /Unlimited photos/ }).check();
  await page.getByRole("button", { name: "Start Free 7-Day Trial" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(page.getByText("$15.99/month", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/createaccount\?step=5&payment=cancelled/);
  await expect(page.getByRole("status").filter({ hasText: "Payment Cancelled" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
});

test("signing in with an emailed code", { tag: "@desktop" }, async ({ page }) => {
  const email = await signUpThroughApi(page, "codesignin", "code-login-1");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Login via email code instead" }).click();
  await expect(page.getByRole("heading", { name: "Sign In with Email Code" })).toBeVisible();
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page.getByText("Missing Email")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = page.getByLabel("Verification code");
  await code.fill("12ab34");
  await expect(code).toHaveValue("1234");
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByText("Invalid code: Enter the 6-digit code.")).toBeVisible();
  await expectAccessible(page);
  await code.fill(await mailedCode(page, email));
  await page.getByRole("button", { name: "Verify Code" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome back!")).toBeVisible();
});

test("forgot password: the emailed link sets a new password, then it signs in", { tag: "@desktop" }, async ({ page }) => {
  const email = await signUpThroughApi(page, "forgetful", "old-password-1");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Email required")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reset Email Sent" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Back to password login" }).click();
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

  await page.goto(await mailedLink(page, email, /Reset your password/));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  // Until the reset is done (or the user signs in), other pages lead back here.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();

  const password = page.getByLabel("New Password", { exact: true });
  await password.fill("short");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Too Short: Password must be at least 8 characters long.")).toBeVisible();
  await password.fill("allsmallletters");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("allsmallletters");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText(/^Weak Password: Use at least 3 of these/)).toBeVisible();
  await password.fill("New-Password-7");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("New-Password-8");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords Don't Match")).toBeVisible();
  await page.getByRole("button", { name: "Show new password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expectAccessible(page);
  await page.getByLabel("Confirm New Password", { exact: true }).fill("New-Password-7");
  await page.getByRole("button", { name: "Update Password" }).click();

  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("old-password-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid Credentials: Please check your email and password and try again.")).toBeVisible();
  await page.getByLabel("Password").fill("New-Password-7");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a reset link is checked before the form: 'verifying', then the form; a bad link shows 'Reset Link Expired' @desktop", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Reset Link Expired" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeHidden();

  const email = await signUpThroughApi(page, "resetcheck", "old-password-1");
  const origin = stackOrigin();
  expect((await page.request.post("/api/auth/request-password-reset", { data: { email, redirectTo: "/reset-password" }, headers: { origin } })).status()).toBe(200);
  const link = await mailedLink(page, email, /Reset your password/);
  // Hold the page's own check (a fetch), not the link's navigation through the same endpoint.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/auth\/reset-password\//, async (route) => {
    if (route.request().resourceType() === "fetch") await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verifying Your Reset Link" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Checking that your password reset link still works..." })).toBeVisible();
  await expectAccessible(page);
  release();
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  // Checking did not use the link up: the reset still works.
  await page.getByLabel("New Password", { exact: true }).fill("New-Password-7");
  await page.getByLabel("Confirm New Password", { exact: true }).fill("New-Password-7");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
});

test("a used or expired reset link says so and offers a new one", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/reset-password?error=INVALID_TOKEN");
  await expect(page.getByRole("heading", { name: "Reset Link Expired" })).toBeVisible();
  await expect(page.getByText("Session expired. Please request a new password reset link.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Send New Password Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
  // The expired link does not pin the visitor to the reset page (signed out, the app loads '/' afresh).
  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/$/);
  // The home page has finished loading: nothing is left in flight when the test ends.
  await expect(page.getByRole("link", { name: "Get Started Now" })).toBeVisible();
});

/** A fresh family whose owner invites this person through the API; returns the link the invitation mail carries. */
async function invitedThroughMail(page: Page, baseURL: string, invitee: { email: string; firstName: string; lastName: string }) {
  const family = await familyWithGrandparent(page.request, baseURL, "Inviting Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await trpcMutation(page.request, "invitations.inviteGuest", { pregnancyId: family.pregnancyId, ...invitee, privacyLevel: "friends" });
  await page.context().clearCookies();
  // The mail's one call to action (tests/api/invitations.test.ts checks the rest of the mail).
  return { family, link: await mailedLink(page, invitee.email, new RegExp(`invited you to follow ${family.title}`), /(?<=^Accept the invitation: )\S+/m) };
}

/** The invitee's participant row in the family: role and status. */
const participation = (pregnancyId: string, email: string) =>
  inDb((db) =>
    db
      .select({ role: pregnancyParticipants.role, status: pregnancyParticipants.status })
      .from(pregnancyParticipants)
      .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
      .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(users.email, email))),
  );

test("an invitation opens on creating the free guest account, name and email filled in, and the new guest lands in the family's pregnancy", async ({ page, baseURL }) => {
  const invitee = { email: uniqueEmail("invitedguest"), firstName: "Gina", lastName: "Guest" };
  const { family, link } = await invitedThroughMail(page, baseURL!, invitee);

  await page.goto(link);
  const banner = page.getByRole("status").filter({ hasText: "You've Been Invited!" });
  await expect(banner).toHaveText(/^You've Been Invited!Rosa Owner\d+ invited you to follow their pregnancy on BabySteps\. Guests join free\.$/);
  await expect(page.getByRole("heading", { name: "Create Your Free Guest Account", level: 1 })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Gina");
  await expect(page.getByLabel("Last name")).toHaveValue("Guest");
  await expect(page.getByLabel("Email")).toHaveValue(invitee.email);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Password").fill("gina-guest-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.getByLabel("Verification code").fill(await mailedCode(page, invitee.email));
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(family.title).first()).toBeVisible();
  expect(await participation(family.pregnancyId, invitee.email)).toEqual([{ role: "guest", status: "active" }]);
});

test("an invitee who already has an account signs in from the invitation page and joins @desktop", async ({ page, baseURL }) => {
  const existing = await familyWithGrandparent(page.request, baseURL!, "Other Family");
  await inDb((db) => db.update(users).set({ emailVerified: true }).where(eq(users.email, existing.grandma.email)));
  const { family, link } = await invitedThroughMail(page, baseURL!, { email: existing.grandma.email, firstName: "Nana", lastName: "Guest" });

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Create Your Free Guest Account", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome Back", level: 1 })).toBeVisible();
  await expect(page.getByText("You've Been Invited!")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(existing.grandma.email);
  await expectAccessible(page);
  await page.getByLabel("Password").fill(existing.grandma.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect(await participation(family.pregnancyId, existing.grandma.email)).toEqual([{ role: "guest", status: "active" }]);
});

test("/auth is its own page: a failed link's hash goes to /check-email, modes follow the history, 'Welcome back!' survives the page load, signed-in visitors move on @desktop", async ({ page }) => {
  await page.goto("/auth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid");
  await expect(page).toHaveURL(/\/check-email\?reason=otp_expired&description=Email/);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup/);
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

  await page.getByLabel("Email").fill(demoMember("olivia").email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard/);
});

/** The session check /auth makes (with its query, which asks the database rather than the cookie cache). */
const SESSION_CHECK = /\/api\/auth\/get-session(\?.*)?$/;

/** Holds every answer of /api/auth/get-session until the returned function is called. */
async function holdSessionAnswers(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SESSION_CHECK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("/auth paints its form without waiting on the session: usable while get-session is held, then a signed-in visitor moves on @desktop", async ({ page }) => {
  // A visitor without a session: the form is there and takes input before the session has answered.
  let release = await holdSessionAnswers(page);
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeEnabled();
  let answered = page.waitForResponse(SESSION_CHECK);
  release();
  await answered;
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

  // A signed-in visitor sees the same form first, and goes on once the session has answered.
  await signInThroughApi(page, demoMember("olivia").email);
  await page.unroute(SESSION_CHECK);
  release = await holdSessionAnswers(page);
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeEnabled();
  answered = page.waitForResponse(SESSION_CHECK);
  release();
  await answered;
  await expect(page).toHaveURL(/\/dashboard/);
});
