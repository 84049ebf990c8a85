import { createMiddleware } from "hono/factory";
import { createAuth, type Auth } from "./auth";
import { createDb, createPool, type Db } from "./db";
import type { Bindings } from "./env";
import { reauthoriseUserRooms } from "./infra/rooms";
import { createMailer, type Mailer } from "./infra/mailer";
import type { RequestScope } from "./services/caller";

export interface AppVariables {
  db: Db;
  /** Built on first use: routes that never look at the session (health, assets) skip its set-up. */
  getAuth: () => Auth;
  mailer: Mailer;
  /** What services run with; procedures and routes add the caller's user and access to it. */
  scope: RequestScope;
}

/** The app's public origin: links in mail and the auth base use it (local ports vary, so the request's own when unset). */
export const publicOriginOf = (env: Pick<Bindings, "BETTER_AUTH_URL">, requestUrl: string) => env.BETTER_AUTH_URL ?? new URL(requestUrl).origin;

/** What services run with, for a request or a scheduled job. The one place the mailer is made. */
export function requestScope(env: Bindings, db: Db, origin: string, waitUntil: (promise: Promise<unknown>) => void): RequestScope {
  return { db, env, origin, mailer: createMailer(env, db), waitUntil };
}

/** Everything a request needs, built per request (on Workers a socket cannot outlive its request). */
export const createAppContext = createMiddleware<{ Bindings: Bindings; Variables: AppVariables }>(async (c, next) => {
  const env = c.env;
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  const db = createDb(pool);
  const origin = publicOriginOf(env, c.req.url);
  const scope = requestScope(env, db, origin, (promise) => c.executionCtx.waitUntil(promise));
  const { mailer } = scope;
  let auth: Auth | undefined;
  c.set("db", db);
  c.set("mailer", mailer);
  c.set("getAuth", () => (auth ??= createAuth({ db, mailer, secret: env.BETTER_AUTH_SECRET, baseURL: origin, sessionEnded: (userId) => reauthoriseUserRooms(db, env, userId) })));
  c.set("scope", scope);
  try {
    await next();
  } finally {
    c.executionCtx.waitUntil(pool.end());
  }
});
