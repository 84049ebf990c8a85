import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ApiClient } from "../tests/support/client";
import { drive } from "./bench-stats";
import { DEMO_PASSWORD, demoMember } from "./demo-family";
import { freePort } from "./local-db";
import { startStack } from "./stack";

const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return Number(f[11]) + Number(f[12]); };
const persistDir = mkdtempSync(path.join(os.tmpdir(), "zzcpu-"));
const stack = await startStack({ port: await freePort(), persistDir, appEnv: "test", logFile: path.join(persistDir, "w.log") });
try {
  const workerd = Number(execSync("pgrep -n workerd").toString().trim());
  const olivia = new ApiClient(stack.url);
  await olivia.signIn(demoMember("olivia").email, DEMO_PASSWORD);
  const cookie = olivia.cookieHeader;
  const N = 3000;
  for (const [label, req] of [["health", () => fetch(`${stack.url}/api/health`)], ["mine", () => fetch(`${stack.url}/api/trpc/pregnancy.mine`, { headers: { cookie, origin: stack.url } })], ["health", () => fetch(`${stack.url}/api/health`)], ["mine", () => fetch(`${stack.url}/api/trpc/pregnancy.mine`, { headers: { cookie, origin: stack.url } })]] as const) {
    const w0 = ticks(workerd), n0 = ticks(process.pid);
    const r = await drive(label, req, N, 50);
    const w1 = ticks(workerd), n1 = ticks(process.pid);
    console.log(label, "workerd ms/req", ((w1 - w0) * 10 / N).toFixed(2), "node ms/req", ((n1 - n0) * 10 / N).toFixed(2), r.requestsPerSecond.toFixed(0));
  }
} finally { await stack.stop(); }
