import { describe, expect, it } from "vitest";
import { CREATE_ACCOUNT_MESSAGES, guestSignUpSchema, isWeakPassword, keepDigits, otpCodeSchema, otpEmailSchema, partnerCodeSchema, partnerSignUpSchema, resetPasswordSchema, signInSchema, signUpSchema } from "../../src/domain/auth";

/** Field path to message, for the first issue of each field. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

const validSignUp = { firstName: "Ana", lastName: "Lee", email: "ana@example.com", password: "secret" };

describe("signUpSchema", () => {
  it("accepts a complete form and trims names and email", () => {
    expect(signUpSchema.parse({ ...validSignUp, firstName: "  Ana ", email: " ana@example.com " })).toEqual(validSignUp);
  });

  it("reports each missing field with the spec's message, once", () => {
    const result = signUpSchema.safeParse({ firstName: "  ", lastName: "", email: "", password: "" });
    expect(result.error?.issues).toHaveLength(4);
    expect(issues(result)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("needs an '@' in the email", () => {
    expect(issues(signUpSchema.safeParse({ ...validSignUp, email: "ana.example.com" }))).toEqual({ email: "Please enter a valid email" });
    expect(signUpSchema.safeParse({ ...validSignUp, email: "a@b" }).success).toBe(true);
  });

  it("needs at least 6 password characters, not trimmed", () => {
    expect(issues(signUpSchema.safeParse({ ...validSignUp, password: "12345" }))).toEqual({ password: "Password must be at least 6 characters" });
    expect(signUpSchema.safeParse({ ...validSignUp, password: "x9y8z7" }).success).toBe(true);
    expect(signUpSchema.parse({ ...validSignUp, password: " 1234 " }).password).toBe(" 1234 ");
  });

  it("refuses a password on every leaked-password list, whatever its case", () => {
    for (const password of ["123456", "Password", "QWERTY123"]) {
      expect(issues(signUpSchema.safeParse({ ...validSignUp, password })), password).toEqual({ password: CREATE_ACCOUNT_MESSAGES.commonPassword });
    }
  });
});

describe("signInSchema", () => {
  it("needs both email and password", () => {
    const message = "Missing Information: Please enter both email and password.";
    expect(issues(signInSchema.safeParse({ email: " ", password: "x" }))).toEqual({ email: message });
    expect(issues(signInSchema.safeParse({ email: "a@b.c", password: "" }))).toEqual({ password: message });
    expect(signInSchema.safeParse({ email: "a@b.c", password: "x" }).success).toBe(true);
  });

  it("needs an email to send a code", () => {
    expect(otpEmailSchema.safeParse("").error?.issues[0]?.message).toBe("Missing Email");
    expect(otpEmailSchema.parse(" a@b.c ")).toBe("a@b.c");
  });
});

describe("codes", () => {
  it("accepts exactly 6 digits after trimming", () => {
    expect(otpCodeSchema.parse(" 012345 ")).toBe("012345");
    for (const code of ["12345", "1234567", "12a456", "", "12 345", "١٢٣٤٥٦"]) {
      expect(otpCodeSchema.safeParse(code).error?.issues[0]?.message, code).toBe("Invalid code: Enter the 6-digit code.");
    }
  });

  it("asks for the partner code before checking its form", () => {
    expect(partnerCodeSchema.safeParse(" ").error?.issues.map((issue) => issue.message)).toEqual(["Please enter the verification code"]);
    expect(partnerCodeSchema.safeParse("123").error?.issues[0]?.message).toBe("Invalid code: Enter the 6-digit code.");
    expect(partnerCodeSchema.parse("654321")).toBe("654321");
  });

  it("keeps only digits, at most 6", () => {
    expect(keepDigits("12-34 56 78")).toBe("123456");
    expect(keepDigits("abc")).toBe("");
    expect(keepDigits("1a2b3")).toBe("123");
    expect(keepDigits("123456789", 8)).toBe("12345678");
  });
});

describe("other account forms", () => {
  it("guest signup needs every field and keeps an optional trimmed invitation code", () => {
    const message = "Missing Information: Please fill in all required fields.";
    expect(issues(guestSignUpSchema.safeParse({ firstName: "", lastName: "L", email: "e@x", password: "p" }))).toEqual({ firstName: message });
    expect(guestSignUpSchema.parse({ firstName: "F", lastName: "L", email: "e@x", password: "p", invitationCode: " ABC " }).invitationCode).toBe("ABC");
    expect(guestSignUpSchema.parse({ firstName: "F", lastName: "L", email: "e@x", password: "p", invitationCode: "  " }).invitationCode).toBeUndefined();
    expect(guestSignUpSchema.parse({ firstName: "F", lastName: "L", email: "e@x", password: "p" }).invitationCode).toBeUndefined();
  });

  it("partner sign-up needs matching passwords and accepted terms", () => {
    const form = { ...validSignUp, confirmPassword: "secret", acceptTerms: true };
    expect(partnerSignUpSchema.safeParse(form).success).toBe(true);
    expect(issues(partnerSignUpSchema.safeParse({ ...form, confirmPassword: "other" }))).toEqual({ confirmPassword: "Passwords do not match" });
    expect(issues(partnerSignUpSchema.safeParse({ ...form, acceptTerms: false }))).toEqual({ acceptTerms: "You must accept the Terms & Conditions" });
  });

  it("reset needs 8 characters, a strong mix and a matching confirmation", () => {
    expect(resetPasswordSchema.safeParse({ password: "Little-bean7", confirmPassword: "Little-bean7" }).success).toBe(true);
    expect(issues(resetPasswordSchema.safeParse({ password: "Ab1!xyz", confirmPassword: "Ab1!xyz" }))).toEqual({
      password: "Password Too Short: Password must be at least 8 characters long.",
    });
    expect(issues(resetPasswordSchema.safeParse({ password: "Little-bean7", confirmPassword: "Little-bean8" }))).toEqual({
      confirmPassword: "Passwords Don't Match",
    });
    expect(issues(resetPasswordSchema.safeParse({ password: "12345678", confirmPassword: "12345678" })).password).toMatch(/^Weak Password: Use at least 3 of these/);
  });
});

describe("isWeakPassword", () => {
  it("wants three of lower case, upper case, digits and symbols", () => {
    expect(isWeakPassword("abcdefgh")).toBe(true);
    expect(isWeakPassword("abcdefg1")).toBe(true);
    expect(isWeakPassword("abcdef1!")).toBe(false);
    expect(isWeakPassword("Abcdefg1")).toBe(false);
    expect(isWeakPassword("ABCDEF1!")).toBe(false);
  });

  it("refuses short and well-known passwords whatever their mix", () => {
    expect(isWeakPassword("Ab1!")).toBe(true);
    expect(isWeakPassword("Password1")).toBe(true);
    expect(isWeakPassword("P@ssw0rd")).toBe(true);
  });
});
