import type { Page, Response } from "@playwright/test";
import { demoMember, type DemoMember } from "../../scripts/demo-family";
import { DASHBOARD_LATEST_PHOTOS, DASHBOARD_LATEST_POSTS } from "../../src/domain/dashboard";
import { PICTURE_LINK_PATH } from "../../src/domain/pictureLinks";
import { DB_STATS_HEADER, parseDbStats } from "../../worker/db/stats";
import { expect, signInThroughApi, test } from "./support";

/**
 * A data request is a request to /api/ other than image bytes (signed picture links, photos, avatars, waiting-room pictures),
 * the performance helper's `metrics.record` and `account.setTimeZone` (sent once when the browser's
 * zone differs from the stored one), which go alone on purpose; the room socket is not a request
 * event. Counted, not timed: how the figures move with distance is the bench's.
 */
function isDataRequest(url: string): boolean {
  const { pathname } = new URL(url);
  if (!pathname.startsWith("/api/")) return false;
  if (pathname.startsWith(PICTURE_LINK_PATH) || /^\/api\/photos\/[^/]+\/[^/]+/.test(pathname) || pathname.startsWith("/api/avatars/") || /^\/api\/waiting-room\/[^/]+\/images/.test(pathname)) return false;
  return !pathname.startsWith("/api/trpc/") || !pathname.slice("/api/trpc/".length).split(",").every((path) => path === "metrics.record" || path === "account.setTimeZone");
}

/**
 * The data requests the page makes from now on; `take` hands over those made so far, `statements`
 * the SQL statements their answers report (x-db-stats, test and development only) and
 * `pictureStatements` those of signed picture links (none: they are served on their signature).
 */
function watchDataRequests(page: Page) {
  const seen: string[] = [];
  const statements: Array<Promise<number>> = [];
  const pictureStatements: Array<Promise<number>> = [];
  // An answer arriving as the test closes the page cannot be read: NaN, so it fails a count it is
  // part of, but is no unhandled rejection once the test is over.
  const statementsOf = (response: Response) =>
    response
      .headerValue(DB_STATS_HEADER)
      .then((value) => parseDbStats(value)?.statements ?? 0)
      .catch(() => Number.NaN);
  page.on("request", (request) => {
    if (isDataRequest(request.url())) seen.push(new URL(request.url()).pathname);
  });
  page.on("response", (response) => {
    if (isDataRequest(response.url())) statements.push(statementsOf(response));
    else if (new URL(response.url()).pathname.startsWith(PICTURE_LINK_PATH)) pictureStatements.push(statementsOf(response));
  });
  const sum = async (counts: Array<Promise<number>>) => (await Promise.all(counts.splice(0))).reduce((total, count) => total + count, 0);
  return { take: () => seen.splice(0), statements: () => sum(statements), pictureStatements: () => sum(pictureStatements) };
}

/**
 * Most SQL statements a full load's data requests may send together (issue 40: /dashboard 12,
 * /photos 10 on a repeat and 15 on a first visit). The album's pictures add none, so a first visit
 * and a repeat cost the same; /photos is held at its 9, as the room socket's check (one statement,
 * which the bench's count includes) brings the screen to the 10.
 */
const FULL_LOAD_STATEMENTS: Record<string, number> = { "/dashboard": 12, "/photos": 9 };

