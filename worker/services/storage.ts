import { z } from "zod";
import { detectImageType, type ImageType } from "../../src/domain/uploads";

/** Every object of a pregnancy lives under its own prefix, so a key can never cross pregnancies. */
export const pregnancyPrefix = (pregnancyId: string) => `pregnancies/${pregnancyId}/`;

export const photoKey = (pregnancyId: string, fileName: string) => `${pregnancyPrefix(pregnancyId)}photos/${fileName}`;

/** Images attached to waiting-room messages (and the baby's first photo). */
export const waitingRoomImageKey = (pregnancyId: string, fileName: string) => `${pregnancyPrefix(pregnancyId)}waiting-room/${fileName}`;

/** Avatars belong to the user, not to a pregnancy. */
export const avatarKey = (userId: string, fileName: string) => `users/${userId}/avatar/${fileName}`;

/** Stored image names are ours (a random id and the detected type), never the uploader's. */
export const storedImageName = z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|webp|heic)$/);
export const newImageName = (extension: string) => `${crypto.randomUUID()}.${extension}`;

/** An uploaded image body checked by size and by its first bytes: its type, or the refusal to answer with. */
export function checkImageUpload(bytes: Uint8Array, maxBytes: number): { ok: true; type: ImageType } | { ok: false; error: string; status: 400 | 413 | 415 } {
  if (bytes.byteLength === 0) return { ok: false, error: "Empty file", status: 400 };
  if (bytes.byteLength > maxBytes) return { ok: false, error: "File too large", status: 413 };
  const type = detectImageType(bytes);
  return type ? { ok: true, type } : { ok: false, error: "Unsupported file type", status: 415 };
}

/**
 * Serves an R2 object privately: family pictures must never sit in a shared cache. An object read
 * with `onlyIf` whose ETag the browser already has comes without a body and answers 304.
 */
export function privateObjectResponse(object: R2Object | R2ObjectBody, maxAgeSeconds: number, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", `private, max-age=${maxAgeSeconds}`);
  headers.set("x-content-type-options", "nosniff");
  // A user's file is never a document of ours: opened directly it runs no script, and no other site embeds it.
  headers.set("content-security-policy", "sandbox");
  headers.set("cross-origin-resource-policy", "same-origin");
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return "body" in object ? new Response(object.body, { headers }) : new Response(null, { status: 304, headers });
}
