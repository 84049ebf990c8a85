import { renderToStaticMarkup } from "react-dom/server";
import { Document, type SiteAssets } from "./Document";
import { SITE_URL } from "./head";
import { SITE_PAGES } from "./pages";
import { SiteLayout } from "./SiteLayout";
import type { SitePage } from "./types";

/** The whole HTML document of a public page. */
export function renderSitePage(page: SitePage, assets: SiteAssets): string {
  return `<!doctype html>${renderToStaticMarkup(
    <Document page={page} assets={assets}>
      <SiteLayout>
        <page.Page />
      </SiteLayout>
    </Document>,
  )}`;
}

/** The page at this path ('/pricing' or '/pricing/'), or null when it is not a public site page. */
export function renderSitePath(pathname: string, assets: SiteAssets): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  return page ? renderSitePage(page, assets) : null;
}

/** Where the static file goes: '/' is index.html, '/pricing' is pricing.html (served at /pricing). */
export const pageFile = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

/** The public pages search engines should know, with the app's public entry points. */
export function sitemapXml(appPublicPaths: readonly string[]): string {
  const paths = [...SITE_PAGES.filter((page) => !page.noindex).map((page) => page.path), ...appPublicPaths];
  const urls = paths.map((path) => `  <url><loc>${new URL(path, SITE_URL).toString()}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers may read the public pages, not the API, the dev tools or the signed-in app. */
export function robotsTxt(): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /dev/", "Disallow: /dashboard", "", `Sitemap: ${new URL("/sitemap.xml", SITE_URL).toString()}`, ""].join("\n");
}
