import { Hono } from "hono";
import { PHOTO_CACHE_SECONDS, PHOTO_MAX_FILE_BYTES } from "../../src/domain/constants";
import type { Bindings } from "../env";
import { checkImageUpload, newImageName, privateObjectResponse, storedImageName, waitingRoomImageKey } from "../services/storage";
import { requirePregnancyAccess, type PregnancyRouteVariables } from "./access";

/**
 * Images for waiting-room messages (and the baby's first photo), behind the pregnancy check and
 * canAccessWaitingRoom. The upload answers the image name that messages.send or babyHere attach.
 */
export const waitingRoomImageRoutes = new Hono<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>()
  .use("/:pregnancyId/*", requirePregnancyAccess)
  .use("/:pregnancyId/*", async (c, next) => {
    if (!c.var.access.permissions.canAccessWaitingRoom) return c.json({ error: "ACCESS_DENIED" }, 403);
    await next();
  })
  .post("/:pregnancyId/images", async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const upload = checkImageUpload(bytes, PHOTO_MAX_FILE_BYTES);
    if (!upload.ok) return c.json({ error: upload.error }, upload.status);
    const name = newImageName(upload.type.extension);
    await c.env.PHOTOS.put(waitingRoomImageKey(c.var.access.id, name), bytes, {
      httpMetadata: { contentType: upload.type.mime },
      customMetadata: { uploadedBy: c.var.userId },
    });
    return c.json({ imageName: name, url: `/api/waiting-room/${c.var.access.id}/images/${name}` }, 201);
  })
  .get("/:pregnancyId/images/:imageName", async (c) => {
    const name = storedImageName.safeParse(c.req.param("imageName"));
    if (!name.success) return c.json({ error: "Not found" }, 404);
    const object = await c.env.PHOTOS.get(waitingRoomImageKey(c.var.access.id, name.data));
    if (!object) return c.json({ error: "Not found" }, 404);
    return privateObjectResponse(object, PHOTO_CACHE_SECONDS);
  });
