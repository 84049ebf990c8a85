import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { GuestPrivacyLevel } from "../../src/domain/enums";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { pregnancyParticipants } from "../../worker/db/schema";
import { baseUrl, openTestDb } from "../support/env";
import { addGuest } from "../support/photos";
import { confirmEmail, createOtherFamily, signUp, uniqueEmail } from "../support/families";
import { ApiClient } from "../support/client";
import { CREATE_ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from "../../src/domain/auth";
import { INVITE_LEVEL_NOT_ALLOWED_MESSAGE } from "../../src/domain/audience";

interface OutboxMail {
  to: string;
  text: string;
}

async function invitationToken(email: string): Promise<string> {
  const mails = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];
  // Newest first; the sign-up's own code mail to the same address has no invitation link.
  const link = mails.map((m) => (m.to === email ? m.text.match(/https?:\/\/\S*invite_type=guest\S*/)?.[0] : undefined)).find(Boolean);
  const token = link ? new URL(link).searchParams.get("token") : null;
  if (!token) throw new Error(`No invitation link mailed to ${email}`);
  return token;
}

/** A new account for this email; confirmed with the mailed code unless told otherwise. */
async function signUpAs(email: string, { confirmed = true } = {}): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.postJson("/api/auth/sign-up/email", { email, password: "welcome-guest-1", name: "Ivy Guest", firstName: "Ivy", lastName: "Guest" });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  if (confirmed) await confirmEmail(client, email);
  return client;
}

/** A stranger's own account, confirmed, so a refusal is about the invitation and not the mailbox. */
async function confirmedStranger(label: string): Promise<ApiClient> {
  const { client, email } = await signUp(label);
  await confirmEmail(client, email);
  return client;
}

describe("guest invitations", () => {
  it("the owner invites a guest by mail; signing up with that email and the link makes them a guest of the pregnancy", async () => {
    // A family of its own: other files count the demo family's members.
    const { owner: owner, pregnancyId } = await createOtherFamily();
    const email = uniqueEmail("Ivy.Guest");
    const invited = await owner.trpc.invitations.inviteGuest.mutate({
      pregnancyId,
      email,
      firstName: "Ivy",
      lastName: "Guest",
      relationship: "cousin",
      privacyLevel: "close-friends",
      personalMessage: "We would love you there!",
    });
    expect(invited.success).toBe(true);
    const mails = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];
    const text = mails.find((m) => m.to === email.toLowerCase())?.text ?? "";
    expect(text).toContain("We would love you there!");
    // One call to action, whose link carries the invitee's name for the account form; the code on its own line for typing.
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(text).toContain(`Accept the invitation: ${links[0]}`);
    expect(Object.fromEntries(new URL(links[0]!).searchParams)).toMatchObject({ invite_type: "guest", email: email.toLowerCase(), first_name: "Ivy", last_name: "Guest" });
    expect(text).toMatch(/^Your invitation code: \S+$/m);

    const ivy = await signUpAs(email);
    const token = await invitationToken(email.toLowerCase());
    expect(await ivy.trpc.invitations.accept.mutate({ token })).toMatchObject({ success: true, pregnancyId, pregnancyTitle: "Another Family" });
    const mine = await ivy.trpc.pregnancy.mine.query();
    expect(mine.guestPregnancies.map((p) => p.id)).toEqual([pregnancyId]);
    const access = await ivy.trpc.pregnancy.access.query({ pregnancyId });
    expect(access).toMatchObject({ role: "guest", privacyLevel: "close-friends" });
    expect(access.permissions.canAccessWaitingRoom).toBe(true);

    // Single use: taking it again is the same answer and no second membership; nobody else can take it.
    expect(await ivy.trpc.invitations.accept.mutate({ token })).toMatchObject({ success: true, pregnancyId });
    expect((await ivy.trpc.pregnancy.mine.query()).guestPregnancies).toHaveLength(1);
    const other = await confirmedStranger("other");
    await expect(other.trpc.invitations.accept.mutate({ token })).rejects.toMatchObject({ message: SIGN_IN_MESSAGES.invitationNotFound });

    // Inviting the same person again is refused.
    await expect(
      owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email: email.toUpperCase(), firstName: "Ivy", lastName: "Guest", privacyLevel: "friends" }),
    ).rejects.toMatchObject({ data: { code: "CONFLICT" } });
  });

  it("a link cannot be used by a different email, and a resent link replaces the old one", async () => {
    const { owner: owner, pregnancyId } = await createOtherFamily();
    const email = uniqueEmail("invitee");
    const { participantId } = await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Max", lastName: "Friend", privacyLevel: "friends" });
    const firstToken = await invitationToken(email);

    const stranger = await confirmedStranger("stranger");
    await expect(stranger.trpc.invitations.accept.mutate({ token: firstToken })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "INVITATION_EMAIL_MISMATCH" } });

    await owner.trpc.invitations.resend.mutate({ pregnancyId, participantId });
    const secondToken = await invitationToken(email);
    expect(secondToken).not.toBe(firstToken);
    const max = await signUpAs(email);
    await expect(max.trpc.invitations.accept.mutate({ token: firstToken })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect(await max.trpc.invitations.accept.mutate({ token: secondToken })).toMatchObject({ success: true, participantId });
  });
});

