/**
 * The signed-in parent's supplements and the days each was taken. Writes show at once and roll
 * back with a toast if the server refuses them.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HEALTH_MESSAGES, localDay, supplementsLeft, vitaminStreak } from "../../domain/healthTrackers";
import type { PregnancyScope } from "../../lib/screenReads";
import { useTRPC, type AppTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import type { HealthScope } from "./HealthToolLayout";
import { quiet } from "./useTrackers";

type VitaminsData = RouterOutputs["healthTrackers"]["vitamins"]["list"];
export type Supplement = VitaminsData["supplements"][number];
export type NewSupplement = Omit<RouterInputs["healthTrackers"]["vitamins"]["add"], "pregnancyId" | "mode">;
export type SupplementChanges = Omit<RouterInputs["healthTrackers"]["vitamins"]["update"], "pregnancyId" | "mode">;

/** The checklist's figures for `today`: what is left, the streak, and the supplements as the streak reads them. */
export function vitaminSummary(data: VitaminsData, today: string) {
  const supplements = data.supplements.map((s) => ({ ...s, since: localDay(s.createdAt.getTime()) }));
  const active = supplements.filter((s) => s.isActive);
  const left = supplementsLeft(supplements, data.doses, today);
  return { active, left, taken: active.length - left.length, streak: vitaminStreak(supplements, data.doses, today) };
}

export const vitaminsOptions = (trpc: AppTRPC, input: PregnancyScope) => trpc.healthTrackers.vitamins.list.queryOptions(input, { meta: quiet });

export function useVitaminList(scope: HealthScope) {
  const trpc = useTRPC();
  return useQuery(vitaminsOptions(trpc, { pregnancyId: scope.pregnancyId, mode: scope.mode }));
}

export function useVitaminWrites(scope: HealthScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { pregnancyId: scope.pregnancyId, mode: scope.mode };
  const listKey = trpc.healthTrackers.vitamins.list.queryKey(input);

  /** The handlers every write shares: apply `change` to the cached list, restore it with `failure`'s toast, reload when settled. */
  function optimistic<Input>(change: (input: Input) => (data: VitaminsData) => VitaminsData, failure: string) {
    return {
      meta: quiet,
      onMutate: async (variables: Input) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (data) => data && change(variables)(data));
        return { previous };
      },
      onError: (_error: unknown, _variables: Input, context: { previous: VitaminsData | undefined } | undefined) => {
        queryClient.setQueryData(listKey, context?.previous);
        toast({ title: failure, variant: "error" });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
    };
  }

  const add = useMutation(
    trpc.healthTrackers.vitamins.add.mutationOptions(
      optimistic(
        (supplement: RouterInputs["healthTrackers"]["vitamins"]["add"]) => (data) => ({
          ...data,
          supplements: [...data.supplements, { id: supplement.id, name: supplement.name, dose: supplement.dose || null, timeOfDay: supplement.timeOfDay || null, isActive: true, createdAt: new Date() }],
        }),
        HEALTH_MESSAGES.saveFailed,
      ),
    ),
  );
  const update = useMutation(
    trpc.healthTrackers.vitamins.update.mutationOptions(
      optimistic(
        ({ supplementId, name, dose, timeOfDay, isActive }: RouterInputs["healthTrackers"]["vitamins"]["update"]) =>
          (data) => ({
            ...data,
            supplements: data.supplements.map((s) =>
              s.id === supplementId
                ? { ...s, ...(name === undefined ? {} : { name }), ...(dose === undefined ? {} : { dose: dose || null }), ...(timeOfDay === undefined ? {} : { timeOfDay: timeOfDay || null }), ...(isActive === undefined ? {} : { isActive }) }
                : s,
            ),
          }),
        HEALTH_MESSAGES.saveFailed,
      ),
    ),
  );
  const remove = useMutation(
    trpc.healthTrackers.vitamins.remove.mutationOptions(
      optimistic(
        ({ supplementId }: RouterInputs["healthTrackers"]["vitamins"]["remove"]) =>
          (data) => ({ supplements: data.supplements.filter((s) => s.id !== supplementId), doses: data.doses.filter((d) => d.supplementId !== supplementId) }),
        HEALTH_MESSAGES.removeFailed,
      ),
    ),
  );
  const setTaken = useMutation(
    trpc.healthTrackers.vitamins.setTaken.mutationOptions(
      optimistic(
        ({ supplementId, day, taken }: RouterInputs["healthTrackers"]["vitamins"]["setTaken"]) =>
          (data) => ({
            ...data,
            doses: [...data.doses.filter((d) => !(d.supplementId === supplementId && d.takenOn === day)), ...(taken ? [{ supplementId, takenOn: day }] : [])],
          }),
        HEALTH_MESSAGES.saveFailed,
      ),
    ),
  );

  return {
    add: (supplement: NewSupplement) => add.mutateAsync({ ...input, ...supplement }),
    update: (changes: SupplementChanges) => update.mutateAsync({ ...input, ...changes }),
    remove: (supplementId: string) => remove.mutateAsync({ ...input, supplementId }),
    setTaken: (supplementId: string, day: string, taken: boolean) => setTaken.mutateAsync({ ...input, supplementId, day, taken }),
  };
}
