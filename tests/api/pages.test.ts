import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "../../src/site/pages";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { signUp } from "../support/families";

const APP_SHELL_MARK = '<div id="root"></div>';

describe("pages served around the Worker (worker/http/pages.ts)", () => {
  it("serves the prerendered home page to a visitor, readable without any script", async () => {
    const response = await new ApiClient(baseUrl()).fetch("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Get Started Now");
    expect(html).not.toContain(APP_SHELL_MARK);
  });

  it("sends a signed-in user from / to /dashboard, and a visitor with a stale session cookie gets the home page", async () => {
    const { client } = await signUp("home-redirect");
    const signedIn = await client.fetch("/");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/dashboard");

    const stale = await fetch(new URL("/", baseUrl()), { headers: { cookie: "better-auth.session_token=not-a-session" }, redirect: "manual" });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("Get Started Now");
  });

  it("serves every public page as its own static file and the app's shell for the app's routes", async () => {
    const visitor = new ApiClient(baseUrl());
    for (const { path, title } of SITE_PAGES.filter((page) => page.path !== "/")) {
      const response = await visitor.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title} · BabySteps</title>`);
      expect(html, path).not.toContain(APP_SHELL_MARK);
    }
    // /auth is prerendered from its own small entry, with any search.
    for (const path of ["/auth", "/auth?mode=signup"]) {
      const html = await (await visitor.fetch(path)).text();
      expect(html, path).toContain("<title>Sign In · BabySteps</title>");
      expect(html, path).not.toContain(APP_SHELL_MARK);
    }
    for (const path of ["/dashboard", "/events/123", "/no-such-page"]) {
      const response = await visitor.fetch(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(APP_SHELL_MARK);
    }
    expect((await visitor.fetch("/no-such-page", { method: "DELETE" })).status).toBe(404);
  });

  it("publishes robots.txt, a sitemap of the indexable pages and a web app manifest", async () => {
    const visitor = new ApiClient(baseUrl());
    const robots = await (await visitor.fetch("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Sitemap: https://babysteps.app/sitemap.xml");
    const sitemap = await (await visitor.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>https://babysteps.app/pricing</loc>");
    expect(sitemap).toContain("<loc>https://babysteps.app/auth</loc>");
    expect(sitemap).not.toContain("/newsletter/confirm");
    const manifest = (await (await visitor.fetch("/manifest.webmanifest")).json()) as { name: string; icons: { sizes: string }[] };
    expect(manifest.name).toBe("BabySteps");
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });
});
