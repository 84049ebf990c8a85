import type { ScreenReads } from "../../lib/screenReads";
import { contractionsOptions, kickBabiesOptions, kickSessionsOptions } from "./useTrackers";
import { vitaminsOptions } from "./useVitamins";

/** What /health reads for its trackers' lines (parent mode only, as its guard allows): vitamins, kick sessions and contractions. */
export const healthOverviewReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent }) => {
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(vitaminsOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(kickSessionsOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(contractionsOptions(trpc, pregnancy));
};

/** What /health/kicks reads: the kick sessions and, for the babies' names, the pregnancy. */
export const kicksReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent }) => {
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(kickSessionsOptions(trpc, pregnancy));
  void queryClient.prefetchQuery(kickBabiesOptions(trpc, pregnancy));
};

/** What /health/contractions reads: the contractions. */
export const contractionsReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent }) => {
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(contractionsOptions(trpc, pregnancy));
};
