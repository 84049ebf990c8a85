import { z } from "zod";
import { stripImageMetadata } from "../../src/domain/imageMetadata";
import { detectImageType, UPLOAD_MESSAGES, type ImageType } from "../../src/domain/uploads";

/** Every object of a pregnancy lives under its own prefix, so a key can never cross pregnancies. */
export const pregnancyPrefix = (pregnancyId: string) => `pregnancies/${pregnancyId}/`;

export const photoKey = (pregnancyId: string, fileName: string) => `${pregnancyPrefix(pregnancyId)}photos/${fileName}`;

/** Images attached to waiting-room messages (and the baby's first photo). */
export const waitingRoomImageKey = (pregnancyId: string, fileName: string) => `${pregnancyPrefix(pregnancyId)}waiting-room/${fileName}`;

/** What belongs to a user, not to a pregnancy (their avatar). */
export const userPrefix = (userId: string) => `users/${userId}/`;

export const avatarKey = (userId: string, fileName: string) => `${userPrefix(userId)}avatar/${fileName}`;

/** Stored image names are ours (a random id and the detected type), never the uploader's. */
export const storedImageName = z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|webp|heic)$/);
export const newImageName = (extension: string) => `${crypto.randomUUID()}.${extension}`;

export interface PreparedImage {
  ok: true;
  type: ImageType;
  /** The bytes to store: the upload without its metadata. */
  bytes: Uint8Array;
}

export interface ImageRefusal {
  ok: false;
  status: 400 | 413 | 415;
  error: string;
  message: string;
}

const refusal = (status: ImageRefusal["status"], error: string, message: string): ImageRefusal => ({ ok: false, status, error, message });

/**
 * An uploaded image checked by size and by its first bytes, then stripped of its metadata
 * (src/domain/imageMetadata.ts): what to store, or the refusal to answer with.
 */
export function prepareImageUpload(bytes: Uint8Array, maxBytes: number): PreparedImage | ImageRefusal {
  if (bytes.byteLength === 0) return refusal(400, "VALIDATION_FAILED", "Empty file");
  if (bytes.byteLength > maxBytes) return refusal(413, "PAYLOAD_TOO_LARGE", UPLOAD_MESSAGES.imageTooLarge(maxBytes));
  const type = detectImageType(bytes);
  if (!type) return refusal(415, "UNSUPPORTED_TYPE", UPLOAD_MESSAGES.notAnImage);
  const stripped = stripImageMetadata(bytes, type.kind);
  if (!stripped.ok) return refusal(400, "UNREADABLE_IMAGE", UPLOAD_MESSAGES.imageUnreadable);
  return { ok: true, type, bytes: stripped.value };
}

/** A single byte range a Range header asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`); several ranges or anything else: the whole object. */
export function requestedRange(header: string | null): R2Range | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") return { suffix: Number(last) };
  const offset = Number(first);
  return last === "" ? { offset } : Number(last) < offset ? null : { offset, length: Number(last) - offset + 1 };
}

/**
 * The object at `key` as this request asks for it: without its body when the browser's
 * If-None-Match still matches (answered 304), and only the bytes of its Range when it names one (a
 * video seeking; only where `ranged`). Only those two headers decide; other conditional headers are not ours to answer.
 * A range that starts past the end answers "unsatisfiable".
 */
export async function getObjectFor(bucket: R2Bucket, key: string, request: Request, ranged = false): Promise<R2Object | R2ObjectBody | null | "unsatisfiable"> {
  const etag = request.headers.get("if-none-match");
  const range = ranged ? requestedRange(request.headers.get("range")) : null;
  const options: R2GetOptions = { ...(etag ? { onlyIf: new Headers({ "if-none-match": etag }) } : {}), ...(range ? { range } : {}) };
  try {
    return await bucket.get(key, options);
  } catch (error) {
    if (range && (await bucket.head(key))) return "unsatisfiable";
    throw error;
  }
}

/** Where the bytes a range names begin in an object of `size` bytes and how many there are (R2 serves exactly those). */
function servedRange(range: R2Range, size: number): { offset: number; length: number } {
  if ("suffix" in range) {
    const length = Math.min(range.suffix, size);
    return { offset: size - length, length };
  }
  const offset = range.offset ?? 0;
  return { offset, length: Math.min(range.length ?? size - offset, size - offset) };
}

const HTTP_PARTIAL_CONTENT = 206;
const HTTP_RANGE_NOT_SATISFIABLE = 416;

/** The answer to a Range past the end of the object. */
export const unsatisfiableRange = () => new Response(null, { status: HTTP_RANGE_NOT_SATISFIABLE, headers: { "content-range": "bytes */*", "x-content-type-options": "nosniff" } });

/**
 * Serves an R2 object privately: family pictures must never sit in a shared cache. An object read
 * with `onlyIf` whose ETag the browser already has comes without a body and answers 304; one read
 * for a Range the request named answers 206 with its Content-Range.
 */
export function privateObjectResponse(object: R2Object | R2ObjectBody, maxAgeSeconds: number, extraHeaders: Record<string, string> = {}, ranges: "none" | "accepted" | R2Range = "none"): Response {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", `private, max-age=${maxAgeSeconds}`);
  headers.set("x-content-type-options", "nosniff");
  // A user's file is never a document of ours: opened directly it runs no script, and no other site embeds it.
  headers.set("content-security-policy", "sandbox");
  headers.set("cross-origin-resource-policy", "same-origin");
  if (ranges !== "none") headers.set("accept-ranges", "bytes");
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const range = typeof ranges === "object" ? servedRange(ranges, object.size) : null;
  if (!range) return new Response(object.body, { headers });
  headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
  headers.set("content-length", String(range.length));
  return new Response(object.body, { status: HTTP_PARTIAL_CONTENT, headers });
}

/** The most keys R2 lists in one page or deletes in one call. */
const R2_BATCH = 1000;

/** Deletes every object whose key starts with `prefix`, a page at a time; returns how many went. */
export async function deleteObjectsUnder(bucket: R2Bucket, prefix: string): Promise<number> {
  let deleted = 0;
  // Listing again from the start after each delete: the page just removed is no longer there.
  for (;;) {
    const page = await bucket.list({ prefix, limit: R2_BATCH });
    const keys = page.objects.map((object) => object.key);
    if (keys.length === 0) return deleted;
    await bucket.delete(keys);
    deleted += keys.length;
  }
}

/** The ids of the folders directly under `prefix` (`pregnancies/<id>/`, `users/<id>/`), every page. */
export async function folderIdsUnder(bucket: R2Bucket, prefix: "pregnancies/" | "users/"): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, delimiter: "/", limit: R2_BATCH, ...(cursor ? { cursor } : {}) });
    ids.push(...page.delimitedPrefixes.map((folder) => folder.slice(prefix.length, -1)));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return ids;
}
