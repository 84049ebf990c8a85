import type { ScreenReads } from "../../lib/screenReads";

/** What /pregnancy-ended reads: its one overview, beside the shell's reads. */
export const lossReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent }) => {
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(trpc.pregnancyLoss.overview.queryOptions(pregnancy));
};
