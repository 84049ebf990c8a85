import type { ContactMessage } from "../../src/domain/publicForms";
import { sanitizePlainText } from "../../src/domain/sanitize";
import { contactMessages } from "../db/schema";
import { composeMail, MAIL_PRODUCT_NAME } from "../infra/mailer";
import { logEvent } from "../infra/log";
import type { RequestScope } from "./caller";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_RESPONSE_HOURS } from "../../src/domain/publicForms";
import { NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

export const CONTACT_FORM_CONFIRMATION_SUBJECT = "We received your message";

/**
 * Stores a contact message, then mails the sender a confirmation. The mail repeats nothing the
 * sender typed: anyone can enter any address, and the form must not relay their text to it. The
 * message is kept even if the mail fails, so that failure is logged and the sender still told
 * the message arrived.
 */
export async function submitContactForm(scope: RequestScope, message: ContactMessage, userId: string | null): Promise<void> {
  await scope.db.insert(contactMessages).values({
    firstName: sanitizePlainText(message.firstName, NAME_MAX_LENGTH),
    lastName: sanitizePlainText(message.lastName, NAME_MAX_LENGTH),
    email: message.email,
    phone: message.phone ?? null,
    subject: message.subject === undefined ? null : sanitizePlainText(message.subject, TITLE_MAX_LENGTH),
    message: sanitizePlainText(message.message, CONTACT_MESSAGE_MAX_LENGTH),
    inquiryType: message.inquiryType,
    userId,
  });
  const paragraphs = [
    `Thank you for contacting ${MAIL_PRODUCT_NAME}. We received your message and will answer within ${CONTACT_RESPONSE_HOURS} hours.`,
    "If you did not write to us, you can ignore this email.",
  ];
  try {
    await scope.mailer.send(composeMail(message.email, CONTACT_FORM_CONFIRMATION_SUBJECT, paragraphs));
  } catch (error) {
    logEvent("error", "contact confirmation mail failed", { error: String(error) });
  }
}
