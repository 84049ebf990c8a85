import type { Pool } from "@neondatabase/serverless";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalDatabase, type LocalDatabase } from "../../scripts/local-db";
import "../../scripts/node-db";
import { createPool } from "../../worker/db";
import { countStatements } from "../../worker/db/stats";

/** Two pools of 5 connections give the proxy 10 at once, as concurrent Worker requests do. */
const POOLS = 2;
const CONNECTIONS_PER_POOL = 5;
const QUERIES = 300;
const TRANSACTION_EVERY = 10;
const FAILED_TRANSACTION_EVERY = 15;
/** A transaction-local setting: a query that sees another connection's value ran inside its transaction. */
const TAG = "proxy_test.tag";

let database: LocalDatabase;
let pools: Pool[];

beforeAll(async () => {
  // Its own in-memory PGlite behind pglite-socket and the proxy, started exactly as the local stack does.
  database = await startLocalDatabase({});
  pools = Array.from({ length: POOLS }, () => createPool(database.databaseUrl, database.wsProxy, CONNECTIONS_PER_POOL));
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database.close();
});

interface Answer {
  n: number;
  t: string;
  tag: string | null;
}

/** Runs query `i` and returns what went wrong, if anything. */
async function run(i: number): Promise<string | undefined> {
  const pool = pools[i % POOLS]!;
  const t = `text-${i}`;
  if (i % FAILED_TRANSACTION_EVERY === 0) {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const failure = await client.query("select 1 / $1::int", [0]).then(
        () => "no error",
        (error: Error) => error.message,
      );
      await client.query("rollback");
      return failure === "division by zero" ? undefined : `#${i} failed with "${failure}" instead of division by zero`;
    } finally {
      client.release();
    }
  }
  if (i % TRANSACTION_EVERY === 0) {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("select set_config($1, $2, true)", [TAG, t]);
      const { rows } = await client.query<Answer>("select $1::int as n, $2::text as t, current_setting($3, true) as tag", [i, t, TAG]);
      await client.query("commit");
      const row = rows[0];
      return row?.n === i && row.t === t && row.tag === t ? undefined : `#${i} (in a transaction) got ${JSON.stringify(rows)}`;
    } finally {
      client.release();
    }
  }
  const { rows } = await pool.query<Answer>("select $1::int as n, $2::text as t, current_setting($3, true) as tag", [i, t, TAG]);
  const row = rows[0];
  // The tag is unset (null) or, once a transaction that set it has ended, empty.
  return row?.n === i && row.t === t && !row.tag ? undefined : `#${i} got ${JSON.stringify(rows)}`;
}

describe("WebSocket proxy in front of pglite-socket", () => {
  it("answers every concurrent parameterised query with its own parameters, outside other connections' transactions", async () => {
    const results = await Promise.allSettled(Array.from({ length: QUERIES }, (_, i) => run(i)));
    const problems = results.flatMap((result, i) =>
      result.status === "rejected" ? [`#${i} threw: ${String(result.reason)}`] : result.value ? [result.value] : [],
    );
    expect(problems).toEqual([]);
  });
});

describe("the simulated distance and the counts (DB_RTT_MS, the screen bench)", () => {
  const ROUND_TRIP_MS = 100;

  it("makes each statement wait a round trip and a new connection two, keeping the bytes in order, and counts both", async () => {
    const pool = createPool(database.databaseUrl, database.wsProxy);
    const before = database.counts();
    database.setRoundTrip(ROUND_TRIP_MS);
    try {
      const opened = performance.now();
      const { rows } = await pool.query<{ n: number }>("select $1::int as n", [1]);
      const firstMs = performance.now() - opened;
      const reused = performance.now();
      // Two more at once: the second waits behind the first on the request's one connection.
      const both = await Promise.all([pool.query<{ n: number }>("select 2 as n"), pool.query<{ n: number }>("select 3 as n")]);
      const reusedMs = performance.now() - reused;
      expect(rows).toEqual([{ n: 1 }]);
      expect(both.map((answer) => answer.rows[0]?.n)).toEqual([2, 3]);
      // Upgrade, startup and the statement: three round trips on a new connection.
      expect(firstMs).toBeGreaterThanOrEqual(3 * ROUND_TRIP_MS - 5);
      expect(reusedMs).toBeGreaterThanOrEqual(2 * ROUND_TRIP_MS - 5);
    } finally {
      database.setRoundTrip(0);
      await pool.end();
    }
    const after = database.counts();
    expect(after.statements - before.statements).toBe(3);
    expect(after.connections - before.connections).toBe(1);
  });

  it("reports a request's statements, connections and the longest chain of round trips that waited on each other", async () => {
    const pool = createPool(database.databaseUrl, database.wsProxy);
    const stats = countStatements(pool);
    try {
      // Two at once on one connection (two links: the second waits), one more, then a transaction of three.
      await Promise.all([pool.query("select 1"), pool.query("select 2")]);
      await pool.query("select 3");
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("select 4");
        await client.query("commit");
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    expect(stats).toEqual({ statements: 6, connections: 1, chain: 6 });
  });
});
