import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/local-db";
import { startStack } from "../../scripts/stack";
import { siblingDatabase } from "../support/databases";
import { provideStacks } from "../support/stacks";

/**
 * The databases: in-memory PGlite for each stack, or on TEST_DATABASE_URL's server its database for
 * the first stack and a sibling made here for each other one.
 */
function databases(count: number): { urls: Array<string | undefined>; drop: () => void } {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { urls: Array.from({ length: count }, () => undefined), drop: () => {} };
  const siblings = Array.from({ length: count - 1 }, (_, index) => siblingDatabase(base, `w${index + 2}`));
  return { urls: [base, ...siblings.map((sibling) => sibling.url)], drop: () => siblings.forEach((sibling) => sibling.drop()) };
}

/** The outbox's schedule divided by this: its first retries come after a second. */
export const TEST_RETRY_SPEEDUP = 60;

/**
 * Real stacks for the API suite, one per worker: the database, the migrations, the demo seed and the
 * Worker in workerd with its R2, Durable Objects and cron.
 */
export default async function setup(project: TestProject) {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-api-"));
  // One stack per worker the project runs (vitest.config.ts).
  const { urls, drop } = databases(project.config.maxWorkers);
  const stacks = await Promise.all(
    urls.map(async (databaseUrl, index) => {
      const dir = path.join(persistDir, `stack-${index + 1}`);
      // The outbox retries in seconds rather than minutes, so a retried push or mail lands within a test.
      return startStack({ port: await freePort(), databaseUrl, persistDir: dir, appEnv: "test", vars: { OUTBOX_RETRY_SPEEDUP: String(TEST_RETRY_SPEEDUP) }, logFile: path.join(dir, "worker.log") });
    }),
  );
  provideStacks(project, stacks);
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    drop();
    if (!process.env.KEEP_API_LOG) rmSync(persistDir, { recursive: true, force: true });
  };
}
