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

// Pool queries take the driver's SQL-over-HTTP path and transactions a WebSocket, as in the Worker.
describe("the proxy (WebSocket and SQL over HTTP) in front of pglite-socket", () => {
  it("answers every concurrent parameterised query with its own parameters, outside other connections' transactions", async () => {
    const results = await Promise.allSettled(Array.from({ length: QUERIES }, (_, i) => run(i)));
    const problems = results.flatMap((result, i) =>
      result.status === "rejected" ? [`#${i} threw: ${String(result.reason)}`] : result.value ? [result.value] : [],
    );
    expect(problems).toEqual([]);
  });

  it("answers a failed statement over HTTP with Postgres's error, its message and code", async () => {
    const failure = await pools[0]!.query("select 1 / $1::int", [0]).then(
      () => undefined,
      (error: Error & { code?: string }) => ({ message: error.message, code: error.code }),
    );
    expect(failure).toEqual({ message: "division by zero", code: "22012" });
  });
});

/** Begin, one statement, commit: on a connection of its own, as drizzle's transactions run. */
async function smallTransaction(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("select 4");
    await client.query("commit");
  } finally {
    client.release();
  }
}

describe("the simulated distance and the counts (DB_RTT_MS, the screen bench)", () => {
  const ROUND_TRIP_MS = 100;

  it("prepares each statement over HTTP once, by name, and keeps it through a statement Postgres refuses, so PGlite plans it once", async () => {
    const pool = createPool(database.databaseUrl, database.wsProxy);
    try {
      for (const n of [1, 2]) expect((await pool.query<{ n: number }>("select $1::int + 0 as n", [n])).rows).toEqual([{ n }]);
      await expect(pool.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
      expect((await pool.query<{ n: number }>("select $1::int + 0 as n", [3])).rows).toEqual([{ n: 3 }]);
      const { rows } = await pool.query<{ name: string }>("select name from pg_prepared_statements where statement = 'select $1::int + 0 as n'");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.name).toMatch(/^local_[0-9a-f]{40}$/);
    } finally {
      await pool.end();
    }
  });

  it("makes a statement over HTTP wait one round trip and a transaction's new connection two more, keeping the bytes in order, and counts them", async () => {
    const pool = createPool(database.databaseUrl, database.wsProxy);
    const before = database.counts();
    database.setRoundTrip(ROUND_TRIP_MS);
    try {
      const sent = performance.now();
      const { rows } = await pool.query<{ n: number }>("select $1::int as n", [1]);
      const overHttpMs = performance.now() - sent;
      const both = await Promise.all([pool.query<{ n: number }>("select 2 as n"), pool.query<{ n: number }>("select 3 as n")]);
      const opened = performance.now();
      await smallTransaction(pool);
      const transactionMs = performance.now() - opened;
      expect(rows).toEqual([{ n: 1 }]);
      expect(both.map((answer) => answer.rows[0]?.n)).toEqual([2, 3]);
      expect(overHttpMs).toBeGreaterThanOrEqual(ROUND_TRIP_MS - 5);
      // Upgrade, startup, then begin, select and commit: five round trips on a new connection.
      expect(transactionMs).toBeGreaterThanOrEqual(5 * ROUND_TRIP_MS - 5);
    } finally {
      database.setRoundTrip(0);
      await pool.end();
    }
    const after = database.counts();
    expect(after.statements - before.statements).toBe(6);
    // The HTTP endpoint's own connections sit beside the database and are not the Worker's.
    expect(after.connections - before.connections).toBe(1);
  });

  it("reports a request's statements, connections and the longest chain of round trips that waited on each other", async () => {
    const pool = createPool(database.databaseUrl, database.wsProxy);
    const stats = countStatements(pool);
    try {
      // Two at once over HTTP (one link), one more, then a transaction of three on a connection.
      await Promise.all([pool.query("select 1"), pool.query("select 2")]);
      await pool.query("select 3");
      await smallTransaction(pool);
    } finally {
      await pool.end();
    }
    expect(stats).toEqual({ statements: 6, connections: 1, chain: 5 });
  });
});
