/**
 * The public site's two forms (onboarding spec 2 and 5), one schema each for the page and the
 * worker: the contact form (first name, last name, email and message required, 'Missing
 * Information') and the newsletter signup (first name and email required, an optional due date
 * typed MM/DD/YYYY, the email stored lowercased), plus the token its emailed links carry.
 */
import { z } from "zod";
import { parseUsDate } from "./dates";
import { CONTACT_INQUIRY_TYPES } from "./enums";
import { CREATE_ACCOUNT_MESSAGES } from "./auth";
import { NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "./textLimits";

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

/** Trimmed, non-empty (reported alone), at most `max` characters. */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, PUBLIC_FORM_MESSAGES.tooLong(max));

/** Optional text: blank becomes undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, PUBLIC_FORM_MESSAGES.tooLong(max))
    .optional()
    .transform((text) => text || undefined);

const emailAddress = (required: string, invalid: string) => requiredText(required, EMAIL_MAX_LENGTH).pipe(z.email(invalid));

const PHONE = /^[\d\s+().-]*$/;

export const contactMessageSchema = z.object({
  firstName: requiredText(CONTACT_MESSAGES.missingInformation, NAME_MAX_LENGTH),
  lastName: requiredText(CONTACT_MESSAGES.missingInformation, NAME_MAX_LENGTH),
  email: emailAddress(CONTACT_MESSAGES.missingInformation, CONTACT_MESSAGES.invalidEmail),
  phone: optionalText(PHONE_MAX_LENGTH).refine((phone) => phone === undefined || PHONE.test(phone), CONTACT_MESSAGES.invalidPhone),
  inquiryType: z.enum(CONTACT_INQUIRY_TYPES).default("general"),
  subject: optionalText(TITLE_MAX_LENGTH),
  message: requiredText(CONTACT_MESSAGES.missingInformation, CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const newsletterSubscribeSchema = z.object({
  firstName: requiredText(NEWSLETTER_MESSAGES.firstNameRequired, NAME_MAX_LENGTH),
  email: emailAddress(NEWSLETTER_MESSAGES.emailRequired, NEWSLETTER_MESSAGES.invalidEmail).transform((email) => email.toLowerCase()),
  /** 'MM/DD/YYYY' in, 'YYYY-MM-DD' out; blank is no due date. */
  dueDate: z
    .string()
    .trim()
    .optional()
    .transform((typed, ctx) => {
      if (!typed) return undefined;
      const date = parseUsDate(typed);
      if (date === null) {
        ctx.addIssue({ code: "custom", message: NEWSLETTER_MESSAGES.invalidDueDate });
        return z.NEVER;
      }
      return date;
    }),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
export type NewsletterSubscription = z.output<typeof newsletterSubscribeSchema>;

/** The token of a confirm or unsubscribe link. */
export const newsletterTokenSchema = z.object({ token: z.uuid() });
