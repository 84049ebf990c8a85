import { Hono } from "hono";
import type { Bindings } from "../env";
import { AVATAR_MAX_BYTES, UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { avatarKey, prepareImageUpload, privateObjectResponse, storedImageName } from "../infra/storage";
import { accountExists, canSeeAvatar, saveAvatar } from "../services/avatars";
import { requireUser, type UserRouteVariables } from "./access";
import { readBytesWithin, requireBodyWithin, tooLarge } from "./uploadLimits";
import { AVATAR_CACHE_SECONDS } from "../../src/domain/photos";

/**
 * Avatars in R2: anyone signed in uploads their own (bounded, stripped of its metadata like every
 * stored image); only people who share a pregnancy see it.
 */
export const avatarRoutes = new Hono<{ Bindings: Bindings; Variables: UserRouteVariables }>()
  // The body's size is checked first, before any other work.
  .post("/", requireBodyWithin(AVATAR_MAX_BYTES, UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES)))
  .use("*", requireUser)
  .post("/", async (c) => {
    const bytes = await readBytesWithin(c.req.raw, AVATAR_MAX_BYTES);
    if (bytes === "too-large") return tooLarge(c, UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES));
    const upload = prepareImageUpload(bytes, AVATAR_MAX_BYTES);
    if (!upload.ok) return c.json({ error: upload.error, message: upload.message }, upload.status);
    const avatarUrl = await saveAvatar(c.var.caller, { bytes: upload.bytes, mime: upload.type.mime, extension: upload.type.extension });
    return c.json({ avatarUrl }, 201);
  })
  .get("/:userId/:fileName", async (c) => {
    const owner = c.req.param("userId");
    const name = storedImageName.safeParse(c.req.param("fileName"));
    if (!name.success) return c.json({ error: "Not found" }, 404);
    if (!(await canSeeAvatar(c.var.caller, owner))) return (await accountExists(c.var.caller, owner)) ? c.json({ error: "ACCESS_DENIED" }, 403) : c.json({ error: "Not found" }, 404);
    const object = await c.env.PHOTOS.get(avatarKey(owner, name.data));
    if (!object) return c.json({ error: "Not found" }, 404);
    return privateObjectResponse(object, AVATAR_CACHE_SECONDS);
  });
