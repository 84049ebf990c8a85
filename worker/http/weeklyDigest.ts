import { Hono, type Context } from "hono";
import { html } from "hono/html";
import { DIGEST_MESSAGES } from "../../src/domain/weeklyDigest";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { MAIL_PRODUCT_NAME } from "../infra/mailer";
import { digestPhotoToServe, isUnsubscribeToken, unsubscribeFromDigest } from "../services/weeklyDigest";
import { photoObjectResponse } from "./photos";

type Env = { Bindings: Bindings; Variables: AppVariables };

/** The page styles itself inline and runs no script: its own policy, as strict as the app's otherwise. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const HTTP_NOT_FOUND = 404;

/** The small page the unsubscribe link opens, in the mail's colours: a message and, while the link is good, the button. */
function unsubscribePage(c: Context<Env>, message: string, token: string | null, status: 200 | 404 = 200) {
  c.header("content-security-policy", PAGE_POLICY);
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${DIGEST_MESSAGES.unsubscribeTitle} - ${MAIL_PRODUCT_NAME}</title>
          <style>
            body { margin: 0; background: #fff8fb; color: #2e2235; font-family: -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif; }
            main { max-width: 36rem; margin: 4rem auto; padding: 0 1rem; text-align: center; }
            .brand { font-size: 14px; font-weight: 700; letter-spacing: .04em; color: #9b3f78; }
            h1 { font-size: 1.75rem; }
            p { font-size: 1.125rem; line-height: 1.5; }
            button { padding: 14px 24px; border: 0; border-radius: 12px; background: #9b3f78; color: #fff; font-size: 16px; font-weight: 700; cursor: pointer; }
            a { color: #9b3f78; font-weight: 700; }
          </style>
        </head>
        <body>
          <main>
            <p class="brand">${MAIL_PRODUCT_NAME}</p>
            <h1>${DIGEST_MESSAGES.unsubscribeTitle}</h1>
            <p role="status">${message}</p>
            ${token
              ? html`<form method="post" action="/api/digest/unsubscribe">
                  <input type="hidden" name="token" value="${token}" />
                  <button type="submit">${DIGEST_MESSAGES.unsubscribeButton}</button>
                </form>`
              : ""}
            <p><a href="/">Back to ${MAIL_PRODUCT_NAME}</a></p>
          </main>
        </body>
      </html>`,
    status,
  );
}

/**
 * The weekly digest's mailed links, which work without a session (worker/services/weeklyDigest.ts):
 * - GET /photos/:token: a thumbnail, for a signed unexpired link whose recipient may still see the
 *   photo (404 for a bad link, 403 once they may not);
 * - GET /unsubscribe?token=: a page with a button (mail scanners open links: a GET changes nothing);
 * - POST /unsubscribe (form field `token`, from that page: the app's Origin check applies) turns
 *   the digest off and says so; POST /one-click-unsubscribe?token= does the same for a mail app.
 */
export const weeklyDigestRoutes = new Hono<Env>()
  .get("/photos/:token", async (c) => {
    const photo = await digestPhotoToServe(c.var.scope, c.req.param("token"), new Date());
    if (!photo) return c.json({ error: "Not found" }, HTTP_NOT_FOUND);
    if (photo === "denied") return c.json({ error: "ACCESS_DENIED" }, 403);
    return (await photoObjectResponse(c.env.PHOTOS, c.req.raw, photo, "thumbnail", { anySite: true })) ?? c.json({ error: "Not found" }, HTTP_NOT_FOUND);
  })
  .get("/unsubscribe", async (c) => {
    const token = c.req.query("token") ?? "";
    if (!(await isUnsubscribeToken(c.var.scope, token, new Date()))) return unsubscribePage(c, DIGEST_MESSAGES.invalidLink, null, HTTP_NOT_FOUND);
    return unsubscribePage(c, DIGEST_MESSAGES.unsubscribeQuestion, token);
  })
  /**
   * RFC 8058 one-click: the mail app's own unsubscribe button posts here (body
   * 'List-Unsubscribe=One-Click', from the mail provider, so without our Origin: the signed token
   * is the proof, app.ts exempts this path from the Origin check).
   */
  .post("/one-click-unsubscribe", async (c) => {
    if (!(await unsubscribeFromDigest(c.var.scope, c.req.query("token") ?? "", new Date()))) return c.json({ error: "INVALID_LINK" }, HTTP_NOT_FOUND);
    return c.json({ status: "unsubscribed" });
  })
  .post("/unsubscribe", async (c) => {
    const body = await c.req.parseBody();
    const token = typeof body.token === "string" ? body.token : "";
    if (!(await unsubscribeFromDigest(c.var.scope, token, new Date()))) return unsubscribePage(c, DIGEST_MESSAGES.invalidLink, null, HTTP_NOT_FOUND);
    return unsubscribePage(c, DIGEST_MESSAGES.unsubscribed, null);
  });
