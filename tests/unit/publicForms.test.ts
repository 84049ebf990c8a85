import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES, contactMessageSchema, NEWSLETTER_MESSAGES, newsletterSubscribeSchema, newsletterTokenSchema, PUBLIC_FORM_MESSAGES } from "../../src/domain/publicForms";
import { NAME_MAX_LENGTH } from "../../src/domain/textLimits";

/** Each invalid field's first message. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

const contact = { firstName: "Maya", lastName: "Ortiz", email: "maya@example.com", message: "Hello" };

describe("contact form", () => {
  it("requires first name, last name, email and message with 'Missing Information', blanks included", () => {
    expect(messages(contactMessageSchema.safeParse({}))).toEqual({
      firstName: CONTACT_MESSAGES.missingInformation,
      lastName: CONTACT_MESSAGES.missingInformation,
      email: CONTACT_MESSAGES.missingInformation,
      message: CONTACT_MESSAGES.missingInformation,
    });
    expect(messages(contactMessageSchema.safeParse({ firstName: " ", lastName: "\t", email: " ", message: "\n" }))).toEqual({
      firstName: CONTACT_MESSAGES.missingInformation,
      lastName: CONTACT_MESSAGES.missingInformation,
      email: CONTACT_MESSAGES.missingInformation,
      message: CONTACT_MESSAGES.missingInformation,
    });
  });

  it("trims, defaults the inquiry type to general and drops blank optional fields", () => {
    expect(contactMessageSchema.parse({ ...contact, firstName: " Maya ", phone: " ", subject: "" })).toEqual({ ...contact, inquiryType: "general" });
    expect(contactMessageSchema.parse({ ...contact, phone: "+1 (555) 010-2030", inquiryType: "partnership", subject: "Hi" })).toMatchObject({
      phone: "+1 (555) 010-2030",
      inquiryType: "partnership",
      subject: "Hi",
    });
  });

  it("refuses a bad email, phone, inquiry type or an overlong field", () => {
    expect(messages(contactMessageSchema.safeParse({ ...contact, email: "maya.example.com" }))).toEqual({ email: CONTACT_MESSAGES.invalidEmail });
    expect(messages(contactMessageSchema.safeParse({ ...contact, phone: "call me" }))).toEqual({ phone: CONTACT_MESSAGES.invalidPhone });
    expect(contactMessageSchema.safeParse({ ...contact, inquiryType: "other" }).success).toBe(false);
    expect(messages(contactMessageSchema.safeParse({ ...contact, firstName: "x".repeat(NAME_MAX_LENGTH + 1) }))).toEqual({ firstName: PUBLIC_FORM_MESSAGES.tooLong(NAME_MAX_LENGTH) });
    expect(messages(contactMessageSchema.safeParse({ ...contact, message: "x".repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }))).toEqual({
      message: PUBLIC_FORM_MESSAGES.tooLong(CONTACT_MESSAGE_MAX_LENGTH),
    });
  });
});

describe("newsletter signup", () => {
  it("requires first name and email, lowercases the email and turns MM/DD/YYYY into a date", () => {
    expect(messages(newsletterSubscribeSchema.safeParse({ firstName: "", email: " " }))).toEqual({
      firstName: NEWSLETTER_MESSAGES.firstNameRequired,
      email: NEWSLETTER_MESSAGES.emailRequired,
    });
    expect(newsletterSubscribeSchema.parse({ firstName: "Nora", email: " Nora@Example.COM ", dueDate: "03/07/2027" })).toEqual({
      firstName: "Nora",
      email: "nora@example.com",
      dueDate: "2027-03-07",
    });
    expect(newsletterSubscribeSchema.parse({ firstName: "Nora", email: "nora@example.com", dueDate: " " })).toEqual({ firstName: "Nora", email: "nora@example.com" });
  });

  it("refuses a due date that is not a real MM/DD/YYYY date", () => {
    for (const dueDate of ["02/29/2027", "2027-03-07", "3-7-2027", "03/07/27", "003/07/2027"]) {
      expect(messages(newsletterSubscribeSchema.safeParse({ firstName: "Nora", email: "nora@example.com", dueDate })), dueDate).toEqual({
        dueDate: NEWSLETTER_MESSAGES.invalidDueDate,
      });
    }
    expect(messages(newsletterSubscribeSchema.safeParse({ firstName: "Nora", email: "nora@" }))).toEqual({ email: NEWSLETTER_MESSAGES.invalidEmail });
  });

  it("takes link tokens that look like the stored ones only", () => {
    expect(newsletterTokenSchema.safeParse({ token: crypto.randomUUID() }).success).toBe(true);
    expect(newsletterTokenSchema.safeParse({ token: "' or 1=1 --" }).success).toBe(false);
  });
});
