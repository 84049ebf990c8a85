import { existsSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page, Request } from "@playwright/test";
import { experimental_readRawConfig } from "wrangler";
import { parseDbStats, DB_STATS_HEADER } from "../worker/db/stats";
import { ApiClient } from "../tests/support/client";
import { startBrowserDistance } from "./browser-distance";
import { DEMO_PASSWORD, demoMember } from "./demo-family";
import type { Stack } from "./stack";

/**
 * The screen table (issues 21 and 40): for each main screen, as the demo owner's and Grandma's
 * browsers load it, the data requests it makes, the statements and connections the database was
 * sent (counted by the local proxy, so room sockets and image reads are in), the longest chain of
 * round trips one request waited through and its connections (from each answer's x-db-stats), the
 * slowest data request's time and when the network went quiet; then how long a far relative's
 * phone waits for the album's first row of pictures.
 *
 * Where things stand: two legs, `edge+far` in ms of round trip (BENCH_LEGS_MS="0+0,40+40"): the
 * browser is `edge` from the nearest Cloudflare location, which is `far` from the database's region.
 * Each distance is measured in three cases (BENCH_PLACEMENTS="today,placed,floor"):
 * - today: no [placement] (as before issue 40): the Worker runs at the nearest location: files and Worker requests
 *   `edge` from the browser, the database `far` from the Worker;
 * - placed: the Worker's fetch handler placed near the database (wrangler.toml's [placement]):
 *   files still `edge` (Workers Assets answers them where the request arrives, without the Worker),
 *   every Worker request `edge+far` (the app's shell too: the Worker reads it from its assets
 *   binding where it runs), the database `PLACED_DATABASE_MS` from the Worker;
 * - floor: the physical floor, one browser round trip per request to where its answer is and
 *   nothing more: files and the shell `edge`, Worker requests `edge+far`, the database at 0.
 * The browser's leg is a forward proxy every request of the page goes through, pictures and the
 * room's WebSocket included (scripts/browser-distance.ts; the socket's opening and each message
 * cost one Worker round trip); the database's leg is the local database proxy's delay (DB_RTT_MS). The browser
 * speaks HTTP/1.1 to the proxy, at most 6 requests at once to the host where production's HTTP/2
 * has no such limit, so a screen with more pictures than that pays a wave more here, and a first
 * visit (some 60 files) several. At 0+0 the three cases coincide and are measured once.
 * BENCH_RTT_MS="0,40" measures the single leg of issue 21 instead: the browser at 0, the database
 * at each distance.
 */
