import axe from "axe-core";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../scripts/demo-family";
import { addDays, todayIso } from "../../src/domain/dates";
import type { SubscriptionTier } from "../../src/domain/enums";
import { randomIp } from "../support/client";
import { MS_PER_SECOND } from "../../src/domain/units";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/local-db";
import { startStack } from "../../scripts/stack";
import { siblingDatabase } from "../support/databases";

/** Migrations, the demo seed and photos, and workerd's start, on a busy 2-core machine. */
const STACK_START_TIMEOUT_MS = 180_000;

/**
 * Each test is its own visitor: Cloudflare sets cf-connecting-ip in production, wrangler dev does
 * not, and the sign-in rate limit is keyed by it (and stored, so it outlives a test). Set on the
 * context, so the page's API calls (page.request, as signIn's) come from the same visitor.
 */
/**
 * Each Playwright worker drives a stack of its own (database with the demo family, the Worker in
 * workerd with its R2 and rooms, the built client), started when the worker starts and stopped
 * with it, so workers never share data and files can run side by side. The database is PGlite, or on
 * TEST_DATABASE_URL's server a sibling database of the worker's own. Specs reach it through
 * E2E_DATABASE_URL (family.ts), set here in the worker's own process.
 */
export const test = base.extend<{ visitorIp: string; expectedCspViolations: RegExp | null; noCspViolations: void }, { stack: { url: string } }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const persistDir = mkdtempSync(path.join(os.tmpdir(), "babysteps-e2e-"));
      const database = process.env.TEST_DATABASE_URL ? siblingDatabase(process.env.TEST_DATABASE_URL, `e2e${workerInfo.workerIndex}`) : undefined;
      const stack = await startStack({ port: await freePort(), databaseUrl: database?.url, persistDir, appEnv: "test", logFile: path.join(persistDir, "worker.log") });
      process.env.E2E_DATABASE_URL = stack.database.databaseUrl;
      process.env.E2E_WS_PROXY = stack.database.wsProxy;
      process.env.E2E_BASE_URL = stack.url;
      try {
        await use({ url: stack.url });
      } finally {
        await stack.stop();
        database?.drop();
        rmSync(persistDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", auto: true, timeout: STACK_START_TIMEOUT_MS },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.url);
  },
  visitorIp: [
    async ({ context }, use) => {
      const ip = randomIp();
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": ip });
      await use(ip);
    },
    { auto: true },
  ],
  /**
   * Every page runs with the Content-Security-Policy in force: a violation anywhere (the test's
   * context or any other it opens) fails the test. Chrome logs each to the console; the page's own
   * securitypolicyviolation event is logged too, so none goes unseen.
   */
  /**
   * Only for a test that hands the page hostile markup on purpose: the violations it expects (the
   * policy refusing what the page's own defences also drop), named narrowly.
   */
  expectedCspViolations: [null, { option: true }],
  noCspViolations: [
    async ({ context, browser, expectedCspViolations }, use) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        watched.on("console", (message) => {
          const text = message.text();
          if (/Content Security Policy|CSP violation/.test(text) && !expectedCspViolations?.test(text)) violations.push(`${message.location().url}: ${text}`);
        });
        await watched.addInitScript(() => {
          document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`));
        });
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watch(opened);
        return opened;
      };
      await use();
      browser.newContext = newContext;
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** This worker's stack's address (the page's origin), for requests made outside a page and for second browsers. */
export const stackOrigin = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("The worker's stack has not started");
  return url;
};

/** What axe is asked: WCAG 2.1 A and AA, violations only (leaving out the passes' details took a third off each run). */
const AXE_OPTIONS: axe.RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  // axe keeps its rule for 2.5.3 Label in Name (a control's name holds its visible text) among the
  // experimental ones, off by default: it is switched on here.
  rules: { "label-content-name-mismatch": { enabled: true } },
  resultTypes: ["violations"],
};

/**
 * WCAG 2.1 AA: every page a test visits is checked, by axe-core run in the page itself (the app has
 * no frames). axe (1.3 MB) goes into a document once and stays for its later checks: @axe-core/playwright
 * sent and ran it twice on every check, about half of a check's cost (issue 36).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== "undefined");
  if (!present) await page.evaluate(axe.source);
  // The page must reach a state with no violation: a check that starts while it is still settling (seen
  // once in CI: the sign-in fields' contrast, right after a redirect) runs again, as expect's waits do;
  // a lasting violation still fails with axe's report.
  await expect(async () => {
    const violations = await page.evaluate(async (options) => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
      return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    }, AXE_OPTIONS);
    expect(violations).toEqual([]);
  }).toPass({ timeout: 5_000 });
}

/** Text to match as it is inside a RegExp. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let counter = 0;
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.test`;

/**
 * Moves the page's clock (page.clock.install() before the page loaded) on a second at a time until
 * `locator` shows, so retry backoff delays (the data layer's, the error screen's) pass without
 * being waited out in real time.
 */
export async function fastForwardUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(MS_PER_SECOND);
    await expect(locator).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 20_000, intervals: [0] });
}

/** The newest 6-digit code mailed to this address, read from the dev outbox. */
export async function mailedCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/dev/outbox")).json()) as Array<{ to: string; text: string }>;
      code = mails.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeDefined();
  return code!;
}

