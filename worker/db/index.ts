import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as schema from "./schema";

export { schema };
export type Db = ReturnType<typeof createDb>;
/** An open transaction; functions that may run inside one take an Executor. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

/**
 * Statements outside a transaction go over HTTP (Neon's SQL-over-HTTP endpoint), each its own
 * request: nothing to open first, and a request's statements that need not wait on each other run
 * at once instead of queueing on one connection. Transactions (`db.transaction`) take a WebSocket
 * connection. Chosen by `npm run bench`'s screen table at 40 ms from the database (README, "Round
 * trips to the database").
 */
neonConfig.poolQueryViaFetch = true;

/**
 * Locally the Neon driver reaches PGlite (or a local Postgres) through our proxy, which speaks both
 * of its transports (WebSocket and SQL over HTTP), so the Worker runs the exact production driver.
 * Only the transport settings differ.
 */
export function configureLocalProxy(localWsProxy: string | undefined): void {
  if (!localWsProxy) return;
  neonConfig.wsProxy = () => `${localWsProxy}/v1`;
  neonConfig.fetchEndpoint = () => `http://${localWsProxy}/sql`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * A request's one WebSocket connection, for its transactions (issue 21, measured in `npm run
 * bench`'s screen table): far from the database each new connection costs its handshakes in round
 * trips and a server process. Statements issued together queue on it, so code inside a transaction
 * must use the transaction's handle, never `db` (which would run outside the transaction).
 */
export const REQUEST_CONNECTIONS = 1;

/** One Pool per request on Workers: sockets cannot outlive the request that opened them. */
export function createPool(databaseUrl: string, localWsProxy?: string, maxConnections = REQUEST_CONNECTIONS): Pool {
  configureLocalProxy(localWsProxy);
  return new Pool({ connectionString: databaseUrl, max: maxConnections });
}

/**
 * Without the schema: the app writes its queries with the query builder, never `db.query`, and
 * drizzle would otherwise rebuild the relational map of every table on each request (measured: a
 * fifth of a request's CPU in the Worker, issue 40).
 */
export function createDb(pool: Pool) {
  return drizzle({ client: pool });
}
