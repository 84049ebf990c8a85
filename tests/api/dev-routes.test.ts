import { describe, expect, it } from "vitest";
import { devRoutes } from "../../worker/http/dev";
import { baseUrl } from "../support/env";
import { requestWithoutDatabase } from "../support/node-worker";

describe("dev-only routes", () => {
  it("list captured mail newest first outside production", async () => {
    const response = await fetch(`${baseUrl()}/api/dev/outbox`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as Array<{ createdAt: string }>;
    const times = mails.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await fetch(`${baseUrl()}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Mailbox</h1>");
  });

  it("do not exist in production", async () => {
    for (const path of ["/api/dev/outbox", "/dev/mailbox"]) {
      const response = await requestWithoutDatabase((app) => app.route("/", devRoutes), path, "production");
      expect(response.status).toBe(404);
    }
    const announce = await requestWithoutDatabase((app) => app.route("/", devRoutes), `/api/dev/waiting-room/${crypto.randomUUID()}/announce-state`, "production", { method: "POST" });
    expect(announce.status).toBe(404);
  });
});
