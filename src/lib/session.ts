/**
 * The signed-in session as router context. Route guards (`beforeLoad`) read it through the query
 * cache, so a guard costs no request once the session is known; sign-in, sign-up, code sign-in
 * and sign-out call `refresh` or `clear` so the next guard sees the new state.
 *
 * The session comes from tRPC (`account.session`), not from better-auth's get-session, so on a
 * full load it leaves in the same batch as the shell's first reads (httpBatchLink batches the
 * calls made in one tick). Those reads need the user's id (the stored choices are per user): the
 * id of the last session seen in this browser stands in until the session answers.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { forgetThisDevice } from "./deviceSnapshot";
import { UNBATCHED_CALL, useTRPCClient, type AppTRPC, type AppTRPCClient, type RouterOutputs } from "./trpc";

export type Session = NonNullable<RouterOutputs["account"]["session"]>;

export const SESSION_QUERY_KEY = ["auth", "session"] as const;

/**
 * The session query; every reader passes the app's one tRPC client, so its call joins the others'
 * batch. One retry, at once and in a request of its own: a visitor should not wait through back-offs
 * before seeing the home page, and a batch that failed as a whole (for a read the session travelled
 * with) should not keep the guard from deciding.
 */
export function sessionQueryOptions(client: AppTRPCClient) {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async (): Promise<Session | null> => {
      try {
        return await client.account.session.query();
      } catch {
        return client.account.session.query(undefined, { context: UNBATCHED_CALL });
      }
    },
    retry: false,
  });
}

/** The same options in a component, on the app's client. */
export function useSessionQueryOptions() {
  return sessionQueryOptions(useTRPCClient());
}

const SESSION_USER_KEY = "session-user";

/** The user of the last session seen in this browser (a guess until the session answers), if any. */
export function rememberedSessionUser(): string | null {
  try {
    return window.localStorage.getItem(SESSION_USER_KEY);
  } catch {
    return null;
  }
}

function rememberSessionUser(userId: string | null): void {
  try {
    if (window.localStorage.getItem(SESSION_USER_KEY) === userId) return;
    if (userId) window.localStorage.setItem(SESSION_USER_KEY, userId);
    else window.localStorage.removeItem(SESSION_USER_KEY);
  } catch {
    // Without storage the first reads just wait for the session.
  }
}

export interface AuthContext {
  /** The cached session (fetched once, refreshed in the background when stale); null when signed out. */
  getSession: () => Promise<Session | null>;
  /** Asks the server again (after sign-in, sign-up or verification). */
  refresh: () => Promise<Session | null>;
  /**
   * Forgets the session and every cached query at once (after sign-out or an UNAUTHORIZED answer),
   * and what this device keeps for the person: done when the promise settles, so await it before leaving the page.
   */
  clear: () => Promise<void>;
}

export function createAuthContext(queryClient: QueryClient, client: AppTRPCClient, trpc: AppTRPC): AuthContext {
  const options = sessionQueryOptions(client);
  /**
   * The session brings the profile, read with it, so the screens' loaders find it instead of asking
   * again. A cached session's copy is older than a profile saved since, so it only fills a gap.
   */
  const remembered = (fresh: boolean) => (session: Session | null) => {
    rememberSessionUser(session?.user.id ?? null);
    const profileKey = trpc.account.me.queryKey();
    if (session && (fresh || queryClient.getQueryData(profileKey) === undefined)) queryClient.setQueryData(profileKey, session.profile);
    return session;
  };
  return {
    getSession: () => queryClient.ensureQueryData({ ...options, revalidateIfStale: true }).then(remembered(false)),
    refresh: () => queryClient.fetchQuery({ ...options, staleTime: 0 }).then(remembered(true)),
    // The device is forgotten first and the session last, so the caller's navigation follows at once:
    // a session gone while this waited would let the route guard send the page elsewhere first.
    clear: async () => {
      await forgetThisDevice();
      rememberSessionUser(null);
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
  };
}