describe("an invitation needs a proven mailbox", () => {
  it("an account whose email is not confirmed cannot take the invitation, by link or by code, until it confirms", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const email = uniqueEmail("unproven");
    const { participantId } = await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Una", privacyLevel: "friends" });
    const token = await invitationToken(email);

    // Early access lets anyone sign up with the invited address, but that proves nothing.
    const una = await signUpAs(email, { confirmed: false });
    const refusal = { data: { code: "FORBIDDEN", appCode: "EMAIL_NOT_CONFIRMED" }, message: CREATE_ACCOUNT_MESSAGES.emailNotVerified };
    await expect(una.trpc.invitations.accept.mutate({ token })).rejects.toMatchObject(refusal);
    await expect(una.trpc.invitations.joinByCode.mutate({ code: token })).rejects.toMatchObject(refusal);
    expect((await una.trpc.pregnancy.mine.query()).guestPregnancies).toEqual([]);

    await confirmEmail(una, email);
    expect(await una.trpc.invitations.accept.mutate({ token })).toMatchObject({ success: true, participantId, pregnancyId });
    expect((await una.trpc.pregnancy.mine.query()).guestPregnancies.map((p) => p.id)).toEqual([pregnancyId]);
  });
});

describe("join a pregnancy with an invitation code", () => {
  it("the mailed code joins the invited guest once (typing it again changes nothing); another email is refused as an invalid code", async () => {
    const { owner, pregnancyId } = await createOtherFamily();
    const email = uniqueEmail("code.guest");
    const { participantId } = await owner.trpc.invitations.inviteGuest.mutate({ pregnancyId, email, firstName: "Cora", lastName: "Code", privacyLevel: "friends" });
    const mails = (await (await fetch(`${baseUrl()}/api/dev/outbox`)).json()) as OutboxMail[];
    const code = mails.find((m) => m.to === email)?.text.match(/^Your invitation code: (\S+)$/m)?.[1];
    expect(code).toBe(await invitationToken(email));

    const stranger = await confirmedStranger("code.stranger");
    await expect(stranger.trpc.invitations.joinByCode.mutate({ code: code! })).rejects.toMatchObject({
      data: { code: "FORBIDDEN", appCode: "INVITATION_EMAIL_MISMATCH" },
    });

    const cora = await signUpAs(email);
    expect(await cora.trpc.invitations.joinByCode.mutate({ code: `  ${code!} ` })).toEqual({
      success: true,
      joined_via: "promotion",
      state: "active",
      participant_id: participantId,
      pregnancy_id: pregnancyId,
      pregnancy_title: "Another Family",
    });
    expect((await cora.trpc.pregnancy.mine.query()).guestPregnancies.map((p) => p.id)).toEqual([pregnancyId]);
    expect(await cora.trpc.pregnancy.access.query({ pregnancyId })).toMatchObject({ role: "guest" });

    // Typing it again answers as before (taken by this very account): no second membership.
    expect(await cora.trpc.invitations.joinByCode.mutate({ code: code! })).toMatchObject({ success: true, state: "active" });
    await expect(cora.trpc.invitations.joinByCode.mutate({ code: "no-such-code" })).rejects.toMatchObject({ data: { appCode: "INVITATION_NOT_FOUND" } });
    await expect(cora.trpc.invitations.joinByCode.mutate({ code: "   " })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});

describe("a guest who may invite", () => {
  it("invites at their own privacy level or a farther one, never closer, and grants no flag they lack", async () => {
    const family = await createOtherFamily();
    // Extended family, trusted to invite, but kept out of the baby game by the parents.
    const inviter = await addGuest(family.pregnancyId, "inviter", "extended-family", { ...GUEST_DEFAULT_PERMISSIONS, canInviteGuests: true, canPlayBabyGame: false });
    const invite = (privacyLevel: GuestPrivacyLevel) =>
      inviter.client.trpc.invitations.inviteGuest.mutate({ pregnancyId: family.pregnancyId, email: uniqueEmail(`by-guest-${privacyLevel}`), firstName: "Ivy", privacyLevel });

    const closer = await invite("immediate-family").catch((error: unknown) => error);
    expect(closer).toMatchObject({ data: { code: "FORBIDDEN", appCode: "PRIVACY_LEVEL_NOT_ALLOWED" }, message: INVITE_LEVEL_NOT_ALLOWED_MESSAGE });
    for (const level of ["extended-family", "friends"] as const) {
      const { participantId } = await invite(level);
      const { db, close } = openTestDb();
      try {
        const [row] = await db.select({ privacyLevel: pregnancyParticipants.privacyLevel, permissions: pregnancyParticipants.permissions }).from(pregnancyParticipants).where(eq(pregnancyParticipants.id, participantId));
        expect(row?.privacyLevel).toBe(level);
        expect(row?.permissions).toMatchObject({ canPlayBabyGame: false, canAccessWaitingRoom: true, canInviteGuests: false });
      } finally {
        await close();
      }
    }
    // Nothing was stored for the refused one.
    const { db, close } = openTestDb();
    try {
      const rows = await db.select({ level: pregnancyParticipants.privacyLevel }).from(pregnancyParticipants).where(and(eq(pregnancyParticipants.pregnancyId, family.pregnancyId), eq(pregnancyParticipants.status, "invited")));
      expect(rows.map((r) => r.level).sort()).toEqual(["extended-family", "friends"]);
    } finally {
      await close();
    }
  });

  it("lets a parent invite at any level with the guest defaults", async () => {
    const family = await createOtherFamily();
    const { participantId } = await family.owner.trpc.invitations.inviteGuest.mutate({ pregnancyId: family.pregnancyId, email: uniqueEmail("by-parent"), firstName: "Ivy", privacyLevel: "immediate-family" });
    const { db, close } = openTestDb();
    try {
      const [row] = await db.select({ permissions: pregnancyParticipants.permissions }).from(pregnancyParticipants).where(eq(pregnancyParticipants.id, participantId));
      expect(row?.permissions).toEqual({ ...GUEST_DEFAULT_PERMISSIONS });
    } finally {
      await close();
    }
  });
});
