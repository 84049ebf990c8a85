import { createMiddleware } from "hono/factory";
import { createAuth, sessionFromCookieCache, type Auth, type AuthSession } from "./auth";
import { isDevEnvironment } from "./config";
import { DEV_NOW_HEADER, requestNow } from "./infra/clock";
import { createDb, createPool, type Db } from "./db";
import { countStatements, DB_STATS_HEADER, formatDbStats } from "./db/stats";
import type { Bindings } from "./env";
import { reauthoriseUserRooms } from "./infra/rooms";
import { createOutbox, type Mailer } from "./infra/outbox";
import { createPictureLinks } from "./infra/pictureLinks";
import { loadLiveSessionUser } from "./services/access";
import type { RequestScope } from "./services/caller";

export type SessionFreshness = "cached" | "fresh";

export interface AppVariables {
  db: Db;
  /** Built on first use: routes that never look at the session (health, assets) skip its set-up. */
  getAuth: () => Auth;
  /**
   * The request's session, once per request. "cached" reads the signed cookie cache and asks the
   * database only when the cache is missing or old; "fresh" always asks the database, for account
   * changes and whatever needs the user as stored now, where a session ended elsewhere must stop at
   * once (account reads and family data check it in their own statements instead: services/access.ts).
   */
  getSession: (freshness: SessionFreshness) => Promise<AuthSession | null>;
  mailer: Mailer;
  /** What services run with; procedures and routes add the caller's user and access to it. */
  scope: RequestScope;
}

/** The app's public origin: links in mail and the auth base use it (local ports vary, so the request's own when unset). */
export const publicOriginOf = (env: Pick<Bindings, "BETTER_AUTH_URL">, requestUrl: string) => env.BETTER_AUTH_URL ?? new URL(requestUrl).origin;

/** What services run with, for a request, a scheduled job or a queue batch. The one place the outbox is made: its owner flushes it when done. */
export function requestScope(env: Bindings, db: Db, origin: string, waitUntil: (promise: Promise<unknown>) => void, now: Date = new Date(), request: Request | null = null): RequestScope {
  const outbox = createOutbox(env, db);
  return { db, env, origin, mailer: outbox, outbox, waitUntil, now, pictures: createPictureLinks(env.BETTER_AUTH_SECRET, request, now) };
}

/**
 * A scheduled job or a queue batch: the scope a request would have (mail links use the public
 * origin), on a pool of its own. Whatever it recorded in the outbox is enqueued when it ends, even
 * when it stopped early (the sweep would, later).
 */
export async function withJobScope<T>(env: Bindings, waitUntil: (promise: Promise<unknown>) => void, job: (scope: RequestScope) => Promise<T>, now: Date = new Date()): Promise<T> {
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  const scope = requestScope(env, createDb(pool), env.BETTER_AUTH_URL ?? "", waitUntil, now);
  try {
    return await job(scope);
  } finally {
    await scope.outbox.flush();
    await pool.end();
  }
}

/** Everything a request needs, built per request (on Workers a socket cannot outlive its request). */
export const createAppContext = createMiddleware<{ Bindings: Bindings; Variables: AppVariables }>(async (c, next) => {
  const env = c.env;
  const pool = createPool(env.DATABASE_URL, env.LOCAL_WS_PROXY);
  // The local stack reports each request's database figures for the bench and the statement-count tests.
  const stats = isDevEnvironment(env) ? countStatements(pool) : undefined;
  const db = createDb(pool);
  const origin = publicOriginOf(env, c.req.url);
  const scope = requestScope(env, db, origin, (promise) => c.executionCtx.waitUntil(promise), requestNow(env, c.req.header(DEV_NOW_HEADER)), c.req.raw);
  const { mailer } = scope;
  let auth: Auth | undefined;
  const getAuth = () => (auth ??= createAuth({ db, mailer, secret: env.BETTER_AUTH_SECRET, baseURL: origin, sessionEnded: (userId) => reauthoriseUserRooms(db, env, userId) }));
  // A session read from the database renews the cookie cache: its cookies go out with the answer.
  const sessionCookies: string[] = [];
  let cached: Promise<AuthSession | null> | undefined;
  let fresh: Promise<AuthSession | null> | undefined;
  // The signed cookie cache, read without building better-auth while it vouches for the session;
  // else better-auth's own lookup, which reads the database and renews or expires the cookies.
  const cachedSession = () =>
    (cached ??= sessionFromCookieCache(c.req.raw.headers, env.BETTER_AUTH_SECRET, origin).then(
      (vouched) =>
        vouched ??
        getAuth()
          .api.getSession({ headers: c.req.raw.headers, returnHeaders: true })
          .then(({ headers, response }) => {
            sessionCookies.push(...headers.getSetCookie());
            return response;
          }),
    ));
  // The cache's session once the database confirms it still stands, with the user as stored now: one statement.
  const freshSession = () =>
    (fresh ??= cachedSession().then(async (session) => {
      if (!session) return null;
      const user = await loadLiveSessionUser(db, { userId: session.user.id, sessionId: session.session.id });
      if (user) return { ...session, user: { ...session.user, ...user } };
      // The session ended (signed out elsewhere, account deleted) while its signed cookie cache still
      // vouches for it: better-auth's own lookup finds it gone and expires its cookies with this answer,
      // so the browser stops presenting a session no door will accept.
      const { headers } = await getAuth().api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true }, returnHeaders: true });
      sessionCookies.push(...headers.getSetCookie());
      return null;
    }));
  const getSession = (freshness: SessionFreshness) => (freshness === "fresh" ? freshSession() : cachedSession());
  c.set("db", db);
  c.set("mailer", mailer);
  c.set("getAuth", getAuth);
  c.set("getSession", getSession);
  c.set("scope", scope);
  try {
    await next();
    const reportStats = stats !== undefined && stats.statements + stats.connections > 0;
    // A WebSocket upgrade's headers are the room's and cannot change.
    if ((sessionCookies.length > 0 || reportStats) && c.res.status !== 101) {
      // Answers passed through (assets, R2) have immutable headers: Hono's setter makes a copy that takes ours.
      c.res = new Response(c.res.body, c.res);
      for (const cookie of sessionCookies) c.res.headers.append("set-cookie", cookie);
      if (stats && reportStats) c.res.headers.set(DB_STATS_HEADER, formatDbStats(stats));
    }
  } finally {
    // After the response: what the request wrote to the outbox is committed by now.
    c.executionCtx.waitUntil(scope.outbox.flush());
    c.executionCtx.waitUntil(pool.end());
  }
});
