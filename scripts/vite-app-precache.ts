import type { Plugin, Rolldown } from "vite";
import type { ManifestTransform } from "workbox-build";
import { APP_SHELL_FILE, APP_SHELL_URL } from "../src/lib/appRoutes.ts";

/** Files of the app outside its bundle: the shell, the manifest and the icons it names. */
const APP_STATIC_FILES = [APP_SHELL_FILE, "manifest.webmanifest", "favicon.svg", "icons/icon-192.png", "icons/icon-512.png", "icons/maskable-512.png", "icons/apple-touch-icon.png"];

/** Every file the app's entry loads, at once or later (its lazy route chunks), with their stylesheets and assets. */
function appEntryFiles(bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset>, entryName: string): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => files.add(file));
    chunk.viteMetadata?.importedAssets.forEach((file) => files.add(file));
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
      const imported = bundle[file];
      if (imported?.type === "chunk") visit(imported);
    }
  };
  const entry = Object.values(bundle).find((output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry && output.name === entryName);
  if (!entry) throw new Error(`The build wrote no '${entryName}' entry`);
  visit(entry);
  return files;
}

/**
 * The service worker's precache list holds the signed-in app and nothing else: the plugin reads the
 * app entry's files from the written bundle, and `manifestTransform` (run by vite-plugin-pwa after
 * the build and the prerender) keeps only those of the files it found, the shell under the address
 * the Worker serves it at. The public site's pages and script and the /auth page stay out.
 */
export function appPrecache(entryName: string): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let appFiles: Set<string> | null = null;
  return {
    plugin: {
      name: "babysteps-app-precache",
      apply: "build",
      writeBundle(_options, bundle) {
        appFiles = new Set([...appEntryFiles(bundle, entryName), ...APP_STATIC_FILES]);
      },
    },
    manifestTransform: (entries) => {
      const files = appFiles;
      if (!files) throw new Error("The app's files are read when the bundle is written, before the precache list");
      const manifest = entries.filter((entry) => files.has(entry.url)).map((entry) => (entry.url === APP_SHELL_FILE ? { ...entry, url: APP_SHELL_URL } : entry));
      const missing = APP_STATIC_FILES.filter((file) => !entries.some((entry) => entry.url === file));
      return { manifest, warnings: missing.map((file) => `precache: ${file} was not found in the build`) };
    },
  };
}
