import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStack } from "./stack";

/** The stack the browser tests drive: a fresh in-memory database and state, the built client. */
const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(path.join(root, "dist", "client", "index.html"))) {
  const build = spawnSync(path.join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-e2e-"));
const stack = await startStack({
  port: Number(process.env.E2E_PORT ?? 8799),
  persistDir,
  appEnv: "test",
  logFile: path.join(persistDir, "worker.log"),
});
const shutdown = async () => {
  await stack.stop();
  rmSync(persistDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
