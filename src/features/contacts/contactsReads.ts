import type { PregnancyScope, ScreenReads } from "../../lib/screenReads";
import type { AppTRPC } from "../../lib/trpc";

/** The directory's list, as /contacts asks for it (its loader too). */
export const contactsListOptions = (trpc: AppTRPC, scope: PregnancyScope) => trpc.contacts.list.queryOptions(scope);

/** What /contacts reads: the directory, for parents and for a guest with canViewContacts (as its guard lets in). */
export const contactsReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, isParent, permissions }) => {
  if (pregnancy && (isParent || permissions?.canViewContacts)) void queryClient.prefetchQuery(contactsListOptions(trpc, pregnancy));
};