/** A link matching `url` in the newest mail to this address whose subject matches, read from the dev outbox. */
export async function mailedLink(page: Page, email: string, subject: RegExp, url: RegExp = /https?:\/\/\S+/): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/api/dev/outbox")).json()) as Array<{ to: string; subject: string; text: string }>;
      link = mails.find((m) => m.to === email && subject.test(m.subject))?.text.match(url)?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * Signs in through the API (the page shares the context's cookies) without opening a page, for
 * tests that start somewhere else. The /auth form itself is driven in foundation.spec.ts and
 * accounts.spec.ts; loading it for every test only cost time.
 */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // better-auth refuses a call without one of its trusted origins, as a page on the site sends.
  const origin = stackOrigin();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin } });
  expect(response.status(), `sign-in ${email}: ${await response.text()}`).toBe(200);
}

/** Signs in through the API and opens the dashboard, where the form would have led. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signInThroughApi(page, email, password);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

/** A new account made through the API (signed out again), for tests about what comes after sign-up. */
export async function signUpThroughApi(page: Page, label: string, password: string, { stay = false }: { stay?: boolean } = {}): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto("/auth");
  // Sent from the page, so it carries the page's origin and this visitor's address (rate limits are per address).
  const status = await page.evaluate(async (body) => {
    const response = await fetch("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return response.status;
  }, { email, password, name: `Test ${label}`, firstName: "Test", lastName: label });
  expect(status).toBe(200);
  if (!stay) await page.context().clearCookies();
  return email;
}

/** A tRPC query over GET, as the signed-in browser context (its cookies) sends it. */
export async function trpcQuery(request: APIRequestContext, path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return request.get(`/api/trpc/${path}${query}`);
}

/** A tRPC mutation as the signed-in browser context (its cookies) sends it; returns the answer's data. */
export async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/**
 * A new family on a plan, signed in: the account pays through the local fake checkout (the webhook
 * stores a trial subscription) and creates its pregnancy, as the wizard and /setup-pregnancy do.
 */
export async function payingFamily(page: Page, label: string, plan: SubscriptionTier): Promise<{ email: string; pregnancyId: string }> {
  const email = await signUpThroughApi(page, label, `${label}-pass-1`, { stay: true });
  const { url } = await trpcMutation<{ url: string }>(page.request, "billing.createCheckout", { plan });
  const pay = await page.request.post(`${new URL(url).pathname}/pay`, { form: {}, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  const { pregnancy_id } = await trpcMutation<{ pregnancy_id: string }>(page.request, "pregnancy.createComplete", { pregnancy: { dueDate: addDays(todayIso(), 150) }, isGuestConversion: false });
  await trpcMutation(page.request, "pregnancy.completeSetup", { pregnancyId: pregnancy_id });
  return { email, pregnancyId: pregnancy_id };
}
