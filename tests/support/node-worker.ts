import { Hono } from "hono";
import { freePort } from "../../scripts/local-db";
import "../../scripts/node-db";
import { createAppContext, type AppVariables } from "../../worker/context";
import type { Bindings } from "../../worker/env";

type App = Hono<{ Bindings: Bindings; Variables: AppVariables }>;

/**
 * Runs one of the Worker's route groups in Node with an environment workerd cannot be given mid-run:
 * production mode, or a database that cannot be reached (nothing listens on the proxy port, so the
 * same Neon driver fails to connect as it would in production).
 */
export async function requestWithoutDatabase(mount: (app: App) => App, path: string, appEnv: Bindings["APP_ENV"], init?: RequestInit): Promise<Response> {
  const app = mount(new Hono<{ Bindings: Bindings; Variables: AppVariables }>().use("*", createAppContext));
  const env = {
    APP_ENV: appEnv,
    DATABASE_URL: "postgres://nobody:nothing@127.0.0.1:1/none",
    LOCAL_WS_PROXY: `127.0.0.1:${await freePort()}`,
    BETTER_AUTH_SECRET: "test-secret-for-an-unreachable-database",
  } as Bindings;
  const pending: Promise<unknown>[] = [];
  const executionCtx = { waitUntil: (p: Promise<unknown>) => pending.push(p.catch(() => undefined)), passThroughOnException: () => undefined, props: {} };
  const response = await app.fetch(new Request(`http://localhost${path}`, init), env, executionCtx);
  await Promise.all(pending);
  return response;
}