interface Screen {
  who: "olivia" | "grandma";
  path: string;
  link: { name: string; inNav: boolean };
  /** Where the in-app navigation starts. */
  from: string;
}
const SCREENS: Screen[] = [
  { who: "olivia", path: "/dashboard", link: { name: "Dashboard", inNav: true }, from: "/settings" },
  { who: "olivia", path: "/photos", link: { name: "Photo Album", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/waiting-room", link: { name: "Waiting Room", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/settings", link: { name: "Settings", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/calendar", link: { name: "Calendar", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/posts", link: { name: "See all updates", inNav: false }, from: "/dashboard" },
  { who: "olivia", path: "/registry", link: { name: "Registry", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/baby-game", link: { name: "Baby Game", inNav: true }, from: "/dashboard" },
  { who: "olivia", path: "/health", link: { name: "Health", inNav: true }, from: "/dashboard" },
  { who: "grandma", path: "/dashboard", link: { name: "Dashboard", inNav: true }, from: "/photos" },
  { who: "grandma", path: "/photos", link: { name: "Photo Album", inNav: true }, from: "/dashboard" },
  { who: "grandma", path: "/waiting-room", link: { name: "Waiting Room", inNav: true }, from: "/dashboard" },
];
const WHO_LABEL: Record<Screen["who"], string> = { olivia: "", grandma: "Grandma " };
const screenLabel = (screen: Screen) => `${WHO_LABEL[screen.who]}${screen.path}`;

/** Cloudflare's figure for a Worker placed by a region hint: 1 to 3 ms from the database. */
const PLACED_DATABASE_MS = 2;
const PLACEMENTS = ["today", "placed", "floor"] as const;
type Placement = (typeof PLACEMENTS)[number];
const PLACEMENT_TITLES: Record<Placement, string> = {
  today: "today (Worker near the browser)",
  placed: "placed near the database",
  floor: "physical floor",
};

/** One measured case: what each kind of request costs the browser, and the Worker's distance to the database. */
interface Case {
  title: string;
  /** Column heading in the summaries. */
  short: string;
  fileMs: number;
  shellMs: number;
  workerMs: number;
  databaseMs: number;
}

function caseAt(edge: number, far: number, placement: Placement): Case {
  const title = `${PLACEMENT_TITLES[placement]} at ${edge}+${far} ms`;
  const short = `${placement} ${edge}+${far}`;
  if (placement === "today") return { title, short, fileMs: edge, shellMs: edge, workerMs: edge, databaseMs: far };
  if (placement === "placed") return { title, short, fileMs: edge, shellMs: edge + far, workerMs: edge + far, databaseMs: Math.min(far, PLACED_DATABASE_MS) };
  return { title, short, fileMs: edge, shellMs: edge, workerMs: edge + far, databaseMs: 0 };
}

/** The cases to measure: BENCH_RTT_MS's single legs, or each two-leg distance in each placement (those that coincide once). */
export function benchCases(env: NodeJS.ProcessEnv): Case[] {
  if (env.BENCH_RTT_MS) {
    return env.BENCH_RTT_MS.split(",").map(Number).map((ms) => ({ title: `${ms} ms to the database, the browser at 0`, short: `${ms} ms`, fileMs: 0, shellMs: 0, workerMs: 0, databaseMs: ms }));
  }
  const placements = (env.BENCH_PLACEMENTS?.split(",") ?? PLACEMENTS).filter((p): p is Placement => (PLACEMENTS as readonly string[]).includes(p));
  const cases: Case[] = [];
  for (const legs of (env.BENCH_LEGS_MS ?? "0+0,40+40").split(",")) {
    const [edge = 0, far = 0] = legs.split("+").map(Number);
    for (const placement of placements) {
      const next = caseAt(edge, far, placement);
      const same = cases.find((c) => c.fileMs === next.fileMs && c.shellMs === next.shellMs && c.workerMs === next.workerMs && c.databaseMs === next.databaseMs);
      // At 0+0 the placements coincide: measured once, under all their names.
      if (same) {
        same.title = `${same.title.replace(/ at \S+ ms$/, "")} = ${next.title}`;
        same.short = `all ${edge}+${far}`;
      } else cases.push(next);
    }
  }
  return cases;
}

const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = path.join(root, "dist", "client");
/** The paths wrangler.toml sends to the Worker before any file (`run_worker_first`). */
const workerFirst: string[] = (() => {
  const { rawConfig } = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") });
  const rules = rawConfig.assets?.run_worker_first;
  return Array.isArray(rules) ? rules : [];
})();
const matchesRule = (pathname: string, rule: string) => (rule.endsWith("/*") ? pathname.startsWith(rule.slice(0, -1)) : pathname === rule);
/** As Workers Assets' html_handling finds a file: the path itself, or its .html or index.html. */
const isFile = (pathname: string) =>
  [pathname, `${pathname}.html`, `${pathname}/index.html`].some((candidate) => {
    const file = path.join(clientDir, decodeURIComponent(candidate));
    return file.startsWith(clientDir) && existsSync(file) && statSync(file).isFile();
  });

/** What answers `url` as deployed: a static file (Workers Assets, no Worker), the app's shell (the Worker, from its assets binding) or the Worker. */
function answeredBy(url: URL): "file" | "shell" | "worker" {
  if (workerFirst.some((rule) => matchesRule(url.pathname, rule))) return "worker";
  return isFile(url.pathname) ? "file" : "shell";
}

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
  "         /dashboard, /photos and /waiting-room full load network idle <= 1.5 s;",
  "         a far relative's first row of album pictures painted within 1.5 s of navigation (390x844, 40+40 ms)",
];

/** Pictures (reads of R2, however the page links them) are counted apart from data requests. */
const isImage = (request: Request, url: URL) => request.resourceType() === "image" || /^\/api\/(photos|avatars|waiting-room)\//.test(url.pathname);
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
  const open = new Set<Request>();
  const onRequest = (request: Request) => {
    open.add(request);
    inFlight += 1;
    lastEvent = Date.now();
  };
  const onDone = (request: Request) => {
    open.delete(request);
    inFlight -= 1;
    lastEvent = Date.now();
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/") || isBeacon(url)) return;
    const image = isImage(request, url);
    if (image) load.imageRequests += 1;
    else load.dataRequests += 1;
    const timing = request.timing();
    if (!image) load.slowestRequestMs = Math.max(load.slowestRequestMs, timing.responseStart - timing.requestStart);
    pending.push(
      request.response().then(async (response) => {
        const stats = parseDbStats((await response?.allHeaders())?.[DB_STATS_HEADER] ?? null);
        if (LIST_REQUESTS && !image) console.log(`  ${decodeURIComponent(url.pathname)}  ${stats ? JSON.stringify(stats) : "no database"}`);
        if (!stats) return;
        load.chain = Math.max(load.chain, stats.chain);
        load.connectionsPerRequest = Math.max(load.connectionsPerRequest, stats.connections);
      }),
    );
  };
  const stopFollowing = () => {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  const before = stack.database.counts();
  const started = Date.now();
  try {
    await act();
  } catch (error) {
    const waiting = [...open].map((request) => new URL(request.url()).pathname).join(", ");
    stopFollowing();
    throw new Error(`${error instanceof Error ? error.message.split("\n")[0] : String(error)}; still waiting on: ${waiting || "nothing"}`, { cause: error });
  }
  const deadline = started + IDLE_TIMEOUT_MS;
  while (!(inFlight <= 0 && Date.now() - lastEvent >= QUIET_MS) && Date.now() < deadline) await page.waitForTimeout(50);
  load.idleMs = lastEvent - started;
  stopFollowing();
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

/** A browser context signed in as `who`, its requests going through `proxy` (the browser's leg). */
async function signedInContext(browser: Browser, stack: Stack, who: Screen["who"], proxy: string, viewport?: { width: number; height: number }): Promise<BrowserContext> {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(demoMember(who).email, DEMO_PASSWORD);
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const context = await browser.newContext({ proxy: { server: proxy }, ...(viewport ? { viewport } : {}) });
  await context.addCookies(
    client.cookieHeader.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: stack.url };
    }),
  );
  return context;
}

const COLUMNS = ["screen", "load", "data requests", "image requests", "SQL statements", "DB connections", "max chain", "conns/request", "slowest request", "network idle"];
const WIDTHS = [22, 12, 14, 15, 15, 15, 10, 14, 16, 13];
const printLine = (cells: string[], widths = WIDTHS) => console.log(cells.map((cell, i) => cell.padEnd(widths[i] ?? 14)).join(""));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printRow(screen: string, kind: string, load: Load) {
  printLine([screen, kind, String(load.dataRequests), String(load.imageRequests), String(load.statements), String(load.connections), String(load.chain), String(load.connectionsPerRequest), `${load.slowestRequestMs.toFixed(0)} ms`, seconds(load.idleMs)]);
}

/** The first row of the album's grid at a phone's size, as a far relative opens /photos. */
const PHONE = { width: 390, height: 844 };
const FIRST_ROW_TARGET_MS = 1500;

/**
 * Milliseconds from the start of navigation until every picture of the album's first row has
 * loaded (`complete`, with a width), watched each frame in the page. A first visit starts with an
 * empty cache; a returning relative's browser has the app's files (from Settings, which shows no
 * album picture) but not the pictures.
 */
async function firstRowPainted(browser: Browser, stack: Stack, proxy: string, returning: boolean): Promise<number> {
  const context = await signedInContext(browser, stack, "grandma", proxy, PHONE);
  try {
    const page = await context.newPage();
    if (returning) {
      await page.goto(`${stack.url}/settings`, { waitUntil: "networkidle" });
      await leavePage(page);
    }
    const started = Date.now();
    if (LIST_REQUESTS) {
      page.on("requestfinished", (request) => {
        const timing = request.timing();
        console.log(`  ${String(Math.round(timing.startTime - started)).padStart(5)} ms +${String(Math.round(timing.responseEnd)).padStart(4)} ms  ${new URL(request.url()).pathname.slice(0, 70)}`);
      });
    }
    await page.goto(`${stack.url}/photos`, { waitUntil: "commit" });
    const painted = await page.waitForFunction(
      () => {
        const list = [...document.querySelectorAll('[aria-label="Photos"]')].find((element) => element.matches('ul, ol, [role="list"]'));
        const items = [...(list?.children ?? [])];
        const top = items[0]?.getBoundingClientRect().top;
        if (top === undefined) return false;
        const row = items.filter((item) => Math.abs(item.getBoundingClientRect().top - top) < 1);
        const pictures = row.map((item) => item.querySelector("img"));
        return pictures.every((img) => img && img.complete && img.naturalWidth > 0) ? performance.now() : false;
      },
      undefined,
      { polling: "raf", timeout: IDLE_TIMEOUT_MS },
    );
    const ms = await painted.jsonValue();
    if (ms === false) throw new Error("the first row was never painted");
    return ms;
  } finally {
    await context.close();
  }
}

export async function benchScreens(stack: Stack, browser: Browser, cases: Case[]): Promise<void> {
  let current: Case = cases[0] ?? caseAt(0, 0, "today");
  const distance = await startBrowserDistance({
    roundTripFor: (url) => {
      const by = answeredBy(url);
      return by === "file" ? current.fileMs : by === "shell" ? current.shellMs : current.workerMs;
    },
    tunnelRoundTrip: () => current.workerMs,
  });
  const pages = new Map<Screen["who"], Page>();
  /** Network idle of each screen and load in each case, for the summary. */
  const idle = new Map<string, Map<string, number>>();
  const firstRows: Array<{ title: string; firstVisitMs: number; returningMs: number }> = [];
  try {
    for (const who of ["olivia", "grandma"] as const) {
      const page = await (await signedInContext(browser, stack, who, distance.server)).newPage();
      // Once unmeasured, so the first row does not pay for the browser's cold caches of the bundle.
      await page.goto(`${stack.url}/dashboard`, { waitUntil: "networkidle" });
      pages.set(who, page);
    }
    for (const measured of cases) {
      current = measured;
      stack.database.setRoundTrip(measured.databaseMs);
      console.log(`\nscreens, ${measured.title}: files ${measured.fileMs} ms, app shell ${measured.shellMs} ms, Worker ${measured.workerMs} ms from the browser; database ${measured.databaseMs} ms from the Worker (median of ${RUNS} runs)`);
      printLine(COLUMNS);
      for (const screen of SCREENS.filter((s) => !ONLY || ONLY.includes(s.path))) {
        const page = pages.get(screen.who);
        if (!page) continue;
        const label = screenLabel(screen);
        const full: Load[] = [];
        const navigation: Load[] = [];
        try {
          for (let run = 0; run < RUNS; run += 1) {
            await leavePage(page);
            full.push(await measure(page, stack, () => page.goto(`${stack.url}${screen.path}`)));
            await measure(page, stack, () => page.goto(`${stack.url}${screen.from}`));
            const scope = screen.link.inNav ? page.getByRole("navigation", { name: "Main" }) : page.getByRole("main");
            navigation.push(await measure(page, stack, () => scope.getByRole("link", { name: screen.link.name, exact: true }).first().click()));
            if (new URL(page.url()).pathname !== screen.path) throw new Error(`navigation to ${screen.path} ended at ${page.url()}`);
          }
          for (const [kind, loads] of [["full load", full], ["navigation", navigation]] as const) {
            const load = summarise(loads);
            printRow(label, kind, load);
            const key = `${label}\u0000${kind}`;
            idle.set(key, (idle.get(key) ?? new Map<string, number>()).set(measured.short, load.idleMs));
          }
        } catch (error) {
          // One screen's failure is reported with what the page showed; the others still run.
          const shot = path.join(os.tmpdir(), `bench-screen-${screen.who}-${screen.path.slice(1)}-${measured.short.replace(/\W+/g, "-")}.png`);
          await page.screenshot({ path: shot }).catch(() => undefined);
          console.log(`${label.padEnd(WIDTHS[0] ?? 22)}failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)} (page: ${shot})`);
        }
      }
      // The far relative's first row, where there is a distance to cross.
      if (measured.workerMs > 0 && (!ONLY || ONLY.includes("/photos"))) {
        const firstVisit: number[] = [];
        const returning: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          firstVisit.push(await firstRowPainted(browser, stack, distance.server, false));
          returning.push(await firstRowPainted(browser, stack, distance.server, true));
        }
        firstRows.push({ title: measured.title, firstVisitMs: median(firstVisit), returningMs: median(returning) });
      }
    }
    if (cases.length > 1) {
      const shorts = cases.map((c) => c.short);
      console.log("\nnetwork idle in each case (the tables above)");
      printLine(["screen", "load", ...shorts], [22, 12, ...shorts.map(() => 18)]);
      for (const [key, byCase] of idle) {
        const [label = "", kind = ""] = key.split("\u0000");
        printLine([label, kind, ...shorts.map((s) => (byCase.has(s) ? seconds(byCase.get(s) ?? 0) : "-"))], [22, 12, ...shorts.map(() => 18)]);
      }
    }
    if (firstRows.length > 0) {
      const verdict = (ms: number) => `${seconds(ms)}${ms <= FIRST_ROW_TARGET_MS ? "" : " OVER"}`.padEnd(16);
      console.log(`\nGrandma opens /photos at ${PHONE.width}x${PHONE.height}: navigation to the album's first row of pictures painted (median of ${RUNS}; target <= ${seconds(FIRST_ROW_TARGET_MS)})`);
      console.log(`  ${"case".padEnd(62)}${"first visit".padEnd(16)}app's files cached`);
      for (const row of firstRows) console.log(`  ${row.title.padEnd(62)}${verdict(row.firstVisitMs)}${verdict(row.returningMs)}`);
      console.log("  (a first visit fetches about 60 files 6 at a time over the bench's HTTP/1.1, where HTTP/2 asks for them at once)");
    }
    console.log(`\n(room WebSockets opened through the browser's leg: ${distance.tunnels()})`);
  } finally {
    stack.database.setRoundTrip(0);
    for (const page of pages.values()) await page.context().close();
    await distance.close();
  }
  for (const target of TARGETS) console.log(target);
}
