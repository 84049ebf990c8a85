import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES } from "../../src/domain/errors";
import { partnerVerifications } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily, uniqueEmail } from "../support/families";

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

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("partner invitation", () => {
  it("verifies the email, mails the code to the owner, and links the new partner account", async () => {
    const p = await invitedPartner();
    expect(await p.visitor.trpc.partners.verifyEmail.mutate({ email: p.email.toUpperCase() })).toMatchObject({ invitation: { pregnancyId: p.pregnancyId, participantId: p.participantId } });
    expect(await p.visitor.trpc.partners.sendCode.mutate({ email: p.email, pregnancyId: p.pregnancyId })).toMatchObject({ success: true, ownerEmail: p.ownerEmail });
    const code = await ownerCode(p.ownerEmail);
    expect(await p.visitor.trpc.partners.verifyCode.mutate({ email: p.email, pregnancyId: p.pregnancyId, code })).toMatchObject({ success: true, participantId: p.participantId });

    const signUp = await p.visitor.postJson("/api/auth/sign-up/email", { email: p.email, password: "partner-pass-1", name: "Pat Partner", firstName: "Pat", lastName: "Partner" });
    expect(signUp.status).toBe(200);
    expect(await p.visitor.trpc.partners.pendingForMe.query()).toEqual({ participantId: p.participantId, pregnancyTitle: "Another Family" });
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
    await expect(p.visitor.trpc.partners.link.mutate({ participantId: p.participantId })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
  });
});
