import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { DB_STATS_HEADER, parseDbStats, type DbStats } from "../../worker/db/stats";
import type { ApiClient } from "../support/client";
import { signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";

/**
 * What each main screen's reads ask of the database, counted by the Worker (x-db-stats, test and
 * development only) as the demo owner and Grandma (a guest) read their family: a dozen photos,
 * posts, events, messages. Each read alone, then each screen's full load as the app sends it (the
 * shell's batch, then the screen's with `pregnancy.access`: tests/e2e/round-trips.spec.ts holds the
 * app to those two requests and counts its statements in a browser). A read that turns into one
 * query per row (N+1) or starts waiting on itself more often fails here; the times these counts buy
 * are in `npm run bench` (the screen table), not in tests.
 */
type Input = "none" | "pregnancy" | Record<string, unknown>;

interface Read {
  path: string;
  input: Input;
  /**
   * Most statements the read may send, session and access check included: as measured, so one
   * more fails. Account reads confirm the cached session in their own statement (one more only
   * when they find nothing); pregnancy doors confirm it with their access row (one, shared by a batch).
   */
  statements: number;
  /**
   * Most round trips that wait on each other: statements outside a transaction go over HTTP, so
   * those a read sends together share one (target: 3, the session and access check included).
   */
  chain: number;
}

const read = (path: string, input: Input, statements: number, chain: number): Read => ({ path, input, statements, chain });

const SCREENS: Record<string, Read[]> = {
  "every screen (shell)": [
    read("account.session", "none", 1, 1),
    read("account.modeContext", "none", 1, 1),
    read("pregnancy.mine", { preg: undefined }, 1, 1),
    read("pregnancy.access", "pregnancy", 2, 2),
    read("account.me", "none", 1, 1),
    read("pregnancy.details", "pregnancy", 3, 3),
  ],
  "/dashboard": [read("dashboard.summary", "pregnancy", 4, 2)],
  "/photos": [
    read("photos.list", { cursor: null }, 2, 2),
    read("photos.filters", "pregnancy", 2, 2),
    read("photos.storage", "pregnancy", 2, 2),
    read("photos.people", "pregnancy", 2, 2),
    read("inspiration.favorites.list", "none", 1, 1),
  ],
  "/waiting-room": [
    read("waitingRoom.state", "pregnancy", 2, 2),
    read("waitingRoom.members", "pregnancy", 2, 2),
    read("waitingRoom.messages.list", {}, 5, 3),
    read("waitingRoom.dms.conversations", "pregnancy", 2, 2),
  ],
  "/settings": [
    read("account.notificationPreferences", "none", 2, 2),
    read("billing.checkSubscription", "none", 1, 1),
    read("billing.subscription", "none", 2, 2),
    read("giftCards.credit", "none", 1, 1),
    read("participants.list", "pregnancy", 2, 2),
    read("pregnancy.closedOwned", "none", 2, 2),
    // A guest trusted with canViewSettings reads this instead of the parents' details and family.
    read("pregnancy.familyOverview", "pregnancy", 3, 2),
  ],
  "/calendar": [read("calendar.list", {}, 3, 3), read("calendar.feed.get", "pregnancy", 3, 3), read("calendar.milestones.suggestions", "pregnancy", 3, 2), read("pregnancy.participants", "pregnancy", 2, 2)],
  // The composer's audience line counts the family (issue 24).
  "/posts": [read("posts.list", { cursor: null }, 3, 3), read("pregnancy.participants", "pregnancy", 2, 2)],
  "/registry": [read("registry.list", "pregnancy", 2, 2), read("registry.suggestions.list", "pregnancy", 2, 2)],
  "/baby-game": [read("babyGame.state", "pregnancy", 3, 2), read("babyGame.predictions", "pregnancy", 4, 3), read("babyGame.leaderboard", "pregnancy", 3, 2)],
  "/health": [
    read("healthTrackers.kicks.list", "pregnancy", 2, 2),
    read("healthTrackers.contractions.list", "pregnancy", 2, 2),
    read("healthTrackers.vitamins.list", "pregnancy", 3, 2),
    read("healthRecords.logs.list", {}, 2, 2),
    read("healthRecords.birthPlan.get", "pregnancy", 4, 2),
    read("healthRecords.hospitalBag.list", "pregnancy", 2, 2),
    read("healthRecords.medicalContacts.list", "pregnancy", 2, 2),
  ],
};

/** Grandma's screens in the bench (a guest: her flags decide some reads, her own quota beside the album's storage). */
const GUEST_SCREENS: Record<string, Read[]> = {
  "every screen (shell)": [read("account.session", "none", 1, 1), read("account.modeContext", "none", 1, 1), read("pregnancy.mine", { preg: undefined }, 1, 1), read("pregnancy.access", "pregnancy", 2, 2)],
  "/dashboard": [read("dashboard.summary", "pregnancy", 4, 2), read("posts.list", { cursor: null }, 3, 3)],
  "/photos": [read("photos.list", { cursor: null }, 2, 2), read("photos.filters", "pregnancy", 2, 2), read("photos.storage", "pregnancy", 2, 2), read("inspiration.favorites.list", "none", 1, 1)],
  "/waiting-room": [read("waitingRoom.state", "pregnancy", 2, 2), read("waitingRoom.members", "pregnancy", 2, 2), read("waitingRoom.messages.list", {}, 5, 3), read("waitingRoom.dms.conversations", "pregnancy", 2, 2)],
};

type Person = "olivia" | "grandma";

/**
 * A screen's full load as the app sends it: the route guard's batch with the shell's reads, then
 * the screen loader's with `pregnancy.access` (src/features/pregnancy-context/screenLoader.ts and
 * each feature's reads). `statements`: most for the two together (issue 40: /dashboard 12, /photos
 * 10 with the room socket's check, so a first visit, whose pictures by signed link add none, stays
 * within 15; the others as measured).
 */
interface FullLoad {
  who: Person;
  path: string;
  reads: Array<[string, Input]>;
  statements: number;
}

const SHELL_BATCH: Array<[string, Input]> = [
  ["account.modeContext", "none"],
  ["pregnancy.mine", { preg: undefined }],
  ["account.session", "none"],
];
const DASHBOARD: Array<[string, Input]> = [
  ["pregnancy.details", "pregnancy"],
  ["dashboard.summary", "pregnancy"],
  ["posts.list", { cursor: null }],
];
const PHOTOS: Array<[string, Input]> = [
  ["inspiration.favorites.list", "none"],
  ["photos.list", {}],
  ["photos.filters", "pregnancy"],
  ["photos.storage", "pregnancy"],
];
const WAITING_ROOM: Array<[string, Input]> = [
  ["waitingRoom.state", "pregnancy"],
  ["waitingRoom.members", "pregnancy"],
  ["waitingRoom.messages.list", {}],
  ["waitingRoom.dms.conversations", "pregnancy"],
];
const load = (who: Person, path: string, reads: Array<[string, Input]>, statements: number): FullLoad => ({ who, path, reads, statements });

const FULL_LOADS: FullLoad[] = [
  load("olivia", "/dashboard", DASHBOARD, 12),
  // With the room socket's check (one statement), the 10.
  load("olivia", "/photos", PHOTOS, 9),
  load("olivia", "/waiting-room", WAITING_ROOM, 12),
  load(
    "olivia",
    "/settings",
    [
      ["account.notificationPreferences", "none"],
      ["dataExport.options", "none"],
      ["pregnancy.closedOwned", "none"],
      ["push.publicKey", "none"],
      ["pregnancy.details", "pregnancy"],
      ["participants.list", "pregnancy"],
      ["billing.subscription", "none"],
      ["giftCards.credit", "none"],
    ],
    14,
  ),
  load("olivia", "/calendar", [["calendar.list", {}]], 7),
  load(
    "olivia",
    "/posts",
    [
      ["posts.list", { cursor: null }],
      ["pregnancy.participants", "pregnancy"],
    ],
    8,
  ),
  load(
    "olivia",
    "/registry",
    [
      ["registry.list", "pregnancy"],
      ["registry.suggestions.list", "pregnancy"],
    ],
    7,
  ),
  load(
    "olivia",
    "/baby-game",
    [
      ["babyGame.state", "pregnancy"],
      ["babyGame.predictions", "pregnancy"],
    ],
    10,
  ),
  load(
    "olivia",
    "/health",
    [
      ["healthTrackers.vitamins.list", "pregnancy"],
      ["healthTrackers.kicks.list", "pregnancy"],
      ["healthTrackers.contractions.list", "pregnancy"],
    ],
    9,
  ),
  load("grandma", "/dashboard", DASHBOARD, 12),
  load("grandma", "/photos", PHOTOS, 9),
  load("grandma", "/waiting-room", [...WAITING_ROOM, ["photos.storage", "pregnancy"]], 13),
];

const clients = new Map<Person, ApiClient>();
let pregnancyId: string;

beforeAll(async () => {
  for (const who of ["olivia", "grandma"] as const) {
    const client = await signedInAs(who);
    // The session's cookie cache is set by the first read that asked the database for the session.
    await client.trpc.account.me.query();
    clients.set(who, client);
  }
  const parent = (await clientOf("olivia").trpc.pregnancy.mine.query()).parentPregnancy;
  if (!parent) throw new Error("The demo owner has no pregnancy");
  pregnancyId = parent.id;
});

function clientOf(who: Person): ApiClient {
  const client = clients.get(who);
  if (!client) throw new Error(`${who} is not signed in`);
  return client;
}

function inputFor(input: Input): unknown {
  if (input === "none") return undefined;
  if (input === "pregnancy") return { pregnancyId };
  return "preg" in input ? input : { pregnancyId, ...input };
}

/** One read alone in its HTTP request, as a GET the way the app's link sends it; its answer and figures. */
async function figuresOf(path: string, input: unknown, who: Person = "olivia"): Promise<{ ok: boolean; stats: DbStats | undefined }> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const response = await clientOf(who).fetch(`/api/trpc/${path}${query}`);
  await response.arrayBuffer();
  return { ok: response.ok, stats: parseDbStats(response.headers.get(DB_STATS_HEADER)) };
}

