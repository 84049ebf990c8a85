import { MUTATION_RETRY_COUNT, QUERY_RETRY_COUNT, QUERY_STALE_TIME_MS } from "../domain/constants";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";

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

function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: unknown } | undefined)?.code === "UNAUTHORIZED";
}

/** Spec defaults (core spec 9): stale time 60 s, queries retried up to 3 times, mutations 2. */
export function createQueryClient({ onUnauthorized }: QueryClientHooks = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
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
