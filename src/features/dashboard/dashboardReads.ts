import type { ScreenReads } from "../../lib/screenReads";

/** What /dashboard reads besides the posts feed (its loader adds that): the greeting's profile, the pregnancy and its summary. */
export const dashboardReads: ScreenReads = ({ queryClient, trpc }, { pregnancy }) => {
  void queryClient.prefetchQuery(trpc.account.me.queryOptions());
  if (!pregnancy) return;
  void queryClient.prefetchQuery(trpc.pregnancy.details.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.dashboard.summary.queryOptions(pregnancy));
};
