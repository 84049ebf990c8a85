import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel } from "../../domain/enums";
import { BIRTH_DATE_MESSAGES, checkBirthDate } from "../../domain/waitingRoom";
import { todayIn } from "../../domain/timeZones";
import { useMeasurementSystem } from "../../lib/measurementSystem";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC } from "../../lib/trpc";
import { BirthDetailsFields, birthToSend, typedBirth } from "../../ui/BirthDetailsFields";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { chosenCircles, NewsCirclesField } from "../../ui/NewsCirclesField";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";

type Scope = { pregnancyId: string };
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The way to record a baby's birth in Settings, for families who never opened the waiting room (or
 * told the news their own way); nothing once the baby is born (the baby's form says so).
 */
export function RecordBirthButton({ baby, scope, twins }: { baby: { id: string; name: string; birthDate: string | null }; scope: Scope; twins: boolean }) {
  const [open, setOpen] = useState(false);
  if (baby.birthDate) return null;
  return (
    <div>
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {baby.name} is here
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`${baby.name} is here`} description="For a birth you did not share from the waiting room. Tell us what you'd like to keep.">
        {open && <RecordBirthForm baby={baby} scope={scope} twins={twins} onDone={() => setOpen(false)} />}
      </Dialog>
    </div>
  );
}

function RecordBirthForm({ baby, scope, twins, onDone }: { baby: { id: string; name: string }; scope: Scope; twins: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = todayIn(browserZone(), new Date());
  // One baby is named only when the parent types it; each of twins is named as the family knows them.
  const [typed, setTyped] = useState(() => typedBirth(twins ? baby.name : ""));
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | undefined>();
  const system = useMeasurementSystem();
  const [sizeErrors, setSizeErrors] = useState<{
    weight?: string;
    length?: string;
  }>({});
  const [tell, setTell] = useState(true);
  const [circles, setCircles] = useState<GuestPrivacyLevel[]>([...GUEST_PRIVACY_LEVELS]);
  const record = useMutation(
    trpc.waitingRoom.recordBirth.mutationOptions({
      onSuccess: (answer) => {
        // What reads the babies changes with a birth: their forms, the dashboard, the birthday, the game.
        for (const reads of [trpc.pregnancy, trpc.dashboard, trpc.calendar, trpc.babyGame]) void queryClient.invalidateQueries(reads.pathFilter());
        onDone();
        toast({
          title: `${answer.name} is here`,
          description: tell ? "Your family has been told." : "Saved. Nobody was told.",
          variant: "success",
        });
      },
      onError: (error) =>
        toast({
          title: "The birth was not saved",
          description: serverErrorText(error) ?? "Please try again.",
          variant: "error",
        }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const day = checkBirthDate(date, today);
    setDateError(day.ok ? undefined : date ? day.error : BIRTH_DATE_MESSAGES.required);
    const birth = birthToSend(typed, system);
    setSizeErrors(birth.ok ? {} : birth.errors);
    if (!day.ok || !birth.ok) return;
    record.mutate({
      ...scope,
      babyId: baby.id,
      birthDate: day.value,
      timeZone: browserZone(),
      tellFamily: tell,
      ...birth.details,
      ...(tell ? chosenCircles(circles) : {}),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField label="Date of birth" type="date" value={date} max={today} onChange={(event) => setDate(event.target.value)} error={dateError} required />
      <BirthDetailsFields value={typed} onChange={setTyped} system={system} sizeErrors={sizeErrors} />
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={tell} onChange={(event) => setTell(event.target.checked)} className="size-5 shrink-0 accent-primary" />
        Tell the family now
      </label>
      {tell && <NewsCirclesField value={circles} onChange={setCircles} />}
      <Button type="submit" loading={record.isPending}>
        Save the birth
      </Button>
    </form>
  );
}
