import { describe, expect, it } from "vitest";
import { hashErrorHref, hashErrorRedirect, verificationDestination } from "../../src/domain/authLinks";

describe("verification and callback links", () => {
  it("a recovery link with a token goes to the reset form", () => {
    expect(verificationDestination({ type: "recovery", token: "abc123" })).toEqual({ to: "/reset-password", search: { token: "abc123" } });
  });

  it("a signup or email link with email and code goes to the email confirmation", () => {
    for (const type of ["signup", "email"]) {
      expect(verificationDestination({ type, email: "ada@example.com", code: "123456" })).toEqual({
        to: "/email-confirmed",
        search: { email: "ada@example.com", code: "123456" },
      });
    }
  });

  it("anything else fails to /auth?error=verification_failed", () => {
    const failed = { to: "/auth", search: { error: "verification_failed" } };
    expect(verificationDestination({})).toEqual(failed);
    expect(verificationDestination({ type: "nonsense", token: "abc", email: "a@b.c", code: "123456" })).toEqual(failed);
    expect(verificationDestination({ type: "signup", token: "abc" })).toEqual(failed);
    expect(verificationDestination({ type: "signup", email: "a@b.c" })).toEqual(failed);
    expect(verificationDestination({ type: "email", code: "123456" })).toEqual(failed);
  });

  it("a recovery link without its token is an invalid recovery link", () => {
    const invalid = { to: "/auth", search: { error: "invalid_recovery" } };
    expect(verificationDestination({ type: "recovery" })).toEqual(invalid);
    expect(verificationDestination({ type: "recovery", token: "   " })).toEqual(invalid);
  });
});

describe("errors in the URL hash", () => {
  it("reads the error code and description of an expired link", () => {
    expect(hashErrorRedirect("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired")).toEqual({
      reason: "otp_expired",
      description: "Email link is invalid or has expired",
    });
  });

  it("works without the leading '#' and falls back to the error itself", () => {
    expect(hashErrorRedirect("error=server_error")).toEqual({ reason: "server_error", description: "" });
  });

  it("sends pages outside the app's router to /check-email with the reason and description", () => {
    expect(hashErrorHref("#error=access_denied&error_code=otp_expired&error_description=Link+expired")).toBe("/check-email?reason=otp_expired&description=Link+expired");
    expect(hashErrorHref("#main")).toBeNull();
  });

  it("ignores hashes without an error", () => {
    expect(hashErrorRedirect("")).toBeNull();
    expect(hashErrorRedirect("#main")).toBeNull();
    expect(hashErrorRedirect("#access_token=abc&type=recovery")).toBeNull();
    expect(hashErrorRedirect("#error=")).toBeNull();
  });
});
