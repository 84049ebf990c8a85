import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const STOP_GRACE_MS = 5_000;
const WATCH_INTERVAL_S = 1;

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
};

/**
 * A watchdog outside our process: when this process dies, even by SIGKILL where no handler runs,
 * it stops the child's whole process group, so a killed test run leaves no workerd behind.
 */
function watchForOrphans(groupPid: number): ChildProcess {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep ${WATCH_INTERVAL_S}; done`,
    `kill -TERM -${groupPid} 2>/dev/null`,
    `sleep ${STOP_GRACE_MS / 1000}`,
    `kill -KILL -${groupPid} 2>/dev/null`,
  ].join("; ");
  const watchdog = spawn("/bin/sh", ["-c", script], { detached: true, stdio: "ignore" });
  watchdog.unref();
  return watchdog;
}

export interface Supervised {
  child: ChildProcess;
  /** Stops the child's whole group: SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/**
 * Starts a command in its own process group (wrangler ignores SIGTERM on its own process and npx
 * forwards no signals, so only stopping the group stops workerd too), watched so it cannot outlive us.
 */
export function spawnSupervised(command: string, args: string[], options: SpawnOptions): Supervised {
  const child = spawn(command, args, { ...options, detached: true });
  const watchdog = child.pid === undefined ? undefined : watchForOrphans(child.pid);
  const stop = (): Promise<void> => {
    if (watchdog?.pid !== undefined) signalGroup(watchdog.pid, "SIGKILL");
    const pid = child.pid;
    if (child.exitCode !== null || child.signalCode !== null || pid === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_GRACE_MS);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      signalGroup(pid, "SIGTERM");
    });
  };
  return { child, stop };
}
