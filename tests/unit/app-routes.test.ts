import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSignedInAppPath, OFFLINE_TOOL_PATHS, offlineToolAt, SIGNED_IN_SECTIONS } from "../../src/lib/appRoutes";
import { SITE_PAGES } from "../../src/site/pages";
import { APP_PUBLIC_PATHS } from "../../worker/http/pages";

/** Route ids in the generated tree (npm run routes writes it before the unit tests run). */
function routeIds(): string[] {
  const tree = readFileSync(new URL("../../src/routeTree.gen.ts", import.meta.url), "utf8");
  const byId = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? "";
  return [...byId.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
}

/** The address of a route id: pathless layouts (`_name`) and a trailing slash dropped, `name_` unnested. */
const pathOf = (id: string) =>
  "/" +
  id
    .split("/")
    .filter((segment) => segment !== "" && !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, ""))
    .join("/");

const ids = routeIds();
const signedIn = ids.filter((id) => id.startsWith("/_authenticated/") && !id.endsWith("/_parent")).map(pathOf);
const others = ids.filter((id) => id !== "__root__" && !id.startsWith("/_authenticated")).map(pathOf);

describe("the service worker's app routes", () => {
  it("reads the route tree", () => {
    expect(signedIn).toContain("/health/kicks");
    expect(others).toContain("/onboarding");
  });

  it("name exactly the first segments of the signed-in routes", () => {
    expect(new Set(signedIn.map((path) => path.split("/")[1]))).toEqual(new Set(SIGNED_IN_SECTIONS));
    expect(signedIn.filter((path) => !isSignedInAppPath(path))).toEqual([]);
  });

  it("leave the public site, /auth, the app's public pages, /api, /dev and /parties to the network", () => {
    const outside = [...others, ...SITE_PAGES.map((page) => page.path), ...APP_PUBLIC_PATHS, "/api/trpc/account.session", "/dev/mailbox", "/parties/pregnancy-room/1", "/sw.js", "/app"];
    expect(outside.filter(isSignedInAppPath)).toEqual([]);
  });

  it("offer only signed-in screens as offline tools", () => {
    expect(OFFLINE_TOOL_PATHS.filter((path) => !signedIn.includes(path))).toEqual([]);
    expect(offlineToolAt("/health/kicks/")).toBe("/health/kicks");
    expect(offlineToolAt("/health/vitamins")).toBeNull();
  });
});
