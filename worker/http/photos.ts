import { Hono } from "hono";
import { PHOTO_CACHE_SECONDS, PHOTO_MAX_FILE_BYTES } from "../../src/domain/constants";
import { checkImageUpload, newImageName, photoKey, privateObjectResponse, storedImageName } from "../services/storage";
import { requirePregnancyAccess, type PregnancyRouteVariables } from "./access";
import type { Bindings } from "../env";

/**
 * Photo bytes in R2 behind the pregnancy check. The album's metadata upload (multipart, per-file
 * results) builds on these two routes.
 */
export const photoRoutes = new Hono<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>()
  .use("/:pregnancyId/*", requirePregnancyAccess)
  .post("/:pregnancyId/files", async (c) => {
    const { permissions } = c.var.access;
    if (!permissions.canUploadPhotos && !permissions.canContributePhotos) return c.json({ error: "ACCESS_DENIED" }, 403);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const upload = checkImageUpload(bytes, PHOTO_MAX_FILE_BYTES);
    if (!upload.ok) return c.json({ error: upload.error }, upload.status);
    const { type } = upload;
    const name = newImageName(type.extension);
    const key = photoKey(c.var.access.id, name);
    await c.env.PHOTOS.put(key, bytes, { httpMetadata: { contentType: type.mime }, customMetadata: { uploadedBy: c.var.userId } });
    return c.json({ path: key, url: `/api/photos/${c.var.access.id}/files/${name}` }, 201);
  })
  .get("/:pregnancyId/files/:fileId", async (c) => {
    const name = storedImageName.safeParse(c.req.param("fileId"));
    if (!name.success) return c.json({ error: "Not found" }, 404);
    const object = await c.env.PHOTOS.get(photoKey(c.var.access.id, name.data));
    if (!object) return c.json({ error: "Not found" }, 404);
    return privateObjectResponse(object, PHOTO_CACHE_SECONDS);
  });
