import { useId, useState, type FormEvent } from "react";
import { BABY_GAME_MESSAGES, BABY_GAME_NAME_MAX_LENGTH } from "../../domain/babyGame";
import { useFamilyTime } from "../pregnancy-context/useFamilyTime";
import { GUEST_RELATIONSHIPS, type GuestRelationship } from "../../domain/enums";
import { Button } from "../../ui/Button";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { SelectField } from "../../ui/fields";
import { TextField } from "../../ui/TextField";
import { RELATIONSHIP_LABELS } from "../../lib/labels";
import { GuessForm } from "./BabyPanel";
import { useMeasurementSystem } from "../../lib/measurementSystem";
import { birthDetailsValues, checkBirthDetails, storedResultOf, type BirthDetailsErrors, type BirthDetailsValues } from "./birthDetails";
import { BirthDetailsFields } from "./BirthDetailsFields";
import type { BabyGameWrites, GameState } from "./useBabyGame";

/**
 * What only the parents do (the server refuses everyone else): lock the game with the actual
 * results (which scores every guess), correct the results, unlock it, and enter a guess for
 * someone without an account.
 */
export function ParentControls({ state, writes, dueDate }: { state: GameState; writes: BabyGameWrites; dueDate: string }) {
  const [dialog, setDialog] = useState<"lock" | "unlock" | "guess" | null>(null);
  const close = () => setDialog(null);
  // Once every baby is here the game takes no more guesses, and scoring it is offered on the page itself (ScoreFromBirth).
  const open = state.babies.length > 0 && !state.everyBabyHere;
  return (
    <div className="flex flex-wrap gap-2">
      {state.isLocked ? (
        <>
          <Button variant="secondary" onClick={() => setDialog("lock")}>
            Correct the results
          </Button>
          {/* Unlocking reopens guessing, which the births have closed for good. */}
          {open && (
            <Button variant="secondary" onClick={() => setDialog("unlock")}>
              Unlock game
            </Button>
          )}
        </>
      ) : (
        open && (
          <>
            <Button onClick={() => setDialog("lock")}>Lock game and enter results</Button>
            <Button variant="secondary" onClick={() => setDialog("guess")}>
              Add a guess for someone
            </Button>
          </>
        )
      )}
      <Dialog
        open={dialog === "lock"}
        onClose={close}
        title="Lock the game"
        description="Enter what actually happened. Locking scores every guess, shows the leaderboard and stops new guesses until you unlock the game."
        size="lg"
      >
        {dialog === "lock" && <ResultsForm state={state} writes={writes} onDone={close} />}
      </Dialog>
      <Dialog open={dialog === "guess"} onClose={close} title="Add a guess for someone" description="For family and friends without an account: their guess joins the game under the name you enter." size="lg">
        {dialog === "guess" && <GuessForSomeoneForm state={state} writes={writes} dueDate={dueDate} onDone={close} />}
      </Dialog>
      <ConfirmDialog
        open={dialog === "unlock"}
        onClose={close}
        title="Unlock the game?"
        description="Guesses can be made and changed again, and the leaderboard is hidden until you lock the game again. The results you entered are kept."
        confirmLabel="Unlock game"
        destructive={false}
        onConfirm={writes.unlock}
      />
    </div>
  );
}

/**
 * Once every baby is here and the game is not scored yet: the results the births give, filled in
 * for the parents to check and complete, and one button that locks and scores the game.
 */
export function ScoreFromBirth({ state, writes }: { state: GameState; writes: BabyGameWrites }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Score the game
        </h2>
        <p className="mt-1 text-muted-foreground">The birth details are filled in. Check them, add anything missing, then lock the game to see who came closest.</p>
      </div>
      <ResultsForm state={state} writes={writes} />
    </section>
  );
}

/**
 * One set of actual results per baby: the results stored, else what the births told (over any
 * results entered before, which may hold hair and eye colour), else blank.
 */
function ResultsForm({ state, writes, onDone }: { state: GameState; writes: BabyGameWrites; onDone?: () => void }) {
  const stored = state.actualResults ?? Object.fromEntries(state.babies.map((baby) => [baby.id, { ...state.previousResults?.[baby.id], ...state.birthResults?.[baby.id] }]));
  const system = useMeasurementSystem();
  // A birth's date is the family's today, where the hospital is.
  const { today } = useFamilyTime();
  const blank = () => birthDetailsValues(null, today, system);
  const [values, setValues] = useState<Record<string, BirthDetailsValues>>(() =>
    Object.fromEntries(state.babies.map((baby) => [baby.id, birthDetailsValues(storedResultOf(stored[baby.id]), today, system)])),
  );
  const [errors, setErrors] = useState<Record<string, BirthDetailsErrors>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = state.babies.map((baby) => ({ babyId: baby.id, result: checkBirthDetails(values[baby.id] ?? blank()) }));
    setErrors(Object.fromEntries(checked.map(({ babyId, result }) => [babyId, result.ok ? {} : result.errors])));
    const results = checked.flatMap(({ babyId, result }) => (result.ok ? [{ babyId, details: result.details }] : []));
    if (results.length !== checked.length) return;
    setBusy(true);
    try {
      await writes.lock(results);
      onDone?.();
    } catch {
      // The failure toast says why; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label="Actual results" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {state.babies.map((baby) => (
        <fieldset key={baby.id} className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:p-4">
          <legend className="px-1 text-lg font-bold">{baby.name}</legend>
          <BirthDetailsFields kind="result" values={values[baby.id] ?? blank()} errors={errors[baby.id] ?? {}} onChange={(next) => setValues((previous) => ({ ...previous, [baby.id]: next }))} />
        </fieldset>
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {state.isLocked ? "Save results" : "Lock and score"}
        </Button>
      </div>
    </form>
  );
}

function GuessForSomeoneForm({ state, writes, dueDate, onDone }: { state: GameState; writes: BabyGameWrites; dueDate: string; onDone: () => void }) {
  const [playerName, setPlayerName] = useState("");
  const [relationship, setRelationship] = useState<GuestRelationship | "">("");
  const [babyId, setBabyId] = useState(state.babies[0]?.id ?? "");
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  return (
    <GuessForm
      label="Guess for someone without an account"
      initial={null}
      defaultDate={dueDate}
      submitLabel="Save guess"
      busy={busy}
      onCancel={onDone}
      onSubmit={async (details) => {
        if (!playerName.trim()) return setNameError(BABY_GAME_MESSAGES.playerNameRequired);
        setNameError(undefined);
        setBusy(true);
        try {
          await writes.enterFor({ id: crypto.randomUUID(), babyId, playerName, ...(relationship ? { relationship } : {}), details });
          onDone();
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Player's name" value={playerName} maxLength={BABY_GAME_NAME_MAX_LENGTH} required error={nameError} onChange={(event) => setPlayerName(event.target.value)} />
        <SelectField label="Relationship" value={relationship} onChange={(event) => setRelationship(event.target.value as GuestRelationship | "")}>
          <option value="">Not given</option>
          {GUEST_RELATIONSHIPS.map((value) => (
            <option key={value} value={value}>
              {RELATIONSHIP_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {state.babies.length > 1 && (
          <SelectField label="Baby" value={babyId} onChange={(event) => setBabyId(event.target.value)} className="sm:col-span-2">
            {state.babies.map((baby) => (
              <option key={baby.id} value={baby.id}>
                {baby.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
    </GuessForm>
  );
}
