/**
 * A local push service for the API tests: a Node HTTP server that takes the Worker's pushes as a
 * browser's push service would, and devices made of real P-256 key pairs that decrypt them (RFC 8291,
 * aes128gcm) and check their VAPID signature (RFC 8292), with node:crypto alone.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { pushPayloadSchema, type PushPayload } from "../../src/domain/push";

export interface ReceivedPush {
  /** The device's path under the endpoint's origin. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the endpoint answered. */
  status: number;
}

export interface PushEndpoint {
  /** http://127.0.0.1:port */
  origin: string;
  received: ReceivedPush[];
  /** From now on, pushes to this path answer `status` (the default is 201 Created, as push services answer). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

const HTTP_CREATED = 201;

export function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const status = answers.get(path) ?? HTTP_CREATED;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        received,
        answer: (path, status) => void answers.set(path, status),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface TestDevice {
  endpoint: string;
  path: string;
  /** As `PushSubscription.toJSON()` gives them: base64url. */
  keys: { p256dh: string; auth: string };
  /** The push's plaintext, decrypted with this device's private key and auth secret. */
  decrypt(body: Buffer): string;
}

/** A browser's subscription at the local endpoint: a fresh P-256 key pair and auth secret. */
export function createTestDevice(origin: string): TestDevice {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    endpoint: `${origin}${path}`,
    path,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
  };
}

const SALT_BYTES = 16;
const RECORD_SIZE_BYTES = 4;
const TAG_BYTES = 16;
const LAST_RECORD_DELIMITER = 0x02;

/**
 * RFC 8291 section 3 and RFC 8188: the header (salt, record size, the server's ephemeral public key),
 * ECDH with the device's private key, HKDF with the auth secret to the IKM, HKDF with the salt to
 * the content key and nonce, AES-128-GCM, then the padding after the last record's delimiter.
 */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, SALT_BYTES);
  const keyIdLength = body.readUInt8(SALT_BYTES + RECORD_SIZE_BYTES);
  const keyIdStart = SALT_BYTES + RECORD_SIZE_BYTES + 1;
  const serverPublicKey = body.subarray(keyIdStart, keyIdStart + keyIdLength);
  const record = body.subarray(keyIdStart + keyIdLength);

  const sharedSecret = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== LAST_RECORD_DELIMITER) throw new Error("the record does not end with the last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** A received push decrypted by its device and read as the service worker reads it. */
export const readPush = (device: TestDevice, push: ReceivedPush): PushPayload => pushPayloadSchema.parse(JSON.parse(device.decrypt(push.body)));

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 section 3): k is the server's public key,
 * the JWT is ES256 and its signature verifies with that key. Answers the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a vapid authorization: ${authorization}`);
  const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
  if (key !== publicKey) throw new Error("k is not the server's public key");
  const parsedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (parsedHeader.alg !== "ES256") throw new Error(`JWT alg ${parsedHeader.alg}`);
  const point = Buffer.from(key, "base64url");
  const verifier = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") }, format: "jwk" });
  const valid = verify("sha256", Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!valid) throw new Error("the JWT signature does not verify with the server's public key");
  return JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as VapidClaims;
}

const POLL_MS = 100;

/** Waits until `count` pushes have arrived (they leave after the response), then a little longer to see that no more come. */
export async function waitForPushes(endpoint: PushEndpoint, count: number, { timeoutMs = 15_000, settleMs = 1_500 } = {}): Promise<ReceivedPush[]> {
  const deadline = Date.now() + timeoutMs;
  while (endpoint.received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return [...endpoint.received];
}
