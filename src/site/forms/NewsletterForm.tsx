import { TextField } from "../../ui/TextField";
import { hook } from "../hooks";
import { Field, SiteForm } from "./SiteForm";
import { CONTACT_MESSAGES, NEWSLETTER_DUE_DATE_PART_LENGTHS, NEWSLETTER_MESSAGES, SUPPORT_EMAIL } from "../../domain/publicForms";

export const NEWSLETTER_ENDPOINT = "/api/newsletter/subscribe";

const DUE_DATE_PARTS = [
  { part: "Month", label: "Month", placeholder: "MM", maxLength: NEWSLETTER_DUE_DATE_PART_LENGTHS.month },
  { part: "Day", label: "Day", placeholder: "DD", maxLength: NEWSLETTER_DUE_DATE_PART_LENGTHS.day },
  { part: "Year", label: "Year", placeholder: "YYYY", maxLength: NEWSLETTER_DUE_DATE_PART_LENGTHS.year },
] as const;

/**
 * The newsletter signup (onboarding spec 2 and 5): first name and email, and on the calculator an
 * optional due date (MM/DD/YYYY) for the free first-trimester checklist. Double opt-in: the answer
 * is always 'check your email', whether or not the address was subscribed already.
 */
export function NewsletterForm({ idPrefix, withDueDate = false }: { idPrefix: string; withDueDate?: boolean }) {
  return (
    <SiteForm
      id={idPrefix}
      endpoint={NEWSLETTER_ENDPOINT}
      success={NEWSLETTER_MESSAGES.checkYourEmail}
      failure={`${CONTACT_MESSAGES.failed}. Please try again or write to ${SUPPORT_EMAIL}.`}
      submitLabel="Subscribe"
      {...(withDueDate ? { datePartsOf: "dueDate" } : {})}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="firstName">
          <TextField id={`${idPrefix}-first-name`} label="First name" name="firstName" autoComplete="given-name" required {...hook("requiredMessage", NEWSLETTER_MESSAGES.firstNameRequired)} />
        </Field>
        <Field name="email">
          <TextField id={`${idPrefix}-email`} label="Email" name="email" type="email" autoComplete="email" required {...hook("requiredMessage", NEWSLETTER_MESSAGES.emailRequired)} />
        </Field>
      </div>
      {withDueDate && (
        <Field name="dueDate">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-semibold">Due date (optional, MM/DD/YYYY)</legend>
            <div className="flex gap-2">
              {DUE_DATE_PARTS.map(({ part, label, placeholder, maxLength }) => (
                <TextField
                  key={part}
                  id={`${idPrefix}-due-${part.toLowerCase()}`}
                  label={label}
                  name={`dueDate${part}`}
                  inputMode="numeric"
                  placeholder={placeholder}
                  maxLength={maxLength}
                  className={part === "Year" ? "w-24" : "w-16"}
                />
              ))}
            </div>
          </fieldset>
        </Field>
      )}
    </SiteForm>
  );
}
