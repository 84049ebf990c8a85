import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { AVATAR_CACHE_SECONDS, AVATAR_MAX_BYTES } from "../../src/domain/constants";
import type { AppVariables } from "../context";
import { pregnancyParticipants, users } from "../db/schema";
import type { Bindings } from "../env";
import { UPLOAD_MESSAGES } from "../../src/domain/uploads";
import { avatarKey, newImageName, prepareImageUpload, privateObjectResponse, storedImageName } from "../infra/storage";
import { readBytesWithin, requireBodyWithin, tooLarge } from "./uploadLimits";

interface AvatarVariables extends AppVariables {
  userId: string;
}

const requireSession = createMiddleware<{ Bindings: Bindings; Variables: AvatarVariables }>(async (c, next) => {
  const session = await c.var.getAuth().api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.json({ error: "UNAUTHORIZED" }, 401);
  c.set("userId", session.user.id);
  await next();
});

/**
 * Avatars in R2: anyone signed in uploads their own (bounded, stripped of its metadata like every
 * stored image); only people who share a pregnancy see it.
 */
export const avatarRoutes = new Hono<{ Bindings: Bindings; Variables: AvatarVariables }>()
  // The body's size is checked first, before any other work.
  .post("/", requireBodyWithin(AVATAR_MAX_BYTES, UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES)))
  .use("*", requireSession)
  .post("/", async (c) => {
    const bytes = await readBytesWithin(c.req.raw, AVATAR_MAX_BYTES);
    if (bytes === "too-large") return tooLarge(c, UPLOAD_MESSAGES.imageTooLarge(AVATAR_MAX_BYTES));
    const upload = prepareImageUpload(bytes, AVATAR_MAX_BYTES);
    if (!upload.ok) return c.json({ error: upload.error, message: upload.message }, upload.status);
    const { type } = upload;
    const name = newImageName(type.extension);
    await c.env.PHOTOS.put(avatarKey(c.var.userId, name), upload.bytes, { httpMetadata: { contentType: type.mime } });
    const avatarUrl = `/api/avatars/${c.var.userId}/${name}`;
    const [previous] = await c.var.db.select({ image: users.image }).from(users).where(eq(users.id, c.var.userId));
    await c.var.db.update(users).set({ image: avatarUrl, updatedAt: new Date() }).where(eq(users.id, c.var.userId));
    // The replaced picture is deleted, not kept: nothing private lingers in storage.
    const previousName = previous?.image?.split("/").pop();
    if (previousName && storedImageName.safeParse(previousName).success) c.executionCtx.waitUntil(c.env.PHOTOS.delete(avatarKey(c.var.userId, previousName)));
    return c.json({ avatarUrl }, 201);
  })
  .get("/:userId/:fileName", async (c) => {
    const owner = c.req.param("userId");
    const name = storedImageName.safeParse(c.req.param("fileName"));
    if (!name.success) return c.json({ error: "Not found" }, 404);
    if (owner !== c.var.userId && !(await sharePregnancy(c.var.db, c.var.userId, owner))) return c.json({ error: "ACCESS_DENIED" }, 403);
    const object = await c.env.PHOTOS.get(avatarKey(owner, name.data));
    if (!object) return c.json({ error: "Not found" }, 404);
    return privateObjectResponse(object, AVATAR_CACHE_SECONDS);
  });

async function sharePregnancy(db: AppVariables["db"], viewerId: string, ownerId: string): Promise<boolean> {
  const viewerPregnancies = db
    .select({ id: pregnancyParticipants.pregnancyId })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, viewerId), eq(pregnancyParticipants.status, "active")));
  const [shared] = await db
    .select({ id: pregnancyParticipants.id })
    .from(pregnancyParticipants)
    .where(and(eq(pregnancyParticipants.userId, ownerId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.pregnancyId, viewerPregnancies)))
    .limit(1);
  return shared !== undefined;
}
