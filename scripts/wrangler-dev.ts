/**
 * `wrangler dev` for the local stack, through wrangler's own startWorker (what the CLI runs) with
 * the devtools inspector off. The CLI always attaches it, and it then relays a devtools event for
 * every subrequest the Worker makes (each database query) to wrangler's debug log file: measured
 * (issue 36), about a third of wrangler's and part of workerd's CPU in the test suites, and
 * gigabytes of log a day. Run by scripts/stack.ts with its settings in STACK_WORKER (JSON).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getNodeCompat } from "miniflare";
import { unstable_startWorker } from "wrangler";

export interface WranglerDevSettings {
  /** undefined runs wrangler.toml's main, as deployed. */
  entry?: string;
  port: number;
  persistDir: string;
  /** An empty env file stops wrangler reading a .dev.vars left by npm run dev. */
  envFile: string;
  vars: Record<string, string>;
}

const root = fileURLToPath(new URL("..", import.meta.url));
const raw = process.env.STACK_WORKER;
if (!raw) throw new Error("STACK_WORKER is not set (scripts/stack.ts starts this script)");
const settings = JSON.parse(raw) as WranglerDevSettings;

const worker = await unstable_startWorker({
  config: path.join(root, "wrangler.toml"),
  ...(settings.entry ? { entrypoint: path.join(root, settings.entry) } : {}),
  envFiles: [settings.envFile],
  sendMetrics: false,
  // The CLI derives this from the config's date and flags the same way; startWorker leaves it off.
  build: { nodejsCompatMode: (config) => getNodeCompat(config.compatibility_date, config.compatibility_flags).mode },
  bindings: Object.fromEntries(Object.entries(settings.vars).map(([key, value]) => [key, { type: "plain_text", value }])),
  dev: {
    server: { hostname: "127.0.0.1", port: settings.port },
    inspector: false,
    persist: settings.persistDir,
    testScheduled: true,
    watch: false,
    liveReload: false,
  },
});
await worker.ready;

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void worker.dispose().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
