import type { ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalDatabase, type LocalDatabase } from "./local-db";
import { migrateDatabase } from "./migrate";
import { openNodeDb } from "./node-db";
import { spawnSupervised } from "./processes";
import { seedDemoFamily } from "./seed";
import { seedDemoPhotos } from "./seed-photos";
import { localVapidKeys, type VapidKeyPair } from "./vapid-keys";
import type { WranglerDevSettings } from "./wrangler-dev";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** Only for local runs: production takes BETTER_AUTH_SECRET from a wrangler secret. */
const LOCAL_AUTH_SECRET = "local-development-secret-not-for-production-use";
/**
 * The local fake Stripe's account (PAYMENTS_MODE=local): the key it accepts, the secret it signs
 * webhooks with, and the ids of its two prices. Exported for the API tests that sign events.
 */
export const LOCAL_STRIPE = {
  secretKey: "sk_test_local_fake_stripe",
  webhookSecret: "whsec_local_fake_stripe_signing_secret",
  priceBasic: "price_local_basic_monthly",
  pricePremium: "price_local_premium_monthly",
} as const;
/** The contact the local stack's VAPID tokens name (production sets its own: README). */
const LOCAL_VAPID_SUBJECT = "mailto:push@localhost.test";
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 250;

export interface StackOptions {
  port: number;
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string;
  /** An existing Postgres replaces PGlite. */
  databaseUrl?: string;
  /** Where workerd keeps R2 and Durable Object state. */
  persistDir: string;
  /**
   * 'production' runs wrangler.toml's entry and vars exactly as committed (APP_ENV=production,
   * real Stripe mode), given secrets as a deployment would be; the others run the dev entry.
   */
  appEnv: "development" | "test" | "production";
  /** The mail API's settings (MAIL_API_URL and friends): required with appEnv 'production'; elsewhere they replace the local capture. */
  mail?: { url: string; key: string; from: string };
  /** More settings for a development or test stack (OUTBOX_RETRY_SPEEDUP). */
  vars?: Record<string, string>;
  /** The error tracker's DSN (production only). */
  sentryDsn?: string;
  /** Upload the demo photos through the running Worker (default true). */
  demoPhotos?: boolean;
  /** Hot reload through Vite and the Cloudflare plugin instead of the built client under wrangler. */
  dev?: boolean;
  /** Worker output goes to this file instead of the terminal. */
  logFile?: string;
  /** Simulated round trip to the database once the stack is up (DB_RTT_MS); seeding runs at 0. */
  dbRoundTripMs?: number;
}

export interface Stack {
  url: string;
  database: LocalDatabase;
  /** Stops the Worker (mid-work, as a deploy or a crash would) and starts it again on the same state, with `vars` changed. */
  restartWorker(vars?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

let nodeDatabaseTurn: Promise<unknown> = Promise.resolve();
/**
 * One stack at a time talks to its database from this process: the Neon driver's local proxy
 * settings are global to the process, so two stacks seeding at once would reach each other's.
 */
function withNodeDatabase<T>(work: () => Promise<T>): Promise<T> {
  const turn = nodeDatabaseTurn.then(work);
  nodeDatabaseTurn = turn.catch(() => undefined);
  return turn;
}

/** The entry with the dev routes; production runs wrangler.toml's main, which has none. */
const DEV_ENTRY = "worker/dev/index.ts";

/**
 * What the Worker is given. Locally: the dev settings. Production: only what `wrangler secret put`
 * would give a deployment (README), everything else from wrangler.toml as committed.
 */
function workerVars(database: LocalDatabase, options: StackOptions, url: string, vapid: VapidKeyPair): Record<string, string> {
  const secrets = {
    DATABASE_URL: database.databaseUrl,
    LOCAL_WS_PROXY: database.wsProxy,
    BETTER_AUTH_SECRET: LOCAL_AUTH_SECRET,
    BETTER_AUTH_URL: url,
    STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE.webhookSecret,
    STRIPE_PRICE_BASIC: LOCAL_STRIPE.priceBasic,
    STRIPE_PRICE_PREMIUM: LOCAL_STRIPE.pricePremium,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: LOCAL_VAPID_SUBJECT,
  };
  const mail: Record<string, string> = options.mail ? { MAIL_API_URL: options.mail.url, MAIL_API_KEY: options.mail.key, MAIL_FROM: options.mail.from } : {};
  if (options.appEnv !== "production") return { ...secrets, ...mail, ...options.vars, APP_ENV: options.appEnv, PAYMENTS_MODE: "local" };
  if (!options.mail) throw new Error("A production stack needs mail settings");
  return { ...secrets, ...mail, ...(options.sentryDsn ? { SENTRY_DSN: options.sentryDsn } : {}) };
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The worker exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`The worker did not answer ${url}/api/health within ${READY_TIMEOUT_MS / 1000} s`);
}

/** The whole local stack: database sidecar, migrations, demo seed, the Worker in workerd, and the demo photos through it. */
export async function startStack(options: StackOptions): Promise<Stack> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const database = await startLocalDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  await withNodeDatabase(async () => {
    await migrateDatabase(database.databaseUrl, database.wsProxy);
    const seeder = openNodeDb(database.databaseUrl, database.wsProxy);
    try {
      await seedDemoFamily(seeder.db);
    } finally {
      await seeder.close();
    }
  });

