import { useCallback, useMemo } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { withFavorite } from "../../../domain/inspiration";
import { useTRPC } from "../../../lib/trpc";
import { toast } from "../../../ui/toast";
import { INSPIRATION_TEXTS } from "./labels";
import { PHOTO_TOASTS } from "../../../domain/photos";

/**
 * The user's favourite ideas. A heart changes at once (optimistic) and changes back, with the
 * 'Action failed' toast, if the server refuses (core spec 4: favorite template toggle likewise).
 * Only the one idea is rolled back, so quick taps on other hearts keep their state.
 */
export function useFavoriteTemplates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.inspiration.favorites.list.queryOptions());
  const queryKey = trpc.inspiration.favorites.list.queryKey();
  const mutationKey = trpc.inspiration.favorites.toggle.mutationKey();

  const toggle = useMutation(
    trpc.inspiration.favorites.toggle.mutationOptions({
      onMutate: async ({ templateId, favorite }) => {
        await queryClient.cancelQueries({ queryKey });
        queryClient.setQueryData(queryKey, (ids) => withFavorite(ids ?? [], templateId, favorite));
      },
      onError: (_error, { templateId, favorite }) => {
        queryClient.setQueryData(queryKey, (ids) => withFavorite(ids ?? [], templateId, !favorite));
        toast({ title: PHOTO_TOASTS.actionFailed, description: INSPIRATION_TEXTS.favoriteNotSaved, variant: "error" });
      },
      // Refetch once the last of several quick taps has settled, so no answer overwrites a newer tap.
      onSettled: () => (queryClient.isMutating({ mutationKey }) === 1 ? queryClient.invalidateQueries({ queryKey }) : undefined),
    }),
  );

  const favoriteIds = useMemo(() => new Set(list.data ?? []), [list.data]);
  const { mutate } = toggle;
  const setFavorite = useCallback((templateId: string, favorite: boolean) => mutate({ templateId, favorite }), [mutate]);

  return { favoriteIds, isReady: list.isSuccess, isError: list.isError, isRetrying: list.isFetching, retry: list.refetch, setFavorite };
}
