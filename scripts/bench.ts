import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { sanitizePostContent } from "../src/domain/richText";
import { sanitizeNotes } from "../src/domain/sanitize";
import { ApiClient } from "../tests/support/client";
import { HOSTILE_INPUTS } from "../tests/support/hostile-inputs";
import { benchClips } from "./bench-clips";
import { benchDigest } from "./bench-digest";
import { benchExport } from "./bench-export";
import { benchLikes } from "./bench-likes";
import { benchWaitingRoom } from "./bench-room";
import { benchPhotoCopies, benchPhotos } from "./bench-photos";
import { drive } from "./bench-stats";
import { DEMO_PASSWORD, demoMember } from "./demo-family";
import { freePort } from "./local-db";
import { benchCases, benchScreens } from "./bench-screens";
import { startStack, type Stack } from "./stack";

/**
 * `npm run bench`: throughput and latency of the health route and one tRPC read on the local stack,
 * the gzip weight of what the browser loads for the public pages, fan-out latency and sustained
 * message rate of a waiting room with 100 sockets (scripts/bench-room.ts), and the photo album's
 * page query over 1,000 photos and upload throughput (scripts/bench-photos.ts), and the two ways of
 * counting likes (scripts/bench-likes.ts), and the data export of the demo family and of 1,000
 * photos with the Worker's memory (scripts/bench-export.ts), and the screen table: what each main
 * screen asks of the database and how long it takes, the browser and the database at 0 and 40+40 ms
 * with the Worker near the browser, placed near the database and at the floor, with a far relative's
 * first row of album pictures (scripts/bench-screens.ts), and the weekly digest to 5,000 relatives
 * through its queues (scripts/bench-digest.ts), and a 500 MB clip sent in parts against one raw R2
 * put, with the Worker's memory (scripts/bench-clips.ts). Figures are printed, not asserted.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
/** `npm run bench -- --pages`: only the weight of what the public pages load (the budgets), in seconds. */
const PAGES_ONLY = process.argv.includes("--pages");
/** `npm run bench -- --export`: only the data export (demo family and 1,000 photos). */
const EXPORT_ONLY = process.argv.includes("--export");
/** `npm run bench -- --screens`: only the screen table (requests, statements, connections, chains, times). */
const SCREENS_ONLY = process.argv.includes("--screens");
/** `npm run bench -- --photo-copies`: only the 12 MP HEIC uploads and their copies (issue 39). */
const PHOTO_COPIES_ONLY = process.argv.includes("--photo-copies");
/** `npm run bench -- --digest`: only the weekly digest to 5,000 relatives through its queues. */
const DIGEST_ONLY = process.argv.includes("--digest");
/** `npm run bench -- --clips`: only the 500 MB clip, in parts and as one raw R2 put, with workerd's memory. */
const CLIPS_ONLY = process.argv.includes("--clips");
/** `npm run bench -- --reads`: only the health route against a signed-in read. */
const READS_ONLY = process.argv.includes("--reads");
const PUBLIC_PAGES = ["/", "/pricing", "/due-date-calculator", "/auth", "/giftcards"];
/** The signed-in read is compared with the health route at each (issue 21's target: 10 and 50). */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? "10,50").split(",").map(Number);
const root = fileURLToPath(new URL("..", import.meta.url));

/** JS budgets (KB gzip) for what a first-time visitor's browser loads (issue 10; /auth, the page an invitation opens, issue 21). */
const JS_BUDGET_KB: Record<string, number> = { "/": 60, "/auth": 70 };

const launchBrowser = () =>
  chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });

/** Rounds of each route, alternating, whose ratios give the median: on a shared 2-core machine one pair of runs varies by a tenth. */
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The machine's PostgreSQL 15, as CI's API and end-to-end suites use it (scripts/ci-postgres.sh):
 * a fresh database and how to drop it, or undefined on a machine without one.
 */
function machinePostgres(): { url: string; drop: () => void } | undefined {
  if (!existsSync("/usr/lib/postgresql/15")) return undefined;
  const script = path.join(root, "scripts", "ci-postgres.sh");
  const started = spawnSync("bash", [script], { encoding: "utf8" });
  const url = started.stdout.trim();
  if (started.status !== 0 || !url.startsWith("postgres://")) return undefined;
  return { url, drop: () => void spawnSync("bash", [script, "drop", url]) };
}

/**
 * The reads on PGlite, and again on the machine's PostgreSQL when it has one: PGlite runs Postgres
 * compiled to WebAssembly inside the bench's own process, where planning a statement with a subquery
 * costs several times what it costs the Postgres that production (Neon) runs.
 */
async function readsOnEachEngine(stack: Stack) {
  await reads(stack, "PGlite");
  const postgres = machinePostgres();
  if (!postgres) return console.log("No PostgreSQL 15 on this machine: the reads ran on PGlite only.\n");
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-bench-pg-"));
  try {
    const onPostgres = await startStack({ port: await freePort(), persistDir, databaseUrl: postgres.url, appEnv: "test", logFile: path.join(persistDir, "worker.log") });
    try {
      await reads(onPostgres, "PostgreSQL 15");
    } finally {
      await onPostgres.stop();
    }
  } finally {
    postgres.drop();
    rmSync(persistDir, { recursive: true, force: true });
  }
}

