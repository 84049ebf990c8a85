/**
 * One Web Push message to one device: the payload encrypted for the browser's keys (RFC 8291,
 * aes128gcm, by @block65/webcrypto-web-push on WebCrypto) and signed for the push service with our
 * VAPID key (RFC 8292). Answers the push service's status (src/domain/outbox.ts reads it: 404 and 410
 * mean the subscription is gone).
 */
import { encryptNotification } from "@block65/webcrypto-web-push";
import { fromBase64Url, toBase64Url } from "../../src/domain/bytes";
import { isAllowedPushEndpoint, type PushPayload } from "../../src/domain/push";

export interface PushTarget {
  endpoint: string;
  /** base64url, as the browser gave them. */
  p256dh: string;
  auth: string;
}

/** The server's key pair (base64url: the 65-byte public point, the 32-byte private scalar) and contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a push service keeps a message for a device that is offline: news of the day, not of the week. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** RFC 8292 section 2: a token lives at most 24 hours; ours half that, as push services advise. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

const P256_COORDINATE_BYTES = 32;

const jsonBase64Url = (value: unknown) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));

/**
 * The `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292 section 3): an ES256 JWT whose
 * audience is the endpoint's origin. Made here rather than by the library's vapidHeaders, which
 * refuses http endpoints and so the local test push endpoint: one signing path for every endpoint.
 */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, now = Date.now()): Promise<string> {
  const point = fromBase64Url(vapid.publicKey);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: toBase64Url(point.slice(1, 1 + P256_COORDINATE_BYTES)), y: toBase64Url(point.slice(1 + P256_COORDINATE_BYTES)), d: vapid.privateKey },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS, sub: vapid.subject };
  const unsigned = `${jsonBase64Url({ typ: "JWT", alg: "ES256" })}.${jsonBase64Url(claims)}`;
  // WebCrypto's ECDSA signature is r || s, the form JWS uses.
  const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(unsigned)));
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${vapid.publicKey}`;
}

/**
 * Sends one push and answers the push service's status. The endpoint is checked again here (it was
 * at subscribe time): the Worker posts only to push services, and follows no redirect.
 */
export async function sendPush(target: PushTarget, message: PushPayload, vapid: VapidKeys, options: { allowLocal: boolean; urgency?: "normal" | "high" }): Promise<number> {
  if (!isAllowedPushEndpoint(target.endpoint, options.allowLocal)) throw new Error("push endpoint not allowed");
  const body = await encryptNotification({ endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } }, new TextEncoder().encode(JSON.stringify(message)));
  const response = await fetch(target.endpoint, {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    headers: {
      authorization: await vapidAuthorization(target.endpoint, vapid),
      ttl: String(PUSH_TTL_SECONDS),
      urgency: options.urgency ?? "normal",
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
    },
    body,
  });
  // The body is not read: drain it so the connection is released.
  await response.body?.cancel();
  return response.status;
}
