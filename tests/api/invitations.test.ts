import { describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "../../src/domain/errors";
import { baseUrl } from "../support/env";
import { createOtherFamily, signUp, uniqueEmail } from "../support/families";
import { ApiClient } from "../support/client";

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

async function signUpAs(email: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.postJson("/api/auth/sign-up/email", { email, password: "welcome-guest-1", name: "Ivy Guest", firstName: "Ivy", lastName: "Guest" });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
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
    expect(mails.find((m) => m.to === email.toLowerCase())?.text).toContain("We would love you there!");

    const ivy = await signUpAs(email);
    const token = await invitationToken(email.toLowerCase());
    expect(await ivy.trpc.invitations.accept.mutate({ token })).toMatchObject({ success: true, pregnancyId, pregnancyTitle: "Another Family" });
    const mine = await ivy.trpc.pregnancy.mine.query();
    expect(mine.guestPregnancies.map((p) => p.id)).toEqual([pregnancyId]);
    const access = await ivy.trpc.pregnancy.access.query({ pregnancyId });
    expect(access).toMatchObject({ role: "guest", privacyLevel: "close-friends" });
    expect(access.permissions.canAccessWaitingRoom).toBe(true);

    // Single use: the same link cannot be taken again.
    await expect(ivy.trpc.invitations.accept.mutate({ token })).rejects.toMatchObject({ message: SIGN_IN_MESSAGES.invitationNotFound });

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

    const stranger = await signUp("stranger");
    await expect(stranger.client.trpc.invitations.accept.mutate({ token: firstToken })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });

    await owner.trpc.invitations.resend.mutate({ pregnancyId, participantId });
    const secondToken = await invitationToken(email);
    expect(secondToken).not.toBe(firstToken);
    const max = await signUpAs(email);
    await expect(max.trpc.invitations.accept.mutate({ token: firstToken })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect(await max.trpc.invitations.accept.mutate({ token: secondToken })).toMatchObject({ success: true, participantId });
  });
});
