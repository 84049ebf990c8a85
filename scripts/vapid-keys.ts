/**
 * A VAPID key pair for Web Push (RFC 8292), made with WebCrypto: the P-256 public key as its
 * uncompressed point and the private key as its scalar, both base64url, the form browsers
 * (`applicationServerKey`) and push services expect. `npm run vapid-keys` prints a new pair to set
 * as the production secrets; the local stack makes its own (scripts/stack.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { concat, fromBase64Url, toBase64Url } from "../src/domain/bytes";

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const UNCOMPRESSED_POINT = 0x04;

export async function generateVapidKeys(): Promise<VapidKeyPair> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error("the key pair did not export its coordinates");
  return { publicKey: toBase64Url(concat([Uint8Array.of(UNCOMPRESSED_POINT), fromBase64Url(jwk.x), fromBase64Url(jwk.y)])), privateKey: jwk.d };
}

/**
 * The local stack's pair, kept beside its Durable Object state so browsers subscribed in one
 * `npm start` still receive pushes after a restart (a subscription is bound to the key it was made
 * with). Development and test only: production's pair is a secret (README).
 */
export async function localVapidKeys(file: string): Promise<VapidKeyPair> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as VapidKeyPair;
  const keys = await generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys));
  return keys;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const keys = await generateVapidKeys();
  console.log(`A new VAPID key pair for Web Push. Set them as secrets (the public key is also sent to browsers):

  npx wrangler secret put VAPID_PUBLIC_KEY    # ${keys.publicKey}
  npx wrangler secret put VAPID_PRIVATE_KEY   # ${keys.privateKey}
  npx wrangler secret put VAPID_SUBJECT       # mailto:you@your.domain or https://your.domain
`);
}