test("a full load of /dashboard asks for its data in at most 2 requests, and going on to the album in 1 @desktop", async ({ page }) => {
  await signInThroughApi(page, demoMember("olivia").email);
  const requests = watchDataRequests(page);

  await page.goto("/dashboard");
  // Everything the dashboard reads is on screen: the profile, the pregnancy, its summary and the posts.
  await expect(page.getByText("Welcome, Olivia!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Babies" }).getByText("Bean", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest photos" }).getByRole("img")).toHaveCount(DASHBOARD_LATEST_PHOTOS);
  await expect(page.getByRole("region", { name: "Latest updates" }).getByRole("article", { name: /^Post by / })).toHaveCount(DASHBOARD_LATEST_POSTS);
  await page.waitForLoadState("networkidle");
  const fullLoad = requests.take();
  expect(fullLoad.length, fullLoad.join("\n")).toBeLessThanOrEqual(2);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Photo Album" }).click();
  await expect(page.getByRole("heading", { name: "Photo Album", level: 1 })).toBeVisible();
  // The album's photos, its filters and the plan's storage figure.
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByLabel("Week", { exact: true }).locator("option").nth(1)).toBeAttached();
  await expect(page.getByText(/^\d+ of \d+ photos used$/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  const navigation = requests.take();
  expect(navigation.length, navigation.join("\n")).toBeLessThanOrEqual(1);
});

/**
 * A signed-in screen: where it is, the main navigation's link to it (none: reached by its address
 * only) and what shows once everything it reads has answered.
 */
interface Screen {
  path: string;
  link?: string;
  ready: (page: Page, member: DemoMember) => Promise<void>;
}

const main = (page: Page) => page.getByRole("main");

const SCREENS = {
  dashboard: {
    path: "/dashboard",
    link: "Dashboard",
    ready: async (page, member) => {
      await expect(page.getByText(`Welcome, ${member.firstName}!`)).toBeVisible();
      await expect(page.getByRole("region", { name: "Latest updates" }).getByRole("article", { name: /^Post by / }).first()).toBeVisible();
    },
  },
  pregnancies: { path: "/pregnancies", link: "Pregnancies", ready: (page) => expect(page.getByRole("list", { name: "Your guest pregnancies" }).getByRole("listitem").first()).toBeVisible() },
  calendar: { path: "/calendar", link: "Calendar", ready: (page) => expect(main(page).getByRole("grid")).toBeVisible() },
  contacts: { path: "/contacts", link: "Contacts", ready: (page) => expect(page.getByRole("article", { name: "Noah Parker" })).toBeVisible() },
  health: { path: "/health", link: "Health", ready: (page) => expect(page.getByRole("list", { name: "Health tools" }).getByText(/^Last session /)).toBeVisible() },
  photos: {
    path: "/photos",
    link: "Photo Album",
    ready: async (page) => {
      await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem").first()).toBeVisible();
      await expect(page.getByLabel("Week", { exact: true }).locator("option").nth(1)).toBeAttached();
      await expect(page.getByText(/^\d+ of \d+ (guest )?photos (used|added)$/)).toBeVisible();
    },
  },
  registry: { path: "/registry", link: "Registry", ready: (page) => expect(page.getByRole("list", { name: "Registries" }).getByRole("article").first()).toBeVisible() },
  waitingRoom: {
    path: "/waiting-room",
    link: "Waiting Room",
    ready: async (page, member) => {
      await expect(page.getByRole("list", { name: "Messages" }).getByRole("article").first()).toBeVisible();
      await expect(page.getByRole("list", { name: "Here now" }).getByRole("listitem", { name: `${member.firstName} ${member.lastName}` })).toBeVisible();
    },
  },
  babyGame: { path: "/baby-game", link: "Baby Game", ready: (page) => expect(page.getByRole("region", { name: /^Your guess for / })).toBeVisible() },
  settings: { path: "/settings", link: "Settings", ready: (page, member) => expect(page.getByRole("textbox", { name: "First name" })).toHaveValue(member.firstName) },
  kicks: { path: "/health/kicks", ready: (page) => expect(page.getByRole("table", { name: "Sessions by day" })).toBeVisible() },
  contractions: { path: "/health/contractions", ready: (page) => expect(page.getByRole("region", { name: "Earlier sessions" }).getByRole("group").first()).toBeVisible() },
} satisfies Record<string, Screen>;

/** Each person's main navigation (what it enables for them), and for the parent the trackers reached from /health. */
const VISITS: ReadonlyArray<{ who: "olivia" | "grandma" | "sam"; screens: ReadonlyArray<keyof typeof SCREENS> }> = [
  { who: "olivia", screens: ["dashboard", "calendar", "contacts", "health", "photos", "registry", "waitingRoom", "babyGame", "settings", "kicks", "contractions"] },
  { who: "grandma", screens: ["pregnancies", "dashboard", "calendar", "photos", "registry", "waitingRoom", "babyGame", "settings"] },
  { who: "sam", screens: ["pregnancies", "dashboard", "calendar", "photos", "registry", "waitingRoom", "settings"] },
];

for (const { who, screens } of VISITS) {
  test(`${who}'s screens each ask for their data in at most 2 requests on a full load and 1 on a navigation @desktop`, async ({ page }) => {
    test.setTimeout(120_000);
    const member = demoMember(who);
    await signInThroughApi(page, member.email);
    const requests = watchDataRequests(page);
    const counted = async (screen: Screen) => {
      await screen.ready(page, member);
      await page.waitForLoadState("networkidle");
      return requests.take();
    };
    // Every screen's figures at once, so a failure names them all with what they asked for.
    const over: Array<{ screen: string; requests: string[] }> = [];

    for (const key of screens) {
      const screen: Screen = SCREENS[key];
      await page.goto(screen.path);
      const made = await counted(screen);
      if (made.length > 2) over.push({ screen: `full load of ${screen.path}`, requests: made });
      const statements = await requests.statements();
      const limit = FULL_LOAD_STATEMENTS[screen.path];
      if (limit !== undefined && !(statements <= limit)) over.push({ screen: `${statements} statements on a full load of ${screen.path} (at most ${limit})`, requests: made });
    }
    expect(await requests.pictureStatements()).toBe(0);
    for (const key of screens) {
      const screen: Screen = SCREENS[key];
      if (!screen.link) continue;
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: screen.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path}(\\?|$)`));
      const made = await counted(screen);
      await requests.statements();
      if (made.length > 1) over.push({ screen: `navigation to ${screen.path}`, requests: made });
    }
    expect(over).toEqual([]);
  });
}
