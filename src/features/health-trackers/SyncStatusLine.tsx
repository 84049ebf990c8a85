import { clsx } from "clsx";
import { HEALTH_MESSAGES } from "../../domain/healthTrackers";
import { Button } from "../../ui/Button";
import type { DeviceSyncState } from "./deviceRecords";

/**
 * Where the records are: all on the server, or kept on this device until it can send them. The
 * text is a polite live region, so a screen reader hears when records are saved or synced.
 */
export function SyncStatusLine({ sync }: { sync: DeviceSyncState }) {
  const waiting = sync.pendingCount > 0;
  const text = sync.status === "syncing" ? HEALTH_MESSAGES.syncing : waiting ? HEALTH_MESSAGES.savedOnDevice : HEALTH_MESSAGES.synced;
  return (
    <div className={clsx("flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border px-4 py-2 text-sm", waiting ? "border-warning bg-warning-soft text-warning-foreground" : "border-border bg-surface text-muted-foreground")}>
      <p role="status" className="font-semibold">
        {text}
        {waiting && <span className="font-normal"> ({sync.pendingCount === 1 ? "1 record" : `${sync.pendingCount} records`})</span>}
      </p>
      {waiting && sync.failed && sync.online && <p>{HEALTH_MESSAGES.syncFailed}</p>}
      {waiting && sync.online && sync.status !== "syncing" && (
        <Button variant="secondary" size="sm" onClick={() => void sync.syncNow()}>
          Sync now
        </Button>
      )}
    </div>
  );
}
