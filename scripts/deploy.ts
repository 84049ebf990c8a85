import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { migrateDatabase } from "./migrate";
import { neonRegion, placementMismatch, placementRegion } from "./placement";

/**
 * `npm run deploy`: build the client, apply pending migrations to DATABASE_URL, then deploy the
 * Worker, in that order, so a deploy never runs code against a schema it does not know. It first
 * checks that wrangler.toml places the Worker in the database's region (scripts/placement.ts).
 * `npm run deploy -- --dry-run`: build the client and the Worker's production bundle offline, print
 * its size against Cloudflare's limits, and fail if it is over the Free plan's compressed limit or
 * holds dev-only code. `--no-build` skips the client build (npm test has just built it).
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");

const MB = 1024 * 1024;
/** Cloudflare's Worker size limits: compressed (gzip) on Free and Paid, and uncompressed. */
export const WORKER_LIMITS = { freeCompressed: 3 * MB, paidCompressed: 10 * MB, uncompressed: 64 * MB } as const;
/** Texts only the dev modules (worker/dev) contain: finding one in the bundle means dev code ships. */
const DEV_MARKERS = ["Mailbox (development)", "announce-state", "/dev/checkout"];

function run(command: string, commandArgs: string[]): void {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

if (!args.includes("--no-build")) run(bin("vite"), ["build", "--logLevel", "warn"]);

if (dryRun) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-bundle-"));
  try {
    run(bin("wrangler"), ["deploy", "--dry-run", "--minify", "--outdir", outDir]);
    const modules = filesUnder(outDir).filter((file) => /\.(m?js|wasm)$/.test(file));
    const contents = modules.map((file) => readFileSync(file));
    const uncompressed = contents.reduce((sum, bytes) => sum + bytes.byteLength, 0);
    const compressed = gzipSync(Buffer.concat(contents), { level: 9 }).byteLength;
    console.log(`\nWorker bundle (production entry, minified): ${megabytes(uncompressed)} uncompressed, ${megabytes(compressed)} gzip`);
    console.log(`  limits: ${megabytes(WORKER_LIMITS.freeCompressed)} gzip on Workers Free, ${megabytes(WORKER_LIMITS.paidCompressed)} on Workers Paid, ${megabytes(WORKER_LIMITS.uncompressed)} uncompressed`);
    console.log(`  ${((compressed / WORKER_LIMITS.freeCompressed) * 100).toFixed(0)}% of the Free limit`);
    const text = contents.map((bytes) => bytes.toString("utf8")).join("\n");
    const devCode = DEV_MARKERS.filter((marker) => text.includes(marker));
    if (devCode.length > 0) {
      console.error(`The production bundle contains dev-only code (${devCode.join(", ")}).`);
      process.exit(1);
    }
    if (compressed > WORKER_LIMITS.freeCompressed || uncompressed > WORKER_LIMITS.uncompressed) {
      console.error("The Worker is over its size limit.");
      process.exit(1);
    }
    console.log("  no dev-only code in the bundle");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
} else {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the production database: pending migrations are applied before the Worker is deployed.");
    process.exit(1);
  }
  const configPath = path.join(root, "wrangler.toml");
  const mismatch = placementMismatch(databaseUrl, configPath);
  if (mismatch) {
    console.error(mismatch);
    process.exit(1);
  }
  if (!neonRegion(databaseUrl)) console.log(`The database's host does not name its region: the Worker is placed as wrangler.toml says (${placementRegion(configPath)}).`);
  console.log("Applying pending migrations...");
  await migrateDatabase(databaseUrl, process.env.LOCAL_WS_PROXY);
  console.log("Deploying the Worker...");
  run(bin("wrangler"), ["deploy", "--minify"]);
}
