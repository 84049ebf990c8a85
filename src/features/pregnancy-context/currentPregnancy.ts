/**
 * The pregnancy the dashboard and settings work in: the shell's `usePregnancyContext()` (mode,
 * pregnancy, access with the role-default fallback, the guest pregnancies) plus a retry for when
 * `pregnancy.mine` failed.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { usePregnancyContext, type PregnancyAccess, type PregnancyContextValue, type PregnancySummary } from "./usePregnancyContext";

export type { PregnancySummary };
export type PregnancyAccessInfo = PregnancyAccess;

export interface CurrentPregnancy extends PregnancyContextValue {
  refetch: () => void;
}

export function useCurrentPregnancy(): CurrentPregnancy {
  const context = usePregnancyContext();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return { ...context, refetch: () => void queryClient.refetchQueries(trpc.pregnancy.mine.queryFilter()) };
}
