import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { HEALTH_MESSAGES } from "../../src/domain/healthTrackers";
import { OFFLINE_TEXTS, UPDATE_TEXTS } from "../../src/features/shell/appTexts";
import { kickSessions } from "../../worker/db/schema";
import { inDb } from "./family";
import { parentWithTwins } from "./serviceWorker";
import { expect, expectAccessible, test } from "./support";

// The service worker is under test here (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

const statusWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

interface BrowserOnline {
  setBrowserOnline(online: boolean): void;
}

/**
 * What a browser says of its connection, set by the test: headless Chromium still says online,
 * without an 'online' event, in a document opened after `context.setOffline`, where a real browser
 * would say offline. The page starts with `online`; `setBrowserOnline` changes it and fires the event.
 */
async function browserSays(page: Page, online: boolean): Promise<void> {
  await page.addInitScript((initial) => {
    let current = initial;
    Object.defineProperty(Navigator.prototype, "onLine", { configurable: true, get: () => current });
    (window as unknown as BrowserOnline).setBrowserOnline = (value) => {
      current = value;
      window.dispatchEvent(new Event(value ? "online" : "offline"));
    };
  }, online);
}

const runtimeCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => !name.startsWith("workbox-precache")));

test("the service worker installs; with the network off, a cold load of /health/kicks counts movements, which sync once the network returns", async ({ page, context, request, baseURL }) => {
  const { family, sprout } = await parentWithTwins(page, request, baseURL!);
  // The device keeps the parent's pregnancy and the babies' names, nothing more.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("offline-snapshot") ?? "null") as unknown)).toMatchObject({ pregnancyId: family.pregnancyId, babies: [{ name: "Bean" }, { name: "Sprout" }] });
  expect(await runtimeCaches(page)).toEqual([]);

  const offline = await context.newPage();
  await browserSays(offline, false);
  await context.setOffline(true);
  const response = await offline.goto("/health/kicks");
  // The cached shell answered: the Worker's answers carry a request id, the precached file none.
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.headers()["x-request-id"]).toBeUndefined();
  await expect(offline.getByRole("heading", { name: "Kick Counter", level: 1 })).toBeVisible();
  await expect(statusWith(offline, OFFLINE_TEXTS.toolNotice)).toBeVisible();
  await expectAccessible(offline);

  await offline.getByRole("radio", { name: "Sprout" }).check();
  await offline.getByRole("button", { name: "Start counting" }).click();
  await expect(offline.getByRole("heading", { name: "Counting Sprout's movements" })).toBeVisible();
  const movement = offline.getByRole("button", { name: "Record movement" });
  for (let i = 0; i < 3; i++) await movement.click();
  await expect(offline.getByRole("definition").first()).toHaveText("3");
  await offline.getByRole("button", { name: "Finish session" }).click();
  await expect(statusWith(offline, HEALTH_MESSAGES.savedOnDevice)).toBeVisible();
  await expect(offline.getByRole("list", { name: "Latest sessions" })).toContainText("On this device");
  expect(await inDb((db) => db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, family.pregnancyId)))).toEqual([]);

  // A browser that says it is online while nothing gets through (a Wi-Fi without internet) starts the same way.
  const claimsOnline = await context.newPage();
  await browserSays(claimsOnline, true);
  await claimsOnline.goto("/health/kicks");
  await expect(claimsOnline.getByRole("heading", { name: "Kick Counter", level: 1 })).toBeVisible();
  await expect(statusWith(claimsOnline, OFFLINE_TEXTS.toolNotice)).toBeVisible();
  await claimsOnline.close();

  // Another screen says it needs the connection and offers the tools that work without one.
  await offline.goto("/photos");
  await expect(offline.getByRole("heading", { name: OFFLINE_TEXTS.title, level: 1 })).toBeVisible();
  await expectAccessible(offline);
  await offline.getByRole("link", { name: "Kick Counter" }).click();
  await expect(offline.getByRole("heading", { name: "Kick Counter", level: 1 })).toBeVisible();

  await context.setOffline(false);
  await offline.evaluate(() => (window as unknown as BrowserOnline).setBrowserOnline(true));
  await expect(statusWith(offline, HEALTH_MESSAGES.synced)).toBeVisible();
  await expect.poll(() => inDb((db) => db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, family.pregnancyId)))).toHaveLength(1);
  const [stored] = await inDb((db) => db.select().from(kickSessions).where(eq(kickSessions.pregnancyId, family.pregnancyId)));
  expect(stored).toMatchObject({ babyId: sprout.id, recordedBy: family.owner.userId });
  expect(stored!.kickOffsetsMs).toHaveLength(3);
  // Back online, the app is the whole app again.
  await expect(offline.getByRole("link", { name: "All health tools" })).toBeVisible();
});

