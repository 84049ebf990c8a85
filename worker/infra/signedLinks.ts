/**
 * Tokens for links that must work without a session (a mailed thumbnail, an unsubscribe link): what
 * the link is for, what it names and until when, signed with HMAC-SHA256 under the app's secret
 * (BETTER_AUTH_SECRET) through WebCrypto. Nothing is stored; the route that takes a token still
 * checks, when the link is followed, that what it names is allowed now.
 */

export type SignedLinkPurpose = "digest-photo" | "digest-unsubscribe";

interface SignedPayload {
  /** What the link is for: a token made for one purpose proves nothing for another. */
  p: SignedLinkPurpose;
  /** Expiry, in seconds since the epoch. */
  e: number;
  /** What it names (ids), in the purpose's order. */
  f: string[];
}

const MS_PER_SECOND = 1000;
const encoder = new TextEncoder();

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const keyOf = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

/** A token for `purpose` naming `fields`, valid until `expiresAt`. */
export async function signLink(secret: string, purpose: SignedLinkPurpose, fields: string[], expiresAt: Date): Promise<string> {
  const payload: SignedPayload = { p: purpose, e: Math.floor(expiresAt.getTime() / MS_PER_SECOND), f: fields };
  const body = encoder.encode(JSON.stringify(payload));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await keyOf(secret), body));
  return `${toBase64Url(body)}.${toBase64Url(signature)}`;
}

/** The fields a token names when it is ours, for `purpose`, unchanged and not expired at `now`; null otherwise. */
export async function verifyLink(secret: string, purpose: SignedLinkPurpose, token: string, now: Date): Promise<string[] | null> {
  const [bodyText, signatureText, ...rest] = token.split(".");
  if (bodyText === undefined || signatureText === undefined || rest.length > 0) return null;
  const body = fromBase64Url(bodyText);
  const signature = fromBase64Url(signatureText);
  if (!body || !signature) return null;
  // Constant-time comparison, inside WebCrypto.
  if (!(await crypto.subtle.verify("HMAC", await keyOf(secret), signature, body))) return null;
  let payload: SignedPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(body)) as SignedPayload;
  } catch {
    return null;
  }
  if (payload.p !== purpose || typeof payload.e !== "number" || payload.e * MS_PER_SECOND <= now.getTime()) return null;
  return Array.isArray(payload.f) && payload.f.every((field) => typeof field === "string") ? payload.f : null;
}
