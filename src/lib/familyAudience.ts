/**
 * Who an item's audience reaches (issue 24): the shell says which family the user works in, and
 * the audience field counts its participants (`pregnancy.participants`, the list the calendar
 * and the posts screen already read) with the pure rule `itemReach`.
 */
import { createContext, useContext } from "react";
import { skipToken, useQuery } from "@tanstack/react-query";
import type { ItemPrivacyLevel } from "../domain/enums";
import { itemReach } from "../domain/familyReach";
import type { PregnancyScope } from "./screenReads";
import { useTRPC, type AppTRPC } from "./trpc";

export interface FamilyAudienceScope extends PregnancyScope {
  selfUserId: string;
}

/** Set by the shell when the user may list the family (canViewContacts; parents always). */
export const FamilyAudienceContext = createContext<FamilyAudienceScope | null>(null);

/** The family list as the audience line and a screen's loader ask for it. */
export function familyListOptions(trpc: AppTRPC, scope: PregnancyScope | typeof skipToken) {
  return trpc.pregnancy.participants.queryOptions(scope === skipToken ? skipToken : { pregnancyId: scope.pregnancyId, mode: scope.mode }, { meta: { isolationToast: false } });
}

/** 'Reaches Noah and 3 guests.' for an item at this level; null while unknown or not the user's to see. */
export function useItemReach(level: ItemPrivacyLevel): string | null {
  const scope = useContext(FamilyAudienceContext);
  const trpc = useTRPC();
  const family = useQuery(familyListOptions(trpc, scope ?? skipToken));
  if (!scope || !family.data) return null;
  return itemReach(family.data, scope.selfUserId, level);
}
