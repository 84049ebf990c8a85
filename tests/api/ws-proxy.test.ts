import type { Pool } from "@neondatabase/serverless";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalDatabase, type LocalDatabase } from "../../scripts/local-db";
import "../../scripts/node-db";
import { createPool } from "../../worker/db";

/** createPool opens up to 5 connections; two pools give the proxy 10 at once, as concurrent Worker requests do. */
const POOLS = 2;
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
  pools = Array.from({ length: POOLS }, () => createPool(database.databaseUrl, database.wsProxy));
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
