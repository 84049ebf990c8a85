import type { ReactNode } from "react";
import { buttonStyles } from "../../ui/buttonStyles";
import { hook, SITE_HOOKS } from "../hooks";

/**
 * A public form that works as JSON against one of our endpoints once src/site/client/jsonForm.ts
 * enhances it: it checks required fields, posts, shows each field's message from the server next
 * to that field, and says how it went in the status line. `success` and `failure` are the texts
 * shown for those outcomes; fields mark themselves with `data-field` wrappers.
 */
export function SiteForm({
  id,
  endpoint,
  success,
  failure,
  submitLabel,
  datePartsOf,
  className,
  children,
}: {
  /** Unique on the page: the fields' message ids start with it. */
  id: string;
  endpoint: string;
  success: string;
  failure: string;
  submitLabel: string;
  /** A date typed in three boxes named <name>Month, <name>Day and <name>Year, sent as 'MM/DD/YYYY'. */
  datePartsOf?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      action={endpoint}
      method="post"
      noValidate
      {...hook("jsonForm")}
      {...{ [SITE_HOOKS.formSuccess]: success, [SITE_HOOKS.formFailure]: failure }}
      {...(datePartsOf ? hook("formDateParts", datePartsOf) : {})}
      className={className}
    >
      {children}
      <div className="flex flex-col gap-3">
        <button type="submit" className={buttonStyles({ size: "lg" })}>
          {submitLabel}
        </button>
        <p {...hook("formStatus")} role="status" className="text-sm font-medium empty:hidden" />
      </div>
    </form>
  );
}

/** One field's frame: the enhancer puts that field's message at its end. */
export function Field({ name, children, className }: { name: string; children: ReactNode; className?: string }) {
  return (
    <div {...hook("field", name)} className={className}>
      {children}
    </div>
  );
}
