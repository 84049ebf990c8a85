import { Hono } from "hono";
import type { Bindings } from "../env";
import { PHOTO_MAX_FILE_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { UploadRefusal } from "../services/photoStorage";
import { storeWaitingRoomImage } from "../services/waitingRoomImages";
import { prepareImageUpload, privateObjectResponse, storedImageName, waitingRoomImageKey } from "../infra/storage";
import { requirePregnancyAccess, type PregnancyRouteVariables } from "./access";
import { readBytesWithin, requireBodyWithin, tooLarge } from "./uploadLimits";
import { PHOTO_CACHE_SECONDS } from "../../src/domain/photos";

const TOO_LARGE = UPLOAD_MESSAGES.imageTooLarge(PHOTO_MAX_FILE_BYTES);

/**
 * Images for waiting-room messages (and the baby's first photo), behind the pregnancy check and
 * canAccessWaitingRoom. The upload (bounded, stripped of its metadata, counted in the pregnancy's
 * storage and the guest's quota) answers the image name that messages.send or babyHere attach.
 */
export const waitingRoomImageRoutes = new Hono<{ Bindings: Bindings; Variables: PregnancyRouteVariables }>()
  // The body's size is checked first, before any other work.
  .post("/:pregnancyId/images", requireBodyWithin(PHOTO_MAX_FILE_BYTES, TOO_LARGE))
  .use("/:pregnancyId/*", requirePregnancyAccess)
  .use("/:pregnancyId/*", async (c, next) => {
    if (!c.var.caller.access.permissions.canAccessWaitingRoom) return c.json({ error: "ACCESS_DENIED" }, 403);
    await next();
  })
  .post("/:pregnancyId/images", async (c) => {
    const bytes = await readBytesWithin(c.req.raw, PHOTO_MAX_FILE_BYTES);
    if (bytes === "too-large") return tooLarge(c, TOO_LARGE);
    const upload = prepareImageUpload(bytes, PHOTO_MAX_FILE_BYTES);
    if (!upload.ok) return c.json({ error: upload.error, message: upload.message }, upload.status);
    const { caller } = c.var;
    try {
      const name = await storeWaitingRoomImage(caller, { image: upload, sentBytes: bytes.byteLength });
      return c.json({ imageName: name, url: `/api/waiting-room/${caller.access.id}/images/${name}` }, 201);
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json({ error: error.code, message: error.message }, error.status);
      throw error;
    }
  })
  .get("/:pregnancyId/images/:imageName", async (c) => {
    const name = storedImageName.safeParse(c.req.param("imageName"));
    if (!name.success) return c.json({ error: "Not found" }, 404);
    const object = await c.env.PHOTOS.get(waitingRoomImageKey(c.var.caller.access.id, name.data));
    if (!object) return c.json({ error: "Not found" }, 404);
    return privateObjectResponse(object, PHOTO_CACHE_SECONDS);
  });
