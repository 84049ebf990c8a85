import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { DEMO_PASSWORD, demoMember } from "../../scripts/demo-family";
import { LOCAL_STRIPE } from "../../scripts/stack";
import { COUNTS_PATH, type ProxyCounts } from "../../scripts/ws-proxy";
import { mailsIn, RECORDED_PATH, type RecordedMail, type RecordedRequest } from "../../scripts/http-recorder";
import { mailOutbox } from "../../worker/db/schema";
import { stripeSignatureHeader } from "../../worker/dev/fakeStripeProtocol";
import { DEV_NOW_HEADER } from "../../worker/infra/clock";
import { HASHED_ASSETS_CACHE_CONTROL } from "../../worker/http/securityHeaders";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb, stack } from "../support/env";
import { signUp } from "../support/families";
import { jpegWithGps } from "../support/images";
import { uploadPhotos } from "../support/photoUpload";
import { createTestDevice } from "../support/pushEndpoint";
import { connect } from "../support/room";
import { SMOKE_MAIL, SMOKE_SENTRY_PROJECT } from "./global-setup";

/**
 * The Worker as deployed (tests/production/global-setup.ts), walked as a family and an operator
 * would: every route answers, mail leaves through the mail API, payments are Stripe's, realtime
 * works, and nothing of the dev tooling exists.
 */

const SECURITY_HEADERS = ["content-security-policy", "strict-transport-security", "referrer-policy", "x-content-type-options", "permissions-policy", "cross-origin-opener-policy"];

