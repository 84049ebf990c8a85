import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/local-db";
import { startStack } from "../../scripts/stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    wsProxy: string;
  }
}

/**
 * One real stack for the API suite: the database (in-memory PGlite, or TEST_DATABASE_URL), the
 * migrations, the demo seed and the Worker in workerd with its R2, Durable Objects and cron.
 */
export default async function setup(project: TestProject) {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-api-"));
  const stack = await startStack({
    port: await freePort(),
    databaseUrl: process.env.TEST_DATABASE_URL,
    persistDir,
    appEnv: "test",
    logFile: path.join(persistDir, "worker.log"),
  });
  project.provide("baseUrl", stack.url);
  project.provide("databaseUrl", stack.database.databaseUrl);
  project.provide("wsProxy", stack.database.wsProxy);
  return async () => {
    await stack.stop();
    if (!process.env.KEEP_API_LOG) rmSync(persistDir, { recursive: true, force: true });
  };
}
