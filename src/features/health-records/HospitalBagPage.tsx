import { useId, useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { clsx } from "clsx";
import { HOSPITAL_BAG_OWNERS, type HospitalBagOwner } from "../../domain/enums";
import { HEALTH_RECORD_MESSAGES } from "../../domain/healthRecords";
import { Button } from "../../ui/Button";
import { buttonStyles } from "../../ui/buttonStyles";
import { PrinterIcon, TrashIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { Card } from "../../ui/Card";
import { HealthToolPage, type HealthScope } from "./HealthToolPage";
import { HOSPITAL_BAG_MESSAGES } from "./messages";
import { useHospitalBagItems, useHospitalBagWrites, type BagItem } from "./useHospitalBag";
import { bagProgress, HOSPITAL_BAG_DEFAULTS, HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH, HOSPITAL_BAG_LABELS, type PackedProgress, progressLabel } from "../../domain/hospitalBag";
import { formatPercent } from "../../lib/format";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/** /health/hospital-bag: three checklists (for the parent, the partner, the baby) with packed progress. */
export function HospitalBagPage() {
  return (
    <HealthToolPage
      title={HOSPITAL_BAG_MESSAGES.title}
      description={HOSPITAL_BAG_MESSAGES.description}
      actions={
        <Link to="/health/hospital-bag/print" className={buttonStyles({ variant: "secondary", size: "sm" })}>
          <PrinterIcon className="size-4" />
          {HOSPITAL_BAG_MESSAGES.printView}
        </Link>
      }
    >
      {(scope) => <HospitalBag key={scope.pregnancyId} scope={scope} />}
    </HealthToolPage>
  );
}

function HospitalBag({ scope }: { scope: HealthScope }) {
  const items = useHospitalBagItems(scope);
  const writes = useHospitalBagWrites(scope);
  // After the service end the lists stay as they were packed: nothing to tick, add or remove (the server refuses it).
  const readOnly = usePregnancyReadOnly();
  if (items.isPending) return <Spinner label={HOSPITAL_BAG_MESSAGES.loading} showLabel />;
  if (items.isError) return <LoadError title={HOSPITAL_BAG_MESSAGES.loadFailed} onRetry={() => void items.refetch()} busy={items.isFetching} />;
  const progress = bagProgress(items.data);
  const missingSuggestions = items.data.filter((item) => item.isSuggested).length < HOSPITAL_BAG_DEFAULTS.length;

  return (
    <>
      <div className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-6">
        <ProgressBar label={HOSPITAL_BAG_MESSAGES.overall} progress={progress.overall} large />
        {missingSuggestions && !readOnly && (
          <Button variant="ghost" size="sm" className="self-start" onClick={writes.restoreSuggested} loading={writes.isRestoring}>
            {HOSPITAL_BAG_MESSAGES.restore}
          </Button>
        )}
      </div>
      {HOSPITAL_BAG_OWNERS.map((owner) => (
        <BagList key={owner} owner={owner} items={items.data.filter((item) => item.owner === owner)} progress={progress[owner]} writes={readOnly ? null : writes} />
      ))}
    </>
  );
}

/** Packed progress as a bar, named and read out as 'n of m packed'. */
export function ProgressBar({ label, progress, large = false }: { label: string; progress: PackedProgress; large?: boolean }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className={clsx("font-semibold", large ? "text-lg" : "text-sm")}>
          {label}
        </span>
        <span className="text-sm text-muted-foreground">
          {progressLabel(progress)} ({formatPercent(progress.percent)})
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={progressLabel(progress)}
        className={clsx("overflow-hidden rounded-full bg-muted", large ? "h-3" : "h-2")}
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

interface BagListProps {
  owner: HospitalBagOwner;
  items: BagItem[];
  progress: PackedProgress;
  /** None once the pregnancy is read-only. */
  writes: ReturnType<typeof useHospitalBagWrites> | null;
}

function BagList({ owner, items, progress, writes }: BagListProps) {
  const title = HOSPITAL_BAG_LABELS[owner];
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();

  function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(HEALTH_RECORD_MESSAGES.nameRequired);
      return;
    }
    setError(undefined);
    writes?.add(owner, name);
    setName("");
  }

  return (
    <Card title={title}>
      <ProgressBar label={HOSPITAL_BAG_MESSAGES.listProgress(title)} progress={progress} />
      {items.length === 0 ? (
        <p className="text-muted-foreground">{HOSPITAL_BAG_MESSAGES.emptyList}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {items.map((item) => (
            <BagItemRow key={item.id} item={item} {...(writes && { onPack: (packed: boolean) => writes.setPacked(item.id, packed), onRemove: () => writes.remove(item.id) })} />
          ))}
        </ul>
      )}
      {writes && (
        <form noValidate onSubmit={add} className="flex items-start gap-2">
          <TextField label={HOSPITAL_BAG_MESSAGES.addLabel(title)} value={name} maxLength={HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH} autoComplete="off" error={error} onChange={(e) => setName(e.target.value)} className="flex-1" />
          <Button type="submit" variant="secondary" className="mt-6.5">
            {HOSPITAL_BAG_MESSAGES.add}
          </Button>
        </form>
      )}
    </Card>
  );
}

/**
 * One item. Its tick is also held here, so it changes with the click itself: the list's own
 * (optimistic) update lands a moment later, and a controlled box would spring back until then.
 * A change of the list's value (the other parent, a refusal rolled back) wins. Without `onPack`
 * (read-only) the tick only shows whether it was packed.
 */
function BagItemRow({ item, onPack, onRemove }: { item: BagItem; onPack?: (packed: boolean) => void; onRemove?: () => void }) {
  const [packed, setPacked] = useState(item.isPacked);
  const [listed, setListed] = useState(item.isPacked);
  if (listed !== item.isPacked) {
    setListed(item.isPacked);
    setPacked(item.isPacked);
  }
  return (
    <li className="flex items-center justify-between gap-2 py-1">
      <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={packed}
          disabled={!onPack}
          onChange={(e) => {
            setPacked(e.target.checked);
            onPack?.(e.target.checked);
          }}
          className="size-5 shrink-0 accent-primary"
        />
        <span className={clsx("break-words", packed && "text-muted-foreground line-through")}>{item.name}</span>
      </label>
      {onRemove && (
        <Button variant="ghost" size="sm" aria-label={HOSPITAL_BAG_MESSAGES.remove(item.name)} onClick={onRemove} className="shrink-0">
          <TrashIcon className="size-4" />
        </Button>
      )}
    </li>
  );
}
