import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits, users, verifications } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily, signUp } from "../support/families";
import { CREATE_ACCOUNT_MESSAGES, RESET_PASSWORD_MESSAGES } from "../../src/domain/auth";
import { EARLY_ACCESS_MS } from "../../src/domain/modes";
import { MS_PER_SECOND } from "../../src/domain/units";
import { NAME_MAX_LENGTH } from "../../src/domain/textLimits";
import { SIGN_IN_THROTTLE } from "../../src/domain/rateLimits";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

async function latestCode(email: string): Promise<string> {
  const response = await fetch(new URL("/api/dev/outbox", baseUrl()));
  expect(response.status).toBe(200);
  const mails = (await response.json()) as OutboxMail[];
  const mail = mails.find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

describe("accounts", () => {
  it("mails a 6-digit code on sign-up, refuses a wrong code, verifies the right one, and signs in", async () => {
    const { client, email, password, userId } = await signUp("newparent");

    const code = await latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await client.postJson("/api/auth/email-otp/verify-email", { email, otp: wrong });
    expect(refused.status).toBe(400);

    const verified = await client.postJson("/api/auth/email-otp/verify-email", { email, otp: code });
    expect(verified.status).toBe(200);
    const { db, close } = openTestDb();
    try {
      const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
      expect(row?.emailVerified).toBe(true);
    } finally {
      await close();
    }

    const browser = new ApiClient(baseUrl());
    expect((await browser.signIn(email, password)).status).toBe(200);
    const me = await browser.trpc.account.me.query();
    expect(me).toMatchObject({ email, firstName: "Test", lastName: "newparent", emailVerified: true });

    expect((await browser.postJson("/api/auth/sign-out", {})).status).toBe(200);
    await expect(browser.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });

  it("signs in with an emailed code and never creates an account that way", async () => {
    const { email } = await signUp("codelogin");
    const browser = new ApiClient(baseUrl());
    expect((await browser.postJson("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    const code = await latestCode(email);
    expect((await browser.postJson("/api/auth/sign-in/email-otp", { email, otp: code })).status).toBe(200);
    expect(await browser.trpc.account.me.query()).toMatchObject({ email });

    const stranger = new ApiClient(baseUrl());
    const nobody = `nobody.${Date.now()}@example.test`;
    await stranger.postJson("/api/auth/email-otp/send-verification-otp", { email: nobody, type: "sign-in" });
    const { db, close } = openTestDb();
    try {
      expect(await db.select().from(users).where(eq(users.email, nobody))).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it("mails a password reset link that sets a new password", async () => {
    const { email } = await signUp("forgetful");
    const browser = new ApiClient(baseUrl());
    const asked = await browser.postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(asked.status).toBe(200);
    const mails = (await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as OutboxMail[];
    const link = mails.find((m) => m.to === email && m.subject === "Reset your password")?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).pathname.split("/").pop();
    const weak = await browser.postJson("/api/auth/reset-password", { token, newPassword: "abcdefgh1" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "WEAK_PASSWORD", message: RESET_PASSWORD_MESSAGES.weakPassword });
    const reset = await browser.postJson("/api/auth/reset-password", { token, newPassword: "A-brand-new-secret1" });
    expect(reset.status).toBe(200);
    expect((await new ApiClient(baseUrl()).signIn(email, "A-brand-new-secret1")).status).toBe(200);
    const reused = await browser.postJson("/api/auth/reset-password", { token, newPassword: "Another-secret2" });
    expect(reused.status).toBe(400);
  });

  it("lets an emailed sign-in code expire", async () => {
    const { email } = await signUp("latecomer");
    const browser = new ApiClient(baseUrl());
    expect((await browser.postJson("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    const code = await latestCode(email);
    // Ten minutes pass: the stored code's expiry moves into the past.
    const { db, close } = openTestDb();
    try {
      const moved = await db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `sign-in-otp-${email}`))
        .returning({ id: verifications.id });
      expect(moved).toHaveLength(1);
    } finally {
      await close();
    }
    const late = await browser.postJson("/api/auth/sign-in/email-otp", { email, otp: code });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "OTP_EXPIRED" });
    await expect(browser.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });

  it("answers 429 after repeated wrong sign-ins from one address", async () => {
    const { email } = await signUp("bruteforced");
    const attacker = new ApiClient(baseUrl());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      statuses.push((await attacker.signIn(email, `wrong-password-${attempt}`)).status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers 429 when codes are requested too often from one address", async () => {
    const { email } = await signUp("impatient");
    const requester = new ApiClient(baseUrl());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await requester.postJson("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it("opens pregnancy data for 24 hours of early access, then only with a confirmed email", async () => {
    const family = await createOtherFamily();
    expect(await family.owner.trpc.pregnancy.details.query({ pregnancyId: family.pregnancyId })).toMatchObject({ id: family.pregnancyId });
    const { db, close } = openTestDb();
    try {
      // A day passes (longer than the session's cookie cache lives).
      await db.update(users).set({ createdAt: new Date(Date.now() - EARLY_ACCESS_MS - 60_000) }).where(eq(users.id, family.ownerId));
      family.owner.forgetSessionCache();
      await expect(family.owner.trpc.pregnancy.details.query({ pregnancyId: family.pregnancyId })).rejects.toMatchObject({
        message: CREATE_ACCOUNT_MESSAGES.emailNotVerified,
        data: { appCode: "EMAIL_NOT_CONFIRMED" },
      });
      // Their own account stays reachable, so they can confirm the email.
      expect(await family.owner.trpc.account.me.query()).toMatchObject({ emailVerified: false });
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, family.ownerId));
      expect(await family.owner.trpc.pregnancy.details.query({ pregnancyId: family.pregnancyId })).toMatchObject({ id: family.pregnancyId });
    } finally {
      await close();
    }
  });

  it("refuses tRPC calls without a session", async () => {
    const anonymous = new ApiClient(baseUrl());
    await expect(anonymous.trpc.pregnancy.mine.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });
});

/** Someone signs up with another person's address (early access lets the account work unconfirmed). */
async function squatted() {
  const { client: squatter, email, password } = await signUp("victim", "squatters-pass-1");
  expect(await squatter.trpc.account.me.query()).toMatchObject({ email, emailVerified: false });
  return { squatter, email, password, owner: new ApiClient(baseUrl()) };
}

/** The squatter's session no longer works, nor does the password they chose. */
async function expectLockedOut(squatter: ApiClient, email: string, password: string) {
  await expect(squatter.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  expect((await new ApiClient(baseUrl()).signIn(email, password)).status).toBe(401);
}

describe("proving the mailbox takes the account back", () => {
  it("a password reset by the mailbox's owner ends the squatter's session and password", async () => {
    const { squatter, email, password, owner } = await squatted();
    expect((await owner.postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
    const mails = (await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as OutboxMail[];
    const link = mails.find((m) => m.to === email && m.subject === "Reset your password")?.text.match(/https?:\/\/\S+/)?.[0];
    const token = new URL(link!).pathname.split("/").pop();
    expect((await owner.postJson("/api/auth/reset-password", { token, newPassword: "Owners-own-secret1" })).status).toBe(200);

    await expectLockedOut(squatter, email, password);
    const signedIn = new ApiClient(baseUrl());
    expect((await signedIn.signIn(email, "Owners-own-secret1")).status).toBe(200);
    // The reset link proved the mailbox.
    expect(await signedIn.trpc.account.me.query()).toMatchObject({ emailVerified: true });
  });

  it("the owner confirming the email with the mailed code ends the squatter's session and password", async () => {
    const { squatter, email, password, owner } = await squatted();
    // The sign-up's confirmation code went to the real owner's mailbox.
    expect((await owner.postJson("/api/auth/email-otp/verify-email", { email, otp: await latestCode(email) })).status).toBe(200);

    await expectLockedOut(squatter, email, password);
    expect(await owner.trpc.account.me.query()).toMatchObject({ email, emailVerified: true });
  });

  it("the owner signing in with an emailed code ends the squatter's session and password", async () => {
    const { squatter, email, password, owner } = await squatted();
    expect((await owner.postJson("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    expect((await owner.postJson("/api/auth/sign-in/email-otp", { email, otp: await latestCode(email) })).status).toBe(200);

    await expectLockedOut(squatter, email, password);
    expect(await owner.trpc.account.me.query()).toMatchObject({ email, emailVerified: true });
  });

  it("changing the password signs out the other devices when asked, and keeps this one", async () => {
    const { client: here, email, password } = await signUp("changer");
    const elsewhere = new ApiClient(baseUrl());
    expect((await elsewhere.signIn(email, password)).status).toBe(200);

    const kept = await here.postJson("/api/auth/change-password", { currentPassword: password, newPassword: "Kept-devices-2", revokeOtherSessions: false });
    expect(kept.status).toBe(200);
    expect(await elsewhere.trpc.account.me.query()).toMatchObject({ email });

    const changed = await here.postJson("/api/auth/change-password", { currentPassword: "Kept-devices-2", newPassword: "Signed-out-3", revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    await expect(elsewhere.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect(await here.trpc.account.me.query()).toMatchObject({ email });
    expect((await new ApiClient(baseUrl()).signIn(email, "Signed-out-3")).status).toBe(200);
  });

  it("a code sign-in to a confirmed account ends its other sessions; confirming in one's own session keeps the password", async () => {
    const { client: first, email, password } = await signUp("twodevices");
    // Confirmed where the account was made: the password is the prover's own and stays.
    await confirmEmail(first, email);
    const second = new ApiClient(baseUrl());
    expect((await second.signIn(email, password)).status).toBe(200);
    expect(await first.trpc.account.me.query()).toMatchObject({ email });

    const third = new ApiClient(baseUrl());
    expect((await third.postJson("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    expect((await third.postJson("/api/auth/sign-in/email-otp", { email, otp: await latestCode(email) })).status).toBe(200);
    for (const other of [first, second]) await expect(other.trpc.account.me.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect(await third.trpc.account.me.query()).toMatchObject({ email });
    expect((await new ApiClient(baseUrl()).signIn(email, password)).status).toBe(200);
  });
});

/** Moves an account's sign-in attempts back in time, as if that many seconds had passed. */
async function signInAttemptsAged(email: string, seconds: number) {
  const { db, close } = openTestDb();
  try {
    const [row] = await db.select({ lastRequest: rateLimits.lastRequest }).from(rateLimits).where(eq(rateLimits.key, `sign-in:${email}`));
    await db
      .update(rateLimits)
      .set({ lastRequest: row!.lastRequest - seconds * MS_PER_SECOND })
      .where(eq(rateLimits.key, `sign-in:${email}`));
  } finally {
    await close();
  }
}

describe("sign-in is throttled per account", () => {
  // Each attempt from an address of its own: the per-address limit never comes into it.
  const signInFromAnywhere = (email: string, password: string) => new ApiClient(baseUrl()).signIn(email, password);

  it("many wrong passwords from many addresses make the account wait, longer each time, even for the right one", async () => {
    const { email, password } = await signUp("targeted");
    for (let attempt = 0; attempt < SIGN_IN_THROTTLE.freeAttempts; attempt++) expect((await signInFromAnywhere(email, `wrong-${attempt}`)).status).toBe(401);
    const refused = await signInFromAnywhere(email, "wrong-again");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBe(SIGN_IN_THROTTLE.firstWaitSeconds);
    expect((await signInFromAnywhere(email, password)).status).toBe(429);

    // Once the wait is over, one more try; after it the wait doubles.
    await signInAttemptsAged(email, SIGN_IN_THROTTLE.firstWaitSeconds);
    expect((await signInFromAnywhere(email, "still-wrong")).status).toBe(401);
    const longer = await signInFromAnywhere(email, password);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBe(2 * SIGN_IN_THROTTLE.firstWaitSeconds);

    // The owner gets in once it is over, and that clears the count.
    await signInAttemptsAged(email, 2 * SIGN_IN_THROTTLE.firstWaitSeconds);
    expect((await signInFromAnywhere(email, password)).status).toBe(200);
    expect((await signInFromAnywhere(email, "a-typo")).status).toBe(401);
    expect((await signInFromAnywhere(email, password)).status).toBe(200);
  });

  it("counts parallel guesses before comparing: no more than the free attempts are compared", async () => {
    const { email, password } = await signUp("burst");
    const guesses = await Promise.all(Array.from({ length: 3 * SIGN_IN_THROTTLE.freeAttempts }, (_, index) => signInFromAnywhere(email, `guess-${index}`)));
    let compared = guesses.filter((response) => response.status === 401).length;
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(SIGN_IN_THROTTLE.freeAttempts);
    expect(guesses.filter((response) => response.status === 429)).toHaveLength(guesses.length - compared);
    // Guesses refused while racing each other were not compared; what is left of the free ones, one by one.
    for (; compared < SIGN_IN_THROTTLE.freeAttempts; compared++) expect((await signInFromAnywhere(email, `late-guess-${compared}`)).status).toBe(401);
    expect((await signInFromAnywhere(email, password)).status).toBe(429);
  });
});

describe("better-auth's /update-user takes only what the profile form takes", () => {
  const update = (client: ApiClient, body: Record<string, unknown>) => client.postJson("/api/auth/update-user", body);

  it("refuses a picture from anywhere but the caller's own avatars, and names the profile form would refuse", async () => {
    const { client, userId } = await signUp("updater");
    const other = await signUp("someoneelse");
    for (const image of ["https://tracker.example/pixel.png", `/api/avatars/${other.userId}/${crypto.randomUUID()}.png`, `/api/avatars/${userId}/../../photos/x.png`, "javascript:alert(1)"]) {
      const refused = await update(client, { image });
      expect(refused.status, image).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "INVALID_PROFILE" });
    }
    for (const names of [{ firstName: "   " }, { lastName: "x".repeat(NAME_MAX_LENGTH + 1) }, { name: "" }, { firstName: 42 }]) {
      expect((await update(client, names)).status, JSON.stringify(names)).toBe(400);
    }
    expect(await client.trpc.account.me.query()).toMatchObject({ firstName: "Test", lastName: "updater", avatarUrl: null });

    const own = `/api/avatars/${userId}/${crypto.randomUUID()}.png`;
    expect((await update(client, { image: own, firstName: "  Ada  " })).status).toBe(200);
    expect(await client.trpc.account.me.query()).toMatchObject({ firstName: "Ada", avatarUrl: own });
    expect((await update(client, { image: null })).status).toBe(200);
    expect(await client.trpc.account.me.query()).toMatchObject({ avatarUrl: null });
  });
});

describe("common passwords", () => {
  it("are refused wherever a password is set: sign-up, reset and change", async () => {
    const signUpWith = await new ApiClient(baseUrl()).postJson("/api/auth/sign-up/email", { email: `common.${Date.now()}@example.test`, password: "Password1", name: "C P", firstName: "C", lastName: "P" });
    expect(signUpWith.status).toBe(400);
    expect(await signUpWith.json()).toMatchObject({ code: "COMMON_PASSWORD", message: CREATE_ACCOUNT_MESSAGES.commonPassword });

    const { client, email, password } = await signUp("commoner");
    const changed = await client.postJson("/api/auth/change-password", { currentPassword: password, newPassword: "P@ssw0rd" });
    expect(changed.status).toBe(400);
    expect(await changed.json()).toMatchObject({ code: "WEAK_PASSWORD", message: RESET_PASSWORD_MESSAGES.weakPassword });

    expect((await client.postJson("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
    const mails = (await (await fetch(new URL("/api/dev/outbox", baseUrl()))).json()) as OutboxMail[];
    const token = new URL(mails.find((m) => m.to === email && m.subject === "Reset your password")!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop();
    const reset = await client.postJson("/api/auth/reset-password", { token, newPassword: "Qwerty123!" });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ code: "WEAK_PASSWORD" });
    // Nothing was changed: the old password still signs in.
    expect((await new ApiClient(baseUrl()).signIn(email, password)).status).toBe(200);
  });
});
