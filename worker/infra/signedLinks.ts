/**
 * Tokens for links that must work without a session (a mailed thumbnail, an unsubscribe link): what
 * the link is for, what it names and until when, signed with HMAC-SHA256 under the app's secret
 * (BETTER_AUTH_SECRET) through WebCrypto. Nothing is stored; the route that takes a token still
 * checks, when the link is followed, that what it names is allowed now.
 */
import { fromBase64Url, toBase64Url } from "../../src/domain/bytes";

export type SignedLinkPurpose = "digest-photo" | "digest-unsubscribe" | "picture";

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

/** A token part as bytes, or null when it is not base64url. */
function decodePart(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(fromBase64Url(text));
  } catch {
    return null;
  }
}

const keys = new Map<string, Promise<CryptoKey>>();
/** The HMAC-SHA256 key of a secret, imported once per isolate: a page of pictures signs dozens of links, every signed-in request checks its cookies. */
export function hmacKeyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

/** A token for `purpose` naming `fields`, valid until `expiresAt`. */
export async function signLink(secret: string, purpose: SignedLinkPurpose, fields: string[], expiresAt: Date): Promise<string> {
  const payload: SignedPayload = { p: purpose, e: Math.floor(expiresAt.getTime() / MS_PER_SECOND), f: fields };
  const body = encoder.encode(JSON.stringify(payload));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKeyOf(secret), body));
  return `${toBase64Url(body)}.${toBase64Url(signature)}`;
}

/** The fields a token names when it is ours, for `purpose`, unchanged and not expired at `now`; null otherwise. */
export async function verifyLink(secret: string, purpose: SignedLinkPurpose, token: string, now: Date): Promise<string[] | null> {
  return (await verifySignedLink(secret, purpose, token, now))?.fields ?? null;
}

/** As verifyLink, with the token's expiry (seconds since the epoch). */
export async function verifySignedLink(secret: string, purpose: SignedLinkPurpose, token: string, now: Date): Promise<{ fields: string[]; expiresAt: number } | null> {
  const [bodyText, signatureText, ...rest] = token.split(".");
  if (bodyText === undefined || signatureText === undefined || rest.length > 0) return null;
  const body = decodePart(bodyText);
  const signature = decodePart(signatureText);
  if (!body || !signature) return null;
  // Constant-time comparison, inside WebCrypto.
  if (!(await crypto.subtle.verify("HMAC", await hmacKeyOf(secret), signature, body))) return null;
  let payload: SignedPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(body)) as SignedPayload;
  } catch {
    return null;
  }
  if (payload.p !== purpose || typeof payload.e !== "number" || payload.e * MS_PER_SECOND <= now.getTime()) return null;
  return Array.isArray(payload.f) && payload.f.every((field) => typeof field === "string") ? { fields: payload.f, expiresAt: payload.e } : null;
}
