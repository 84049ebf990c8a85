import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SESSION_QUERY_KEY, useSessionQueryOptions, type Session } from "../../lib/session";
import { browserTimeZone } from "../../lib/timeZone";
import { UNBATCHED_CALL, useTRPC } from "../../lib/trpc";

/**
 * Tells the server the browser's time zone when the session's stored one differs (the weekly
 * digest goes in the user's Monday morning; a parent's pregnancy without a zone takes it). The session already carries the stored zone, so this
 * costs nothing on a load where it matches; when it differs the call goes alone, after the
 * screen's reads, and a failure is simply tried again on the next load.
 */
export function useTimeZoneSync(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useQuery(useSessionQueryOptions()).data;
  const { mutate } = useMutation(
    trpc.account.setTimeZone.mutationOptions({
      trpc: { context: UNBATCHED_CALL },
      onSuccess: ({ timeZone }) => queryClient.setQueryData<Session | null>(SESSION_QUERY_KEY, (current) => (current ? { ...current, timeZone } : current)),
    }),
  );
  const userId = session?.user.id;
  const stored = session?.timeZone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (userId && zone && stored !== zone) mutate({ timeZone: zone });
  }, [userId, stored, mutate]);
}
