import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/local-db";
import "../../scripts/node-db";
import { createAppContext, type AppVariables } from "../../worker/context";
import type { Bindings } from "../../worker/env";
import { healthRoute } from "../../worker/http/health";

describe("/api/health without a database", () => {
  it("answers 503 with db error when the database cannot be reached", async () => {
    const app = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().use("*", createAppContext).route("/api/health", healthRoute);
    // Nothing listens on this port: the same Neon driver fails to connect, as it would in production.
    const deadProxy = `127.0.0.1:${await freePort()}`;
    const env = { APP_ENV: "test", DATABASE_URL: "postgres://nobody:nothing@127.0.0.1:1/none", LOCAL_WS_PROXY: deadProxy, BETTER_AUTH_SECRET: "test-secret-for-unreachable-db" } as Bindings;
    const pending: Promise<unknown>[] = [];
    const executionCtx = { waitUntil: (p: Promise<unknown>) => pending.push(p.catch(() => undefined)), passThroughOnException: () => undefined, props: {} };
    const response = await app.fetch(new Request("http://localhost/api/health"), env, executionCtx);
    await Promise.all(pending);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, db: "error" });
  });
});
