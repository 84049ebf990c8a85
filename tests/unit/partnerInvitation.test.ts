import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import {
  cooldownSecondsOf,
  invitationSignUpErrorMessage,
  sendCodeErrorMessage,
  verifyCodeErrorMessage,
  verifyEmailErrorMessage,
} from "../../src/features/partners/partnerErrors";
import { validateInvitedPartnerSearch, validatePartnerVerifySearch } from "../../src/features/partners/search";
import { maskEmail, PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES } from "../../src/domain/partnerInvitation";
import { CREATE_ACCOUNT_MESSAGES, INVITATION_SIGNUP_MESSAGES, SEND_CODE_MESSAGES, SIGN_IN_MESSAGES } from "../../src/domain/auth";

const PREGNANCY_ID = "0b6f2f9e-8d1c-4c55-9a51-2f0d7c1e9a10";

/** A refusal as the tRPC client sees it: the server's message, tRPC code, HTTP status and our appCode. */
function refusal(message: string, code: string, httpStatus: number, appCode?: string) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { code, httpStatus, appCode } } });
}

describe("/invited-partner search", () => {
  it("keeps the invitation link's parameters and reads verified=true as JSON or text", () => {
    expect(validateInvitedPartnerSearch({ email: "pat@example.com", pregnancy_id: PREGNANCY_ID, inviter: " Olga Owner ", verified: true })).toEqual({
      email: "pat@example.com",
      pregnancy_id: PREGNANCY_ID,
      inviter: "Olga Owner",
      verified: true,
    });
    expect(validateInvitedPartnerSearch({ verified: "true" })).toEqual({ verified: true });
  });

  it("drops a malformed pregnancy id, an empty inviter and any other verified value", () => {
    expect(validateInvitedPartnerSearch({ pregnancy_id: "not-a-uuid", inviter: "  ", verified: "yes" })).toEqual({});
    expect(validatePartnerVerifySearch({ participantId: "42" })).toEqual({});
    expect(validatePartnerVerifySearch({ participantId: PREGNANCY_ID })).toEqual({ participantId: PREGNANCY_ID });
  });
});

describe("partner invitation errors", () => {
  it("reads the cooldown seconds only from the resend refusal", () => {
    expect(cooldownSecondsOf(refusal(PARTNER_MESSAGES.resendIn(27), "TOO_MANY_REQUESTS", 429, "RESEND_COOLDOWN"))).toBe(27);
    expect(cooldownSecondsOf(refusal("Resend in 27s", "BAD_REQUEST", 400))).toBeNull();
  });

  it("shows the spec's texts for the server's codes", () => {
    const notFound = refusal(PARTNER_ERROR_MESSAGES.invitation_not_found, "NOT_FOUND", 404, "invitation_not_found");
    expect(verifyEmailErrorMessage(notFound)).toBe(PARTNER_ERROR_MESSAGES.invitation_not_found);
    expect(verifyEmailErrorMessage(refusal("[zod issues]", "BAD_REQUEST", 400))).toBe(CREATE_ACCOUNT_MESSAGES.invalidEmail);
    expect(verifyEmailErrorMessage(new Error("offline"))).toBe(SEND_CODE_MESSAGES.generic);
    expect(sendCodeErrorMessage(new Error("offline"), false)).toBe(PARTNER_MESSAGES.sendCodeFailed);
    expect(sendCodeErrorMessage(new Error("offline"), true)).toMatch(/^Resend failed: /);
    expect(verifyCodeErrorMessage(refusal(PARTNER_ERROR_MESSAGES.too_many_attempts, "FORBIDDEN", 403, "too_many_attempts"))).toBe(PARTNER_ERROR_MESSAGES.too_many_attempts);
    expect(verifyCodeErrorMessage(new Error("offline"))).toBe(SIGN_IN_MESSAGES.verificationFailed);
  });

  it("shows a wrong code's own message, with the attempts remaining", () => {
    const wrong = refusal(`That code is not right. ${PARTNER_MESSAGES.attemptsRemaining(1)}`, "BAD_REQUEST", 400, "invalid_code");
    expect(verifyCodeErrorMessage(wrong)).toBe("That code is not right. 1 attempt remaining");
  });

  it("turns a taken email into 'Account exists' and shows other server errors as received", () => {
    expect(invitationSignUpErrorMessage({ status: 422, code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists" })).toBe(INVITATION_SIGNUP_MESSAGES.accountExists);
    expect(invitationSignUpErrorMessage({ status: 400, message: "Password too short" })).toBe("Password too short");
    expect(invitationSignUpErrorMessage({ status: 0, message: "Failed to fetch" })).toBe(INVITATION_SIGNUP_MESSAGES.signupFailed);
  });
});

describe("the owner's address in the partner flow", () => {
  it("keeps the first letter and the domain, hiding the rest of the name", () => {
    expect(maskEmail("olivia@example.com")).toBe("o•••••@example.com");
    expect(maskEmail("o@example.com")).toBe("o•@example.com");
    expect(maskEmail("not-an-address")).toBe("not-an-address");
  });
});
