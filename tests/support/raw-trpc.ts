import superjson from "superjson";
import type { ApiClient } from "./client";

export interface CallOutcome {
  ok: boolean;
  code?: string;
  appCode?: string;
}

/** Calls any procedure by path over HTTP, the way the app's link does, and reports the outcome. */
export async function callProcedure(client: ApiClient, path: string, type: "query" | "mutation", input: unknown): Promise<CallOutcome> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const response =
    type === "query"
      ? await client.fetch(`/api/trpc/${path}?input=${encodeURIComponent(encoded)}`)
      : await client.fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: encoded });
  const body = (await response.json()) as { error?: Parameters<typeof superjson.deserialize>[0] };
  if (!body.error) return { ok: true };
  const error = superjson.deserialize<{ data?: { code?: string; appCode?: string } }>(body.error);
  return { ok: false, code: error.data?.code, appCode: error.data?.appCode };
}

/** Refused means the permission layer said no; anything else (success, NOT_FOUND, BAD_REQUEST) got past it. */
export const wasRefused = (outcome: CallOutcome) => outcome.code === "UNAUTHORIZED" || outcome.code === "FORBIDDEN";
