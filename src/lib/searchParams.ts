/**
 * Reading text from the URL's search. The router parses values that look like JSON, so a code
 * such as 123456 arrives as a number (and stays in the search even when a validator drops it):
 * numbers are turned back into the text that was in the URL.
 */
export function searchText(value: unknown, maxLength: number): string | undefined {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  return typeof text === "string" && text.length > 0 && text.length <= maxLength ? text : undefined;
}
