import { Hono } from "hono";
import { pictureCacheSeconds } from "../../src/domain/pictureLinks";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { pictureToServe } from "../infra/pictureLinks";
import { getObjectFor, privateObjectResponse } from "../infra/storage";

/**
 * Pictures by signed link (src/domain/pictureLinks.ts): the signature, the expiry and the viewer's
 * session cookie are checked, nothing else, so no database statement is sent. The answer stays in
 * the browser's private cache until the link expires (immutable: the link names one version).
 */
export const pictureRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().get("/:token", async (c) => {
  const { now } = c.var.scope;
  const picture = await pictureToServe(c.env.BETTER_AUTH_SECRET, c.req.param("token"), c.req.raw, now);
  if (!picture) return c.json({ error: "ACCESS_DENIED" }, 403);
  const object = await getObjectFor(c.env.PHOTOS, picture.key, c.req.raw);
  if (!object || object === "unsatisfiable") return c.json({ error: "Not found" }, 404);
  const maxAge = pictureCacheSeconds(picture.expiresAt, now);
  return privateObjectResponse(object, maxAge, { "cache-control": `private, max-age=${maxAge}, immutable` });
});
