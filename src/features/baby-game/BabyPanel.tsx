import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { labelOf, RELATIONSHIP_LABELS } from "../../lib/labels";
import { useMeasurementSystem } from "../../lib/measurementSystem";
import { birthDetailsValues, checkBirthDetails, describeBirthDetails, type BirthDetailsErrors, type StoredBirthDetails } from "./birthDetails";
import { BirthDetailsFields } from "./BirthDetailsFields";
import type { Baby, BabyGameWrites, BirthDetailsInput, Prediction } from "./useBabyGame";

const storedOf = (prediction: Prediction): StoredBirthDetails => ({ ...prediction, name: prediction.nameGuess });

/** A guess's parts as a description list. */
export function BirthDetailsList({ details }: { details: StoredBirthDetails }) {
  const system = useMeasurementSystem();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {describeBirthDetails(details, system).map(({ label, value }) => (
        <div key={label} className="flex flex-col">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A guess form: the fields, checked before anything is sent, and its buttons. */
export function GuessForm({
  label,
  initial,
  defaultDate,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  /** Names the form for screen readers ('Your guess for Bean'). */
  label: string;
  initial: StoredBirthDetails | null;
  defaultDate: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (details: BirthDetailsInput) => Promise<unknown>;
  onCancel?: (() => void) | undefined;
  /** Fields before the guess (the player's name when a parent enters it). */
  children?: ReactNode;
}) {
  const system = useMeasurementSystem();
  const [values, setValues] = useState(() => birthDetailsValues(initial, defaultDate, system));
  const [errors, setErrors] = useState<BirthDetailsErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkBirthDetails(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    // The failure toast says what went wrong; the form keeps what was typed.
    onSubmit(checked.details).catch(() => undefined);
  }

  return (
    <form aria-label={label} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {children}
      <BirthDetailsFields kind="guess" values={values} errors={errors} onChange={setValues} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface BabyPanelProps {
  baby: Baby;
  /** The guesses about this baby the viewer may see. */
  predictions: Prediction[];
  /** Guesses about this baby hidden until the viewer makes theirs. */
  hidden: number;
  locked: boolean;
  /** A parent in parent mode: may correct and remove guesses entered for others. */
  isParent: boolean;
  defaultDate: string;
  writes: BabyGameWrites;
}

/** One baby's part of the game: the viewer's own guess, then everyone else's. */
export function BabyPanel({ baby, predictions, hidden, locked, isParent, defaultDate, writes }: BabyPanelProps) {
  const mine = predictions.find((p) => p.isMine);
  const others = predictions.filter((p) => !p.isMine);
  return (
    <div className="flex flex-col gap-6">
      <OwnGuess baby={baby} mine={mine} locked={locked} defaultDate={defaultDate} writes={writes} />
      <Guesses baby={baby} others={others} hidden={hidden} guessed={Boolean(mine)} locked={locked} isParent={isParent} defaultDate={defaultDate} writes={writes} />
    </div>
  );
}

function OwnGuess({ baby, mine, locked, defaultDate, writes }: { baby: Baby; mine: Prediction | undefined; locked: boolean; defaultDate: string; writes: BabyGameWrites }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const title = `Your guess for ${baby.name}`;
  let body;
  if (mine && (!editing || locked)) {
    body = (
      <>
        <BirthDetailsList details={storedOf(mine)} />
        {!locked && (
          <Button variant="secondary" className="self-start" onClick={() => setEditing(true)}>
            Edit your guess
          </Button>
        )}
      </>
    );
  } else if (locked) {
    body = <p className="text-muted-foreground">You did not make a guess before the game closed.</p>;
  } else {
    body = (
      <GuessForm
        key={mine?.id ?? "new"}
        label={title}
        initial={mine ? storedOf(mine) : null}
        defaultDate={defaultDate}
        submitLabel={mine ? "Save changes" : "Submit prediction"}
        busy={writes.isSaving}
        onCancel={mine ? () => setEditing(false) : undefined}
        onSubmit={async (details) => {
          if (mine) await writes.update(mine.id, details);
          else await writes.submit(baby.id, details);
          setEditing(false);
        }}
      />
    );
  }
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {body}
    </section>
  );
}

function Guesses({
  baby,
  others,
  hidden,
  guessed,
  locked,
  isParent,
  defaultDate,
  writes,
}: {
  baby: Baby;
  others: Prediction[];
  hidden: number;
  guessed: boolean;
  locked: boolean;
  isParent: boolean;
  defaultDate: string;
  writes: BabyGameWrites;
}) {
  const headingId = useId();
  const [editing, setEditing] = useState<Prediction | null>(null);
  const [removing, setRemoving] = useState<Prediction | null>(null);
  const title = `Everyone's guesses for ${baby.name}`;
  let body;
  if (hidden > 0 && !guessed && locked) {
    // No guess can be made any more, so none is asked for.
    body = <p className="text-muted-foreground">{hidden === 1 ? "1 guess was made." : `${hidden} guesses were made.`}</p>;
  } else if (hidden > 0 && !guessed) {
    body = (
      <p className="text-muted-foreground">
        Make your guess to see everyone else's. {hidden === 1 ? "1 guess is" : `${hidden} guesses are`} waiting for you.
      </p>
    );
  } else if (others.length === 0) {
    body = <p className="text-muted-foreground">No one else has guessed yet.</p>;
  } else {
    body = (
      <ul aria-label={title} className="flex flex-col gap-3">
        {others.map((prediction) => {
          const relationship = labelOf(RELATIONSHIP_LABELS, prediction.relationship);
          return (
            <li key={prediction.id} className="flex flex-col gap-2 rounded-xl border border-border p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {prediction.playerName}
                  {prediction.enteredForSomeone && <span className="font-normal text-muted-foreground"> · {relationship ? `${relationship}, ` : ""}entered by a parent</span>}
                </p>
                {isParent && !locked && (
                  <div className="flex gap-2">
                    {prediction.enteredForSomeone && (
                      <Button size="sm" variant="secondary" onClick={() => setEditing(prediction)} aria-label={`Edit ${prediction.playerName}'s guess`}>
                        Edit
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(prediction)} aria-label={`Remove ${prediction.playerName}'s guess`}>
                      Remove
                    </Button>
                  </div>
                )}
              </div>
              <BirthDetailsList details={storedOf(prediction)} />
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {body}
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.playerName}'s guess` : "Edit guess"} size="lg">
        {editing && (
          <GuessForm
            label={`${editing.playerName}'s guess for ${baby.name}`}
            initial={storedOf(editing)}
            defaultDate={defaultDate}
            submitLabel="Save changes"
            busy={writes.isSaving}
            onCancel={() => setEditing(null)}
            onSubmit={async (details) => {
              await writes.update(editing.id, details);
              setEditing(null);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this guess?"
        description={removing ? `${removing.playerName}'s guess for ${baby.name} will be removed from the game.` : ""}
        confirmLabel="Remove guess"
        onConfirm={() => (removing ? writes.remove(removing.id) : Promise.resolve())}
      />
    </section>
  );
}
