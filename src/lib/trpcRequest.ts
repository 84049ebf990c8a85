/**
 * One tRPC call without the tRPC client, TanStack Query or superjson, for the standalone /auth page
 * (its JS budget is 70 KB). It speaks tRPC's HTTP format: a query is GET /api/trpc/<path>?input=...,
 * a mutation POST /api/trpc/<path>, input and output in superjson's {"json": ...} envelope. Only for
 * procedures whose input and output are plain JSON (no Date, Map or Set, which superjson would revive).
 */
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../worker/trpc/router";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
type Namespace = keyof Inputs & keyof Outputs;
type ProcedurePath = { [N in Namespace]: `${N & string}.${keyof Inputs[N] & keyof Outputs[N] & string}` }[Namespace];
type InputOf<P extends ProcedurePath> = P extends `${infer N extends Namespace}.${infer K}` ? (K extends keyof Inputs[N] ? Inputs[N][K] : never) : never;
type OutputOf<P extends ProcedurePath> = P extends `${infer N extends Namespace}.${infer K}` ? (K extends keyof Outputs[N] ? Outputs[N][K] : never) : never;

const TRPC_URL = "/api/trpc";

/** A refused or failed call: the server's tRPC code and the spec's machine code (error.data.appCode), when it sent them. */
export class TRPCRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly appCode: string | undefined,
  ) {
    super(message);
    this.name = "TRPCRequestError";
  }
}

interface TRPCAnswer {
  result?: { data?: { json?: unknown } };
  error?: { json?: { message?: unknown; data?: { code?: unknown; appCode?: unknown } } };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

async function call(path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${TRPC_URL}/${path}`, { ...init, credentials: "include" });
  const answer = (await response.json().catch(() => ({}))) as TRPCAnswer;
  if (response.ok && answer.result) return answer.result.data?.json;
  const error = answer.error?.json;
  throw new TRPCRequestError(text(error?.message) ?? response.statusText, response.status, text(error?.data?.code), text(error?.data?.appCode));
}

/** Runs a query procedure (GET). */
export function trpcQuery<P extends ProcedurePath>(path: P, ...input: undefined extends InputOf<P> ? [InputOf<P>?] : [InputOf<P>]): Promise<OutputOf<P>> {
  const query = input[0] === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input[0] }))}`;
  return call(`${path}${query}`, { method: "GET" }) as Promise<OutputOf<P>>;
}

/** Runs a mutation procedure (POST). */
export function trpcMutation<P extends ProcedurePath>(path: P, input: InputOf<P>): Promise<OutputOf<P>> {
  return call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: input }) }) as Promise<OutputOf<P>>;
}

/** The spec's machine code a refusal carries, if any (appCodeOf in query-client.ts for the tRPC client). */
export const requestAppCodeOf = (error: unknown) => (error instanceof TRPCRequestError ? error.appCode : undefined);
