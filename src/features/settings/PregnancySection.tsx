import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { isReadOnly, lmpFromDueDate, resolvePregnancyDates, SERVICE_END_DAYS_AFTER_DUE, serviceEndPassedError } from "../../domain/dates";
import { todayIn } from "../../domain/timeZones";
import { Alert } from "../../ui/Alert";
import { BABY_GENDERS, type BabyColor, type BabyGender, type UserMode } from "../../domain/enums";
import { SUCCESS_TOASTS, splitToast } from "../../domain/errors";
import { defaultBabyName, MAX_SETUP_BABIES, PREGNANCY_TOASTS } from "../../domain/pregnancy";
import { useTRPC, useTRPCClient, type AppRouter } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { formatDateOnly } from "../../lib/format";
import { SelectField } from "../../ui/fields";
import { ColorPicker } from "./ColorPicker";
import { RecordBirthButton } from "./RecordBirth";
import { genderLabel } from "../../lib/labels";
import { SETTINGS_MESSAGES } from "./messages";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { serverErrorText } from "../../lib/serverError";
import { DAYS_PER_WEEK } from "../../domain/units";
import { TITLE_MAX_LENGTH } from "../../domain/textLimits";
import { knownTimeZones } from "../../lib/timeZone";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";

type Details = inferRouterOutputs<AppRouter>["pregnancy"]["details"];
type Baby = Details["babies"][number];

interface Scope {
  pregnancyId: string;
  mode: UserMode;
}

/** Keeps every cached copy of the pregnancy (details, pregnancy.mine, the dashboard) in step after a write. */
function useRefreshPregnancy() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (scope: Scope, details?: Details) => {
    if (details) queryClient.setQueryData(trpc.pregnancy.details.queryKey(scope), details);
    void queryClient.invalidateQueries(trpc.pregnancy.pathFilter());
  };
}

/**
 * Pregnancy details and babies (parents only). After the service end they are read as they ended:
 * the server refuses every change but one, the owner's correction of dates typed wrong while the
 * subscription is active, which is all the details form then offers.
 */
export function PregnancySections(scope: Scope) {
  const trpc = useTRPC();
  const details = useQuery(trpc.pregnancy.details.queryOptions(scope));
  const readOnly = usePregnancyReadOnly();
  const { access } = usePregnancyContext();
  const canRepairDates = access?.role === "owner" && access.subscription.subscribed;
  if (details.isPending || details.isError) {
    const body = details.isPending ? (
      <SectionLoading label="Loading pregnancy details..." />
    ) : (
      <LoadFailed title={PREGNANCY_TOASTS.loadPregnancyFailed} onRetry={() => void details.refetch()} busy={details.isFetching} />
    );
    return (
      <SettingsSection id="pregnancy" title="Pregnancy details">
        {body}
      </SettingsSection>
    );
  }
  const d = details.data;
  return (
    <>
      <SettingsSection id="pregnancy" title="Pregnancy details" description="The title your family sees and the dates everything counts from.">
        {readOnly && !canRepairDates ? (
          <PregnancyFacts details={d} />
        ) : (
          <PregnancyDetailsForm key={`${d.title}|${d.dueDate}|${d.lastMenstrualPeriod ?? ""}|${d.timeZone}`} details={d} scope={scope} datesOnly={readOnly} />
        )}
      </SettingsSection>
      <SettingsSection id="babies" title="Babies" description={`Names, genders and colours. You can add up to ${MAX_SETUP_BABIES} babies.`}>
        <ul className="flex flex-col gap-3">
          {d.babies.map((baby) => (
            <li key={baby.id} className="flex flex-col gap-2">
              {readOnly ? (
                <BabyFacts baby={baby} />
              ) : (
                <>
                  <BabyEditor baby={baby} scope={scope} />
                  {/* Beside the baby's form, not in it: recording the birth is a form of its own. */}
                  {!d.endedInLoss && <RecordBirthButton baby={baby} scope={scope} twins={d.babies.length > 1} />}
                </>
              )}
            </li>
          ))}
        </ul>
        {!readOnly && !d.endedInLoss && <AddBabyForm scope={scope} count={d.babies.length} />}
      </SettingsSection>
    </>
  );
}

/** The details as they ended, for a read-only pregnancy. */
function PregnancyFacts({ details }: { details: Details }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Title</dt>
      <dd>{details.title}</dd>
      <dt className="font-semibold">Due date</dt>
      <dd>{formatDateOnly(details.dueDate)}</dd>
      <dt className="font-semibold">Service ended</dt>
      <dd>{formatDateOnly(details.serviceEndDate)}</dd>
      <dt className="font-semibold">Time zone</dt>
      <dd>{details.timeZone.replaceAll("_", " ")}</dd>
    </dl>
  );
}

