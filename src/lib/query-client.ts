import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { dataIsolationTitle, isDataIsolationCode } from "../domain/errors";
import { toast } from "../ui/toast";
import { logger } from "./logger";
import { MS_PER_SECOND } from "../domain/units";

export const QUERY_STALE_TIME_MS = 60 * MS_PER_SECOND;

export const QUERY_RETRY_COUNT = 3;

export const MUTATION_RETRY_COUNT = 2;

const HTTP_BAD_REQUEST = 400;
const HTTP_SERVER_ERROR = 500;

/** The HTTP status a failed call answered with, when it got an answer. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const status: unknown = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    return typeof status === "number" ? status : undefined;
  }
  if (error && typeof error === "object" && "status" in error && typeof error.status === "number") return error.status;
  return undefined;
}

/** 4xx answers (unauthorised, forbidden, invalid input) will not change on a retry. */
function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= HTTP_BAD_REQUEST && status < HTTP_SERVER_ERROR;
}

export interface QueryClientHooks {
  /** Called when any query or mutation is refused with UNAUTHORIZED (the session ended). */
  onUnauthorized?: () => void;
}

/** The session ended (or never was): the server answered UNAUTHORIZED. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: unknown } | undefined)?.code === "UNAUTHORIZED";
}

/** The spec's machine code a tRPC refusal carries (error.data.appCode), if any. */
export function appCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const code: unknown = (error.data as { appCode?: unknown } | undefined)?.appCode;
  return typeof code === "string" ? code : undefined;
}

/**
 * A data-isolation refusal (core spec 8): one of the four codes, or another FORBIDDEN answer,
 * which gets the default title 'Data Access Error'.
 */
export function isDataIsolationError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  return isDataIsolationCode(appCodeOf(error)) || (error.data as { code?: unknown } | undefined)?.code === "FORBIDDEN";
}

declare module "@tanstack/react-query" {
  interface Register {
    /** `isolationToast: false` keeps a query or mutation that handles its own refusals quiet. */
    queryMeta: Record<string, unknown> & { isolationToast?: boolean };
    mutationMeta: Record<string, unknown> & { isolationToast?: boolean };
  }
}

/** Refused actions show the spec's title in a toast (the server has logged the audit warning). */
function toastDataIsolation(error: unknown, meta: { isolationToast?: boolean } | undefined): void {
  if (!isDataIsolationError(error) || meta?.isolationToast === false) return;
  const code = appCodeOf(error);
  logger.warn("Data access refused", { code, message: error instanceof Error ? error.message : undefined });
  toast({ title: dataIsolationTitle(code), variant: "error" });
}

/** Spec defaults (core spec 9): stale time 60 s, queries retried up to 3 times, mutations 2. */
export function createQueryClient({ onUnauthorized }: QueryClientHooks = {}): QueryClient {
  const handleError = (error: unknown, source: Pick<Query, "meta"> | Pick<Mutation, "meta">) => {
    if (isUnauthorized(error)) onUnauthorized?.();
    else toastDataIsolation(error, source.meta);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => handleError(error, mutation) }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_RETRY_COUNT,
      },
      mutations: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < MUTATION_RETRY_COUNT,
      },
    },
  });
}