/** A batch of reads in one HTTP request, as the app's link sends a tick's queries; its answer and figures. */
async function batchFiguresOf(who: Person, reads: Array<[string, Input]>): Promise<{ ok: boolean; stats: DbStats | undefined }> {
  const body = Object.fromEntries(reads.map(([, input], index) => [index, superjson.serialize(inputFor(input))]));
  const response = await clientOf(who).fetch(`/api/trpc/${reads.map(([path]) => path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(body))}`);
  await response.arrayBuffer();
  return { ok: response.ok, stats: parseDbStats(response.headers.get(DB_STATS_HEADER)) };
}

const PEOPLE: Array<[string, Person, Record<string, Read[]>]> = [
  ["the owner", "olivia", SCREENS],
  ["Grandma", "grandma", GUEST_SCREENS],
];

describe.each(PEOPLE.flatMap(([name, who, screens]) => Object.entries(screens).map(([screen, reads]) => [`${name}: ${screen}`, who, reads] as const)))("%s", (_screen, who, reads) => {
  it.each(reads.map((r) => [r.path, r] as const))("%s stays within its statements and its chain, opening no connection", async (_path, { path, input, statements, chain }) => {
    const { ok, stats } = await figuresOf(path, inputFor(input), who);
    expect(ok).toBe(true);
    const figures = stats ?? { statements: 0, connections: 0, chain: 0 };
    expect({ path, ...figures }).toEqual({ path, statements: expect.any(Number), connections: expect.any(Number), chain: expect.any(Number) });
    expect(figures.statements, `${path} statements`).toBeLessThanOrEqual(statements);
    // Reads go over HTTP; only a transaction opens a connection.
    expect(figures.connections, `${path} connections`).toBe(0);
    expect(figures.chain, `${path} chain`).toBeLessThanOrEqual(chain);
  });
});

