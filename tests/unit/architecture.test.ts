import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, ROOT } from "../support/importGraph";

/**
 * The shape README's map describes, kept true: the server reads as one stack
 * (http and routers -> trpc -> services -> infra -> db), shared pure code sits in src/domain, and
 * the glue that used to be written per area (callers, mailers) exists once.
 */
const graph = importGraph();
const edges = [...graph.edges].flatMap(([from, targets]) => [...targets].map((to) => ({ from, to })));
const under = (file: string, ...folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`) || file === folder);
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Edges from files under `from` to files under any of `to`, as "a -> b" lines. */
const crossing = (from: string[], to: string[]) => edges.filter((edge) => under(edge.from, ...from) && under(edge.to, ...to)).map((edge) => `${edge.from} -> ${edge.to}`);

describe("architecture", () => {
  it("has no import cycle in src, worker or party", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("keeps services below the HTTP routes, routers and tRPC", () => {
    expect(crossing(["worker/services"], ["worker/http", "worker/routers", "worker/trpc", "worker/dev", "worker/context.ts", "worker/app.ts", "worker/cron.ts"])).toEqual([]);
  });

  it("keeps infrastructure below the services", () => {
    expect(crossing(["worker/infra"], ["worker/services", "worker/http", "worker/routers", "worker/trpc", "worker/dev", "worker/context.ts", "worker/app.ts"])).toEqual([]);
  });

  it("gives each router its own file: routers import no other router and no HTTP route", () => {
    const routerToRouter = edges.filter((edge) => under(edge.from, "worker/routers") && under(edge.to, "worker/routers") && edge.to !== "worker/routers/inputs.ts");
    expect([...routerToRouter.map((edge) => `${edge.from} -> ${edge.to}`), ...crossing(["worker/routers"], ["worker/http"])]).toEqual([]);
  });

  it("keeps dev-only code in worker/dev, reached only from the dev entry", () => {
    const intoDev = edges.filter((edge) => under(edge.to, "worker/dev") && !under(edge.from, "worker/dev"));
    expect(intoDev.map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it("keeps src/domain pure: it imports only itself and libraries", () => {
    expect(edges.filter((edge) => under(edge.from, "src/domain") && !under(edge.to, "src/domain")).map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it("lets the client reach the server only for the router's type", () => {
    const clientToServer = edges.filter((edge) => under(edge.from, "src") && !under(edge.to, "src"));
    expect(new Set(clientToServer.map((edge) => edge.to))).toEqual(new Set(["worker/trpc/router.ts"]));
    for (const edge of clientToServer) expect(source(edge.from)).toMatch(/import type \{ AppRouter \} from "[./]+\/worker\/trpc\/router"/);
  });

  it("loads in the Durable Object only what closing a session needs", () => {
    expect(crossing(["party"], ["worker"])).toEqual(["party/pregnancyRoom.ts -> worker/services/waitingRoomClosing.ts"]);
  });

  it("defines the caller once, and every service call goes through it", () => {
    const serverFiles = graph.files.filter((file) => under(file, "worker", "party"));
    const callerDefinitions = serverFiles.filter((file) => /\b(interface|type)\s+\w*Caller\b/.test(source(file)));
    expect(callerDefinitions).toEqual(["worker/services/caller.ts"]);
    expect(serverFiles.filter((file) => /\bcallerOf\b/.test(source(file)))).toEqual([]);
  });

  it("makes the outbox in one place, and only the outbox's consumer sends mail and push", () => {
    const made = (name: string) => graph.files.filter((file) => new RegExp(`\\b${name}\\(`).test(source(file).replace(new RegExp(`function ${name}\\(`, "g"), "")));
    expect(made("createOutbox").filter((file) => file.startsWith("worker/"))).toEqual(["worker/context.ts"]);
    expect(made("createMailTransport").filter((file) => file.startsWith("worker/"))).toEqual(["worker/services/outboxDelivery.ts"]);
    expect(made("sendPush").filter((file) => file.startsWith("worker/"))).toEqual(["worker/services/outboxDelivery.ts"]);
  });
});
