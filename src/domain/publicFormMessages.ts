/**
 * The public forms' limits and texts (onboarding spec 2 and 5), apart from the zod schemas in
 * ./publicForms.ts (which re-exports them): the public site's script shows them without loading zod.
 */
import { CREATE_ACCOUNT_MESSAGES } from "./authMessages";

/** Ours: the address the gift-card page's Contact Support button writes to. */
export const SUPPORT_EMAIL = "support@babysteps.app";

export const CONTACT_RESPONSE_HOURS = 24;

/** Ours: an email address is at most 254 characters (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** Ours: a phone number as typed, with spaces, dashes, brackets and an extension. */
export const PHONE_MAX_LENGTH = 40;

/** The newsletter's due date is typed in three boxes: month, day and year. */
export const NEWSLETTER_DUE_DATE_PART_LENGTHS = { month: 2, day: 2, year: 4 } as const;

/** Ours: a contact message (the spec sets no limit). */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_MESSAGES = {
  missingInformation: "Missing Information",
  /** Shown with the support address. */
  failed: "Something went wrong",
  /** Ours: the spec checks required fields only; a reply needs a real address. */
  invalidEmail: CREATE_ACCOUNT_MESSAGES.invalidEmail,
  /** Ours: the spec shows "success" without a text. */
  sent: `Message sent! We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
  /** Ours: digits, spaces and + ( ) - . only. */
  invalidPhone: "Please enter a valid phone number",
} as const;

/** Ours: the spec requires first name and email and gives no texts. */
export const NEWSLETTER_MESSAGES = {
  firstNameRequired: CREATE_ACCOUNT_MESSAGES.firstNameRequired,
  emailRequired: CREATE_ACCOUNT_MESSAGES.emailRequired,
  invalidEmail: CREATE_ACCOUNT_MESSAGES.invalidEmail,
  invalidDueDate: "Please enter the due date as MM/DD/YYYY",
  /** The same answer whether or not the address was already subscribed. */
  checkYourEmail: "Almost there! Check your email to confirm your subscription.",
  confirmed: "You're subscribed! Your first-trimester checklist is on its way.",
  unsubscribed: "You're unsubscribed and won't get any more newsletters from us.",
  invalidLink: "This link is invalid. Please subscribe again.",
} as const;

/** Ours: a public form or event sent too often from one address. */
export const PUBLIC_FORM_MESSAGES = {
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  tooLong: (max: number) => `Please use at most ${max} characters`,
} as const;
