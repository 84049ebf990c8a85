import { neonConfig } from "@neondatabase/serverless";
import ws from "ws";
import { createDb, createPool, type Db } from "../worker/db";

// Node 20 has no global WebSocket; the Neon driver needs one to reach the proxy.
neonConfig.webSocketConstructor = ws;

/** The same driver the Worker uses, from Node (migrations, seed, tests), through the local proxy. */
export function openNodeDb(databaseUrl: string, localWsProxy: string | undefined): { db: Db; close: () => Promise<void> } {
  const pool = createPool(databaseUrl, localWsProxy);
  return { db: createDb(pool), close: () => pool.end() };
}
