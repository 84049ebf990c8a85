import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm test`: the whole suite in order (typecheck, lint, unit, build, the production bundle and its
 * smoke suite, API, end-to-end), each step's
 * own output shown, and one closing line with the counts of every test that ran.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(os.tmpdir(), "babysteps-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`${result.status === 0 ? "✔" : "✘"} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

function countVitest(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } catch {
    totals.failed += 1;
  }
}

const vitest = (project: string) => {
  const output = path.join(reports, `${project}.json`);
  const ok = run(`${project} tests`, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`]);
  countVitest(output);
  return ok;
};

const steps: Array<() => boolean> = [
  () => run("route tree", process.execPath, ["--import", "tsx", path.join(root, "scripts", "routes.ts")]),
  // The Workers runtime types come from `wrangler types` for wrangler.toml's date and flags (npm run cf-typegen).
  () => run("Workers types current", bin("wrangler"), ["types", "--include-env=false", "--check"]),
  () => run("typecheck", bin("tsc"), ["--noEmit"]),
  () => run("lint", bin("eslint"), ["--max-warnings", "0", "."]),
  () => vitest("unit"),
  () => run("client build", bin("vite"), ["build", "--logLevel", "warn"]),
  // The Worker as deployed: its bundle within Cloudflare's limit and free of dev code, then walked end to end.
  () => run("worker bundle (deploy dry run)", process.execPath, ["--import", "tsx", path.join(root, "scripts", "deploy.ts"), "--dry-run", "--no-build"]),
  () => vitest("production"),
  () => vitest("api"),
  () => {
    const output = path.join(reports, "e2e.json");
    const ok = run("end-to-end tests", bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
    countPlaywright(output);
    return ok;
  },
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    // Checks that gate the rest (types, lint, build) stop the run; test steps all run.
    if (totals.passed + totals.failed === 0) break;
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
