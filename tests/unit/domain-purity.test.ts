import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DOMAIN = join(import.meta.dirname, "../../src/domain");
const files = readdirSync(DOMAIN).filter((name) => name.endsWith(".ts"));
/** The post sanitiser: its parser is too heavy for the browser, which renders posts with DOMParser. */
const RICH_TEXT = "richText.ts";

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((match) => match[1] ?? match[2]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The domain runs in the browser and in a Worker, and nothing of ours may be imported into it. */
describe("src/domain stays pure", () => {
  it.each(files)("%s imports only sibling domain files and zod (richText.ts also the HTML parser and sanitiser)", (name) => {
    const allowed = name === RICH_TEXT ? /^(\.\/[\w.-]+|zod|parse5|hast|hast-util-(from-parse5|sanitize|to-html))$/ : /^(\.\/[\w.-]+|zod)$/;
    for (const specifier of importsOf(join(DOMAIN, name))) expect(specifier, name).toMatch(allowed);
  });

  it.each(files)("%s uses no DOM or Node globals", (name) => {
    const source = readFileSync(join(DOMAIN, name), "utf8");
    expect(source, name).not.toMatch(/\b(window|document|localStorage|sessionStorage|navigator|Buffer|process|require)\b\s*[.(]/);
  });
});

describe("the post sanitiser stays on the server", () => {
  const client = sourceFiles(join(DOMAIN, "..")).filter((file) => !file.startsWith(DOMAIN));
  it.each(client)("%s does not import it", (file) => {
    for (const specifier of importsOf(file)) expect(specifier, file).not.toMatch(/richText$|^parse5$|^hast-util-/);
  });
});