  const url = `http://localhost:${options.port}`;
  mkdirSync(options.persistDir, { recursive: true });
  const vars = workerVars(database, options, url, await localVapidKeys(path.join(options.persistDir, "vapid-keys.json")));
  // Nothing but these vars: an empty env file stops wrangler reading a .dev.vars left by npm run dev.
  const envFile = path.join(options.persistDir, "empty.env");
  writeFileSync(envFile, "");
  // The Vite plugin takes local values from .dev.vars (git-ignored); wrangler takes them as bindings.
  if (options.dev) writeFileSync(path.join(root, ".dev.vars"), Object.entries(vars).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  const args = options.dev
    ? [bin("vite"), "dev", "--port", String(options.port), "--strictPort"]
    : [process.execPath, "--import", "tsx", path.join(root, "scripts", "wrangler-dev.ts")];
  const [command, ...rest] = args as [string, ...string[]];
  const launch = (changed: Record<string, string> = {}) => {
    Object.assign(vars, changed);
    const launched = spawnSupervised(command, rest, {
      cwd: root,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        // No network here: use miniflare's placeholder Request.cf instead of fetching one.
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        ...(options.dev
          ? { BABYSTEPS_PERSIST_DIR: options.persistDir }
          : { STACK_WORKER: JSON.stringify({ entry: options.appEnv === "production" ? undefined : DEV_ENTRY, port: options.port, persistDir: options.persistDir, envFile, vars } satisfies WranglerDevSettings) }),
      },
      stdio: options.logFile ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    });
    if (options.logFile) {
      const log = createWriteStream(options.logFile, { flags: "a" });
      launched.child.stdout?.pipe(log);
      launched.child.stderr?.pipe(log);
    }
    return launched;
  };
  let worker = launch();

  const stop = async () => {
    await worker.stop();
    await database.close();
  };
  const restartWorker = async (changed?: Record<string, string>) => {
    await worker.stop();
    worker = launch(changed);
    await waitUntilHealthy(url, worker.child);
  };
  try {
    await waitUntilHealthy(url, worker.child);
    if (options.demoPhotos ?? true) {
      // Photos go through the running Worker: its R2 lives in workerd, not in this process.
      await withNodeDatabase(async () => {
        const photoSeeder = openNodeDb(database.databaseUrl, database.wsProxy);
        try {
          await seedDemoPhotos(url, photoSeeder.db);
        } finally {
          await photoSeeder.close();
        }
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  database.setRoundTrip(options.dbRoundTripMs ?? 0);
  return { url, database, restartWorker, stop };
}
