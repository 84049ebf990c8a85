/**
 * The data attributes that tie the prerendered markup to the enhancers in src/site/client: named
 * once here for both sides. Plain strings only, so the enhancers import nothing of React.
 */
export const SITE_HOOKS = {
  /** A <details> menu that closes on Escape and on a click outside. */
  menu: "data-menu",
  /** A link whose click is recorded as a cta_clicked event, with its label as the value. */
  cta: "data-cta",
  /** The home page's bar that appears after scrolling. */
  stickyBar: "data-sticky-bar",
  /** A form posted as JSON (src/site/forms/SiteForm.tsx). */
  jsonForm: "data-json-form",
  formSuccess: "data-success",
  formFailure: "data-failure",
  formStatus: "data-form-status",
  /** A date typed in three boxes <name>Month, <name>Day, <name>Year, sent as 'MM/DD/YYYY'. */
  formDateParts: "data-date-parts",
  field: "data-field",
  requiredMessage: "data-required-message",
  /** The due date calculator. */
  calculator: "data-calculator",
  calculatorResult: "data-calculator-result",
  slot: "data-slot",
  eventTemplate: "data-event-template",
  milestonePreview: "data-milestone-preview",
  close: "data-close",
  /** The newsletter's confirm and unsubscribe pages: the action, and where to say how it went. */
  newsletterLink: "data-newsletter-link",
} as const;

/** Spread onto an element: `<div {...hook("stickyBar")}>`, or with a value. */
export const hook = (name: keyof typeof SITE_HOOKS, value = "") => ({ [SITE_HOOKS[name]]: value });