describe("a full load", () => {
  it.each(FULL_LOADS.map((l) => [`${l.who} ${l.path}`, l] as const))("%s stays within its statements, in its two requests", async (_name, { who, reads, statements }) => {
    const shell = await batchFiguresOf(who, SHELL_BATCH);
    const screen = await batchFiguresOf(who, [["pregnancy.access", "pregnancy"], ...reads]);
    expect([shell.ok, screen.ok]).toEqual([true, true]);
    const sent = (shell.stats?.statements ?? 0) + (screen.stats?.statements ?? 0);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(statements);
  });
});

describe("a batch of one screen's reads", () => {
  it("checks the session and the pregnancy once for the whole batch", async () => {
    const reads = SCREENS["/photos"] ?? [];
    const paths = reads.map((r) => r.path);
    const body = Object.fromEntries(reads.map((r, index) => [index, superjson.serialize(inputFor(r.input))]));
    const response = await clientOf("olivia").fetch(`/api/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(body))}`);
    expect(response.ok).toBe(true);
    const batch = parseDbStats(response.headers.get(DB_STATS_HEADER));
    let alone = 0;
    for (const r of reads) alone += (await figuresOf(r.path, inputFor(r.input))).stats?.statements ?? 0;
    // Each read alone pays the access check; batched, four of the five share one.
    expect(batch?.statements).toBeLessThanOrEqual(alone - 3);
  });
});

describe("the browser's time zone, sent once when it differs from the stored one", () => {
  it("is stored (and taken by a parent's pregnancy without one) in one statement after the session's check, opening no connection", async () => {
    // A family of its own: the demo family's zones are other tests' business.
    const { owner } = await createOtherFamily();
    const response = await owner.postJson("/api/trpc/account.setTimeZone", superjson.serialize({ timeZone: "America/New_York" }));
    expect(response.ok).toBe(true);
    expect(parseDbStats(response.headers.get(DB_STATS_HEADER))).toEqual({ statements: 2, connections: 0, chain: 2 });
  });
});
