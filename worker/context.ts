import type { Pool } from "@neondatabase/serverless";
import { createMiddleware } from "hono/factory";
import { createAuth, type Auth } from "./auth";
import { createDb, createPool, type Db } from "./db";
import type { Bindings } from "./env";
import { reauthoriseUserRooms } from "./http/rooms";
import { createMailer, type Mailer } from "./services/mailer";

export interface AppVariables {
  db: Db;
  /** Built on first use: routes that never look at the session (health, assets) skip its set-up. */
  getAuth: () => Auth;
  mailer: Mailer;
}

/** Everything a request needs, built per request: on Workers a socket cannot outlive its request. */
export function createServices(env: Bindings, origin: string, pool: Pool): AppVariables {
  const db = createDb(pool);
  const mailer = createMailer(env, db);
  let auth: Auth | undefined;
  return {
    db,
    mailer,
    getAuth: () => (auth ??= createAuth({ db, mailer, secret: env.BETTER_AUTH_SECRET, baseURL: env.BETTER_AUTH_URL ?? origin, sessionEnded: (userId) => reauthoriseUserRooms(db, env, userId) })),
  };
}

export const createAppContext = createMiddleware<{ Bindings: Bindings; Variables: AppVariables }>(async (c, next) => {
  const pool = createPool(c.env.DATABASE_URL, c.env.LOCAL_WS_PROXY);
  const services = createServices(c.env, new URL(c.req.url).origin, pool);
  c.set("db", services.db);
  c.set("mailer", services.mailer);
  c.set("getAuth", services.getAuth);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(pool.end());
  }
});
