import { SITE_HOOKS } from "../hooks";
import { PUBLIC_FORM_MESSAGES } from "../../domain/publicFormMessages";

/** Where a field's message goes: the same look as the app's field errors (src/ui/TextField.tsx). */
const FIELD_ERROR_STYLES = "text-sm font-medium text-danger";
const STATUS_STYLES = { success: "text-success", error: "text-danger" } as const;
const HTTP_TOO_MANY_REQUESTS = 429;

interface Refusal {
  message?: string;
  fields?: Record<string, string>;
}

/** Each named control's text (a site form has no file inputs). */
const valuesOf = (form: HTMLFormElement) => new Map([...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : ""]));

/** The form's fields as the endpoint's JSON body; a date typed in three boxes is sent as 'MM/DD/YYYY' (or left out when blank). */
function bodyOf(form: HTMLFormElement): Record<string, string> {
  const body = Object.fromEntries(valuesOf(form));
  const dateField = form.getAttribute(SITE_HOOKS.formDateParts);
  if (dateField) {
    const parts = (["Month", "Day", "Year"] as const).map((part) => {
      const value = body[`${dateField}${part}`] ?? "";
      delete body[`${dateField}${part}`];
      return value.trim();
    });
    if (parts.some(Boolean)) body[dateField] = parts.join("/");
  }
  return body;
}

/** Shows (or clears) one field's message under it, and marks its controls invalid for assistive technology. */
function showFieldError(form: HTMLFormElement, field: string, message: string | undefined): void {
  const frame = form.querySelector<HTMLElement>(`[${SITE_HOOKS.field}="${field}"]`);
  if (!frame) return;
  const errorId = `${form.id}-${field}-error`;
  frame.querySelector(`[id="${errorId}"]`)?.remove();
  for (const control of frame.querySelectorAll<HTMLElement>("input, select, textarea")) {
    const describedBy = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
    if (message) {
      control.setAttribute("aria-invalid", "true");
      describedBy.push(errorId);
    } else {
      control.removeAttribute("aria-invalid");
    }
    if (describedBy.length) control.setAttribute("aria-describedby", describedBy.join(" "));
    else control.removeAttribute("aria-describedby");
  }
  if (!message) return;
  const error = document.createElement("p");
  error.id = errorId;
  error.className = FIELD_ERROR_STYLES;
  error.textContent = message;
  frame.insertAdjacentElement("beforeend", error);
}

function showStatus(form: HTMLFormElement, kind: keyof typeof STATUS_STYLES, text: string): void {
  const status = form.querySelector<HTMLElement>(`[${SITE_HOOKS.formStatus}]`);
  if (!status) return;
  status.classList.remove(...Object.values(STATUS_STYLES));
  status.classList.add(STATUS_STYLES[kind]);
  status.textContent = text;
}

/** Required fields left blank, with their messages, before anything is sent. */
function blankRequiredFields(form: HTMLFormElement): Map<string, string> {
  const values = valuesOf(form);
  const blank = new Map<string, string>();
  for (const control of form.querySelectorAll<HTMLElement>("[required][name]")) {
    const name = control.getAttribute("name") ?? "";
    if (!values.get(name)?.trim()) blank.set(name, control.getAttribute(SITE_HOOKS.requiredMessage) ?? "");
  }
  return blank;
}

function focusFirstInvalid(form: HTMLFormElement): void {
  form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
}

async function submit(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  for (const frame of form.querySelectorAll<HTMLElement>(`[${SITE_HOOKS.field}]`)) showFieldError(form, frame.getAttribute(SITE_HOOKS.field) ?? "", undefined);

  const blank = blankRequiredFields(form);
  if (blank.size) {
    for (const [field, message] of blank) showFieldError(form, field, message);
    showStatus(form, "error", [...blank.values()][0] ?? "");
    focusFirstInvalid(form);
    return;
  }

  const failure = form.getAttribute(SITE_HOOKS.formFailure) ?? "";
  if (button) button.disabled = true;
  form.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(form.action, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(bodyOf(form)), credentials: "same-origin" });
    if (response.ok) {
      form.reset();
      showStatus(form, "success", form.getAttribute(SITE_HOOKS.formSuccess) ?? "");
      return;
    }
    const refusal = (await response.json().catch(() => ({}))) as Refusal;
    if (response.status === HTTP_TOO_MANY_REQUESTS) return showStatus(form, "error", PUBLIC_FORM_MESSAGES.tooManyRequests);
    for (const [field, message] of Object.entries(refusal.fields ?? {})) showFieldError(form, field, message);
    showStatus(form, "error", refusal.message ?? failure);
    focusFirstInvalid(form);
  } catch {
    showStatus(form, "error", failure);
  } finally {
    if (button) button.disabled = false;
    form.removeAttribute("aria-busy");
  }
}

/**
 * Every public form (src/site/forms/SiteForm.tsx) posts its fields as JSON to its endpoint: blank
 * required fields are named first without a request, the server's refusals are shown next to
 * their fields, and the status line says how it went. Without this script the browser would post
 * the form itself; the endpoints answer JSON, so the script is what makes the forms usable.
 */
export function enhanceJsonForms(root: Document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>(`form[${SITE_HOOKS.jsonForm}]`)) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void submit(form, form.querySelector<HTMLButtonElement>("button[type=submit]"));
    });
  }
}
