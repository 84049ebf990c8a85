/**
 * The public site's two forms (onboarding spec 2 and 5), one schema each for the page and the
 * worker: the contact form (first name, last name, email and message required, 'Missing
 * Information') and the newsletter signup (first name and email required, an optional due date
 * typed MM/DD/YYYY, the email stored lowercased), plus the token its emailed links carry. Their
 * limits and texts are in ./publicFormMessages.ts, re-exported here.
 */
import { z } from "zod";
import { parseUsDate } from "./dates";
import { CONTACT_INQUIRY_TYPES } from "./enums";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES, EMAIL_MAX_LENGTH, NEWSLETTER_MESSAGES, PHONE_MAX_LENGTH, PUBLIC_FORM_MESSAGES } from "./publicFormMessages";
import { NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "./textLimits";

export * from "./publicFormMessages";

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
