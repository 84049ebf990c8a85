import { describe, expect, it } from "vitest";
import { otpCodeSchema, signInSchema, signUpSchema, type SignUpInput } from "../../src/domain/auth";
import { fieldErrors } from "../../src/lib/formErrors";
import { validateCode, validateSignIn, validateSignUp } from "../../src/features/auth/validation";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

const signUps: SignUpInput[] = [
  { firstName: "Ana", lastName: "Lee", email: "ana@example.com", password: "secret" },
  { firstName: "  ", lastName: "", email: "", password: "" },
  { firstName: " Ana ", lastName: " Lee", email: " ana.example.com ", password: "12345" },
  { firstName: "Ana", lastName: "\t", email: "a@b", password: " 1234 " },
  { firstName: "", lastName: "Lee", email: "   ", password: "      " },
  { firstName: "Ana", lastName: "Lee", email: "ana@example.com", password: "Password1" },
];

describe("the /auth form checks agree with the shared zod schemas", () => {
  it("sign-up: the same first message for each field", () => {
    for (const values of signUps) expect(validateSignUp(values), JSON.stringify(values)).toEqual(fieldErrors<SignUpInput>(signUpSchema.safeParse(values)));
  });

  it("sign-in: one message when either field is missing", () => {
    for (const [email, password] of [["a@b.c", "x"], [" ", "x"], ["a@b.c", ""], ["", ""], [" a ", " "]] as const) {
      expect(validateSignIn(email, password), `${email}/${password}`).toBe(firstMessage(signInSchema.safeParse({ email, password })));
    }
  });

  it("code: exactly 6 digits once trimmed", () => {
    for (const code of ["123456", " 012345 ", "12345", "1234567", "12a456", "", "      "]) expect(validateCode(code), code).toBe(firstMessage(otpCodeSchema.safeParse(code)));
  });
});
