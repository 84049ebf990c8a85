import { spawnSync } from "node:child_process";
import path from "node:path";
import { build, type PluginOption, type Plugin, type Rolldown, type UserConfig, type ViteDevServer } from "vite";
import { THEME_BOOT_SCRIPT } from "../src/lib/themeBoot.ts";
import { SHARED_HEAD_TAGS } from "../src/site/head.ts";
import type * as AuthRenderModule from "../src/auth/render.tsx";
import type { SiteAssets } from "../src/site/Document.tsx";
import type * as SiteRenderModule from "../src/site/render.tsx";

/** The public site's client entry: a few small enhancers, never the app's bundle. */
export const SITE_ENTRY = "src/site/client/main.ts";
/** The standalone /auth page's entry: the auth forms without the app's router and data layer. */
export const AUTH_ENTRY = "src/auth/main.tsx";
const SITE_RENDER_MODULE = "/src/site/render.tsx";
const AUTH_RENDER_MODULE = "/src/auth/render.tsx";

/** An entry's script and every stylesheet it needs, read from the written bundle. */
function entryAssets(bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>, entryPath: string): SiteAssets | null {
  const entry = Object.values(bundle).find((output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry && output.facadeModuleId === entryPath);
  if (!entry) return null;
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
  return { js: `/${entry.fileName}`, css: [...css].map((file) => `/${file}`) };
}

/**
 * The app's build puts zod and its one setting (no eval: src/lib/zodConfig.ts) in one chunk, so the
 * setting is in force before any module that builds a schema runs. /auth is one chunk, where the
 * entry's first import does the same.
 */
export const ZOD_CHUNK = { codeSplitting: { groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zodConfig/ }] } };

/**
 * The /auth entry gets a build of its own: sharing chunks with the app would make it load the
 * app's half of every shared module (the whole error catalogue, every icon), and its budget is
 * 70 KB of JS. Written next to the app's files; returns its script and stylesheet.
 */
async function buildAuthEntry(root: string, outDir: string, config: Pick<UserConfig, "plugins" | "resolve">): Promise<SiteAssets> {
  const result = await build({
    ...config,
    configFile: false,
    root,
    logLevel: "warn",
    build: { outDir, emptyOutDir: false, copyPublicDir: false, sourcemap: false, rollupOptions: { input: { auth: path.resolve(root, AUTH_ENTRY) } } },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((run) => ("output" in run ? run.output : []));
  const assets = entryAssets(Object.fromEntries(outputs.map((output) => [output.fileName, output])), path.resolve(root, AUTH_ENTRY));
  if (!assets) throw new Error("The /auth entry's build wrote no entry chunk");
  return assets;
}

/**
 * The public site in the build and in `vite dev`:
 * - the app's index.html and every prerendered page get the same head tags and theme script;
 * - after the client build, the /auth entry is built on its own (with `authBuild`'s plugins and
 *   aliases), then scripts/prerender.ts writes each public page as static HTML that loads only the
 *   site entry's JS and the shared stylesheet, and /auth with the auth entry's;
 * - in `vite dev` the same render functions answer the public pages and /auth on each request.
 */
export function publicSite(authBuild: { plugins: () => PluginOption[]; resolve: UserConfig["resolve"] }): Plugin {
  let root = process.cwd();
  let outDir = "dist/client";
  return {
    name: "babysteps-public-site",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: () => [...SHARED_HEAD_TAGS.map(({ tag, attrs }) => ({ tag, attrs, injectTo: "head" as const })), { tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head" }],
    async writeBundle(_options, bundle) {
      const site = entryAssets(bundle, path.resolve(root, SITE_ENTRY));
      if (!site) return;
      const auth = await buildAuthEntry(root, outDir, { plugins: authBuild.plugins(), resolve: authBuild.resolve });
      const assets = JSON.stringify({ site, auth });
      const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "prerender.ts"), outDir, assets], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("Prerendering the public pages failed");
    },
    configureServer(server: ViteDevServer) {
      server.middlewares.use((request, response, next) => {
        if (request.method !== "GET" || !request.url) return next();
        const pathname = new URL(request.url, "http://localhost").pathname;
        void (async () => {
          if (pathname === "/auth" || pathname === "/auth/") {
            const { renderAuthPage } = (await server.ssrLoadModule(AUTH_RENDER_MODULE)) as typeof AuthRenderModule;
            // Vite's transform adds the React refresh preamble the entry needs in dev.
            const html = await server.transformIndexHtml(request.url ?? pathname, renderAuthPage({ js: `/${AUTH_ENTRY}`, css: [] }));
            response.setHeader("content-type", "text/html; charset=utf-8");
            response.end(html);
            return;
          }
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
