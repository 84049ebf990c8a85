import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "../../src/site/pages";
import { pageFile, renderSitePath, robotsTxt, sitemapXml } from "../../src/site/render";

const ASSETS = { js: "/assets/site.js", css: ["/assets/site.css"] };

describe("the public site's pages", () => {
  it("have unique paths, titles and descriptions of a search-result length", () => {
    expect(new Set(SITE_PAGES.map((page) => page.path)).size).toBe(SITE_PAGES.length);
    expect(new Set(SITE_PAGES.map((page) => page.title)).size).toBe(SITE_PAGES.length);
    for (const { path, description } of SITE_PAGES) {
      expect(description.length, path).toBeGreaterThanOrEqual(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
    }
  });

  it("are written where the static assets serve them: / as index.html, others as <path>.html", () => {
    expect(pageFile("/")).toBe("index.html");
    expect(pageFile("/pricing")).toBe("pricing.html");
    expect(pageFile("/newsletter/confirm")).toBe("newsletter/confirm.html");
  });

  it("render as whole documents with one h1, the site script and stylesheet, and never the app's root", () => {
    for (const { path } of SITE_PAGES) {
      const html = renderSitePath(path, ASSETS) ?? "";
      expect(html.startsWith("<!doctype html><html lang=\"en\">"), path).toBe(true);
      expect(html.match(/<h1[\s>]/g)?.length, path).toBe(1);
      expect(html, path).toContain('<script type="module" src="/assets/site.js">');
      expect(html, path).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
      expect(html, path).not.toContain('id="root"');
    }
    expect(renderSitePath("/pricing/", ASSETS)).toBe(renderSitePath("/pricing", ASSETS));
    expect(renderSitePath("/dashboard", ASSETS)).toBeNull();
  });

  it("list the indexable pages in the sitemap and point robots.txt at it", () => {
    const sitemap = sitemapXml(["/auth"]);
    expect(sitemap).toContain("<loc>https://babysteps.app/</loc>");
    expect(sitemap).toContain("<loc>https://babysteps.app/auth</loc>");
    expect(sitemap).not.toContain("unsubscribe");
    expect(robotsTxt()).toContain("Sitemap: https://babysteps.app/sitemap.xml");
  });
});
