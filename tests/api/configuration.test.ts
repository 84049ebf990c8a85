import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../worker/env";
import { configurationGuard } from "../../worker/http/configurationGuard";

/** Everything a production deployment sets (README's checklist). */
const PRODUCTION: Partial<Bindings> = {
  APP_ENV: "production",
  PAYMENTS_MODE: "stripe",
  DATABASE_URL: "postgres://user:pass@db.example.test/babysteps",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-characters",
  BETTER_AUTH_URL: "https://babysteps.example.test",
  MAIL_API_URL: "https://mail.example.test/emails",
  MAIL_API_KEY: "re_key",
  MAIL_FROM: "BabySteps <hello@example.test>",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_BASIC: "price_basic",
  STRIPE_PRICE_PREMIUM: "price_premium",
  VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`,
  VAPID_PRIVATE_KEY: "A".repeat(43),
  VAPID_SUBJECT: "mailto:hello@example.test",
};

const app = new Hono<{ Bindings: Bindings }>().use("*", configurationGuard).post("/api/billing/webhook", (c) => c.json({ received: true }));
const post = (env: Partial<Bindings>) => app.request("/api/billing/webhook", { method: "POST", body: "{}" }, env as Bindings);

describe("a production Worker missing a setting", () => {
  afterEach(() => vi.restoreAllMocks());

  it("serves when everything is set", async () => {
    expect((await post(PRODUCTION)).status).toBe(200);
  });

  it.each(["STRIPE_PRICE_BASIC", "STRIPE_WEBHOOK_SECRET", "BETTER_AUTH_SECRET", "DATABASE_URL", "MAIL_API_KEY", "MAIL_FROM", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const)("answers 503 and logs one line naming %s", async (name) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await post({ ...PRODUCTION, [name]: undefined });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "SERVICE_UNAVAILABLE", message: "This service is not fully configured yet." });
    expect(log).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(log.mock.calls[0]?.[0])) as { level: string; msg: string; missing: string[] };
    expect(line).toMatchObject({ level: "error", msg: "configuration missing", missing: [name] });
  });

  it("treats an unset or unknown APP_ENV as production, never falling back to local payments or the outbox", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const appEnv of [undefined, "staging", "Production"]) {
      expect((await post({ ...PRODUCTION, APP_ENV: appEnv, MAIL_API_URL: undefined })).status, String(appEnv)).toBe(503);
      expect((await post({ ...PRODUCTION, APP_ENV: appEnv, PAYMENTS_MODE: "local" })).status, String(appEnv)).toBe(503);
      expect((await post({ ...PRODUCTION, APP_ENV: appEnv })).status, String(appEnv)).toBe(200);
    }
  });

  it("refuses a VAPID subject that is neither a mailto: address nor an https URL", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await post({ ...PRODUCTION, VAPID_SUBJECT: "hello@example.test" })).status).toBe(503);
    expect((await post({ ...PRODUCTION, VAPID_SUBJECT: "https://babysteps.example.test" })).status).toBe(200);
  });

  it("refuses a short auth secret", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await post({ ...PRODUCTION, BETTER_AUTH_SECRET: "short" })).status).toBe(503);
  });

  it("does not apply in development and test, where the local stack provides the settings", async () => {
    expect((await post({ APP_ENV: "test" })).status).toBe(200);
    expect((await post({ APP_ENV: "development" })).status).toBe(200);
  });
});