test("Chrome reports the app installable from /dashboard", { tag: "@desktop" }, async ({ playwright, request, baseURL, visitorIp }, testInfo) => {
  // Chrome never offers to install from an incognito profile, which every new context is: this test runs in a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), "babysteps-install-"));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: baseURL!, extraHTTPHeaders: { "cf-connecting-ip": visitorIp } });
  try {
    const violations: string[] = [];
    context.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await parentWithTwins(page, request, baseURL!);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ start_url: "/dashboard", id: "/dashboard", scope: "/" });
    // The bar takes the active preset's background (Cool Serenity's, light).
    const themeColors = () => page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));
    await page.evaluate(() => localStorage.setItem("theme-preset", "cool-serenity"));
    await page.reload();
    await expect.poll(themeColors).toEqual(["#f5f9fc", "#f5f9fc"]);
    expect(violations).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("the public pages and /auth do not register the service worker", { tag: "@desktop" }, async ({ page }) => {
  for (const path of ["/", "/pricing", "/auth"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null), path).toBeNull();
  }
});

test("a new version waits for Reload; the page never reloads on its own", { tag: "@desktop" }, async ({ page, request, baseURL }) => {
  await parentWithTwins(page, request, baseURL!);
  const prompt = page.getByRole("region", { name: UPDATE_TEXTS.title });
  await expect(prompt).toHaveCount(0);
  // A new version turns up (as a deploy's would, found on a later visit): here the same worker at another address, which the browser installs as an update.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js?next", { scope: "/" });
  });
  await expect(prompt).toBeVisible();
  await page.evaluate(() => {
    (window as Window & { stillHere?: boolean }).stillHere = true;
  });
  // Waiting: the page has not reloaded and the old worker still serves it.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.scriptURL)).toBe(`${baseURL}/sw.js?next`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);

  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: UPDATE_TEXTS.reload }).click();
  await reloaded;
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere ?? false)).toBe(false);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // The reloaded page runs under the new version. (On load the app registers its usual address again,
  // which this browser takes as one more version to offer: that is the test's doing, not a deploy's.)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js?next`);
});

test("signing out forgets the device snapshot and every runtime cache; the precache of static files stays", { tag: "@desktop" }, async ({ page, request, baseURL }) => {
  const { family } = await parentWithTwins(page, request, baseURL!);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("offline-snapshot"))).toContain(family.pregnancyId);
  // A cache of the kind that could hold private answers, as a later runtime route would make.
  await page.evaluate(async () => {
    await (await caches.open("runtime-private")).put("/api/trpc/pregnancy.details", new Response("{}"));
  });
  expect(await runtimeCaches(page)).toEqual(["runtime-private"]);

  await page.goto("/settings");
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  // Signing out ends on the public home page, a document of its own (no app root).
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.locator("#root")).toHaveCount(0);
  await expect.poll(() => runtimeCaches(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("offline-snapshot"))).toBeNull();
  expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith("workbox-precache")))).toBe(true);
});
