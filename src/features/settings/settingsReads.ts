import { pushSupport } from "../../lib/devicePush";
import type { ScreenReads } from "../../lib/screenReads";

/**
 * What /settings reads: the profile, notification choices, downloads (with a confirmed email, as
 * the server requires), closed pregnancies and, where this browser can take pushes, the push key
 * for everyone; a parent in parent mode also the pregnancy, its family, the subscription and the
 * gift card credit; a guest trusted with canViewSettings the pregnancy's read-only overview. (A
 * device that has pushes on still reads its own row once its subscription is known.)
 */
export const settingsReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent, emailVerified, permissions }) => {
  void queryClient.prefetchQuery(trpc.account.me.queryOptions());
  void queryClient.prefetchQuery(trpc.account.notificationPreferences.queryOptions());
  if (emailVerified) void queryClient.prefetchQuery(trpc.dataExport.options.queryOptions());
  void queryClient.prefetchQuery(trpc.pregnancy.closedOwned.queryOptions());
  if (pushSupport() === "supported") void queryClient.prefetchQuery(trpc.push.publicKey.queryOptions());
  if (pregnancy && !isParent && permissions?.canViewSettings) void queryClient.prefetchQuery(trpc.pregnancy.familyOverview.queryOptions(pregnancy));
  if (!pregnancy || !isParent) return;
  void queryClient.prefetchQuery(trpc.pregnancy.details.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.participants.list.queryOptions(pregnancy));
  void queryClient.prefetchQuery(trpc.billing.subscription.queryOptions());
  void queryClient.prefetchQuery(trpc.giftCards.credit.queryOptions());
};
