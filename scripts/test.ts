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

/** Each step's wall time and, for test steps, its counts: printed as a table at the end, so growth is noticed. */
interface StageTiming {
  label: string;
  seconds: number;
  ok: boolean;
  counts?: { passed: number; failed: number; skipped: number; flaky?: number };
}
const stages: StageTiming[] = [];
/** Every test's duration, for the slowest ten. */
const durations: Array<{ name: string; ms: number }> = [];
/** Every failed test with the start of its error: printed last, so a CI log's tail names what failed. */
const failures: Array<{ name: string; message: string }> = [];
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLines = (message: string) => message.replace(colours, "").split("\n").filter((line) => line.trim() !== "").slice(0, 4).join("\n");

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  console.log(`${result.status === 0 ? "✔" : "✘"} ${label} (${seconds.toFixed(1)} s)`);
  stages.push({ label, seconds, ok: result.status === 0 });
  return result.status === 0;
}

/** Adds a test step's counts to the totals and to its row of the table. */
function count(counts: NonNullable<StageTiming["counts"]>) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const stage = stages.at(-1);
  if (stage) stage.counts = counts;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; duration?: number | null; failureMessages?: string[] }>;
  }>;
}

function countVitest(file: string, project: string) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
    count({ passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests });
    for (const result of report.testResults) {
      const file = `${project} ${path.relative(root, result.name)}`;
      // A file that fails outside its tests (an import, a hook) has no failed test to name.
      if (result.status === "failed" && !result.assertionResults.some((test) => test.status === "failed")) failures.push({ name: file, message: firstLines(result.message ?? "") });
      for (const test of result.assertionResults) {
        durations.push({ name: `${file} › ${test.fullName}`, ms: test.duration ?? 0 });
        if (test.status === "failed") failures.push({ name: `${file} › ${test.fullName}`, message: firstLines(test.failureMessages?.join("\n") ?? "") });
      }
    }
  } catch {
    count({ passed: 0, failed: 1, skipped: 0 });
  }
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    file: string;
    tests: Array<{ projectName: string; status: string; results: Array<{ duration: number; retry: number; error?: { message?: string } }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

/** `describes`: the titles of the describe blocks around the suite (the file's own suite has none). */
function playwrightDurations(suite: PlaywrightSuite, describes: string[] = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const title = [...describes, spec.title].join(" › ");
      const name = `e2e [${test.projectName}] ${spec.file} › ${title}`;
      durations.push({ name, ms: test.results.reduce((sum, result) => sum + result.duration, 0) });
      if (test.status === "unexpected") failures.push({ name, message: firstLines(test.results.at(-1)?.error?.message ?? "") });
    }
  }
  for (const child of suite.suites ?? []) playwrightDurations(child, [...describes, child.title]);
}

function countPlaywright(file: string) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] };
    count({ passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped, flaky: report.stats.flaky });
    for (const suite of report.suites) playwrightDurations(suite);
  } catch {
    count({ passed: 0, failed: 1, skipped: 0 });
  }
}

/** The stage table and the ten slowest tests (issue 36): wall time per step, counts per test step. */
function printTimings() {
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  const width = Math.max(...stages.map((stage) => stage.label.length), "stage".length);
  console.log(`\n${"stage".padEnd(width)}  ${"wall".padStart(8)}  tests`);
  for (const stage of stages) {
    const counts = stage.counts ? `${stage.counts.passed} passed, ${stage.counts.failed} failed${stage.counts.skipped ? `, ${stage.counts.skipped} skipped` : ""}${stage.counts.flaky ? ` (${stage.counts.flaky} flaky)` : ""}` : "";
    console.log(`${stage.label.padEnd(width)}  ${`${stage.seconds.toFixed(1)} s`.padStart(8)}  ${stage.ok ? "" : "✘ "}${counts}`);
  }
  console.log(`${"total".padEnd(width)}  ${`${(total / 60).toFixed(1)} min`.padStart(8)}`);
  const slowest = [...durations].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (slowest.length > 0) {
    console.log("\nslowest tests:");
    for (const test of slowest) console.log(`${`${(test.ms / 1000).toFixed(1)} s`.padStart(8)}  ${test.name}`);
  }
  if (failures.length > 0) {
    console.log("\nfailed:");
    for (const failure of failures) console.log(`  ✘ ${failure.name}\n${failure.message.replace(/^/gm, "      ")}`);
  }
}

const vitest = (project: string) => {
  const output = path.join(reports, `${project}.json`);
  const ok = run(`${project} tests`, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`]);
  countVitest(output, project);
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
printTimings();
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
