import { describe, expect, it } from "vitest";
import { baseUrl, signedInAs } from "../support/env";
import { signUp } from "../support/families";
import { PNG_1X1 } from "../support/images";

/**
 * Issue 18, item 10: every state-changing HTTP route outside tRPC and better-auth checks Origin, so
 * another site's page cannot make a signed-in visitor's browser post to it.
 */

const ELSEWHERE = "https://elsewhere.example";

describe("state-changing routes outside tRPC refuse another site's requests", () => {
  it("answers 403 to a signed-in POST on each with another site's Origin or none, before doing anything", async () => {
    const olivia = await signedInAs("olivia");
    const pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const avatarBefore = (await olivia.trpc.account.me.query())?.avatarUrl;
    const json = (body: unknown) => ({ type: "application/json", body: JSON.stringify(body) });
    const routes: [string, { type: string; body: BodyInit }][] = [
      [`/api/photos/${pregnancyId}`, { type: "multipart/form-data; boundary=x", body: "--x--" }],
      ["/api/avatars", { type: "image/png", body: PNG_1X1 }],
      [`/api/waiting-room/${pregnancyId}/images`, { type: "image/png", body: PNG_1X1 }],
      ["/api/contact", json({ firstName: "Eve", lastName: "Elsewhere", email: "eve@example.test", message: "Hello" })],
      ["/api/newsletter/subscribe", json({ firstName: "Eve", email: "eve@example.test" })],
      ["/api/newsletter/confirm", json({ token: crypto.randomUUID() })],
      ["/api/newsletter/unsubscribe", json({ token: crypto.randomUUID() })],
      ["/api/digest/unsubscribe", { type: "application/x-www-form-urlencoded", body: "token=x" }],
      ["/api/analytics", json({ event: "cta_click", label: "x", path: "/" })],
      ["/api/client-errors", json({ message: "x" })],
    ];
    for (const [path, { type, body }] of routes) {
      for (const origin of [ELSEWHERE, null]) {
        const headers: Record<string, string> = { "content-type": type, cookie: olivia.cookieHeader, "cf-connecting-ip": olivia.ip };
        if (origin) headers.origin = origin;
        const response = await fetch(new URL(path, baseUrl()), { method: "POST", headers, body });
        expect(response.status, `${path} from ${origin ?? "no origin"}`).toBe(403);
        expect(await response.json()).toEqual({ error: "FORBIDDEN_ORIGIN" });
      }
    }
    expect((await olivia.trpc.account.me.query())?.avatarUrl).toBe(avatarBefore);
  });

  it("still serves our own pages' requests", async () => {
    const { client } = await signUp("sameorigin");
    const upload = await client.fetch("/api/avatars", { method: "POST", headers: { "content-type": "image/png" }, body: PNG_1X1 });
    expect(upload.status).toBe(201);
  });
});
