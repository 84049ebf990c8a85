import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The static import graph of the app's own code (src, worker, party): every `import ... from` and
 * `export ... from` with a relative or `@/` specifier, type-only imports included (a type cycle is
 * still a knot a reader has to untie). Lazy `import()` calls are not edges: they are how a module
 * deliberately defers loading another.
 */
export const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["src", "worker", "party"];
const GENERATED = new Set(["src/routeTree.gen.ts"]);
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path.relative(ROOT, full));
  }
  return out;
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, "src", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(ROOT, path.dirname(from), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return path.relative(ROOT, candidate);
    } catch {
      // not this extension
    }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

export interface ImportGraph {
  files: string[];
  /** file -> the files it imports */
  edges: Map<string, Set<string>>;
}

export function importGraph(): ImportGraph {
  const files = SOURCE_DIRS.flatMap((dir) => walk(path.join(ROOT, dir), [])).filter((file) => !GENERATED.has(file));
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, false);
    const targets = new Set<string>();
    for (const statement of source.statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = resolve(file, specifier.text);
      if (target && !GENERATED.has(target)) targets.add(target);
    }
    edges.set(file, targets);
  }
  return { files, edges };
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function importCycles({ files, edges }: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edges.get(file)?.has(file)) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
