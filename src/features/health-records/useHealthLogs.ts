/**
 * Cravings and symptoms: the list of one kind and the writes, shown at once. A log carries the id
 * made here, so when the phone is offline the write waits (TanStack Query pauses it) and is sent
 * when the connection returns, and a retried send is stored once.
 */
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import type { HealthLogKind } from "../../domain/enums";
import { todayIso } from "../../domain/dates";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import type { HealthPregnancy, HealthScope } from "./HealthToolPage";
import { HEALTH_LOG_MESSAGES, LOG_TIMELINE_MESSAGES } from "./messages";
import { type HealthLogInput, healthLogWeek, SYMPTOM_SEVERITY_DEFAULT } from "../../domain/healthLogs";

export type HealthLog = RouterOutputs["healthRecords"]["logs"]["list"][number];

/** These calls say what failed themselves. */
const quiet = { isolationToast: false } as const;

/** What the client sends for a log: its own id, and the day it was logged here (the week follows from it). */
export function logInput(log: Pick<HealthLog, "id" | "kind" | "name" | "severity" | "notes" | "loggedAt">): HealthLogInput {
  const common = { id: log.id, name: log.name, notes: log.notes ?? "", loggedAt: log.loggedAt, loggedOn: todayIso(log.loggedAt) };
  return log.kind === "symptom" ? { ...common, kind: "symptom", severity: log.severity ?? SYMPTOM_SEVERITY_DEFAULT } : { ...common, kind: "craving" };
}

export function useHealthLogs(scope: HealthScope, pregnancy: HealthPregnancy, kind: HealthLogKind) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { session } = useRouteContext({ from: "/_authenticated" });
  const listKey = trpc.healthRecords.logs.list.queryKey({ ...scope, kind });
  const logs = useQuery(trpc.healthRecords.logs.list.queryOptions({ ...scope, kind }, { meta: quiet }));
  const reload = () => queryClient.invalidateQueries(trpc.healthRecords.logs.pathFilter());

  /** Logs waiting for the connection to come back: marked on the timeline until they are sent. */
  const unsent = new Set(
    useMutationState({
      filters: { mutationKey: trpc.healthRecords.logs.sync.mutationKey(), status: "pending" },
      select: (mutation) => (mutation.state.isPaused ? ((mutation.state.variables as { logs?: HealthLogInput[] } | undefined)?.logs?.map((log) => log.id) ?? []) : []),
    }).flat(),
  );

  const sync = useMutation(
    trpc.healthRecords.logs.sync.mutationOptions({
      meta: quiet,
      onMutate: async ({ logs: sent }) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const snapshot = queryClient.getQueryData(listKey);
        const drafts: HealthLog[] = sent.map((log) => ({
          id: log.id,
          kind: log.kind,
          name: log.name.trim(),
          severity: log.kind === "symptom" ? log.severity : null,
          notes: log.notes?.trim() || null,
          loggedAt: log.loggedAt,
          week: healthLogWeek(log.loggedOn, pregnancy.lastMenstrualPeriod),
          loggedBy: session.user.firstName,
        }));
        queryClient.setQueryData(listKey, (current) => [...drafts, ...(current ?? []).filter((log) => !drafts.some((d) => d.id === log.id))]);
        return { snapshot };
      },
      onError: (_error, _input, context) => {
        queryClient.setQueryData(listKey, context?.snapshot);
        toast({ title: HEALTH_LOG_MESSAGES[kind].saveFailed, variant: "error" });
      },
      onSettled: reload,
    }),
  );

  const remove = useMutation(
    trpc.healthRecords.logs.delete.mutationOptions({
      meta: quiet,
      onMutate: async ({ logId }) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        const snapshot = queryClient.getQueryData(listKey);
        queryClient.setQueryData(listKey, (current) => current?.filter((log) => log.id !== logId));
        return { snapshot };
      },
      onError: (_error, _input, context) => {
        queryClient.setQueryData(listKey, context?.snapshot);
        toast({ title: LOG_TIMELINE_MESSAGES.deleteFailed, variant: "error" });
      },
      onSettled: reload,
    }),
  );

  return {
    logs,
    unsent,
    /** Resolves once stored; a refusal has rolled back and told the parent. */
    add: (log: HealthLogInput) => sync.mutateAsync({ ...scope, logs: [log] }),
    remove: (logId: string) => remove.mutateAsync({ ...scope, logId }),
    /** Undo of a delete: the same log, same id, sent again. */
    restore: (log: HealthLog) => sync.mutateAsync({ ...scope, logs: [logInput(log)] }),
  };
}
