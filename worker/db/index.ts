import { Pool, neonConfig } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as schema from "./schema";

export { schema };
export type Db = ReturnType<typeof createDb>;
/** An open transaction; functions that may run inside one take an Executor. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

/**
 * Locally the Neon driver reaches PGlite (or a local Postgres) through our WebSocket-to-TCP proxy,
 * so the Worker runs the exact production driver. Only the transport settings differ.
 */
export function configureLocalProxy(localWsProxy: string | undefined): void {
  if (!localWsProxy) return;
  neonConfig.wsProxy = () => `${localWsProxy}/v1`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

/**
 * A request's one connection (issue 21, measured in `npm run bench`'s screen table): far from the
 * database each new connection costs its handshakes in round trips and a server process, more than
 * the statements a request sends would wait behind each other on one. Statements issued together
 * queue on it, so code inside a transaction must use the transaction's handle, never `db` (with one
 * connection that waits forever).
 */
export const REQUEST_CONNECTIONS = 1;

/** One Pool per request on Workers: sockets cannot outlive the request that opened them. */
export function createPool(databaseUrl: string, localWsProxy?: string, maxConnections = REQUEST_CONNECTIONS): Pool {
  configureLocalProxy(localWsProxy);
  return new Pool({ connectionString: databaseUrl, max: maxConnections });
}

export function createDb(pool: Pool) {
  return drizzle({ client: pool, schema });
}
