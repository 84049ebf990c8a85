import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsIn, startHttpRecorder, type HttpRecorder } from "../../scripts/http-recorder";
import { isDevEnvironment } from "../../worker/config";
import type { Bindings } from "../../worker/env";
import { mountDevRoutes } from "../../worker/dev/routes";
import { createMailTransport } from "../../worker/infra/mailer";
import { baseUrl } from "../support/env";
import { requestWithoutDatabase } from "../support/node-worker";

/** Every path the dev entry adds, as a request. */
const DEV_REQUESTS: Array<[string, RequestInit?]> = [
  ["/api/dev/outbox"],
  ["/dev/mailbox"],
  ["/dev/checkout/cs_test_x"],
  ["/dev/stripe/v1/prices/price_x"],
  [`/api/dev/waiting-room/${crypto.randomUUID()}/announce-state`, { method: "POST" }],
  [`/api/dev/photo-copies/${crypto.randomUUID()}`, { method: "POST" }],
  [`/api/dev/objects?prefix=${encodeURIComponent(`pregnancies/${crypto.randomUUID()}/`)}`],
  ["/api/dev/weekly-digest", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: new Date().toISOString() }) }],
  ["/api/dev/service-end-notices", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ now: new Date().toISOString() }) }],
  ["/api/dev/raw-put", { method: "PUT", body: "clip bytes" }],
];
/** APP_ENV values that are not explicitly development or test: all of them are production. */
const NOT_DEV: Array<string | undefined> = [undefined, "", "staging", "Production", "production", "dev", "TEST"];

describe("dev-only routes", () => {
  it("list captured mail newest first in development and test", async () => {
    const response = await fetch(`${baseUrl()}/api/dev/outbox`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as Array<{ createdAt: string }>;
    const times = mails.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await fetch(`${baseUrl()}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Mailbox</h1>");
  });

  it("put a request's body into R2 as one object of its length for the clips bench, and want that length", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(7);
    const stored = await fetch(`${baseUrl()}/api/dev/raw-put`, { method: "PUT", body: bytes });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ bytes: bytes.length });
    // Streamed without a Content-Length (chunked): R2 could not take it as it comes.
    const streamed: RequestInit & { duplex: "half" } = { method: "PUT", body: new Blob([bytes]).stream(), duplex: "half" };
    const chunked = await fetch(`${baseUrl()}/api/dev/raw-put`, streamed);
    expect(chunked.status).toBe(411);
  });

  it("turn on only for APP_ENV development or test", () => {
    expect(isDevEnvironment({ APP_ENV: "development" })).toBe(true);
    expect(isDevEnvironment({ APP_ENV: "test" })).toBe(true);
    for (const appEnv of NOT_DEV) expect(isDevEnvironment({ APP_ENV: appEnv }), String(appEnv)).toBe(false);
  });

  it.each(NOT_DEV.map((appEnv) => [String(appEnv), appEnv]))("answer 404 on every dev path with APP_ENV %s", async (_label, appEnv) => {
    for (const [path, init] of DEV_REQUESTS) {
      const response = await requestWithoutDatabase(mountDevRoutes, path, appEnv, init);
      expect(response.status, path).toBe(404);
    }
  });

  it("are mounted under their own paths only: other routes are untouched in any environment", async () => {
    const app = (appEnv: string | undefined) => requestWithoutDatabase((a) => mountDevRoutes(a).get("/elsewhere", (c) => c.text("reached")), "/elsewhere", appEnv);
    for (const appEnv of ["test", "production", undefined]) expect(await (await app(appEnv)).text()).toBe("reached");
  });
});

describe("mail outside development and test", () => {
  let recorder: HttpRecorder;
  beforeAll(async () => {
    recorder = await startHttpRecorder();
  });
  afterAll(() => recorder.close());

  it.each([["unset", undefined], ["staging", "staging"], ["Production", "Production"]])("is delivered through the mail API with its idempotency key, never captured locally, with APP_ENV %s", async (_label, appEnv) => {
    const to = `not-captured.${crypto.randomUUID()}@example.test`;
    const key = crypto.randomUUID();
    const env = { APP_ENV: appEnv, MAIL_API_URL: `${recorder.origin}/emails`, MAIL_API_KEY: "re_test_key", MAIL_FROM: "BabySteps <hello@example.test>" } as Bindings;
    const headers = { "List-Unsubscribe": "<https://app.example/api/digest/one-click-unsubscribe?token=t>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    const mail = { to, subject: "Hello", text: "Hi", html: "<p>Hi</p>", headers };
    expect(await createMailTransport(env).deliver(mail, key)).toEqual({ kind: "sent" });
    expect(mailsIn(recorder.requests, "/emails").find((m) => m.to === to)).toMatchObject({ from: "BabySteps <hello@example.test>", subject: "Hello", headers, authorization: "Bearer re_test_key" });
    expect(recorder.requests.find((r) => r.body.includes(to))?.idempotencyKey).toBe(key);
    // Without the mail API such an environment has nowhere to send: the row waits, never counted delivered.
    const { MAIL_API_URL: _url, ...unconfigured } = env;
    expect(await createMailTransport(unconfigured as Bindings).deliver(mail, crypto.randomUUID())).toMatchObject({ kind: "retry" });
  });
});
