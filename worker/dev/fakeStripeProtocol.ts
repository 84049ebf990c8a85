/**
 * The wire details the local fake Stripe shares with the real one: form-encoded parameters as the
 * SDK sends them, Stripe-style ids, and the Stripe-Signature header of webhooks.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

/** 'line_items[0][price]' -> ['line_items', '0', 'price']. */
function keyPath(key: string): string[] {
  const head = key.split("[", 1)[0] ?? key;
  return [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? "")];
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

function setPath(target: FormObject | FormValue[], path: string[], value: string): void {
  const [segment, ...rest] = path;
  if (segment === undefined) return;
  const slot = segment === "" && Array.isArray(target) ? String(target.length) : segment;
  const container = target as Record<string, FormValue>;
  if (rest.length === 0) {
    container[slot] = value;
    return;
  }
  const next = rest[0] ?? "";
  container[slot] ??= isIndex(next) || next === "" ? [] : {};
  const child = container[slot];
  if (typeof child !== "string") setPath(child, rest, value);
}

/**
 * Parses Stripe's form encoding (`metadata[userId]=u1&line_items[0][price]=p&expand[0]=subscription`)
 * into nested objects and arrays, as the API reads it.
 */
export function parseStripeForm(params: URLSearchParams): FormObject {
  const result: FormObject = {};
  for (const [key, value] of params) setPath(result, keyPath(key), value);
  return result;
}

/** A Stripe-style id: the object's prefix and 24 random letters and digits. */
export function stripeId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * The Stripe-Signature header Stripe sends with a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint's signing secret>`.
 */
export async function stripeSignatureHeader(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestampSeconds}.${payload}`));
  return `t=${timestampSeconds},v1=${toHex(signature)}`;
}
