import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appPrecache } from "./scripts/vite-app-precache.ts";
import { publicSite, SITE_ENTRY, ZOD_CHUNK } from "./scripts/vite-public-site.ts";

// `vite build` emits the client into dist/client for wrangler's assets: the app (index.html, moved
// to app.html by the prerender), the public site (its entry plus one static page per route) and
// the standalone /auth page (its entry, built on its own by publicSite, plus auth.html);
// `vite dev` (npm run dev) also runs the Worker in workerd through the Cloudflare plugin, with hot
// reload for both.
const SRC = fileURLToPath(new URL("./src", import.meta.url));
const resolve = { alias: { "@": SRC } };
/**
 * The /auth entry's build runs its React components on Preact (preact/compat): React 19's runtime
 * alone is 66 KB of gzip, over the page's whole 70 KB budget; Preact's is about 10. The client
 * renders over the prerendered form (src/auth/main.tsx), so the React-rendered HTML needs no
 * matching hydration. In `vite dev` the page runs on React, like the app.
 */
const authResolve = {
  alias: [
    { find: /^react(-dom)?$/, replacement: "preact/compat" },
    { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/compat/jsx-runtime" },
    { find: "@", replacement: SRC },
  ],
};

/** The app's entry in the build's input (index.html, which loads src/main.tsx). */
const APP_ENTRY_NAME = "index";
const precache = appPrecache(APP_ENTRY_NAME);

export default defineConfig(({ command }) => ({
  plugins: [
    // Settings in tsr.config.json, shared with scripts/routes.ts (the tree tsc needs before a build).
    tanstackRouter(),
    react(),
    tailwindcss(),
    publicSite({ plugins: () => [react(), tailwindcss()], resolve: authResolve }),
    precache.plugin,
    // The service worker (src/sw.ts, written to /sw.js after the bundle and the prerender). The app's
    // entry registers it (src/lib/serviceWorker.ts), so nothing is injected into the pages, and
    // public/manifest.webmanifest is the manifest. Not in `vite dev`.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ["**/*.{html,js,css,woff2,png,svg,webmanifest}"],
        manifestTransforms: [precache.manifestTransform],
      },
      devOptions: { enabled: false },
    }),
    ...(command === "serve"
      ? [
          cloudflare({
            persistState: { path: process.env.BABYSTEPS_PERSIST_DIR ?? ".wrangler/state" },
            // In dev there is no built app.html: Vite answers the app's routes with index.html itself
            // (the public pages are answered first by publicSite's middleware).
            // The dev entry adds the dev routes (mailbox, fake Stripe) to the production app.
            config: (config) => {
              config.main = "./worker/dev/index.ts";
              if (config.assets) config.assets.not_found_handling = "single-page-application";
            },
          }),
        ]
      : []),
  ],
  resolve,
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Plugin timing reports are noise in test logs on a busy 2-core machine.
    rollupOptions: {
      checks: { pluginTimings: false },
      output: ZOD_CHUNK,
      input: { [APP_ENTRY_NAME]: fileURLToPath(new URL("./index.html", import.meta.url)), site: fileURLToPath(new URL(`./${SITE_ENTRY}`, import.meta.url)) },
    },
  },
}));
