import type { ScreenReads } from "../../lib/screenReads";
import { contractionsOptions, kickSessionsOptions } from "./useTrackers";
import { vitaminsOptions } from "./useVitamins";

/** What /health reads for its trackers' lines (parent mode only, as its guard allows): vitamins, kick sessions and contractions. */
export const healthOverviewReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent }) => {
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(vitaminsOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(kickSessionsOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(contractionsOptions(trpc, pregnancy));
};
