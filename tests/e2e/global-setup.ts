import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startStack } from "../../scripts/stack";
import { e2ePort } from "./port";

/**
 * The stack the browser tests drive (a fresh in-memory database, the built client), started in the
 * runner's own process so its teardown always stops wrangler's process group.
 */
export default async function globalSetup() {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-e2e-"));
  const stack = await startStack({ port: e2ePort, persistDir, appEnv: "test", logFile: path.join(persistDir, "worker.log") });
  // Specs that arrange state the API does not offer yet (a second guest pregnancy in shell.spec.ts) reach the database through these.
  process.env.E2E_DATABASE_URL = stack.database.databaseUrl;
  process.env.E2E_WS_PROXY = stack.database.wsProxy;
  return async () => {
    await stack.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
