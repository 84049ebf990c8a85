/**
 * Writes src/routeTree.gen.ts from src/routes with the same generator, at the same version and
 * with the same settings (tsr.config.json), as the Vite plugin that builds the app: `tsc` needs
 * the tree before any build has run.
 */
import { Generator, getConfig } from "@tanstack/router-generator";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await new Generator({ config: getConfig({}, root), root }).run();
