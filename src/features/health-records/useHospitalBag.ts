/**
 * The hospital bag lists and their writes, shown at once and rolled back with a toast if the
 * server refuses. Each write answers with the whole list; the list is reloaded once the last of
 * several quick ticks has settled, so a reload never undoes a tick still on its way.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HospitalBagOwner } from "../../domain/enums";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import type { HealthScope } from "./HealthToolPage";
import { HOSPITAL_BAG_MESSAGES } from "./messages";

export type BagItem = RouterOutputs["healthRecords"]["hospitalBag"]["list"][number];

const quiet = { isolationToast: false } as const;

export function useHospitalBagItems(scope: HealthScope) {
  const trpc = useTRPC();
  return useQuery(trpc.healthRecords.hospitalBag.list.queryOptions(scope, { meta: quiet }));
}

export function useHospitalBagWrites(scope: HealthScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.healthRecords.hospitalBag.list.queryKey(scope);
  const writeKeys = [trpc.healthRecords.hospitalBag.add.mutationKey(), trpc.healthRecords.hospitalBag.update.mutationKey(), trpc.healthRecords.hospitalBag.delete.mutationKey()];
  const writesPending = () => writeKeys.reduce((total, mutationKey) => total + queryClient.isMutating({ mutationKey }), 0);

  function optimistic<Input>(change: (input: Input) => (items: BagItem[]) => BagItem[]) {
    return {
      meta: quiet,
      onMutate: async (input: Input) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const snapshot = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (items) => items && change(input)(items));
        return { snapshot };
      },
      onError: (_error: unknown, _input: Input, context: { snapshot: BagItem[] | undefined } | undefined) => {
        queryClient.setQueryData(listKey, context?.snapshot);
        toast({ title: HOSPITAL_BAG_MESSAGES.saveFailed, variant: "error" });
      },
      onSettled: () => (writesPending() <= 1 ? queryClient.invalidateQueries({ queryKey: listKey }) : undefined),
    };
  }

  const add = useMutation(
    trpc.healthRecords.hospitalBag.add.mutationOptions(
      optimistic(({ id, owner, name }: { id: string; owner: HospitalBagOwner; name: string }) => (items) => [...items, { id, owner, name: name.trim(), isPacked: false, isSuggested: false }]),
    ),
  );
  const update = useMutation(
    trpc.healthRecords.hospitalBag.update.mutationOptions(
      optimistic(({ itemId, isPacked }: { itemId: string; isPacked?: boolean | undefined }) => (items) => items.map((item) => (item.id === itemId && isPacked !== undefined ? { ...item, isPacked } : item))),
    ),
  );
  const remove = useMutation(trpc.healthRecords.hospitalBag.delete.mutationOptions(optimistic(({ itemId }: { itemId: string }) => (items) => items.filter((item) => item.id !== itemId))));
  const restore = useMutation(
    trpc.healthRecords.hospitalBag.restoreSuggested.mutationOptions({
      meta: quiet,
      onSuccess: (items) => {
        queryClient.setQueryData(listKey, items);
        toast({ title: HOSPITAL_BAG_MESSAGES.restored, variant: "success" });
      },
      onError: () => toast({ title: HOSPITAL_BAG_MESSAGES.saveFailed, variant: "error" }),
    }),
  );

  const ignore = () => undefined;
  return {
    add: (owner: HospitalBagOwner, name: string) => void add.mutateAsync({ ...scope, id: crypto.randomUUID(), owner, name }).catch(ignore),
    setPacked: (itemId: string, isPacked: boolean) => void update.mutateAsync({ ...scope, itemId, isPacked }).catch(ignore),
    remove: (itemId: string) => void remove.mutateAsync({ ...scope, itemId }).catch(ignore),
    restoreSuggested: () => void restore.mutateAsync(scope).catch(ignore),
    isRestoring: restore.isPending,
  };
}
