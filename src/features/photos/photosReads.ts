import { PICTURE_LINK_REFRESH_MS } from "../../domain/pictureLinks";
import type { ScreenReads } from "../../lib/screenReads";
import type { AppTRPC, RouterInputs } from "../../lib/trpc";

type ListInput = RouterInputs["photos"]["list"];
export type AlbumListInput = Omit<ListInput, "cursor">;

/** The album's pages of photos for a scope and filters (the album asks with these options, its loader too). */
export function albumPagesOptions(trpc: AppTRPC, input: AlbumListInput) {
  // Read again while open: the pictures' signed links must not run out.
  return trpc.photos.list.infiniteQueryOptions(input, { getNextPageParam: (page) => page.nextCursor ?? undefined, refetchInterval: PICTURE_LINK_REFRESH_MS });
}

/**
 * What /photos reads: both tabs are in the page, so the album's first page (no filters), its
 * filter options and storage figure, and the favourite ideas. Parents see the plan's storage; a
 * guest only when they may add photos (their quota), as the album asks.
 */
export const photosReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent, permissions }) => {
  void queryClient.prefetchQuery(trpc.inspiration.favorites.list.queryOptions());
  if (!pregnancy) return;
  void queryClient.prefetchInfiniteQuery(albumPagesOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(trpc.photos.filters.queryOptions(pregnancy));
  if (isParent || permissions?.canUploadPhotos || permissions?.canContributePhotos) void queryClient.prefetchQuery(trpc.photos.storage.queryOptions(pregnancy));
};
