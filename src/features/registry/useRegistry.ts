/**
 * The registry's data: the registries the viewer may see and, for those who manage them, the
 * guests' suggestions; both reloaded live when anyone changes them. Reorder, hide/show and delete
 * show at once and roll back with the spec's toast if the server refuses (core spec 8).
 */
import { useEffect } from "react";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UserMode } from "../../domain/enums";
import { splitToast } from "../../domain/errors";
import { REGISTRY_ERROR_MESSAGES, REGISTRY_MESSAGES, REGISTRY_SUGGESTION_MESSAGES, type RegistryErrorCode, type RegistryFailedAction } from "../../domain/registry";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import { appCodeOf } from "../../lib/query-client";
import type { ScreenReads } from "../../lib/screenReads";
import { useTRPC, type AppTRPC, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";

export interface RegistryScope {
  pregnancyId: string;
  mode: UserMode;
}
export type Registry = RouterOutputs["registry"]["list"][number];
export type Suggestion = RouterOutputs["registry"]["suggestions"]["list"][number];
/** An input without the scope; a union (preset or custom) stays a union. */
type WithoutScope<Input> = Input extends unknown ? Omit<Input, "pregnancyId" | "mode"> : never;
export type SaveRegistryInput = WithoutScope<RouterInputs["registry"]["createOrUpdate"]>;
export type SuggestionInput = WithoutScope<RouterInputs["registry"]["suggestions"]["create"]>;

/** These calls say what failed themselves; the app-wide refusal toast would only be replaced. */
const quiet = { isolationToast: false } as const;

/** The spec's text for a registry code the server answered with, if it answered with one. */
export function registryRefusal(error: unknown): string | undefined {
  const code = appCodeOf(error);
  return code && Object.hasOwn(REGISTRY_ERROR_MESSAGES, code) ? REGISTRY_ERROR_MESSAGES[code as RegistryErrorCode] : undefined;
}

/** The server's registry text when it gave one ('Limit reached: only 10 ...'), else 'Failed to <action> registry'. */
export function registryFailureToast(error: unknown, action: RegistryFailedAction) {
  const refusal = registryRefusal(error);
  const { title, description } = refusal ? splitToast(refusal) : { title: REGISTRY_MESSAGES.actionFailed(action), description: undefined };
  toast({ title, variant: "error", ...(description ? { description } : {}) });
}

function useReloadRegistry() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.registry.pathFilter());
}

const registriesOptions = (trpc: AppTRPC, scope: RegistryScope) => trpc.registry.list.queryOptions(scope, { meta: quiet });
const suggestionsOptions = (trpc: AppTRPC, scope: RegistryScope | typeof skipToken) => trpc.registry.suggestions.list.queryOptions(scope, { meta: quiet });

/** What /registry reads, as the page shows it: the registries to those who may see them, the suggestions to those who manage them. */
export const registryReads: ScreenReads = ({ queryClient, trpc }, { pregnancy, permissions }) => {
  if (!pregnancy || !permissions) return;
  if (permissions.canViewRegistry || permissions.canManageRegistry) void queryClient.prefetchQuery(registriesOptions(trpc, pregnancy));
  if (permissions.canManageRegistry) void queryClient.prefetchQuery(suggestionsOptions(trpc, pregnancy));
};

/** The registries (and the suggestions, for those who manage them), reloaded when anyone changes them. */
export function useRegistryData(scope: RegistryScope, canManage: boolean) {
  const trpc = useTRPC();
  const reload = useReloadRegistry();
  const registries = useQuery(registriesOptions(trpc, scope));
  const suggestions = useQuery(suggestionsOptions(trpc, canManage ? scope : skipToken));
  usePregnancyFeed(scope.pregnancyId, "registry", () => void reload());
  const failedAt = registries.isError ? registries.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: REGISTRY_MESSAGES.loadFailed, variant: "error" });
  }, [failedAt]);
  return { registries, suggestions };
}

