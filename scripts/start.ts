import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_FAMILY, DEMO_PASSWORD } from "./demo-family";
import { startStack } from "./stack";

const root = fileURLToPath(new URL("..", import.meta.url));
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 8787);
const PARENT_CHECK_MS = 1000;
/** DB_RTT_MS=40 puts the database 40 ms away from the Worker, as it is for a family on another continent. */
const dbRoundTripMs = Number(process.env.DB_RTT_MS ?? 0);

if (!dev) {
  console.log("Building the client...");
  const build = spawnSync(path.join(root, "node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(process.env.DATABASE_URL ? "Using the Postgres in DATABASE_URL..." : "Starting the local database (.data/)...");
const stack = await startStack({
  port,
  dataDir: process.env.DATABASE_URL ? undefined : path.join(root, ".data", "pglite"),
  databaseUrl: process.env.DATABASE_URL,
  persistDir: path.join(root, ".wrangler", "state"),
  appEnv: "development",
  dev,
  dbRoundTripMs,
});

console.log(`
  BabySteps is running at ${stack.url}
  Mail sent by the app: ${stack.url}/dev/mailbox${dbRoundTripMs > 0 ? `\n  The database is ${dbRoundTripMs} ms away (DB_RTT_MS)` : ""}

  Demo sign-ins (password ${DEMO_PASSWORD}):
${DEMO_FAMILY.map((m) => `    ${m.email.padEnd(26)} ${m.firstName} ${m.lastName} (${m.role}${m.relationship ? `, ${m.relationship}` : ""})`).join("\n")}

  Press Ctrl+C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping...");
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// npm passes a SIGTERM on to its shell, not to us: when our parent goes (whatever stopped it), we
// stop too, exactly as on Ctrl+C, rather than leave the app running with nobody to stop it.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void shutdown();
}, PARENT_CHECK_MS).unref();
