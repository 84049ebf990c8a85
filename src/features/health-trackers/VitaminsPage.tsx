import { useId, useState, type FormEvent } from "react";
import { todayIso } from "../../domain/dates";
import { HEALTH_MESSAGES, SUPPLEMENT_TEXT_MAX_LENGTH } from "../../domain/healthTrackers";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { Switch } from "../../ui/fields";
import { PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { AREAS } from "../../lib/areas";
import { HealthToolLayout, type HealthScope } from "./HealthToolLayout";
import { useVitaminList, useVitaminWrites, vitaminSummary, type Supplement } from "./useVitamins";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

/** Ours: supplements commonly taken in pregnancy, offered as one-tap additions to an empty checklist. */
const SUGGESTED_SUPPLEMENTS = ["Prenatal vitamin", "Folic acid", "Iron", "Vitamin D", "Omega-3 (DHA)", "Calcium"] as const;

/** /health/vitamins: the parent's own supplements, today's checklist with what is left, and the streak. */
export function VitaminsPage() {
  return (
    <HealthToolLayout title={AREAS.vitamins.title} summary="Tick off your vitamins and supplements each day, see what is left, and keep your streak going.">
      {(scope) => <Vitamins scope={scope} />}
    </HealthToolLayout>
  );
}

const detailsOf = (s: Supplement) => [s.dose, s.timeOfDay].filter(Boolean).join(" · ");

function Vitamins({ scope }: { scope: HealthScope }) {
  const list = useVitaminList(scope);
  const writes = useVitaminWrites(scope);
  const [editing, setEditing] = useState<Supplement | "new" | null>(null);
  const [removing, setRemoving] = useState<Supplement | null>(null);
  // After the service end the list stays to read: no ticking, adding or changing (the server refuses them).
  const readOnly = usePregnancyReadOnly();
  const today = todayIso();

  if (list.isPending) return <Spinner label="Loading your supplements" />;
  if (list.isError) return <LoadError title={HEALTH_MESSAGES.loadFailed} onRetry={() => void list.refetch()} busy={list.isFetching} />;

  const { supplements, doses } = list.data;
  const summary = vitaminSummary(list.data, today);
  const takenToday = new Set(doses.filter((d) => d.takenOn === today).map((d) => d.supplementId));
  // Failures roll back and toast inside the writes; nothing more to do here.
  const quietly = (write: Promise<unknown>) => void write.catch(() => undefined);

  return (
    <>
      {!readOnly && summary.active.length > 0 && (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TodayChecklist
            supplements={summary.active}
            takenToday={takenToday}
            left={summary.left}
            onToggle={(supplement, taken) => writes.setTaken(supplement.id, today, taken).catch(() => undefined)}
          />
          <section aria-labelledby="streak" className="card flex flex-col items-center justify-center gap-1 p-5 text-center">
            <h2 id="streak" className="text-sm font-semibold text-muted-foreground">
              Streak
            </h2>
            <p className="text-4xl font-bold">{summary.streak === 1 ? "1 day" : `${summary.streak} days`}</p>
            <p className="text-sm text-muted-foreground">Days in a row with every supplement taken{summary.left.length > 0 && summary.streak > 0 ? ". Finish today's to keep it going." : "."}</p>
          </section>
        </div>
      )}

      <section aria-labelledby="your-supplements" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="your-supplements" className="text-2xl font-bold">
            Your supplements
          </h2>
          {!readOnly && (
            <Button onClick={() => setEditing("new")}>
              <PlusIcon className="size-5" />
              Add supplement
            </Button>
          )}
        </div>
        {supplements.length === 0 && readOnly && <p className="text-muted-foreground">No supplements.</p>}
        {supplements.length === 0 && !readOnly && (
          <div className="flex flex-col gap-3 rounded-card border border-dashed border-input p-6">
            <p className="text-muted-foreground">No supplements yet. Add what you take each day, or start with one of these:</p>
            <ul aria-label="Suggested supplements" className="flex flex-wrap gap-2">
              {SUGGESTED_SUPPLEMENTS.map((name) => (
                <li key={name}>
                  <Button variant="secondary" size="sm" onClick={() => quietly(writes.add({ id: crypto.randomUUID(), name }))}>
                    <PlusIcon className="size-4" />
                    {name}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {supplements.length > 0 && (
          <ul aria-label="Your supplements" className="flex flex-col gap-2">
            {supplements.map((supplement) => (
              <li key={supplement.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {supplement.name}
                    {!supplement.isActive && <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">Paused</span>}
                  </p>
                  {detailsOf(supplement) && <p className="text-sm text-muted-foreground">{detailsOf(supplement)}</p>}
                </div>
                {!readOnly && (
                  <div className="flex gap-1">
                    <Button variant="ghost" size="sm" aria-label={`Edit ${supplement.name}`} onClick={() => setEditing(supplement)}>
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Remove ${supplement.name}`} onClick={() => setRemoving(supplement)}>
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <SupplementFormDialog
        supplement={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSave={(values) => {
          if (editing === "new") quietly(writes.add({ id: crypto.randomUUID(), ...values }));
          else if (editing) quietly(writes.update({ supplementId: editing.id, ...values }));
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name ?? "supplement"}?`}
        description="It leaves your checklist, and the days you took it are forgotten. To stop for a while, edit it and pause it instead."
        confirmLabel="Remove supplement"
        onConfirm={() => (removing ? writes.remove(removing.id) : Promise.resolve())}
      />
    </>
  );
}

interface TodayChecklistProps {
  supplements: Supplement[];
  takenToday: ReadonlySet<string>;
  left: Supplement[];
  onToggle: (supplement: Supplement, taken: boolean) => Promise<unknown>;
}

function TodayChecklist({ supplements, takenToday, left, onToggle }: TodayChecklistProps) {
  const headingId = useId();
  // The box follows the click at once, while the cached list catches up (a controlled box would snap back meanwhile).
  const [ticking, setTicking] = useState<ReadonlyMap<string, boolean>>(new Map());
  const isTaken = (id: string) => ticking.get(id) ?? takenToday.has(id);
  function toggle(supplement: Supplement, taken: boolean) {
    setTicking((previous) => new Map(previous).set(supplement.id, taken));
    void onToggle(supplement, taken).finally(() =>
      setTicking((previous) => {
        const next = new Map(previous);
        next.delete(supplement.id);
        return next;
      }),
    );
  }
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Today
        </h2>
        <p className="text-sm text-muted-foreground">{`${supplements.length - left.length} of ${supplements.length} taken`}</p>
      </div>
      <ul className="flex flex-col gap-1">
        {supplements.map((supplement) => (
          <li key={supplement.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 py-1 hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input type="checkbox" checked={isTaken(supplement.id)} onChange={(event) => toggle(supplement, event.target.checked)} className="size-5 shrink-0 accent-primary" />
              <span className="min-w-0">
                <span className={isTaken(supplement.id) ? "block font-semibold text-muted-foreground line-through" : "block font-semibold"}>{supplement.name}</span>
                {detailsOf(supplement) && <span className="block text-sm text-muted-foreground">{detailsOf(supplement)}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {left.length === 0 ? (
        <Alert variant="success">All done for today!</Alert>
      ) : (
        <Alert variant="info" title="Left today">
          {left.map((s) => s.name).join(", ")}
        </Alert>
      )}
    </section>
  );
}

interface SupplementValues {
  name: string;
  dose: string;
  timeOfDay: string;
  isActive: boolean;
}

function SupplementFormDialog({ supplement, open, onClose, onSave }: { supplement: Supplement | null; open: boolean; onClose: () => void; onSave: (values: SupplementValues) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={supplement ? `Edit ${supplement.name}` : "Add supplement"}>
      <SupplementForm supplement={supplement} onCancel={onClose} onSave={onSave} />
    </Dialog>
  );
}

/** Mounted with the dialog, so it starts from the supplement's values each time. */
function SupplementForm({ supplement, onCancel, onSave }: { supplement: Supplement | null; onCancel: () => void; onSave: (values: SupplementValues) => void }) {
  const [values, setValues] = useState<SupplementValues>({ name: supplement?.name ?? "", dose: supplement?.dose ?? "", timeOfDay: supplement?.timeOfDay ?? "", isActive: supplement?.isActive ?? true });
  const [error, setError] = useState<string | undefined>();
  const set = (field: keyof SupplementValues) => (value: string | boolean) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setError("Please enter the supplement's name");
      return;
    }
    onSave({ ...values, name: values.name.trim(), dose: values.dose.trim(), timeOfDay: values.timeOfDay.trim() });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="Name" value={values.name} onChange={(event) => set("name")(event.target.value)} error={error} maxLength={SUPPLEMENT_TEXT_MAX_LENGTH} required data-autofocus />
      <TextField label="Dose" hint="For example: 1 tablet, 400 mcg" value={values.dose} onChange={(event) => set("dose")(event.target.value)} maxLength={SUPPLEMENT_TEXT_MAX_LENGTH} />
      <TextField label="When you take it" hint="For example: with breakfast" value={values.timeOfDay} onChange={(event) => set("timeOfDay")(event.target.value)} maxLength={SUPPLEMENT_TEXT_MAX_LENGTH} />
      {supplement && <Switch label="Taking it now" hint="A paused supplement leaves the daily checklist and the streak." checked={values.isActive} onCheckedChange={set("isActive")} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save supplement</Button>
      </div>
    </form>
  );
}
