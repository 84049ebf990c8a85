import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Plugin, Rolldown, ViteDevServer } from "vite";
import { THEME_BOOT_SCRIPT } from "../src/lib/themeBoot.ts";
import { SHARED_HEAD_TAGS } from "../src/site/head.ts";
import type * as SiteRenderModule from "../src/site/render.tsx";

/** The public site's client entry: a few small enhancers, never the app's bundle. */
export const SITE_ENTRY = "src/site/client/main.ts";
const SITE_RENDER_MODULE = "/src/site/render.tsx";

/**
 * The public site in the build and in `vite dev`:
 * - the app's index.html and every prerendered page get the same head tags and theme script;
 * - after the client build, scripts/prerender.ts writes each public page as static HTML that loads
 *   only the site entry's JS and the shared stylesheet;
 * - in `vite dev` the same render function answers the public pages on each request.
 */
export function publicSite(): Plugin {
  let root = process.cwd();
  let outDir = "dist/client";
  return {
    name: "babysteps-public-site",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [...SHARED_HEAD_TAGS.map(({ tag, attrs }) => ({ tag, attrs, injectTo: "head" as const })), { tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head" }],
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry && output.facadeModuleId === path.resolve(root, SITE_ENTRY));
      if (!entry) return;
      // The stylesheet may sit with a chunk the entry shares with the app: walk its static imports.
      const css = new Set<string>();
      const visit = (chunk: Rolldown.OutputChunk) => {
        chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === "chunk") visit(imported);
        }
      };
      visit(entry);
      const assets = JSON.stringify({ js: `/${entry.fileName}`, css: [...css].map((file) => `/${file}`) });
      const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "prerender.ts"), outDir, assets], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("Prerendering the public pages failed");
    },
    configureServer(server: ViteDevServer) {
      server.middlewares.use((request, response, next) => {
        if (request.method !== "GET" || !request.url) return next();
        const pathname = new URL(request.url, "http://localhost").pathname;
        void (async () => {
          const { renderSitePath } = (await server.ssrLoadModule(SITE_RENDER_MODULE)) as typeof SiteRenderModule;
          const html = renderSitePath(pathname, { js: `/${SITE_ENTRY}`, css: [] });
          if (html === null) return next();
          response.setHeader("content-type", "text/html; charset=utf-8");
          response.end(html);
        })().catch(next);
      });
    },
  };
}
