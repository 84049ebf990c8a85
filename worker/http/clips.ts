import { Hono, type Context } from "hono";
import { z } from "zod";
import { CLIP_MAX_STRUCTURE_BYTES, clipLayoutSchema } from "../../src/domain/clipContainer";
import { CLIP_PART_BYTES, CLIP_MESSAGES } from "../../src/domain/clips";
import { CLIP_UPLOAD_ROLES } from "../../src/domain/enums";
import { PHOTO_MAX_FILES, PHOTO_THUMBNAIL_MAX_BYTES, PHOTO_UPLOAD_OVERHEAD_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import type { Bindings } from "../env";
import { cancelClipUpload, finishClip, type IncomingPart, PartOutOfTurn, putClipPart, startClipUpload } from "../services/clipUpload";
import { UploadRefusal } from "../services/photoStorage";
import { requirePregnancyAccess, type PregnancyRouteVariables } from "./access";
import { parseMetadata } from "./photos";
import { readBytesWithin, readFormWithin, requireBodyWithin, tooLarge } from "./uploadLimits";

type ClipContext = Context<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>;

const HTTP_CONFLICT = 409;

const startSchema = z.object({
  role: z.enum(CLIP_UPLOAD_ROLES),
  fileName: z.string().trim().min(1).max(255),
  fileNumber: z.int().min(1).max(PHOTO_MAX_FILES).default(1),
  size: z.int().positive(),
  fingerprint: z.string().min(16).max(128),
  layout: clipLayoutSchema,
});

const refuse = (c: ClipContext, error: UploadRefusal) => c.json({ error: error.code, message: error.message }, error.status);

/** Runs a service call, answering its refusal in the photo routes' shape. */
async function answer<T>(c: ClipContext, work: () => Promise<T>) {
  try {
    return c.json(await work());
  } catch (error) {
    if (error instanceof UploadRefusal) return refuse(c, error);
    if (error instanceof PartOutOfTurn) return c.json({ error: "PART_OUT_OF_ORDER", message: error.message, ...error.state }, HTTP_CONFLICT);
    throw error;
  }
}

const invalid = (c: ClipContext, message: string) => c.json({ error: "VALIDATION_FAILED", message }, 400);

const uploadIdOf = (c: ClipContext) => z.uuid().safeParse(c.req.param("uploadId"));

/**
 * Clips into R2 in parts, behind the pregnancy check (issue 41): start (or find again) an upload
 * with the clip's structure, send its parts in turn, then put it in the album with its display
 * copy and poster. Every door needs the permission to upload or contribute photos, and an upload
 * is reachable only by the person who started it, in that pregnancy.
 */
export const clipRoutes = new Hono<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>()
  .post("/:pregnancyId/uploads", requireBodyWithin(CLIP_MAX_STRUCTURE_BYTES + PHOTO_UPLOAD_OVERHEAD_BYTES, UPLOAD_MESSAGES.batchTooLarge))
  .put("/:pregnancyId/uploads/:uploadId/parts/:partNumber", requireBodyWithin(CLIP_PART_BYTES, CLIP_MESSAGES.partWrongSize))
  .post("/:pregnancyId", requireBodyWithin(PHOTO_THUMBNAIL_MAX_BYTES + PHOTO_UPLOAD_OVERHEAD_BYTES, UPLOAD_MESSAGES.batchTooLarge))
  .use("/:pregnancyId/*", requirePregnancyAccess)
  .use("/:pregnancyId/*", async (c, next) => {
    const { permissions } = c.var.caller.access;
    if (!permissions.canUploadPhotos && !permissions.canContributePhotos) return c.json({ error: "ACCESS_DENIED" }, 403);
    await next();
  })
  .post("/:pregnancyId/uploads", async (c) => {
    const form = await readFormWithin(c.req.raw, CLIP_MAX_STRUCTURE_BYTES + PHOTO_UPLOAD_OVERHEAD_BYTES);
    if (form === "too-large") return tooLarge(c, UPLOAD_MESSAGES.batchTooLarge);
    const field = form?.get("upload");
    const structure = form?.get("structure");
    if (typeof field !== "string" || !structure || typeof structure === "string") return invalid(c, "Send the upload as JSON and the clip's structure as a file");
    let json: unknown;
    try {
      json = JSON.parse(field);
    } catch {
      return invalid(c, "upload is not JSON");
    }
    const parsed = startSchema.safeParse(json);
    if (!parsed.success) return invalid(c, z.prettifyError(parsed.error));
    const bytes = new Uint8Array(await structure.arrayBuffer());
    return answer(c, () => startClipUpload(c.var.caller, { ...parsed.data, structure: bytes }));
  })
  .put("/:pregnancyId/uploads/:uploadId/parts/:partNumber", async (c) => {
    const uploadId = uploadIdOf(c);
    const partNumber = z.coerce.number().int().min(1).safeParse(c.req.param("partNumber"));
    if (!uploadId.success || !partNumber.success) return invalid(c, "No such part");
    // Its length was checked against the part's limit before anything was read (requireBodyWithin).
    const request = c.req.raw;
    const body: IncomingPart = { length: Number(request.headers.get("content-length")), stream: () => request.body, bytes: () => readBytesWithin(request, CLIP_PART_BYTES) };
    return answer(c, () => putClipPart(c.var.caller, uploadId.data, partNumber.data, body));
  })
  .delete("/:pregnancyId/uploads/:uploadId", async (c) => {
    const uploadId = uploadIdOf(c);
    if (!uploadId.success) return invalid(c, "No such upload");
    return answer(c, async () => {
      await cancelClipUpload(c.var.caller, uploadId.data);
      return { cancelled: true };
    });
  })
  .post("/:pregnancyId", async (c) => {
    const form = await readFormWithin(c.req.raw, PHOTO_THUMBNAIL_MAX_BYTES + PHOTO_UPLOAD_OVERHEAD_BYTES);
    if (form === "too-large") return tooLarge(c, UPLOAD_MESSAGES.batchTooLarge);
    if (!form) return invalid(c, "Send the clip as multipart/form-data");
    const originalId = z.uuid().safeParse(form.get("original"));
    const displayField = form.get("display");
    const displayId = displayField === null || displayField === "" ? null : z.uuid().safeParse(displayField);
    if (!originalId.success || (displayId && !displayId.success)) return invalid(c, "Name the uploads to put in the album");
    const poster = form.get("poster");
    return answer(c, async () => ({
      result: await finishClip(c.var.caller, {
        originalId: originalId.data,
        displayId: displayId?.data ?? null,
        poster: poster && typeof poster !== "string" ? poster : null,
        metadata: parseMetadata(form.get("metadata")),
      }),
    }));
  });
