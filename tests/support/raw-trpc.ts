import superjson from "superjson";
import type { ApiClient } from "./client";

export interface CallOutcome {
  ok: boolean;
  code?: string;
  appCode?: string;
}

type Answer = { error?: Parameters<typeof superjson.deserialize>[0] };

function outcomeOf(answer: Answer): CallOutcome {
  if (!answer.error) return { ok: true };
  const error = superjson.deserialize<{ data?: { code?: string; appCode?: string } }>(answer.error);
  return { ok: false, code: error.data?.code, appCode: error.data?.appCode };
}

/** Calls any procedure by path over HTTP, the way the app's link does, and reports the outcome. */
export async function callProcedure(client: ApiClient, path: string, type: "query" | "mutation", input: unknown): Promise<CallOutcome> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const response =
    type === "query"
      ? await client.fetch(`/api/trpc/${path}?input=${encodeURIComponent(encoded)}`)
      : await client.fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: encoded });
  return outcomeOf((await response.json()) as Answer);
}

/** Calls one mutation several times in a single HTTP request (a tRPC batch, as httpBatchLink groups calls). */
export async function callBatch(client: ApiClient, path: string, inputs: readonly unknown[]): Promise<CallOutcome[]> {
  const body = Object.fromEntries(inputs.map((input, index) => [index, superjson.serialize(input)]));
  const response = await client.fetch(`/api/trpc/${inputs.map(() => path).join(",")}?batch=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as Answer[]).map(outcomeOf);
}

/** Refused means the permission layer said no; anything else (success, NOT_FOUND, BAD_REQUEST) got past it. */
export const wasRefused = (outcome: CallOutcome) => outcome.code === "UNAUTHORIZED" || outcome.code === "FORBIDDEN";
