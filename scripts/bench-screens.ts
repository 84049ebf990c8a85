import os from "node:os";
import path from "node:path";
import type { Browser, Page, Request } from "@playwright/test";
import { parseDbStats, DB_STATS_HEADER } from "../worker/db/stats";
import { ApiClient } from "../tests/support/client";
import { DEMO_PASSWORD, demoMember } from "./demo-family";
import type { Stack } from "./stack";

/**
 * The screen table (issue 21): for each main screen, as the demo owner's browser loads it, the
 * data requests it makes, the statements and connections the database was sent (counted by the
 * local proxy, so room sockets and image reads are in), the longest chain of round trips one
 * request waited through and its connections (from each answer's x-db-stats), the slowest data
 * request's server time and when the network went quiet; at 0 ms and at a simulated distance.
 */
const SCREENS: Array<{ path: string; link: { name: string; inNav: boolean } }> = [
  { path: "/dashboard", link: { name: "Dashboard", inNav: true } },
  { path: "/photos", link: { name: "Photo Album", inNav: true } },
  { path: "/waiting-room", link: { name: "Waiting Room", inNav: true } },
  { path: "/settings", link: { name: "Settings", inNav: true } },
  { path: "/calendar", link: { name: "Calendar", inNav: true } },
  { path: "/posts", link: { name: "See all updates", inNav: false } },
  { path: "/registry", link: { name: "Registry", inNav: true } },
  { path: "/baby-game", link: { name: "Baby Game", inNav: true } },
  { path: "/health", link: { name: "Health", inNav: true } },
];
const RUNS = Number(process.env.BENCH_SCREEN_RUNS ?? 3);
/** BENCH_SCREENS="/dashboard,/photos" measures only those. */
const ONLY = process.env.BENCH_SCREENS?.split(",");
/** BENCH_SCREEN_REQUESTS=1 lists each data request of a screen's first run with its figures. */
const LIST_REQUESTS = process.env.BENCH_SCREEN_REQUESTS === "1";
/** The network counts as quiet once nothing has been in flight for this long. */
const QUIET_MS = 400;
const IDLE_TIMEOUT_MS = 30_000;

const TARGETS = [
  "targets: full load <= 2 data requests, navigation <= 1; <= 1 DB connection and <= 3 sequential round trips per request;",
  "         /dashboard <= 12 statements, /photos <= 15; at 40 ms: /dashboard slowest request p50 <= 200 ms,",
  "         /dashboard, /photos and /waiting-room full load network idle <= 1.5 s",
];

/** Image bytes are reads of R2 behind a permission check; they are counted apart from data requests. */
const isImage = (pathname: string) => /^\/api\/(photos|avatars|waiting-room)\//.test(pathname);
/** The performance helper's own beacon is sent alone on purpose (keepalive on page hide). */
const isBeacon = (url: URL) => url.pathname === "/api/trpc/metrics.record";

interface Load {
  dataRequests: number;
  imageRequests: number;
  statements: number;
  connections: number;
  /** Longest chain of round trips and most connections in any one request. */
  chain: number;
  connectionsPerRequest: number;
  slowestRequestMs: number;
  idleMs: number;
}

