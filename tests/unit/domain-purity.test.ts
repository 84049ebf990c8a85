import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DOMAIN = join(import.meta.dirname, "../../src/domain");
const files = readdirSync(DOMAIN).filter((name) => name.endsWith(".ts"));

/** The domain runs in the browser and in a Worker, and nothing of ours may be imported into it. */
describe("src/domain stays pure", () => {
  it.each(files)("%s imports only sibling domain files and zod", (name) => {
    const source = readFileSync(join(DOMAIN, name), "utf8");
    const specifiers = [...source.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((match) => match[1] ?? match[2]);
    for (const specifier of specifiers) expect(specifier, name).toMatch(/^(\.\/[\w.-]+|zod)$/);
  });

  it.each(files)("%s uses no DOM or Node globals", (name) => {
    const source = readFileSync(join(DOMAIN, name), "utf8");
    expect(source, name).not.toMatch(/\b(window|document|localStorage|sessionStorage|navigator|Buffer|process|require)\b\s*[.(]/);
  });
});
