import { describe, expect, it } from "vitest";
import { healthRoute } from "../../worker/http/liveness";
import { requestWithoutDatabase } from "../support/node-worker";

describe("/api/health without a database", () => {
  it("answers 503 with db error when the database cannot be reached", async () => {
    const response = await requestWithoutDatabase((app) => app.route("/api/health", healthRoute), "/api/health", "test");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, db: "error" });
  });
});
