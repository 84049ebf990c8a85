/**
 * Records a parent makes on this device that the server may not have yet: the kick session or
 * contraction being timed, and finished ones waiting to be sent. They live in localStorage per
 * person, pregnancy and kind, so a lost connection, a reload or a closed tab loses nothing; once
 * online they are sent in batches (the server upserts by the ids made here, so sending twice is
 * harmless) and leave the device when the server has them.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { z } from "zod";
import { useOnline } from "../../lib/useOnline";
import { MS_PER_SECOND } from "../../domain/units";
import { HEALTH_SYNC_BATCH_MAX } from "../../domain/healthTrackers";

/** Ours: records kept on the device are offered to the server again this often while online. */
export const HEALTH_SYNC_RETRY_MS = 30 * MS_PER_SECOND;

export interface DeviceScope {
  userId: string;
  pregnancyId: string;
}

export interface DeviceRecords<Active, Finished> {
  /** The one being timed now, if any. */
  active: Active | null;
  /** Finished, not yet on the server, oldest first. */
  pending: Finished[];
}

export interface DeviceStore<Active, Finished extends { id: string }> {
  get(scope: DeviceScope): DeviceRecords<Active, Finished>;
  update(scope: DeviceScope, change: (records: DeviceRecords<Active, Finished>) => DeviceRecords<Active, Finished>): void;
  useRecords(scope: DeviceScope): DeviceRecords<Active, Finished>;
}

/**
 * A store for one kind of record. What is read back is checked with the same schemas the server
 * uses, so a damaged or outdated entry is dropped instead of being sent or breaking the page.
 */
export function createDeviceStore<Active, Finished extends { id: string }>(kind: string, activeSchema: z.ZodType<Active>, finishedSchema: z.ZodType<Finished>): DeviceStore<Active, Finished> {
  const empty: DeviceRecords<Active, Finished> = { active: null, pending: [] };
  const cache = new Map<string, DeviceRecords<Active, Finished>>();
  const listeners = new Set<() => void>();
  const keyOf = ({ userId, pregnancyId }: DeviceScope) => `health-${kind}:${userId}:${pregnancyId}`;
  const emit = () => {
    for (const listener of listeners) listener();
  };

  function load(key: string): DeviceRecords<Active, Finished> {
    try {
      const raw: unknown = JSON.parse(window.localStorage.getItem(key) ?? "null");
      if (!raw || typeof raw !== "object") return empty;
      const active = "active" in raw ? activeSchema.safeParse(raw.active) : undefined;
      const pending = "pending" in raw && Array.isArray(raw.pending) ? raw.pending : [];
      return {
        active: active?.success ? active.data : null,
        pending: pending.flatMap((record: unknown) => {
          const parsed = finishedSchema.safeParse(record);
          return parsed.success ? [parsed.data] : [];
        }),
      };
    } catch {
      // Unreadable storage counts as nothing kept.
      return empty;
    }
  }

  function get(scope: DeviceScope) {
    const key = keyOf(scope);
    const cached = cache.get(key);
    if (cached) return cached;
    const loaded = load(key);
    cache.set(key, loaded);
    return loaded;
  }

  function update(scope: DeviceScope, change: (records: DeviceRecords<Active, Finished>) => DeviceRecords<Active, Finished>) {
    const key = keyOf(scope);
    const next = change(get(scope));
    cache.set(key, next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Without storage (private mode, full) the records still live in memory for this visit.
    }
    emit();
  }

  // Another tab of the same person changed the records: read them again.
  const onStorage = (event: StorageEvent) => {
    if (event.key && cache.delete(event.key)) emit();
  };
  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  };

  return {
    get,
    update,
    useRecords: (scope) =>
      useSyncExternalStore(
        subscribe,
        () => get(scope),
        () => empty,
      ),
  };
}

export type SyncStatus = "synced" | "syncing" | "pending";

export interface DeviceSyncState {
  status: SyncStatus;
  pendingCount: number;
  /** Records shown from the device, not yet on the server. */
  pendingIds: ReadonlySet<string>;
  online: boolean;
  /** The last attempt failed while online; it is tried again every 30 s. */
  failed: boolean;
  syncNow: () => Promise<void>;
}

/**
 * Sends the pending records while the browser is online: at once, again when the connection
 * returns, and every 30 s after a failure. `send` stores a batch on the server; `onSent` runs
 * before the batch leaves the device, so the screen can show the server's copy without a gap.
 */
export function useDeviceSync<Active, Finished extends { id: string }>(
  store: DeviceStore<Active, Finished>,
  scope: DeviceScope,
  send: (batch: Finished[]) => Promise<unknown>,
  onSent: (batch: Finished[]) => void,
): DeviceSyncState {
  const { userId, pregnancyId } = scope;
  const { pending } = store.useRecords(scope);
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const latest = useRef({ send, onSent });
  latest.current = { send, onSent };

  const sync = useCallback(async () => {
    const where = { userId, pregnancyId };
    const batch = store.get(where).pending.slice(0, HEALTH_SYNC_BATCH_MAX);
    if (busy.current || batch.length === 0 || !navigator.onLine) return;
    busy.current = true;
    setSyncing(true);
    try {
      await latest.current.send(batch);
      latest.current.onSent(batch);
      const sent = new Set(batch.map((record) => record.id));
      store.update(where, (records) => ({ ...records, pending: records.pending.filter((record) => !sent.has(record.id)) }));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setSyncing(false);
    }
  }, [store, userId, pregnancyId]);

  // Back online: whatever failed while the connection was going is worth sending again now.
  useEffect(() => {
    if (online) setFailed(false);
  }, [online]);

  // Each finished batch changes the pending count, so the next batch follows until none is left.
  useEffect(() => {
    if (online && !failed && pending.length > 0) void sync();
  }, [online, failed, pending.length, sync]);

  useEffect(() => {
    if (!online || !failed) return;
    const timer = setInterval(() => void sync(), HEALTH_SYNC_RETRY_MS);
    return () => clearInterval(timer);
  }, [online, failed, sync]);

  const status: SyncStatus = pending.length === 0 ? "synced" : syncing ? "syncing" : "pending";
  return { status, pendingCount: pending.length, pendingIds: new Set(pending.map((record) => record.id)), online, failed, syncNow: sync };
}