/** Writes of those who manage the registry. */
export function useRegistryWrites(scope: RegistryScope) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reload = useReloadRegistry();
  const listKey = trpc.registry.list.queryKey(scope);

  /**
   * The list's writes go to the server one after another, in the order they were made: two quick moves
   * sent at once could be applied the other way round and put back the order the parent had just left.
   */
  const inTurn = { id: `registry-list:${scope.pregnancyId}` };

  /** Shows `change` at once; a refusal restores the list as it was, with the action's toast. */
  function optimistic<Input>(change: (input: Input) => (list: Registry[]) => Registry[], action: RegistryFailedAction) {
    return {
      meta: quiet,
      scope: inTurn,
      onMutate: async (input: Input) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const previous = queryClient.getQueryData<Registry[]>(listKey);
        queryClient.setQueryData<Registry[]>(listKey, (list) => list && change(input)(list));
        return { previous };
      },
      onError: (error: unknown, _input: Input, context: { previous: Registry[] | undefined } | undefined) => {
        queryClient.setQueryData(listKey, context?.previous);
        registryFailureToast(error, action);
      },
      onSettled: reload,
    };
  }

  const save = useMutation(trpc.registry.createOrUpdate.mutationOptions({ meta: quiet, scope: inTurn, onSettled: reload }));
  const remove = useMutation(
    trpc.registry.delete.mutationOptions(optimistic(({ registryId }: RouterInputs["registry"]["delete"]) => (list) => list.filter((r) => r.id !== registryId), "remove")),
  );
  const setVisibility = useMutation(
    trpc.registry.setVisibility.mutationOptions(
      optimistic(({ registryId, isVisible }: RouterInputs["registry"]["setVisibility"]) => (list) => list.map((r) => (r.id === registryId ? { ...r, isVisible } : r)), "update"),
    ),
  );
  const reorder = useMutation(
    trpc.registry.reorder.mutationOptions(
      optimistic(({ ids }: RouterInputs["registry"]["reorder"]) => (list) => ids.flatMap((id, position) => list.filter((r) => r.id === id).map((r) => ({ ...r, displayOrder: position }))), "reorder"),
    ),
  );

  return {
    /** Create or update; the form shows a refusal itself, so this rejects with the server's error. */
    save: (input: SaveRegistryInput) => save.mutateAsync({ ...scope, ...input }),
    remove: (registryId: string) => remove.mutateAsync({ ...scope, registryId }),
    setVisibility: (registryId: string, isVisible: boolean) => setVisibility.mutate({ ...scope, registryId, isVisible }),
    reorder: (ids: string[]) => reorder.mutate({ ...scope, ids }),
  };
}

/** A guest's suggestion, and the parents' answers to suggestions. */
export function useSuggestionWrites(scope: RegistryScope) {
  const trpc = useTRPC();
  const reload = useReloadRegistry();
  const create = useMutation(trpc.registry.suggestions.create.mutationOptions({ meta: quiet }));
  const answerFailed = () => toast({ title: REGISTRY_SUGGESTION_MESSAGES.answerFailed, variant: "error" });
  const accept = useMutation(trpc.registry.suggestions.accept.mutationOptions({ meta: quiet, onError: answerFailed, onSettled: reload }));
  const dismiss = useMutation(trpc.registry.suggestions.dismiss.mutationOptions({ meta: quiet, onError: answerFailed, onSettled: reload }));
  return {
    suggest: (input: SuggestionInput) => create.mutateAsync({ ...scope, ...input }),
    accept: (suggestionId: string) => accept.mutate({ ...scope, suggestionId }),
    dismiss: (suggestionId: string) => dismiss.mutate({ ...scope, suggestionId }),
    answering: accept.isPending ? accept.variables.suggestionId : dismiss.isPending ? dismiss.variables.suggestionId : null,
  };
}
