import { SITE_HOOKS } from "../hooks";
import { CONTACT_MESSAGES, NEWSLETTER_MESSAGES, PUBLIC_FORM_MESSAGES } from "../../domain/publicFormMessages";

const HTTP_TOO_MANY_REQUESTS = 429;
const DONE = { confirm: NEWSLETTER_MESSAGES.confirmed, unsubscribe: NEWSLETTER_MESSAGES.unsubscribed } as const;

const isAction = (value: string | null): value is keyof typeof DONE => value === "confirm" || value === "unsubscribe";

/**
 * /newsletter/confirm and /newsletter/unsubscribe: posts the link's token once the page opens and
 * says how it went (a missing, unknown or used token is 'This link is invalid').
 */
export async function followNewsletterLink(status: HTMLElement): Promise<void> {
  const action = status.getAttribute(SITE_HOOKS.newsletterLink);
  const token = new URLSearchParams(window.location.search).get("token");
  if (!isAction(action)) return;
  if (!token) {
    status.textContent = NEWSLETTER_MESSAGES.invalidLink;
    return;
  }
  try {
    const response = await fetch(`/api/newsletter/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
    if (response.ok) status.textContent = DONE[action];
    else status.textContent = response.status === HTTP_TOO_MANY_REQUESTS ? PUBLIC_FORM_MESSAGES.tooManyRequests : NEWSLETTER_MESSAGES.invalidLink;
  } catch {
    status.textContent = `${CONTACT_MESSAGES.failed}. Please check your connection and open the link again.`;
  }
}