/** The health route against one typical signed-in read, at each concurrency: rounds of each in turn, and the median of their ratios. */
async function reads(stack: Stack, engine: string) {
  const olivia = new ApiClient(stack.url);
  const signIn = await olivia.signIn(demoMember("olivia").email, DEMO_PASSWORD);
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = olivia.cookieHeader;
  const health = () => fetch(`${stack.url}/api/health`);
  const read = () => fetch(`${stack.url}/api/trpc/pregnancy.mine`, { headers: { cookie, origin: stack.url } });
  const perRound = Math.ceil(REQUESTS / 2);
  for (const concurrency of CONCURRENCIES) {
    console.log(`\n${READ_ROUNDS} rounds of ${perRound} requests per route, ${concurrency} at a time, in turn, local stack (workerd + Neon driver + ${engine})\n`);
    const rates: number[] = [];
    const tails: number[] = [];
    for (let round = 0; round < READ_ROUNDS; round += 1) {
      // Which goes first alternates, so neither always meets a warmer or busier machine.
      const first = round % 2 === 0;
      const a = await drive(first ? "GET /api/health" : "tRPC pregnancy.mine", first ? health : read, perRound, concurrency);
      const b = await drive(first ? "tRPC pregnancy.mine" : "GET /api/health", first ? read : health, perRound, concurrency);
      const [h, r] = first ? [a, b] : [b, a];
      rates.push(r.requestsPerSecond / h.requestsPerSecond);
      tails.push(r.p95Ms / h.p95Ms);
    }
    console.log(
      `${`signed-in read / health, ${engine}`.padEnd(28)} ${median(rates).toFixed(2)}x req/s (target >= 0.8)   ${median(tails).toFixed(2)}x p95 (target <= 1.3)   median of ${READ_ROUNDS} rounds; req/s ${rates.map((x) => x.toFixed(2)).join(" ")}`,
    );
  }
  console.log("");
}

/** The screen table at each distance and placement (BENCH_LEGS_MS, BENCH_PLACEMENTS or BENCH_RTT_MS: scripts/bench-screens.ts). */
async function screens(stack: Stack) {
  const browser = await launchBrowser();
  try {
    await benchScreens(stack, browser, benchCases(process.env));
  } finally {
    await browser.close();
  }
}

async function pageWeight(baseUrl: string, pathnames: string[]) {
  const browser = await launchBrowser();
  try {
    for (const pathname of pathnames) {
      const page = await browser.newPage();
      const assets = new Set<string>();
      page.on("requestfinished", (request) => {
        const url = new URL(request.url());
        if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
      });
      await page.goto(`${baseUrl}${pathname}`, { waitUntil: "networkidle" });
      let js = 0;
      let css = 0;
      for (const asset of assets) {
        const size = gzipSync(readFileSync(path.join(root, "dist", "client", asset))).length;
        if (asset.endsWith(".js")) js += size;
        else css += size;
      }
      const budget = JS_BUDGET_KB[pathname];
      const verdict = budget === undefined ? "" : `   budget ${budget} KB: ${js / 1024 <= budget ? "within" : "OVER"}`;
      console.log(`${`page ${pathname}`.padEnd(28)} JS ${(js / 1024).toFixed(1)} KB gzip   CSS ${(css / 1024).toFixed(1)} KB gzip   (${assets.size} files)${verdict}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** The sanitiser runs inside requests: crafted input must stay linear (quadratic took over 10 s). */
function sanitiserCost() {
  const bytes = HOSTILE_INPUTS.reduce((sum, input) => sum + input.length, 0);
  const started = performance.now();
  for (const input of HOSTILE_INPUTS) {
    sanitizeNotes(input);
    sanitizePostContent(input);
  }
  console.log(`${"sanitise hostile input".padEnd(28)} ${(performance.now() - started).toFixed(1)} ms for ${(bytes / 1024).toFixed(0)} KB (notes + post rules)`);
}

if (!PAGES_ONLY && !EXPORT_ONLY && !SCREENS_ONLY && !READS_ONLY && !PHOTO_COPIES_ONLY && !DIGEST_ONLY && !CLIPS_ONLY) sanitiserCost();
const build = spawnSync(path.join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-bench-"));
const stack = await startStack({ port: await freePort(), persistDir, appEnv: "test", logFile: path.join(persistDir, "worker.log") });
try {
  if (PAGES_ONLY) {
    await pageWeight(stack.url, PUBLIC_PAGES);
  } else if (EXPORT_ONLY) {
    await benchExport(stack);
  } else if (SCREENS_ONLY) {
    await screens(stack);
  } else if (READS_ONLY) {
    await readsOnEachEngine(stack);
  } else if (PHOTO_COPIES_ONLY) {
    await benchPhotoCopies(stack);
  } else if (DIGEST_ONLY) {
    await benchDigest(stack);
  } else if (CLIPS_ONLY) {
    await benchClips(stack);
  } else {
    await readsOnEachEngine(stack);
    await pageWeight(stack.url, PUBLIC_PAGES);
    await screens(stack);
    await benchWaitingRoom(stack);
    await benchPhotos(stack);
    await benchLikes();
    await benchExport(stack);
    await benchDigest(stack);
    await benchClips(stack);
  }
} finally {
  await stack.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