/** A baby as the read-only pregnancy keeps them: name, and the birth when it was recorded. */
function BabyFacts({ baby }: { baby: Baby }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border p-4">
      <h3 className="font-semibold">{baby.name}</h3>
      <p className="text-sm text-muted-foreground">
        {baby.birthDate ? `Born ${formatDateOnly(baby.birthDate)}` : "Not born yet when the service ended"}
        {baby.gender === "unknown" ? "" : ` · ${genderLabel(baby.gender, baby.birthDate !== null)}`}
      </p>
    </div>
  );
}

type Timeline = "due" | "lmp";
const SERVICE_WEEKS_AFTER_DUE = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;

/** The details form; `datesOnly` once the pregnancy is read-only, where the owner may still correct its dates alone. */
function PregnancyDetailsForm({ details, scope, datesOnly }: { details: Details; scope: Scope; datesOnly: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshPregnancy();
  const previewId = useId();
  const [title, setTitle] = useState(details.title);
  const [timeline, setTimeline] = useState<Timeline>(details.lastMenstrualPeriod ? "lmp" : "due");
  const [dueDate, setDueDate] = useState(details.dueDate);
  const [lmp, setLmp] = useState(details.lastMenstrualPeriod ?? lmpFromDueDate(details.dueDate));
  const [timeZone, setTimeZone] = useState(details.timeZone);
  const dates = timeline === "due" ? { dueDate } : { lastMenstrualPeriod: lmp };
  const resolved = resolvePregnancyDates(dates);
  const datesChanged = timeline === "due" ? dueDate !== details.dueDate : lmp !== details.lastMenstrualPeriod;
  const today = todayIn(details.timeZone);
  // Said before anything is sent (the server refuses it too): a service end already past would lock the family out.
  const endPassed = resolved.ok && datesChanged ? serviceEndPassedError(resolved.value, today) : null;

  const update = useMutation({
    mutationFn: async () => {
      const changes = { ...scope, title, ...(timeZone !== details.timeZone ? { timeZone } : {}) };
      // New dates go through billing, so the subscription's end follows the service end (core spec 4);
      // the title and zone travel with them in the same write, so a refusal stores nothing.
      if (!datesChanged) return { saved: await client.pregnancy.update.mutate(changes), warning: null };
      const synced = await client.billing.updateSubscriptionDates.mutate({ ...changes, ...dates });
      return { saved: synced.pregnancy, warning: synced.warning };
    },
    onSuccess: ({ saved, warning }) => {
      refresh(scope, saved);
      void queryClient.invalidateQueries(trpc.billing.pathFilter());
      void queryClient.invalidateQueries(trpc.giftCards.credit.pathFilter());
      if (warning) toast(splitToast(warning));
      else toast({ title: SUCCESS_TOASTS.success, description: "Pregnancy details saved.", variant: "success" });
    },
    onError: (error) => toast({ title: PREGNANCY_TOASTS.updatePregnancyFailed, description: serverErrorText(error), variant: "error" }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!resolved.ok || endPassed) return;
    update.mutate();
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {isReadOnly(details.serviceEndDate, today) && (
        <Alert variant="warning" title="These dates have ended the service">
          If the due date was typed wrong, the owner can correct it here while the subscription is active, and everything opens again.
        </Alert>
      )}
      {!datesOnly && <TextField label="Pregnancy title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={TITLE_MAX_LENGTH} hint="Leave empty to use 'My Pregnancy Journey'." />}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Timeline</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(
            [
              ["due", "I know my due date"],
              ["lmp", "Calculate from LMP"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
              <input type="radio" name={`${previewId}-timeline`} value={value} checked={timeline === value} onChange={() => setTimeline(value)} className="size-5 accent-primary" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {timeline === "due" ? (
        <TextField label="Due date" type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} required describedBy={previewId} invalid={!resolved.ok || endPassed !== null} className="max-w-xs" />
      ) : (
        <TextField
          label="First day of last menstrual period (LMP)"
          type="date"
          value={lmp}
          onChange={(e) => setLmp(e.target.value)}
          required
          describedBy={previewId}
          invalid={!resolved.ok || endPassed !== null}
          className="max-w-xs"
        />
      )}
      <output id={previewId} aria-live="polite" className="block rounded-xl bg-muted px-4 py-3 text-sm">
        {endPassed ? (
          <span className="font-medium text-danger">{endPassed}</span>
        ) : resolved.ok ? (
          <>
            {timeline === "lmp" && (
              <span className="block">
                Due date: <strong>{formatDateOnly(resolved.value.dueDate)}</strong>
              </span>
            )}
            <span className="block">
              Service ends: <strong>{formatDateOnly(resolved.value.serviceEndDate)}</strong> ({SERVICE_WEEKS_AFTER_DUE} weeks after the due date)
            </span>
          </>
        ) : (
          <span className="font-medium text-danger">{resolved.error}</span>
        )}
      </output>
      {!datesOnly && (
        <SelectField label="Time zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} hint="Where the family lives: event times and the pregnancy's days follow this zone." className="max-w-xs">
          {knownTimeZones(details.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
      )}
      <div>
        {/* A correction changes the dates alone: without new dates there is nothing the server would take. */}
        <Button type="submit" loading={update.isPending} disabled={!resolved.ok || endPassed !== null || (datesOnly && !datesChanged)}>
          Save pregnancy details
        </Button>
      </div>
    </form>
  );
}

function GenderSelect({ value, onChange, born = false }: { value: BabyGender; onChange: (gender: BabyGender) => void; born?: boolean }) {
  return (
    <SelectField label="Gender" value={value} onChange={(e) => onChange(e.target.value as BabyGender)}>
      {BABY_GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {genderLabel(gender, born)}
        </option>
      ))}
    </SelectField>
  );
}

function BabyEditor({ baby, scope }: { baby: Baby; scope: Scope }) {
  const trpc = useTRPC();
  const refresh = useRefreshPregnancy();
  const queryClient = useQueryClient();
  const [name, setName] = useState(baby.name);
  const [gender, setGender] = useState<BabyGender>(baby.gender);
  const [color, setColor] = useState<BabyColor | null>(baby.color);
  const update = useMutation(
    trpc.pregnancy.updateBaby.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.pregnancy.details.queryKey(scope), (old) => (old ? { ...old, babies: old.babies.map((b) => (b.id === saved.id ? saved : b)) } : old));
        setName(saved.name);
        refresh(scope);
        toast({ title: SUCCESS_TOASTS.success, description: `${saved.name} was saved.`, variant: "success" });
      },
      onError: (error) => toast({ title: PREGNANCY_TOASTS.updateBabyFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ ...scope, babyId: baby.id, name, gender, ...(color ? { color } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4">
        <legend className="px-1 font-semibold">{baby.name}</legend>
        {baby.birthDate && (
          // The name and sex shown are those the parents gave at the birth (the baby-here announcement).
          <p className="text-sm font-medium">
            Born {formatDateOnly(baby.birthDate)}
            {baby.gender === "unknown" ? "" : `, a ${baby.gender}`}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={TITLE_MAX_LENGTH} hint={`Leave empty to use '${defaultBabyName(baby.birthOrder)}'.`} />
          <GenderSelect value={gender} onChange={setGender} born={baby.birthDate !== null} />
        </div>
        <ColorPicker legend="Colour" value={color} onChange={setColor} />
        <div>
          <Button type="submit" size="sm" variant="secondary" loading={update.isPending}>
            Save baby
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function AddBabyForm({ scope, count }: { scope: Scope; count: number }) {
  const trpc = useTRPC();
  const refresh = useRefreshPregnancy();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [name, setName] = useState("");
  const [gender, setGender] = useState<BabyGender>("unknown");
  const [color, setColor] = useState<BabyColor | null>(null);
  const atLimit = count >= MAX_SETUP_BABIES;
  const add = useMutation(
    trpc.pregnancy.addBaby.mutationOptions({
      onSuccess: (baby) => {
        queryClient.setQueryData(trpc.pregnancy.details.queryKey(scope), (old) => (old ? { ...old, babies: [...old.babies, baby] } : old));
        refresh(scope);
        setName("");
        setGender("unknown");
        setColor(null);
        toast({ title: SUCCESS_TOASTS.success, description: `${baby.name} was added.`, variant: "success" });
      },
      onError: (error) => toast({ title: PREGNANCY_TOASTS.addBabyFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ ...scope, gender, ...(name.trim() ? { name } : {}), ...(color ? { color } : {}) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-dashed border-input p-4">
      <h3 id={headingId} className="font-semibold">
        Add a baby
      </h3>
      {atLimit ? (
        <p className="text-muted-foreground">{SETTINGS_MESSAGES.babyLimit}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="New baby's name" value={name} onChange={(e) => setName(e.target.value)} maxLength={TITLE_MAX_LENGTH} hint={`Optional: '${defaultBabyName(count + 1)}' if left empty.`} />
            <GenderSelect value={gender} onChange={setGender} />
          </div>
          <ColorPicker legend="Colour" value={color} onChange={setColor} />
          <div>
            <Button type="submit" loading={add.isPending}>
              Add baby
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
