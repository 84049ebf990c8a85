import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts a Node process that supervises `sleep`, as the test runner supervises wrangler; resolves with both pids. */
function supervisor(): Promise<{ supervisorPid: number; childPid: number }> {
  const code = `
    const { spawnSupervised } = await import(${JSON.stringify(`${root}scripts/processes.ts`)});
    const { child } = spawnSupervised("sleep", ["300"], { stdio: "ignore" });
    console.log(child.pid);
    setInterval(() => {}, 1000);`;
  const proc = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    proc.stdout.once("data", (data: Buffer) => resolve({ supervisorPid: proc.pid ?? 0, childPid: Number(String(data).trim()) }));
    proc.once("error", reject);
  });
}

describe("supervised processes (the local stack's wrangler)", () => {
  it("are stopped when the process that started them is killed outright", async () => {
    const { supervisorPid, childPid } = await supervisor();
    expect(alive(childPid)).toBe(true);
    process.kill(supervisorPid, "SIGKILL");
    await expect.poll(() => alive(childPid), { timeout: 10_000, interval: 200 }).toBe(false);
  }, 20_000);
});