/** Follows the page's requests from `start` until the network has been quiet, and sums them up. */
async function measure(page: Page, stack: Stack, act: () => Promise<unknown>): Promise<Load> {
  const load: Load = { dataRequests: 0, imageRequests: 0, statements: 0, connections: 0, chain: 0, connectionsPerRequest: 0, slowestRequestMs: 0, idleMs: 0 };
  let inFlight = 0;
  let lastEvent = Date.now();
  const pending: Array<Promise<void>> = [];
  const onRequest = () => {
    inFlight += 1;
    lastEvent = Date.now();
  };
  const onDone = (request: Request) => {
    inFlight -= 1;
    lastEvent = Date.now();
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/") || isBeacon(url)) return;
    if (isImage(url.pathname)) load.imageRequests += 1;
    else load.dataRequests += 1;
    const timing = request.timing();
    if (!isImage(url.pathname)) load.slowestRequestMs = Math.max(load.slowestRequestMs, timing.responseStart - timing.requestStart);
    pending.push(
      request.response().then(async (response) => {
        const stats = parseDbStats((await response?.allHeaders())?.[DB_STATS_HEADER] ?? null);
        if (LIST_REQUESTS && !isImage(url.pathname)) console.log(`  ${decodeURIComponent(url.pathname)}  ${stats ? JSON.stringify(stats) : "no database"}`);
        if (!stats) return;
        load.chain = Math.max(load.chain, stats.chain);
        load.connectionsPerRequest = Math.max(load.connectionsPerRequest, stats.connections);
      }),
    );
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  const before = stack.database.counts();
  const started = Date.now();
  await act();
  const deadline = started + IDLE_TIMEOUT_MS;
  while (!(inFlight <= 0 && Date.now() - lastEvent >= QUIET_MS) && Date.now() < deadline) await page.waitForTimeout(50);
  load.idleMs = lastEvent - started;
  page.off("request", onRequest);
  page.off("requestfinished", onDone);
  page.off("requestfailed", onDone);
  await Promise.all(pending);
  const after = stack.database.counts();
  load.statements = after.statements - before.statements;
  load.connections = after.connections - before.connections;
  return load;
}

/**
 * Leaves the app before a full load and lets the network settle, so what the page sends as it goes
 * (the performance beacon, its sockets closing) lands before the count starts, not in it.
 */
async function leavePage(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.waitForTimeout(QUIET_MS);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Counts from the first run (they do not vary), times as the median of the runs. */
function summarise(loads: Load[]): Load {
  const [first] = loads;
  if (!first) throw new Error("no runs");
  return { ...first, slowestRequestMs: median(loads.map((l) => l.slowestRequestMs)), idleMs: median(loads.map((l) => l.idleMs)) };
}

async function signedInPage(browser: Browser, stack: Stack): Promise<Page> {
  const olivia = new ApiClient(stack.url);
  const response = await olivia.signIn(demoMember("olivia").email, DEMO_PASSWORD);
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const context = await browser.newContext();
  await context.addCookies(
    olivia.cookieHeader.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: stack.url };
    }),
  );
  return context.newPage();
}

const COLUMNS = ["screen", "load", "data requests", "image requests", "SQL statements", "DB connections", "max chain", "conns/request", "slowest request", "network idle"];
const WIDTHS = [14, 12, 14, 15, 15, 15, 10, 14, 16, 13];
const printLine = (cells: string[]) => console.log(cells.map((cell, i) => cell.padEnd(WIDTHS[i] ?? 10)).join(""));

function printRow(screen: string, kind: string, load: Load) {
  printLine([screen, kind, String(load.dataRequests), String(load.imageRequests), String(load.statements), String(load.connections), String(load.chain), String(load.connectionsPerRequest), `${load.slowestRequestMs.toFixed(0)} ms`, `${(load.idleMs / 1000).toFixed(2)} s`]);
}

export async function benchScreens(stack: Stack, browser: Browser, roundTrips: number[]): Promise<void> {
  const page = await signedInPage(browser, stack);
  // Once unmeasured, so the first row does not pay for the browser's cold caches of the bundle.
  await page.goto(`${stack.url}/dashboard`, { waitUntil: "networkidle" });
  for (const rttMs of roundTrips) {
    stack.database.setRoundTrip(rttMs);
    console.log(`\nscreens at ${rttMs} ms to the database (demo owner, median of ${RUNS} runs)`);
    printLine(COLUMNS);
    for (const screen of SCREENS.filter((s) => !ONLY || ONLY.includes(s.path))) {
      const full: Load[] = [];
      const navigation: Load[] = [];
      try {
        for (let run = 0; run < RUNS; run += 1) {
          await leavePage(page);
          full.push(await measure(page, stack, () => page.goto(`${stack.url}${screen.path}`)));
          // Navigation starts from the dashboard (the dashboard's own from Settings).
          await measure(page, stack, () => page.goto(`${stack.url}${screen.path === "/dashboard" ? "/settings" : "/dashboard"}`));
          const scope = screen.link.inNav ? page.getByRole("navigation", { name: "Main" }) : page.getByRole("main");
          navigation.push(await measure(page, stack, () => scope.getByRole("link", { name: screen.link.name, exact: true }).first().click()));
          if (new URL(page.url()).pathname !== screen.path) throw new Error(`navigation to ${screen.path} ended at ${page.url()}`);
        }
        printRow(screen.path, "full load", summarise(full));
        printRow(screen.path, "navigation", summarise(navigation));
      } catch (error) {
        // One screen's failure is reported with what the page showed; the others still run.
        const shot = path.join(os.tmpdir(), `bench-screen-${screen.path.slice(1)}-${rttMs}ms.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
        console.log(`${screen.path.padEnd(14)}failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (page: ${shot})`);
      }
    }
  }
  stack.database.setRoundTrip(0);
  for (const target of TARGETS) console.log(target);
  await page.context().close();
}
