import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maskEmail, PARTNER_CODE_RESEND_COOLDOWN_SECONDS, PARTNER_CODES_PER_HOUR, PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES } from "../../src/domain/partnerInvitation";
import { partnerVerifications } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { confirmEmail, createOtherFamily, uniqueEmail } from "../support/families";
import { callBatch, callProcedure, type CallOutcome } from "../support/raw-trpc";
import { CREATE_ACCOUNT_MESSAGES } from "../../src/domain/auth";
import { OTP_ALLOWED_ATTEMPTS } from "../../src/domain/authRules";
import { PROCEDURE_RATE_LIMITS } from "../../src/domain/rateLimits";

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function ownerCode(ownerEmail: string): Promise<string> {
  const mails = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];
  const code = mails.find((m) => m.to === ownerEmail && m.subject === "Your partner's verification code")?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No partner code mailed to ${ownerEmail}`);
  return code;
}

/** A family whose owner has invited a partner; returns what the partner's browser would know. */
async function invitedPartner() {
  const family = await createOtherFamily();
  const ownerEmail = (await family.owner.trpc.account.me.query())!.email;
  const email = uniqueEmail("partner");
  const { participantId } = await family.owner.trpc.partners.invite.mutate({ pregnancyId: family.pregnancyId, email, firstName: "Pat", lastName: "Partner" });
  return { ...family, ownerEmail, email, participantId, visitor: new ApiClient(baseUrl()) };
}

/** A wrong code that differs from the right one (and from each other, by index). */
const wrongCode = (code: string, index = 0) => {
  const wrong = String(index).padStart(6, "0");
  return wrong === code ? String(index + 1).padStart(6, "9") : wrong;
};

/** Pretends the last code went out longer ago than the resend cooldown. */
async function pastCooldown(participantId: string) {
  const { db, close } = openTestDb();
  try {
    await db
      .update(partnerVerifications)
      .set({ lastSentAt: new Date(Date.now() - (PARTNER_CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000) })
      .where(eq(partnerVerifications.participantId, participantId));
  } finally {
    await close();
  }
}

const countOf = (outcomes: CallOutcome[], appCode: string) => outcomes.filter((outcome) => outcome.appCode === appCode).length;

describe("partner invitation", () => {
  it("verifies the email, mails the code to the owner, and links the new partner account once its own email is confirmed", async () => {
    const p = await invitedPartner();
    // Anyone may look an email up, so the answer holds only what the next step needs.
    expect(await p.visitor.trpc.partners.verifyEmail.mutate({ email: p.email.toUpperCase() })).toEqual({ success: true, invitation: { pregnancyId: p.pregnancyId } });
    expect(await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId })).toEqual({ success: true, ownerEmail: maskEmail(p.ownerEmail) });
    const code = await ownerCode(p.ownerEmail);
    expect(await p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).toMatchObject({ success: true, participantId: p.participantId, pregnancyTitle: "Another Family", firstName: "Pat", lastName: "Partner" });

    const signUp = await p.visitor.postJson("/api/auth/sign-up/email", { email: p.email, password: "partner-pass-1", name: "Pat Partner", firstName: "Pat", lastName: "Partner" });
    expect(signUp.status).toBe(200);
    expect(await p.visitor.trpc.partners.pendingForMe.query()).toEqual({ participantId: p.participantId, pregnancyTitle: "Another Family" });
    // The owner's code vouches for the person; the partner's own mailbox is proven by its code.
    await expect(p.visitor.trpc.partners.link.mutate({ participantId: p.participantId })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "EMAIL_NOT_CONFIRMED" },
      message: CREATE_ACCOUNT_MESSAGES.emailNotVerified,
    });
    expect((await p.visitor.trpc.pregnancy.mine.query()).parentPregnancy).toBeNull();
    await confirmEmail(p.visitor, p.email);
    expect(await p.visitor.trpc.partners.link.mutate({ participantId: p.participantId })).toMatchObject({ success: true, pregnancyId: p.pregnancyId });
    expect((await p.visitor.trpc.pregnancy.mine.query()).parentPregnancy).toMatchObject({ id: p.pregnancyId, role: "partner" });
    expect(await p.visitor.trpc.partners.pendingForMe.query()).toBeNull();
  });

  it("keeps a 30-second resend cooldown", async () => {
    const p = await invitedPartner();
    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    await expect(p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId })).rejects.toMatchObject({
      data: { code: "TOO_MANY_REQUESTS" },
      message: expect.stringMatching(/^Resend in \d+s$/),
    });
  });

  it("counts down three attempts and refuses the fourth wrong code with the spec's message", async () => {
    const p = await invitedPartner();
    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    const wrong = wrongCode(await ownerCode(p.ownerEmail));
    for (const left of [2, 1, 0]) {
      await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code: wrong })).rejects.toMatchObject({
        message: expect.stringContaining(PARTNER_MESSAGES.attemptsRemaining(left)),
      });
    }
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code: wrong })).rejects.toMatchObject({
      message: PARTNER_ERROR_MESSAGES.too_many_attempts,
    });
    // Even the right code is refused once the attempts are used up.
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code: await ownerCode(p.ownerEmail) })).rejects.toMatchObject({
      message: PARTNER_ERROR_MESSAGES.too_many_attempts,
    });
  });

  it("refuses an expired code and an unknown email, and never links before verification", async () => {
    const p = await invitedPartner();
    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    const code = await ownerCode(p.ownerEmail);
    const { db, close } = openTestDb();
    try {
      await db.update(partnerVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(partnerVerifications.participantId, p.participantId));
    } finally {
      await close();
    }
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).rejects.toMatchObject({ message: PARTNER_ERROR_MESSAGES.verification_expired });
    await expect(p.visitor.trpc.partners.verifyEmail.mutate({ email: uniqueEmail("stranger") })).rejects.toMatchObject({ message: PARTNER_ERROR_MESSAGES.invitation_not_found });

    await p.visitor.postJson("/api/auth/sign-up/email", { email: p.email, password: "partner-pass-1", name: "Pat Partner", firstName: "Pat", lastName: "Partner" });
    await confirmEmail(p.visitor, p.email);
    await expect(p.visitor.trpc.partners.link.mutate({ participantId: p.participantId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "NOT_VERIFIED" } });
  });

  it("counts every one of many parallel wrong guesses before comparing: three are compared, then even the right code is refused", async () => {
    const p = await invitedPartner();
    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    const code = await ownerCode(p.ownerEmail);
    // Each guess from its own address, all at once.
    const guesses = 8;
    const outcomes = await Promise.all(
      Array.from({ length: guesses }, (_, index) =>
        callProcedure(new ApiClient(baseUrl()), "partners.verifyCode", "mutation", { email: p.email, pregnancyId: p.pregnancyId, code: wrongCode(code, index) }),
      ),
    );
    expect(countOf(outcomes, "invalid_code")).toBe(OTP_ALLOWED_ATTEMPTS);
    expect(countOf(outcomes, "too_many_attempts")).toBe(guesses - OTP_ALLOWED_ATTEMPTS);
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).rejects.toMatchObject({ message: PARTNER_ERROR_MESSAGES.too_many_attempts });
  });

  it("counts every guess of a batched request: three are compared, then even the right code is refused", async () => {
    const p = await invitedPartner();
    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    const code = await ownerCode(p.ownerEmail);
    const guesses = 6;
    const outcomes = await callBatch(
      p.visitor,
      "partners.verifyCode",
      Array.from({ length: guesses }, (_, index) => ({ email: p.email, pregnancyId: p.pregnancyId, code: wrongCode(code, index) })),
    );
    expect(outcomes).toHaveLength(guesses);
    expect(countOf(outcomes, "invalid_code")).toBe(OTP_ALLOWED_ATTEMPTS);
    expect(countOf(outcomes, "too_many_attempts")).toBe(guesses - OTP_ALLOWED_ATTEMPTS);
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).rejects.toMatchObject({ message: PARTNER_ERROR_MESSAGES.too_many_attempts });
  });

  it(`sends at most ${PARTNER_CODES_PER_HOUR} codes an hour per invitation, so resending does not bring the attempts back`, async () => {
    const p = await invitedPartner();
    for (let sent = 0; sent < PARTNER_CODES_PER_HOUR; sent++) {
      if (sent > 0) await pastCooldown(p.participantId);
      await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    }
    const code = await ownerCode(p.ownerEmail);
    for (let guess = 0; guess < OTP_ALLOWED_ATTEMPTS; guess++) {
      await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code: wrongCode(code, guess) })).rejects.toMatchObject({ data: { appCode: "invalid_code" } });
    }
    await pastCooldown(p.participantId);
    // From another address too: the cap belongs to the invitation.
    const elsewhere = new ApiClient(baseUrl());
    const refusal: unknown = await elsewhere.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ data: { code: "TOO_MANY_REQUESTS", appCode: "RESEND_COOLDOWN" } });
    // The wait it names is the rest of the hour, not the 30-second cooldown.
    const seconds = Number((refusal as Error).message.match(/^Resend in (\d+)s$/)?.[1]);
    expect(seconds).toBeGreaterThan(PARTNER_CODE_RESEND_COOLDOWN_SECONDS);
    await expect(p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).rejects.toMatchObject({ message: PARTNER_ERROR_MESSAGES.too_many_attempts });
  });

  it("rate-limits the public partner steps per address and per invitation", async () => {
    const { max } = PROCEDURE_RATE_LIMITS.partnerLookup;
    // One address asking about many emails.
    const prober = new ApiClient(baseUrl());
    for (let call = 0; call < max; call++) {
      await expect(prober.trpc.partners.verifyEmail.mutate({ email: uniqueEmail("probe") })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    }
    await expect(prober.trpc.partners.verifyEmail.mutate({ email: uniqueEmail("probe") })).rejects.toMatchObject({ data: { code: "TOO_MANY_REQUESTS", appCode: "RATE_LIMITED" } });

    // Many addresses aimed at one invitation.
    const p = await invitedPartner();
    for (let call = 0; call < max; call++) await new ApiClient(baseUrl()).trpc.partners.verifyEmail.mutate({ email: p.email });
    await expect(new ApiClient(baseUrl()).trpc.partners.verifyEmail.mutate({ email: p.email })).rejects.toMatchObject({ data: { code: "TOO_MANY_REQUESTS" } });

    await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId });
    const code = await ownerCode(p.ownerEmail);
    const guesses = await Promise.all(
      Array.from({ length: PROCEDURE_RATE_LIMITS.partnerVerifyCode.max + 1 }, (_, index) =>
        callProcedure(new ApiClient(baseUrl()), "partners.verifyCode", "mutation", { email: p.email, pregnancyId: p.pregnancyId, code: wrongCode(code, index) }),
      ),
    );
    expect(countOf(guesses, "RATE_LIMITED")).toBe(1);
    // The send above was the first of the invitation's allowance.
    const sends = await Promise.all(
      Array.from({ length: PROCEDURE_RATE_LIMITS.partnerSendCode.max }, () =>
        callProcedure(new ApiClient(baseUrl()), "partners.sendCode", "mutation", { email: p.email, pregnancyId: p.pregnancyId }),
      ),
    );
    expect(countOf(sends, "RATE_LIMITED")).toBe(1);
  });
});
