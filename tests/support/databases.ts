import { spawnSync } from "node:child_process";

/** Runs one statement on the server behind `url` with psql (the machine's PostgreSQL client). */
function psql(url: string, sql: string) {
  const result = spawnSync("psql", [url, "-qc", sql], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`psql failed (${sql}): ${result.stderr || result.error?.message}`);
}

/**
 * A fresh, empty database beside `base` on the same server, named `<base>_<suffix>` (made again if a
 * run left one behind), and how to drop it. The suites on a real PostgreSQL give each stack its own.
 */
export function siblingDatabase(base: string, suffix: string): { url: string; drop: () => void } {
  const url = new URL(base);
  url.pathname = `${url.pathname}_${suffix}`;
  const name = url.pathname.slice(1);
  psql(base, `drop database if exists ${name} with (force)`);
  psql(base, `create database ${name}`);
  return { url: String(url), drop: () => psql(base, `drop database if exists ${name} with (force)`) };
}
