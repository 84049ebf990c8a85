import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/env";

describe("/api/health", () => {
  it("answers ok after a database round trip", async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: "ok" });
  });

  it("serves the single-page app for client routes and 404 JSON for unknown API paths", async () => {
    const page = await fetch(`${baseUrl()}/some/client/route`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const api = await fetch(`${baseUrl()}/api/nope`);
    expect(api.status).toBe(404);
  });
});
