import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AUTH_PAGE_FILE, renderAuthPage } from "../src/auth/render";
import type { SiteAssets } from "../src/site/Document";
import { SITE_PAGES } from "../src/site/pages";
import { pageFile, renderSitePage, robotsTxt, sitemapXml } from "../src/site/render";
import { APP_SHELL_FILE } from "../src/lib/appRoutes";
import { APP_PUBLIC_PATHS } from "../worker/http/pages";
import { staticHeadersFile } from "../worker/http/securityHeaders";

/**
 * Run by the build after the client bundle is written (scripts/vite-public-site.ts), with the
 * output folder and the files of the site and /auth entries: moves the app's shell aside (the
 * Worker serves it for the app's routes) and writes every public page and /auth as static HTML,
 * the sitemap, robots.txt, and the _headers file that gives static files the Worker's security headers.
 */
const [outDir, assetsJson] = process.argv.slice(2);
if (!outDir || !assetsJson) throw new Error("usage: prerender.ts <outDir> <assets JSON>");
const assets = JSON.parse(assetsJson) as { site: SiteAssets; auth: SiteAssets };

renameSync(path.join(outDir, "index.html"), path.join(outDir, APP_SHELL_FILE));
for (const page of SITE_PAGES) {
  const file = path.join(outDir, pageFile(page.path));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, renderSitePage(page, assets.site));
}
writeFileSync(path.join(outDir, AUTH_PAGE_FILE), renderAuthPage(assets.auth));
writeFileSync(path.join(outDir, "sitemap.xml"), sitemapXml(APP_PUBLIC_PATHS));
writeFileSync(path.join(outDir, "robots.txt"), robotsTxt());
writeFileSync(path.join(outDir, "_headers"), staticHeadersFile());
console.log(`prerendered ${SITE_PAGES.length} public pages`);
