import { describe, expect, it } from "vitest";
import { GUEST_SIGNUP_MESSAGES, guestJoinErrorTitle } from "../../src/domain/auth";

describe("join_pregnancy_with_code refusals", () => {
  it("an unknown, used, expired or someone else's code is an invalid invitation code", () => {
    expect(guestJoinErrorTitle("INVITATION_NOT_FOUND")).toBe(GUEST_SIGNUP_MESSAGES.invalidInvitationCode);
    expect(guestJoinErrorTitle("INVITATION_EMAIL_MISMATCH")).toBe("Invalid Invitation Code");
  });

  it("any other failure is an invitation error", () => {
    expect(guestJoinErrorTitle("ALREADY_MEMBER")).toBe("Invitation Error");
    expect(guestJoinErrorTitle(undefined)).toBe(GUEST_SIGNUP_MESSAGES.invitationError);
  });
});
