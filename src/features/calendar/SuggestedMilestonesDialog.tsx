import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CALENDAR_TOASTS, EVENT_CATEGORY_LABELS } from "../../domain/calendar";
import { MILESTONE_MESSAGES, type MilestoneKey } from "../../domain/milestones";
import { isDataIsolationError } from "../../lib/query-client";
import { useTRPC, type RouterOutputs } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast";
import { formatDateOnly } from "../../lib/format";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";

type Suggestion = RouterOutputs["calendar"]["milestones"]["suggestions"][number];

export interface SuggestedMilestonesDialogProps {
  pregnancyId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After a successful add, with the number of events created. */
  onAdded?(count: number): void;
}

const milestonesText = (count: number) => `${count} ${count === 1 ? "milestone" : "milestones"}`;

/**
 * The standard pregnancy milestones to put on the calendar in one go (issue 8), dated from the
 * due date; those already on it show as added. The dialog stays open while the add is under way.
 */
export function SuggestedMilestonesDialog({ pregnancyId, open, onOpenChange, onAdded }: SuggestedMilestonesDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(
    trpc.calendar.milestones.add.mutationOptions({
      // A refusal gets the calendar's own 'Permission Denied' below, not the generic access toast.
      meta: { isolationToast: false },
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: trpc.calendar.pathKey() });
        toast({ title: MILESTONE_MESSAGES.added, description: `${milestonesText(created.length)} on your calendar.`, variant: "success" });
        onAdded?.(created.length);
        onOpenChange(false);
      },
      onError: (error) => toast({ title: isDataIsolationError(error) ? CALENDAR_TOASTS.permissionDenied : CALENDAR_TOASTS.createFailed, variant: "error" }),
    }),
  );
  const close = () => {
    if (!add.isPending) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Suggested milestones"
      description="Standard appointments, tests and celebrations, dated from your due date. They move with the due date unless you change their date yourself."
      size="lg"
    >
      <MilestoneChoices pregnancyId={pregnancyId} busy={add.isPending} onCancel={close} onAdd={(keys) => add.mutate({ pregnancyId, keys })} />
    </Dialog>
  );
}

interface MilestoneChoicesProps {
  pregnancyId: string;
  busy: boolean;
  onCancel: () => void;
  onAdd: (keys: MilestoneKey[]) => void;
}

/** The suggestions as checkboxes with 'Select all'; mounted while the dialog is open, so each opening starts with none chosen. */
function MilestoneChoices({ pregnancyId, busy, onCancel, onAdd }: MilestoneChoicesProps) {
  const trpc = useTRPC();
  const suggestions = useQuery(trpc.calendar.milestones.suggestions.queryOptions({ pregnancyId }));
  const [chosen, setChosen] = useState<ReadonlySet<MilestoneKey>>(() => new Set());
  const idBase = useId();

  if (suggestions.isPending) return <Spinner label="Loading suggested milestones" showLabel />;
  if (suggestions.isError) {
    return (
      <LoadError title={CALENDAR_TOASTS.loadFailed} onRetry={() => void suggestions.refetch()} busy={suggestions.isFetching}>
        The suggested milestones could not be loaded.
      </LoadError>
    );
  }

  const addable = suggestions.data.filter((s) => !s.added);
  const allChosen = addable.length > 0 && addable.every((s) => chosen.has(s.key));
  const someChosen = chosen.size > 0 && !allChosen;
  const toggle = (key: MilestoneKey) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size > 0) onAdd([...chosen]);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset disabled={busy} className="flex min-w-0 flex-col gap-3">
        <legend className="mb-3 font-semibold">Choose milestones to add</legend>
        {addable.length === 0 ? (
          <p className="text-muted-foreground">Every suggested milestone is on your calendar already.</p>
        ) : (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 self-start font-semibold">
            <input
              type="checkbox"
              checked={allChosen}
              ref={(input) => {
                if (input) input.indeterminate = someChosen;
              }}
              onChange={() => setChosen(allChosen ? new Set() : new Set(addable.map((s) => s.key)))}
              className="size-5 shrink-0 accent-primary"
            />
            Select all
          </label>
        )}
        <ul className="flex flex-col gap-2">
          {suggestions.data.map((suggestion) => (
            <li key={suggestion.key}>
              <MilestoneOption idBase={idBase} suggestion={suggestion} checked={suggestion.added || chosen.has(suggestion.key)} onToggle={() => toggle(suggestion.key)} />
            </li>
          ))}
        </ul>
      </fieldset>
      {/* Stays in view while the list scrolls; the negative insets and margins match the dialog's padding, so it covers the dialog's edge. */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-col gap-3 border-t border-border bg-surface px-5 pt-3 pb-5 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:pb-6">
        <p aria-live="polite" className="text-sm font-semibold">
          {milestonesText(chosen.size)} chosen
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={chosen.size === 0} loading={busy} className="flex-1 sm:flex-none">
            Add to calendar
          </Button>
        </div>
      </div>
    </form>
  );
}

/** One suggestion: its title names the checkbox; week, date, category, audience and note describe it. */
function MilestoneOption({ idBase, suggestion, checked, onToggle }: { idBase: string; suggestion: Suggestion; checked: boolean; onToggle: () => void }) {
  const titleId = `${idBase}-${suggestion.key}-title`;
  const detailsId = `${idBase}-${suggestion.key}-details`;
  const noteId = `${idBase}-${suggestion.key}-note`;
  const past = suggestion.date < useFamilyTime().today;
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-checked:border-primary has-disabled:cursor-default">
      <input
        type="checkbox"
        checked={checked}
        disabled={suggestion.added}
        onChange={onToggle}
        aria-labelledby={titleId}
        aria-describedby={`${detailsId} ${noteId}`}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span id={titleId} className="font-semibold break-words">
            {suggestion.title}
          </span>
          {suggestion.added && (
            <span aria-hidden="true" className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">
              Added
            </span>
          )}
        </span>
        <span id={detailsId} className="text-sm text-muted-foreground">
          {suggestion.added && <span className="sr-only">Added. </span>}
          Week {suggestion.weekNumber} · {formatDateOnly(suggestion.date)}
          {past && " (past)"} · {EVENT_CATEGORY_LABELS[suggestion.category]} · {ITEM_PRIVACY_LEVEL_LABELS[suggestion.privacyLevel]}
        </span>
        <span id={noteId} className="text-sm">
          {suggestion.note}
        </span>
      </span>
    </label>
  );
}
