import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/local-db";
import { startHttpRecorder } from "../../scripts/http-recorder";
import { startStack } from "../../scripts/stack";
import { provideStacks } from "../support/stacks";

declare module "vitest" {
  export interface ProvidedContext {
    recorderOrigin: string;
  }
}

/** Mail settings a deployment would set, pointing at the local recorder. */
export const SMOKE_MAIL = { path: "/emails", key: "re_smoke_test_key", from: "BabySteps <hello@example.test>" } as const;
/** The error tracker's project at the recorder: Sentry posts envelopes to /api/<project>/envelope/. */
export const SMOKE_SENTRY_PROJECT = "4242";

/**
 * The Worker as deployed: the built client, wrangler.toml exactly as committed (its entry, APP_ENV =
 * production, PAYMENTS_MODE = stripe), the secrets given as a deployment would have them, the local
 * database (migrated, demo family seeded) and a local HTTP server in place of the mail API and the
 * error tracker.
 */
export default async function setup(project: TestProject) {
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-production-"));
  const recorder = await startHttpRecorder();
  const stack = await startStack({
    port: await freePort(),
    // No databaseUrl: its own fresh PGlite, never the API suite's TEST_DATABASE_URL, since this walk
    // writes to the demo family whose state the API tests read.
    persistDir,
    appEnv: "production",
    mail: { url: `${recorder.origin}${SMOKE_MAIL.path}`, key: SMOKE_MAIL.key, from: SMOKE_MAIL.from },
    sentryDsn: `http://smokepublickey@${new URL(recorder.origin).host}/${SMOKE_SENTRY_PROJECT}`,
    demoPhotos: false,
    logFile: path.join(persistDir, "worker.log"),
  });
  provideStacks(project, [stack]);
  project.provide("recorderOrigin", recorder.origin);
  return async () => {
    await stack.stop();
    await recorder.close();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
