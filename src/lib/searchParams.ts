/**
 * Reading text from the URL's search. The router parses values that look like JSON, so a code
 * such as 123456 arrives as a number (and stays in the search even when a validator drops it):
 * numbers are turned back into the text that was in the URL.
 */
export function searchText(value: unknown, maxLength: number): string | undefined {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  return typeof text === "string" && text.length > 0 && text.length <= maxLength ? text : undefined;
}

/** The longest Stripe checkout session id a checkout return (`?session_id=`) is read with. */
const MAX_SESSION_ID_LENGTH = 255;

/** `{ session_id }` when the search carries a checkout session id (a checkout's return), else `{}`. */
export function checkoutSessionSearch(search: Record<string, unknown>): { session_id?: string } {
  return typeof search.session_id === "string" && search.session_id.length <= MAX_SESSION_ID_LENGTH ? { session_id: search.session_id } : {};
}
