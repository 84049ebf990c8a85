import { Hono, type Context } from "hono";
import { z } from "zod";
import { downloadFileName, PHOTO_CACHE_SECONDS, type PhotoUploadMetadata, photoUploadMetadataSchema } from "../../src/domain/photos";
import { IMAGE_TYPES, PHOTO_MAX_FILES, PHOTO_UPLOAD_MAX_BODY_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import type { Bindings } from "../env";
import { uploadPhotos } from "../services/photoUpload";
import { UploadRefusal } from "../services/photoStorage";
import { findPhotoToServe, servablePhoto } from "../services/photos";
import { getObjectFor, privateObjectResponse, requestedRange, unsatisfiableRange } from "../infra/storage";
import { CLIP_TYPES } from "../../src/domain/clips";
import { pregnancyRouteCaller, requirePregnancyAccess, type PregnancyRouteVariables } from "./access";
import { readFormWithin, requireBodyWithin, tooLarge } from "./uploadLimits";

type PhotoContext = Context<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>;

const refuse = (c: PhotoContext, refusal: UploadRefusal) => c.json({ error: refusal.code, message: refusal.message }, refusal.status);
const invalid = (message: string) => new UploadRefusal(400, "VALIDATION_FAILED", message);

/** The `metadata` field: JSON, or absent for all defaults (week 24, immediate family). */
export function parseMetadata(field: FormDataEntryValue | null): PhotoUploadMetadata {
  let json: unknown = {};
  if (typeof field === "string" && field.trim() !== "") {
    try {
      json = JSON.parse(field);
    } catch {
      throw invalid("metadata is not JSON");
    }
  } else if (field !== null && typeof field !== "string") throw invalid("metadata must be a text field");
  const parsed = photoUploadMetadataSchema.safeParse(json);
  if (!parsed.success) throw invalid(`metadata: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The batch's parts: 1-20 `files`, and `thumbnails` either absent or one per file (an empty part for a file without one). */
function parseParts(form: FormData): { files: File[]; thumbnails: Array<File | null> } {
  const files = form.getAll("files");
  if (files.length === 0) throw invalid("No files");
  if (files.length > PHOTO_MAX_FILES) throw new UploadRefusal(400, "TOO_MANY_FILES", UPLOAD_MESSAGES.tooManyFiles);
  const uploads = files.filter((part): part is File => typeof part !== "string");
  if (uploads.length !== files.length) throw invalid("files must be files");
  const thumbnails = form.getAll("thumbnails");
  if (thumbnails.length !== 0 && thumbnails.length !== files.length) throw invalid("Send one thumbnail per file, in the same order, or none");
  return { files: uploads, thumbnails: thumbnails.map((part) => (typeof part === "string" ? null : part)) };
}

/**
 * Serves one photo by its id after checking that this viewer may see it; the storage key comes
 * from the photo's row, never from the request. Private caching with the object's ETag (304 when
 * the browser has it); `?download=1` on the original asks the browser to save it.
 */
async function servePhoto(c: PhotoContext, variant: "original" | "thumbnail") {
  const pregnancyId = z.uuid().safeParse(c.req.param("pregnancyId"));
  const photoId = z.uuid().safeParse(c.req.param("photoId"));
  if (!pregnancyId.success || !photoId.success) return c.json({ error: "Not found" }, 404);
  // The row is read beside the access check; nothing of it is used unless the check lets the caller in.
  const [caller, row] = await Promise.all([pregnancyRouteCaller(c), findPhotoToServe(c.var.db, pregnancyId.data, photoId.data)]);
  if (caller instanceof Response) return caller;
  const photo = servablePhoto(caller, row);
  if (!photo) return c.json({ error: "Not found" }, 404);
  if (photo === "hidden") return c.json({ error: "ACCESS_DENIED" }, 403);
  const download = variant === "original" && c.req.query("download") === "1";
  return (await photoObjectResponse(c.env.PHOTOS, c.req.raw, photo, variant, { download })) ?? c.json({ error: "Not found" }, 404);
}

export type ServedPhoto = Exclude<ReturnType<typeof servablePhoto>, null | "hidden">;

/**
 * The bytes of a photo whose viewer was checked, from R2 with private caching and the object's
 * ETag (304 when the browser has it); null when the object is gone. The album's routes and the
 * digest's mailed links both answer through this: `download` asks the browser to save it,
 * `anySite` lets a page elsewhere show it (a webmail showing the digest's thumbnails).
 */
export async function photoObjectResponse(
  bucket: R2Bucket,
  request: Request,
  photo: ServedPhoto,
  variant: "original" | "thumbnail",
  { download = false, anySite = false }: { download?: boolean; anySite?: boolean },
): Promise<Response | null> {
  // The full size is the display copy (a HEIC's JPEG, a clip's H.264 MP4) when one was made, the
  // item as sent otherwise and always when downloaded; without a thumbnail (or a clip's poster) the
  // full size of a photo serves as its own.
  const fullSize = download ? photo.storagePath : (photo.displayPath ?? photo.storagePath);
  const isClip = photo.kind === "clip";
  const key = variant === "thumbnail" ? (photo.thumbnailPath ?? (isClip ? null : fullSize)) : fullSize;
  if (!key) return null;
  // A clip is read by the range the player asks for: playback starts at once and seeking works.
  const object = await getObjectFor(bucket, key, request, isClip && variant === "original");
  if (object === "unsatisfiable") return unsatisfiableRange();
  if (!object) return null;
  const extension = [...Object.values(IMAGE_TYPES), ...Object.values(CLIP_TYPES)].find((type) => type.mime === photo.mimeType)?.extension ?? IMAGE_TYPES.jpeg.extension;
  const headers: Record<string, string> = {
    ...(download ? { "content-disposition": `attachment; filename="${downloadFileName(photo.title, photo.week, extension)}"` } : {}),
    ...(anySite ? { "cross-origin-resource-policy": "cross-origin" } : {}),
    // A clip is checked on every request: the browser keeps it privately but asks again (304 when unchanged).
    ...(isClip ? { "cache-control": "private, no-cache" } : {}),
  };
  const ranges = isClip && variant === "original" ? (requestedRange(request.headers.get("range")) ?? "accepted") : "none";
  return privateObjectResponse(object, PHOTO_CACHE_SECONDS, headers, ranges);
}

/**
 * The album's bytes in R2 behind the pregnancy check (ARCHITECTURE: /api/photos): the batch upload
 * (secure-photo-upload, multipart) and the authorised reads of a photo and its thumbnail.
 */
export const photoRoutes = new Hono<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>()
  // Reads check the caller themselves, beside their photo's row (registered first, so the middleware below is not reached).
  .get("/:pregnancyId/:photoId", (c) => servePhoto(c, "original"))
  .get("/:pregnancyId/:photoId/thumbnail", (c) => servePhoto(c, "thumbnail"))
  // The body's size is checked first, before any other work.
  .post("/:pregnancyId", requireBodyWithin(PHOTO_UPLOAD_MAX_BODY_BYTES, UPLOAD_MESSAGES.batchTooLarge))
  .use("/:pregnancyId/*", requirePregnancyAccess)
  .post("/:pregnancyId", async (c) => {
    const { permissions } = c.var.caller.access;
    if (!permissions.canUploadPhotos && !permissions.canContributePhotos) return c.json({ error: "ACCESS_DENIED" }, 403);
    const form = await readFormWithin(c.req.raw, PHOTO_UPLOAD_MAX_BODY_BYTES);
    if (form === "too-large") return tooLarge(c, UPLOAD_MESSAGES.batchTooLarge);
    if (!form) return refuse(c, invalid("Send the photos as multipart/form-data"));
    try {
      const results = await uploadPhotos(c.var.caller, { ...parseParts(form), metadata: parseMetadata(form.get("metadata")) });
      return c.json({ results });
    } catch (error) {
      if (error instanceof UploadRefusal) return refuse(c, error);
      throw error;
    }
  });
