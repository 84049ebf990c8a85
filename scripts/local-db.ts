import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { startWsProxy, type ProxyCounts } from "./ws-proxy";

/** pglite-socket refuses connections above its cap; at 20, half the requests at concurrency 50 failed. */
const PGLITE_MAX_CONNECTIONS = 60;

export interface LocalDatabase {
  /** Connection string the Neon driver uses (through the proxy). */
  databaseUrl: string;
  /** host:port of the WebSocket-to-TCP proxy, for LOCAL_WS_PROXY. */
  wsProxy: string;
  /** Simulated distance between the Worker and the database, in ms per round trip. */
  setRoundTrip(ms: number): void;
  /** Connections and statements the database has been sent so far (through the proxy). */
  counts(): ProxyCounts;
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The local database: PGlite (data in `dataDir`, or in memory when undefined) served over the
 * Postgres wire protocol, or an existing Postgres given by `databaseUrl`; either behind the
 * WebSocket proxy so every client uses the production Neon driver.
 */
export async function startLocalDatabase(options: { dataDir?: string; databaseUrl?: string; wsPort?: number; roundTripMs?: number }): Promise<LocalDatabase> {
  let target: { host: string; port: number; url: string };
  let pglite: { db: PGlite; server: PGLiteSocketServer } | undefined;

  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    target = { host: url.hostname, port: Number(url.port || 5432), url: options.databaseUrl };
  } else {
    const db = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
    const port = await freePort();
    const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: PGLITE_MAX_CONNECTIONS });
    await server.start();
    pglite = { db, server };
    target = { host: "127.0.0.1", port, url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` };
  }

  const proxy = await startWsProxy({
    port: options.wsPort ?? (await freePort()),
    targetHost: target.host,
    targetPort: target.port,
    maxConnections: PGLITE_MAX_CONNECTIONS,
    sharedSession: pglite !== undefined,
    roundTripMs: options.roundTripMs,
  });

  return {
    databaseUrl: target.url,
    wsProxy: `127.0.0.1:${proxy.port}`,
    setRoundTrip: (ms) => proxy.setRoundTrip(ms),
    counts: () => proxy.counts(),
    async close() {
      await proxy.close();
      if (pglite) {
        await pglite.server.stop();
        await pglite.db.close();
      }
    },
  };
}
