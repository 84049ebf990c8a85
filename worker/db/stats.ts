import { neonConfig, type Pool, type PoolClient } from "@neondatabase/serverless";

/**
 * What one request asked of the database: statements sent, connections opened, and the longest
 * chain of round trips that had to wait on each other. Far from the database every link of that
 * chain costs a full round trip, so it is the figure the bench and the statement-count tests watch.
 */
export interface DbStats {
  statements: number;
  connections: number;
  chain: number;
}

/** The header the local stack reports a request's figures in (development and test only). */
export const DB_STATS_HEADER = "x-db-stats";

export const formatDbStats = (stats: DbStats) => `statements=${stats.statements}; connections=${stats.connections}; chain=${stats.chain}`;

export function parseDbStats(header: string | null): DbStats | undefined {
  if (!header) return undefined;
  const figures = Object.fromEntries(header.split(";").map((part) => part.trim().split("=")).map(([key, value]) => [key, Number(value)]));
  const { statements, connections, chain } = figures;
  if (statements === undefined || connections === undefined || chain === undefined) return undefined;
  return { statements, connections, chain };
}

type Query = (...args: unknown[]) => unknown;

/** Calls `query` and tells `answered` when its answer (callback or promise) arrives. */
function timed(query: Query, args: unknown[], answered: () => void): unknown {
  const last = args.at(-1);
  // The pool calls with a callback; drizzle's transactions call for a promise.
  if (typeof last === "function") {
    return query(...args.slice(0, -1), (...results: unknown[]) => {
      answered();
      (last as (...results: unknown[]) => void)(...results);
    });
  }
  const result = query(...args);
  if (result instanceof Promise) return result.finally(answered);
  answered();
  return result;
}

/**
 * Counts every statement `pool` sends, over HTTP (a pool query when `neonConfig.poolQueryViaFetch`)
 * or on a connection (transactions). The chain is kept by order of events, not by clock (time stands
 * still between I/O on Workers): a statement sent before any other has answered is one link deeper
 * than the deepest one answered so far, so statements in flight together share a link and a
 * statement sent after another answered adds one. No listener is added: a listener for anything
 * but 'error' turns the driver's HTTP path off.
 */
export function countStatements(pool: Pool): DbStats {
  const stats: DbStats = { statements: 0, connections: 0, chain: 0 };
  let answeredDepth = 0;
  const started = () => {
    stats.statements += 1;
    const depth = answeredDepth + 1;
    stats.chain = Math.max(stats.chain, depth);
    return () => {
      answeredDepth = Math.max(answeredDepth, depth);
    };
  };
  const seen = new WeakSet<PoolClient>();
  const watch = (client: PoolClient) => {
    if (seen.has(client)) return;
    seen.add(client);
    stats.connections += 1;
    const target = client as unknown as { query: Query };
    const query = target.query.bind(client) as Query;
    target.query = (...args: unknown[]) => timed(query, args, started());
  };

  const target = pool as unknown as { connect: Query; query: Query };
  const connect = target.connect.bind(pool) as Query;
  target.connect = (...args: unknown[]) => {
    const callback = args[0];
    if (typeof callback === "function") {
      return connect((error: unknown, client: PoolClient | undefined, done: unknown) => {
        if (client) watch(client);
        (callback as (...results: unknown[]) => void)(error, client, done);
      });
    }
    return (connect() as Promise<PoolClient>).then((client) => {
      watch(client);
      return client;
    });
  };
  const query = target.query.bind(pool) as Query;
  // Without the HTTP path a pool query borrows a connection through `connect`, counted there.
  target.query = (...args: unknown[]) => (neonConfig.poolQueryViaFetch && typeof args[0] !== "function" ? timed(query, args, started()) : query(...args));
  return stats;
}
