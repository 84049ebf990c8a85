/**
 * The signed-in session as router context. Route guards (`beforeLoad`) read it through the query
 * cache, so a guard costs no request once the session is known; sign-in, sign-up, code sign-in
 * and sign-out call `refresh` or `clear` so the next guard sees the new state.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { authClient, type Session } from "./auth-client";

export const SESSION_QUERY_KEY = ["auth", "session"] as const;

export class SessionRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SessionRequestError";
  }
}

async function fetchSession(): Promise<Session | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new SessionRequestError(error.status, error.message ?? "Failed to load the session");
  return data ?? null;
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  // One retry: a visitor should not wait through three back-offs before seeing the home page.
  retry: 1,
});

export interface AuthContext {
  /** The cached session (fetched once, refreshed in the background when stale); null when signed out. */
  getSession: () => Promise<Session | null>;
  /** Asks the server again (after sign-in, sign-up or verification). */
  refresh: () => Promise<Session | null>;
  /** Forgets the session and every cached query (after sign-out or an UNAUTHORIZED answer). */
  clear: () => void;
}

export function createAuthContext(queryClient: QueryClient): AuthContext {
  return {
    getSession: () => queryClient.ensureQueryData({ ...sessionQueryOptions, revalidateIfStale: true }),
    refresh: () => queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }),
    clear: () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
  };
}
