/**
 * The kick counter's and the contraction timer's data: what the server holds merged with what
 * this device has not sent yet, the one being timed now, and the writes. Timing works offline:
 * every tap goes to the device first; finished records are sent when the browser is online.
 */
import { useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { type ActiveContraction, activeContractionSchema, type ActiveKickSession, activeKickSessionSchema, type Contraction, CONTRACTION_MAX_MS, contractionSchema, HEALTH_MESSAGES, KICK_SESSION_MAX_MS, type KickSession, kickSessionSchema, mergeRecords } from "../../domain/healthTrackers";
import { usePregnancyFeed } from "../../lib/pregnancyFeed";
import type { PregnancyScope } from "../../lib/screenReads";
import { useTRPC, useTRPCClient, type AppTRPC } from "../../lib/trpc";
import { toast } from "../../ui/toast";
import { createDeviceStore, useDeviceSync, type DeviceStore } from "./deviceRecords";
import type { HealthScope } from "./HealthToolLayout";

/** These screens say what failed themselves. */
export const quiet = { isolationToast: false } as const;

export const kickStore = createDeviceStore("kicks", activeKickSessionSchema, kickSessionSchema);
export const contractionStore = createDeviceStore("contractions", activeContractionSchema, contractionSchema);

interface TrackerSource<Finished> {
  list: UseQueryResult<Finished[], unknown>;
  /** Changes the cached server list (a sent batch joins it, a removed record leaves it). */
  setList: (change: (list: Finished[]) => Finished[]) => void;
  send: (batch: Finished[]) => Promise<unknown>;
  removeOnServer: (id: string) => Promise<unknown>;
}

/** What both trackers share: merged records, sync state, removal, and live reloads when the other parent records. */
function useTracker<Active, Finished extends { id: string; startedAt: number }>(store: DeviceStore<Active, Finished>, scope: HealthScope, source: TrackerSource<Finished>) {
  const device = store.useRecords(scope);
  const sync = useDeviceSync(store, scope, source.send, (batch) => source.setList((list) => mergeRecords(list, batch)));
  usePregnancyFeed(scope.pregnancyId, "health", () => void source.list.refetch());

  async function remove(id: string) {
    if (store.get(scope).pending.some((record) => record.id === id)) {
      store.update(scope, (records) => ({ ...records, pending: records.pending.filter((record) => record.id !== id) }));
      return;
    }
    try {
      await source.removeOnServer(id);
      source.setList((list) => list.filter((record) => record.id !== id));
    } catch (error) {
      toast({ title: HEALTH_MESSAGES.removeFailed, variant: "error" });
      throw error;
    }
  }

  return {
    /** Server and device records, oldest first. */
    records: mergeRecords(source.list.data ?? [], device.pending),
    active: device.active,
    list: source.list,
    sync,
    remove,
    /** Changes what is being timed; finishing moves it to the records waiting to be sent. */
    setActive: (change: (active: Active | null) => Active | null) => store.update(scope, (records) => ({ ...records, active: change(records.active) })),
    finish: (record: Finished) => store.update(scope, (records) => ({ active: null, pending: [...records.pending, record] })),
  };
}

function useScopeInput(scope: HealthScope) {
  return { pregnancyId: scope.pregnancyId, mode: scope.mode };
}

export const kickSessionsOptions = (trpc: AppTRPC, input: PregnancyScope) => trpc.healthTrackers.kicks.list.queryOptions(input, { meta: quiet });
export const contractionsOptions = (trpc: AppTRPC, input: PregnancyScope) => trpc.healthTrackers.contractions.list.queryOptions(input, { meta: quiet });
/** The pregnancy as the kick counter reads it, for the babies' names. */
export const kickBabiesOptions = (trpc: AppTRPC, input: PregnancyScope) => trpc.pregnancy.details.queryOptions(input, { meta: quiet });

/** Kick-counting sessions of the pregnancy (both parents') and the one being counted on this device. */
export function useKickSessions(scope: HealthScope) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = useScopeInput(scope);
  const list = useQuery(kickSessionsOptions(trpc, input));
  const tracker = useTracker<ActiveKickSession, KickSession>(kickStore, scope, {
    list,
    setList: (change) => queryClient.setQueryData(trpc.healthTrackers.kicks.list.queryKey(input), (old) => change(old ?? [])),
    send: (sessions) => client.healthTrackers.kicks.sync.mutate({ ...input, sessions }),
    removeOnServer: (sessionId) => client.healthTrackers.kicks.remove.mutate({ ...input, sessionId }),
  });
  const active = tracker.active;
  return {
    ...tracker,
    start: (babyId: string | null) => tracker.setActive(() => ({ id: crypto.randomUUID(), babyId, startedAt: Date.now(), kickOffsetsMs: [] })),
    tap: () => tracker.setActive((session) => session && { ...session, kickOffsetsMs: [...session.kickOffsetsMs, Math.max(0, Date.now() - session.startedAt)] }),
    undo: () => tracker.setActive((session) => session && { ...session, kickOffsetsMs: session.kickOffsetsMs.slice(0, -1) }),
    discard: () => tracker.setActive(() => null),
    finishSession: () => {
      if (!active) return;
      // A session left running for hours is closed at the longest a record may be, keeping the movements inside it.
      const kickOffsetsMs = active.kickOffsetsMs.filter((offset) => offset <= KICK_SESSION_MAX_MS);
      const ran = Math.min(Math.max(Date.now() - active.startedAt, kickOffsetsMs.at(-1) ?? 0), KICK_SESSION_MAX_MS);
      tracker.finish({ ...active, kickOffsetsMs, endedAt: active.startedAt + ran });
    },
  };
}

/** Contractions of the pregnancy (both parents') and the one being timed on this device. */
export function useContractions(scope: HealthScope) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const input = useScopeInput(scope);
  const list = useQuery(contractionsOptions(trpc, input));
  const tracker = useTracker<ActiveContraction, Contraction>(contractionStore, scope, {
    list,
    setList: (change) => queryClient.setQueryData(trpc.healthTrackers.contractions.list.queryKey(input), (old) => change(old ?? [])),
    send: (contractions) => client.healthTrackers.contractions.sync.mutate({ ...input, contractions }),
    removeOnServer: (contractionId) => client.healthTrackers.contractions.remove.mutate({ ...input, contractionId }),
  });
  const active = tracker.active;
  return {
    ...tracker,
    start: () => tracker.setActive(() => ({ id: crypto.randomUUID(), startedAt: Date.now() })),
    stop: () => {
      // A forgotten Stop is closed at the longest a contraction may be recorded.
      if (active) tracker.finish({ ...active, endedAt: active.startedAt + Math.min(Math.max(0, Date.now() - active.startedAt), CONTRACTION_MAX_MS) });
    },
  };
}