function expectSecurityHeaders(response: Response, label: string) {
  for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${label}: ${name}`).toBeTruthy();
  const csp = response.headers.get("content-security-policy") ?? "";
  for (const directive of ["default-src 'self'", "img-src 'self' blob: data:", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'", "object-src 'none'"]) expect(csp, label).toContain(directive);
  expect(csp, label).toMatch(/script-src 'self' 'sha256-/);
  expect(csp, label).not.toContain("unsafe");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
}

const recorded = async () => (await (await fetch(`${inject("recorderOrigin")}${RECORDED_PATH}`)).json()) as RecordedRequest[];
const recordedMails = async () => mailsIn(await recorded(), SMOKE_MAIL.path);
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function signedInDemo(key: "olivia" | "grandma"): Promise<ApiClient> {
  const client = new ApiClient(baseUrl());
  const response = await client.signIn(demoMember(key).email, DEMO_PASSWORD);
  expect(response.status).toBe(200);
  return client;
}

describe("the Worker as deployed", () => {
  it("answers /api/health after a database round trip, with a request id and the security headers", async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: "ok" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expectSecurityHeaders(response, "/api/health");
    const ray = await fetch(`${baseUrl()}/api/health`, { headers: { "cf-ray": "8f1e2d3c4b5a6978-SEA" } });
    expect(ray.headers.get("x-request-id")).toBe("8f1e2d3c4b5a6978-SEA");
  });

  it("sends a statement outside a transaction as SQL over HTTP, opening no database connection", async () => {
    const counts = async () => (await (await fetch(`http://${stack().wsProxy}${COUNTS_PATH}`)).json()) as ProxyCounts;
    const before = await counts();
    expect((await fetch(`${baseUrl()}/api/health`)).status).toBe(200);
    const after = await counts();
    expect(after.statements - before.statements).toBe(1);
    expect(after.connections - before.connections).toBe(0);
  });

  it("serves / to a visitor, static pages and files with the security headers, and each inline script's hash in the policy", async () => {
    const home = await fetch(`${baseUrl()}/`, { redirect: "manual" });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<h1");
    expectSecurityHeaders(home, "/");
    const pricing = await fetch(`${baseUrl()}/pricing`);
    expect(pricing.status).toBe(200);
    expectSecurityHeaders(pricing, "/pricing");
    expectSecurityHeaders(await fetch(`${baseUrl()}/favicon.svg`), "/favicon.svg");
    // The build's hashed files are kept by the browser for good; a file without a hash is asked again.
    const script = readdirSync("dist/client/assets").find((file) => file.endsWith(".js"));
    expect((await fetch(`${baseUrl()}/assets/${script}`)).headers.get("cache-control")).toBe(HASHED_ASSETS_CACHE_CONTROL);
    expect((await fetch(`${baseUrl()}/favicon.svg`)).headers.get("cache-control")).not.toContain("immutable");
    // The rules file is configuration, not a file to serve (the path gets the app's not-found page).
    expect(await (await fetch(`${baseUrl()}/_headers`)).text()).not.toContain("content-security-policy:");

    const policy = home.headers.get("content-security-policy") ?? "";
    for (const file of readdirSync("dist/client").filter((f) => f.endsWith(".html"))) {
      const html = readFileSync(`dist/client/${file}`, "utf8");
      for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        expect(policy, file).toContain(`'sha256-${createHash("sha256").update(script ?? "").digest("base64")}'`);
      }
    }
  });

  it("signs up with the code mailed through the outbox queue and the mail API, signs in, and serves the app's routes", async () => {
    const { client, email, password } = await signUp("smoke");
    let mail: RecordedMail | undefined;
    // The queue holds a batch up to its max_batch_timeout (1 s) before the consumer gets it: longer than expect.poll's default wait.
    await expect.poll(async () => (mail = (await recordedMails()).find((m) => m.to === email)), { timeout: 5_000 }).toBeDefined();
    expect(mail).toMatchObject({ from: SMOKE_MAIL.from, authorization: `Bearer ${SMOKE_MAIL.key}` });
    // Sent by the queue's consumer: once, under the key of its outbox row, which records the delivery.
    const requests = (await recorded()).filter((r) => r.path === SMOKE_MAIL.path && r.body.includes(email));
    expect(requests).toHaveLength(1);
    const { db, close } = openTestDb();
    try {
      const [row] = await db.select({ key: mailOutbox.idempotencyKey, state: mailOutbox.state }).from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(requests[0]?.idempotencyKey).toBe(row?.key);
      await expect.poll(async () => (await db.select({ state: mailOutbox.state }).from(mailOutbox).where(eq(mailOutbox.to, email)))[0]?.state).toBe("delivered");
    } finally {
      await close();
    }
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // Confirmed where the account was made, so the password stays (confirming elsewhere would remove it).
    expect((await client.postJson("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
    const browser = new ApiClient(baseUrl());
    expect((await browser.signIn(email, password)).status).toBe(200);
    expect((await browser.trpc.account.me.query())?.email).toBe(email);

    const home = await browser.fetch("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/dashboard");
    for (const path of ["/dashboard", "/calendar", "/photos"]) {
      const page = await browser.fetch(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
      expectSecurityHeaders(page, path);
      expect(page.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    for (const path of ["/rsvp/some-token", "/reset-password?token=abc", "/guest-signup?code=ABC123"]) {
      expect((await browser.fetch(path)).headers.get("referrer-policy"), path).toBe("no-referrer");
    }
  });

  it("accepts a waiting-room socket for a participant and refuses a stranger", async () => {
    const owner = await signedInDemo("olivia");
    const pregnancyId = (await owner.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const room = await connect(pregnancyId, owner);
    room.socket.close();
    const stranger = await signUp("smokestranger");
    await expect(connect(pregnancyId, stranger.client)).rejects.toThrow("refused 403");
    await expect(connect(pregnancyId)).rejects.toThrow("refused 401");
  });

  it("runs every request at the real time: the local stack's test clock header is not read", async () => {
    const owner = await signedInDemo("olivia");
    const pregnancyId = (await owner.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const upcoming = async (headers: Record<string, string>) => {
      const input = encodeURIComponent(JSON.stringify({ json: { pregnancyId } }));
      const response = await owner.fetch(`/api/trpc/dashboard.summary?input=${input}`, { headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { data: { json: { upcomingEvents: Array<{ id: string }> } } } }).result.data.json.upcomingEvents.map((event) => event.id);
    };
    const now = await upcoming({});
    expect(now.length).toBeGreaterThan(0);
    // Where the header is read, nothing would be upcoming in 2099.
    expect(await upcoming({ [DEV_NOW_HEADER]: "2099-01-01T00:00:00Z" })).toEqual(now);
  });

  it("gives browsers the VAPID key and takes push subscriptions only for a push service, never this machine", async () => {
    const owner = await signedInDemo("olivia");
    expect((await owner.trpc.push.publicKey.query()).publicKey).toMatch(/^B[\w-]{86}$/);
    const device = createTestDevice(inject("recorderOrigin"));
    // The local test push endpoint is a development and test door only.
    await expect(owner.trpc.push.subscribe.mutate({ endpoint: device.endpoint, keys: device.keys })).rejects.toMatchObject({ data: { appCode: "PUSH_ENDPOINT_REFUSED" } });
    const endpoint = `https://fcm.googleapis.com/fcm/send/smoke-${crypto.randomUUID()}`;
    expect(await owner.trpc.push.subscribe.mutate({ endpoint, keys: device.keys })).toMatchObject({ endpoint, waitingRoom: true });
    expect(await owner.trpc.push.unsubscribe.mutate({ endpoint })).toEqual({ removed: true });
  });

  it("stores an uploaded photo in R2 and serves it only as a sandboxed, same-origin file", async () => {
    const owner = await signedInDemo("olivia");
    const pregnancyId = (await owner.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const [result] = await uploadPhotos(owner, pregnancyId, [{ name: "bump.jpg", bytes: jpegWithGps(), type: "image/jpeg" }], { metadata: { title: "Smoke test", week: 20 } });
    expect(result?.success).toBe(true);
    const photo = await owner.fetch(result!.url!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("content-security-policy")).toBe("sandbox");
    expect(photo.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(photo.headers.get("strict-transport-security")).toBeTruthy();
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await new ApiClient(baseUrl()).fetch(result!.url!)).status).toBe(401);
  });

  it("accepts a correctly signed Stripe webhook event once, and refuses a tampered one", async () => {
    const client = new ApiClient(baseUrl());
    const payload = JSON.stringify({
      id: `evt_smoke_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type: "customer.subscription.updated",
      data: { object: { id: "sub_smoke_unknown", object: "subscription", customer: "cus_smoke_unknown", status: "active", items: { data: [] }, metadata: {} } },
      livemode: false,
    });
    const signature = await stripeSignatureHeader(payload, LOCAL_STRIPE.webhookSecret, nowSeconds());
    const post = (body: string) => client.fetch("/api/billing/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body });
    const accepted = await post(payload);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ received: true });
    expect(await (await post(payload)).json()).toEqual({ received: true, outcome: "duplicate" });
    const tampered = await post(payload.replace("sub_smoke_unknown", "sub_smoke_tampered"));
    expect(tampered.status).toBe(400);
  });

  it("passes a browser's error report to the error tracker, withholding a path that carries a token", async () => {
    const client = new ApiClient(baseUrl());
    const report = { id: `err_${crypto.randomUUID()}`, category: "system", message: "Loading chunk 42 failed", source: "window", retryCount: 0, path: "/rsvp/secret-token", userAgent: "Smoke/1.0" };
    expect((await client.postJson("/api/client-errors", report)).status).toBe(204);
    const envelopes = async () => (await recorded()).filter((r) => r.path.startsWith(`/api/${SMOKE_SENTRY_PROJECT}/envelope/`)).map((r) => r.body);
    await expect.poll(async () => (await envelopes()).find((body) => body.includes(report.id)), { timeout: 10_000 }).toBeDefined();
    const envelope = (await envelopes()).find((body) => body.includes(report.id)) ?? "";
    expect(envelope).toContain("Loading chunk 42 failed");
    // Nothing personal leaves: not the token in the path, the body, the headers, the caller's address or cookies.
    for (const secret of ["secret-token", "ip_address", "cf-connecting-ip", "cookie"]) expect(envelope).not.toContain(secret);
    const event = envelope
      .split("\n")
      .map((line) => JSON.parse(line) as { message?: string; request?: Record<string, unknown>; user?: unknown })
      .find((item) => item.message === report.message);
    expect(event?.user).toBeUndefined();
    expect(Object.keys(event?.request ?? {}).sort()).toEqual(["method", "url"]);
    expect(event?.request?.url).toBe(`${baseUrl()}/api/client-errors`);
    // Not JSON, another site, or a malformed report: refused.
    expect((await client.postJson("/api/client-errors", { ...report, category: "mystery" })).status).toBe(400);
    expect((await fetch(`${baseUrl()}/api/client-errors`, { method: "POST", headers: { origin: "https://elsewhere.example", "content-type": "application/json" }, body: JSON.stringify(report) })).status).toBe(403);
  });

  it("has no dev path: each answers 404", async () => {
    for (const [path, method] of [
      ["/dev/mailbox", "GET"],
      ["/api/dev/outbox", "GET"],
      ["/dev/checkout/cs_test_x", "GET"],
      ["/dev/stripe/v1/prices/price_x", "GET"],
      [`/api/dev/waiting-room/${crypto.randomUUID()}/announce-state`, "POST"],
      [`/api/dev/photo-copies/${crypto.randomUUID()}`, "POST"],
      [`/api/dev/objects?prefix=${encodeURIComponent(`pregnancies/${crypto.randomUUID()}/`)}`, "GET"],
      ["/api/dev/weekly-digest", "POST"],
      ["/api/dev/service-end-notices", "POST"],
    ] as const) {
      const response = await fetch(`${baseUrl()}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("Mailbox");
    }
  });
});
