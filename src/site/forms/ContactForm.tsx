import type { ContactInquiryType } from "../../domain/enums";
import { SelectField, TextAreaField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import { hook } from "../hooks";
import { Field, SiteForm } from "./SiteForm";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGES, SUPPORT_EMAIL } from "../../domain/publicForms";

export const CONTACT_ENDPOINT = "/api/contact";

const INQUIRY_TYPE_LABELS: Readonly<Record<ContactInquiryType, string>> = {
  general: "General Inquiry",
  support: "Technical Support",
  billing: "Billing Question",
  feature: "Feature Request",
  partnership: "Partnership",
};

const required = { required: true, ...hook("requiredMessage", CONTACT_MESSAGES.missingInformation) };

/**
 * The contact form (onboarding spec 2 and 5): first name, last name, email and message required
 * ('Missing Information'), phone optional, an inquiry type and a subject. The message is stored
 * and the sender gets a confirmation email (instead of the spec's no-op).
 */
export function ContactForm() {
  return (
    <SiteForm
      id="contact-form"
      endpoint={CONTACT_ENDPOINT}
      success={CONTACT_MESSAGES.sent}
      failure={`${CONTACT_MESSAGES.failed}. Please try again or write to ${SUPPORT_EMAIL}.`}
      submitLabel="Send Message"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="firstName">
          <TextField id="contact-first-name" label="First name" name="firstName" autoComplete="given-name" {...required} />
        </Field>
        <Field name="lastName">
          <TextField id="contact-last-name" label="Last name" name="lastName" autoComplete="family-name" {...required} />
        </Field>
        <Field name="email">
          <TextField id="contact-email" label="Email" name="email" type="email" autoComplete="email" {...required} />
        </Field>
        <Field name="phone">
          <TextField id="contact-phone" label="Phone (optional)" name="phone" type="tel" autoComplete="tel" />
        </Field>
      </div>
      <Field name="inquiryType">
        <SelectField label="Inquiry type" name="inquiryType" defaultValue="general">
          {Object.entries(INQUIRY_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </Field>
      <Field name="subject">
        <TextField id="contact-subject" label="Subject" name="subject" />
      </Field>
      <Field name="message">
        <TextAreaField label="Message" name="message" rows={6} maxLength={CONTACT_MESSAGE_MAX_LENGTH} {...required} />
      </Field>
    </SiteForm>
  );
}
