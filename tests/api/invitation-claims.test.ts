import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVITATION_REFUSALS } from "../../src/domain/invitationClaims";
import { invitationTracking, pregnancyParticipants } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily, signUp, uniqueEmail } from "../support/families";
import { mailsTo, type OutboxMail } from "../support/outbox";

/**
 * Issue 35, item 1: an invitation is bound to the account made from it on the server, so proving
 * the mailbox anywhere (the code, the link in another browser) takes it; what cannot be taken says why.
 */

const PASSWORD = "welcome-family-1";

const outbox = async (): Promise<OutboxMail[]> => (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];

/** The token of the newest guest invitation mailed to this address. */
async function invitationToken(email: string): Promise<string> {
  const link = (await mailsTo(email)).map((mail) => mail.text.match(/https?:\/\/\S*invite_type=guest\S*/)?.[0]).find(Boolean);
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`No invitation mailed to ${email}`);
  return token;
}

/** The newest confirmation code mailed to this address. */
async function confirmationCode(email: string): Promise<string> {
  const code = (await mailsTo(email)).find((mail) => mail.subject === "Confirm your email")?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No confirmation code mailed to ${email}`);
  return code;
}

/** A sign-up as the invitation's page sends it, with what it names of the invitation. */
async function signUpFrom(email: string, claim: Record<string, string>): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.postJson("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Ivy Kin", firstName: "Ivy", lastName: "Kin", ...claim });
  expect(response.status, await response.clone().text()).toBe(200);
  return client;
}

/** The pregnancies this account takes part in, as a guest or a parent. */
async function pregnanciesOf(client: ApiClient): Promise<string[]> {
  const mine = await client.trpc.pregnancy.mine.query();
  return [...mine.guestPregnancies.map((p) => p.id), ...(mine.parentPregnancy ? [mine.parentPregnancy.id] : [])];
}

async function invitedGuest(owner: ApiClient, pregnancyId: string) {
  const email = uniqueEmail("ivy.kin").toLowerCase();
  await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Ivy", lastName: "Kin", privacyLevel: "friends" });
  return { email, token: await invitationToken(email) };
}

/** A partner invited by the owner whose code (mailed to the owner) was proven on /invited-partner. */
async function provenPartner(owner: ApiClient, pregnancyId: string) {
  const email = uniqueEmail("sam.partner").toLowerCase();
  await owner.trpc.partners.invite.mutate({ pregnancyId, email, firstName: "Sam", lastName: `Partner${Date.now()}` });
  const visitor = new ApiClient(baseUrl());
  await visitor.trpc.partners.sendCode.mutate({ email, pregnancyId });
  const code = (await outbox()).find((mail) => mail.subject === "Your partner's verification code" && mail.text.includes("Sam Partner"))?.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error("No partner code mailed to the owner");
  await visitor.trpc.partners.verifyCode.mutate({ email, pregnancyId, code });
  return { email };
}

describe("an invitation follows the account made from it", () => {
  it("a guest who signs up from the link and confirms from the mail in another browser, saying she made the account, is in the pregnancy in both", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const { email, token } = await invitedGuest(owner, pregnancyId);
    const laptop = await signUpFrom(email, { invitationToken: token });
    // Not before the mailbox is proven.
    expect(await pregnanciesOf(laptop)).toEqual([]);

    // The mail app's own browser: no session, only the link's email and code.
    const phone = new ApiClient(baseUrl());
    const code = await confirmationCode(email);
    const details = await phone.postJson("/api/account/confirmation", { email, code });
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ emailVerified: false, createdAt: expect.any(String) });
    // Looking did not use the code up.
    const confirmed = await phone.postJson("/api/auth/email-otp/verify-email", { email, otp: code, createdByMe: true });
    expect(confirmed.status).toBe(200);

    expect(await pregnanciesOf(phone)).toEqual([pregnancyId]);
    laptop.forgetSessionCache();
    expect(await pregnanciesOf(laptop)).toEqual([pregnancyId]);
    // The password chosen at sign-up still signs in.
    const again = new ApiClient(baseUrl());
    expect((await again.postJson("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    // The link, opened again while signed in, says it is already taken by this account.
    expect(await laptop.trpc.invitations.open.mutate({ token })).toMatchObject({ state: "joined", pregnancyId });
  });

  it("confirming in another browser without claiming the account (the default) still joins the invitation but ends the maker's session and password", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const { email, token } = await invitedGuest(owner, pregnancyId);
    const laptop = await signUpFrom(email, { invitationToken: token });
    const phone = new ApiClient(baseUrl());
    expect((await phone.postJson("/api/auth/email-otp/verify-email", { email, otp: await confirmationCode(email) })).status).toBe(200);
    expect(await pregnanciesOf(phone)).toEqual([pregnancyId]);
    laptop.forgetSessionCache();
    await expect(laptop.trpc.pregnancy.mine.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect((await new ApiClient(baseUrl()).postJson("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
  });

  it("a partner who proved the owner's code, signs up and confirms with the code in the same browser joins as partner", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const { email } = await provenPartner(owner, pregnancyId);
    const partner = await signUpFrom(email, { partnerPregnancyId: pregnancyId });
    expect(await pregnanciesOf(partner)).toEqual([]);
    await confirmEmail(partner, email);
    expect(await pregnanciesOf(partner)).toEqual([pregnancyId]);
    expect(await partner.trpc.pregnancy.access.query({ pregnancyId })).toMatchObject({ role: "partner" });
  });

  it("a sign-up cannot claim what it was not sent: another address's token, a partner invitation whose code was never proven", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const { token } = await invitedGuest(owner, pregnancyId);
    const strangerEmail = uniqueEmail("stranger").toLowerCase();
    const stranger = await signUpFrom(strangerEmail, { invitationToken: token });
    await confirmEmail(stranger, strangerEmail);
    expect(await pregnanciesOf(stranger)).toEqual([]);

    const other = await createOtherFamily();
    const partnerEmail = uniqueEmail("unproven").toLowerCase();
    await other.owner.trpc.partners.invite.mutate({ pregnancyId: other.pregnancyId, email: partnerEmail, firstName: "Un", lastName: "Proven" });
    const unproven = await signUpFrom(partnerEmail, { partnerPregnancyId: other.pregnancyId });
    await confirmEmail(unproven, partnerEmail);
    expect(await pregnanciesOf(unproven)).toEqual([]);
  });

  it("the confirmation page's details need the mailed code", async () => {
    const { email } = await signUp("details");
    const wrong = await new ApiClient(baseUrl()).postJson("/api/account/confirmation", { email, code: "000000" });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).not.toHaveProperty("createdAt");
  });
});

describe("an invitation link opened while signed in", () => {
  it("joins a confirmed account at once, and keeps it for an unconfirmed one until the email is confirmed", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const confirmedGuest = await invitedGuest(owner, pregnancyId);
    const helen = await signUpFrom(confirmedGuest.email, {});
    await confirmEmail(helen, confirmedGuest.email);
    expect(await helen.trpc.invitations.open.mutate({ token: confirmedGuest.token })).toMatchObject({ state: "joined", pregnancyId });
    expect(await pregnanciesOf(helen)).toEqual([pregnancyId]);

    const waitingGuest = await invitedGuest(owner, pregnancyId);
    const maya = await signUpFrom(waitingGuest.email, {});
    expect(await maya.trpc.invitations.open.mutate({ token: waitingGuest.token })).toMatchObject({ state: "waiting" });
    expect(await pregnanciesOf(maya)).toEqual([]);
    await confirmEmail(maya, waitingGuest.email);
    expect(await pregnanciesOf(maya)).toEqual([pregnancyId]);
  });

  it("says exactly why not: used by someone else, sent to another address, expired, withdrawn", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const guest = await invitedGuest(owner, pregnancyId);
    const invitee = await signUpFrom(guest.email, {});
    await confirmEmail(invitee, guest.email);

    const { client: someoneElse, email: elseEmail } = await signUp("someone.else");
    await confirmEmail(someoneElse, elseEmail);
    await expect(someoneElse.trpc.invitations.open.mutate({ token: guest.token })).rejects.toMatchObject({ message: INVITATION_REFUSALS.INVITATION_EMAIL_MISMATCH });

    const { db, close } = openTestDb();
    try {
      await db.update(invitationTracking).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitationTracking.invitationToken, guest.token));
      await expect(invitee.trpc.invitations.open.mutate({ token: guest.token })).rejects.toMatchObject({ message: INVITATION_REFUSALS.INVITATION_EXPIRED });
      await db.update(invitationTracking).set({ expiresAt: null }).where(eq(invitationTracking.invitationToken, guest.token));
      expect(await invitee.trpc.invitations.open.mutate({ token: guest.token })).toMatchObject({ state: "joined" });
      // Taken: anyone else opening it hears it was used.
      await expect(someoneElse.trpc.invitations.open.mutate({ token: guest.token })).rejects.toMatchObject({ message: INVITATION_REFUSALS.INVITATION_USED });

      const withdrawn = await invitedGuest(owner, pregnancyId);
      const [invited] = await db.select({ id: pregnancyParticipants.id }).from(pregnancyParticipants).where(eq(pregnancyParticipants.invitedEmail, withdrawn.email));
      await owner.trpc.invitations.revoke.mutate({ pregnancyId, participantId: invited!.id });
      await expect(invitee.trpc.invitations.open.mutate({ token: withdrawn.token })).rejects.toMatchObject({ message: INVITATION_REFUSALS.INVITATION_NOT_FOUND });
    } finally {
      await close();
    }
  });

  it("refuses a signed-out caller", async () => {
    await expect(new ApiClient(baseUrl()).trpc.invitations.open.mutate({ token: "anything" })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });
});
