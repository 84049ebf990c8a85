/** The four /setup-pregnancy steps (onboarding spec 2 and 4). */
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DATE_MESSAGES, dueDateFromLmp, isDateOnly } from "../../domain/dates";
import { BABY_GENDERS, type BabyGender } from "../../domain/enums";
import { initialGuestAudience, type GuestAudienceChoice } from "../../domain/familyReach";
import { useTRPC, useTRPCClient, type RouterInputs, type RouterOutputs } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioCards } from "../../ui/RadioCards";
import { PageSpinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { SelectField } from "../../ui/fields";
import { useInviteeFields } from "../settings/inviteForm";
import { GENDER_LABELS } from "../../lib/labels";
import { GuestAudienceFields } from "../../ui/GuestAudienceFields";
import { SETTINGS_MESSAGES } from "../settings/messages";
import { failureDescription, serverErrorText } from "../../lib/serverError";
import { CREATION_FAILURE_TEXTS, MAX_SETUP_BABIES, SETUP_MESSAGES } from "../../domain/pregnancy";
import { browserTimeZone } from "../../lib/timeZone";
import { formatNumericDate } from "../../lib/format";

export const MAX_SETUP_GUESTS = 3;

export const SETUP_COMPLETE_REDIRECT_MS = 2000;

export type SetupStep = 1 | 2 | 3 | 4;

type DateMode = "due-date" | "lmp";
export interface Timeline {
  mode: DateMode;
  date: string;
}

type SetupPregnancy = NonNullable<RouterOutputs["pregnancy"]["setupStatus"]["pregnancy"]>;

/** Back / Skip / Continue: Back and Skip only where the step has them. */
function SetupActions({ onBack, onSkip, continueLabel = "Continue", busy }: { onBack?: () => void; onSkip?: () => void; continueLabel?: string; busy: boolean }) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {onBack && (
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
      )}
      <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
        {onSkip && (
          <Button variant="ghost" onClick={onSkip} disabled={busy}>
            Skip
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {continueLabel}
        </Button>
      </div>
    </div>
  );
}

function StepForm({ onSubmit, children }: { onSubmit: (form: HTMLFormElement) => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event.currentTarget);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {children}
    </form>
  );
}

/** Over a step that arrives filled with what the parent already told us (the wizard's answers). */
function PrefilledNote() {
  return <p className="text-muted-foreground">We filled this in from what you told us. Change anything that is not right, then continue.</p>;
}

/** A setup step's failure toast: the server's words, 'An unexpected error occurred' for a failure on its side, or 'Please try again'. */
const failed = (title: string) => (error: unknown) => toast({ title, description: failureDescription(error, CREATION_FAILURE_TEXTS), variant: "error" });

// ---------------------------------------------------------------------------------------------
// 1 Set Your Timeline

const DATE_MODE_OPTIONS = [
  { value: "due-date", label: "I know my due date" },
  { value: "lmp", label: "Calculate from last menstrual period", description: "From the first day of your last menstrual period." },
] as const;

/** What pregnancy.update and create_pregnancy_complete take from the timeline. */
export function timelineDates(timeline: Timeline): { dueDate: string } | { lastMenstrualPeriod: string } {
  return timeline.mode === "lmp" ? { lastMenstrualPeriod: timeline.date } : { dueDate: timeline.date };
}

export function TimelineStep({ pregnancy, timeline, onTimelineChange, onNext }: { pregnancy: SetupPregnancy | null; timeline: Timeline; onTimelineChange: (timeline: Timeline) => void; onNext: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const update = useMutation(
    trpc.pregnancy.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.pregnancy.setupStatus.queryKey() });
        onNext();
      },
      onError: failed(SETUP_MESSAGES.setupFailed),
    }),
  );
  const saved = pregnancy && (timeline.mode === "lmp" ? pregnancy.lastMenstrualPeriod === timeline.date : pregnancy.dueDate === timeline.date && !pregnancy.lastMenstrualPeriod);

  function submit(form: HTMLFormElement) {
    if (!isDateOnly(timeline.date)) {
      setError(DATE_MESSAGES.dueDateOrLmpRequired);
      (form.elements.namedItem("date") as HTMLInputElement | null)?.focus();
      return;
    }
    if (!pregnancy || saved) onNext();
    else update.mutate({ pregnancyId: pregnancy.id, dates: timelineDates(timeline) });
  }

  return (
    <StepForm onSubmit={submit}>
      {pregnancy && <PrefilledNote />}
      <RadioCards
        legend="How should we set your due date?"
        showLegend
        options={DATE_MODE_OPTIONS}
        value={timeline.mode}
        onChange={(mode) => {
          setError(undefined);
          onTimelineChange({ mode, date: "" });
        }}
      />
      <TextField
        name="date"
        label={timeline.mode === "lmp" ? "First day of your last menstrual period" : "Due date"}
        type="date"
        required
        value={timeline.date}
        error={error}
        hint={timeline.mode === "lmp" && isDateOnly(timeline.date) ? `Your estimated due date is ${formatNumericDate(dueDateFromLmp(timeline.date))}.` : undefined}
        onChange={(event) => {
          setError(undefined);
          onTimelineChange({ ...timeline, date: event.target.value });
        }}
      />
      <SetupActions busy={update.isPending} />
    </StepForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 2 About Your Baby

interface BabyRow {
  key: string;
  /** Set for a baby the pregnancy already has (created from the wizard). */
  id?: string;
  name: string;
  gender: BabyGender;
  saved?: { name: string; gender: BabyGender };
}

const newBabyRow = (): BabyRow => ({ key: crypto.randomUUID(), name: "", gender: "unknown" });

/** Babies of a pregnancy that exists are edited and added; without one, 'Create Pregnancy' creates it with them. */
export function BabiesStep({ pregnancyId, timeline, onBack, onNext }: { pregnancyId: string | null; timeline: Timeline; onBack: () => void; onNext: () => void }) {
  const trpc = useTRPC();
  const details = useQuery({ ...trpc.pregnancy.details.queryOptions({ pregnancyId: pregnancyId ?? "" }), enabled: pregnancyId !== null });
  if (pregnancyId !== null && !details.data) return <PageSpinner label="Loading your babies..." />;
  const existing = (details.data?.babies ?? []).map((baby): BabyRow => ({ key: baby.id, id: baby.id, name: baby.name, gender: baby.gender, saved: { name: baby.name, gender: baby.gender } }));
  return <BabiesForm pregnancyId={pregnancyId} initialRows={existing.length > 0 ? existing : [newBabyRow()]} prefilled={existing.length > 0} timeline={timeline} onBack={onBack} onNext={onNext} />;
}

function BabiesForm({ pregnancyId, initialRows, prefilled, timeline, onBack, onNext }: { pregnancyId: string | null; initialRows: BabyRow[]; prefilled: boolean; timeline: Timeline; onBack: () => void; onNext: () => void }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.pregnancy.mine.queryOptions());
  const [rows, setRows] = useState(initialRows);
  const [busy, setBusy] = useState(false);

  const change = (key: string, changes: Partial<BabyRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  async function createPregnancy(babies: BabyRow[]) {
    await trpcClient.pregnancy.createComplete.mutate({
      // The family's zone starts as the creating parent's (Settings changes it).
      pregnancy: { ...timelineDates(timeline), timeZone: browserTimeZone() ?? undefined },
      babies: babies.map((baby) => ({ name: baby.name, gender: baby.gender })),
      // A guest converting keeps their guest pregnancies (onboarding spec 4).
      isGuestConversion: (mine.data?.guestPregnancies.length ?? 0) > 0,
    });
  }

  async function saveBabies(id: string) {
    for (const row of rows) {
      if (!row.id) await trpcClient.pregnancy.addBaby.mutate({ pregnancyId: id, name: row.name, gender: row.gender });
      else if (row.saved && (row.saved.name !== row.name || row.saved.gender !== row.gender)) {
        await trpcClient.pregnancy.updateBaby.mutate({ pregnancyId: id, babyId: row.id, name: row.name, gender: row.gender });
      }
    }
  }

  async function run(work: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries();
      onNext();
    } catch (error) {
      failed(failure)(error);
      setBusy(false);
    }
  }

  const submit = () => void run(() => (pregnancyId ? saveBabies(pregnancyId) : createPregnancy(rows)), pregnancyId ? SETUP_MESSAGES.setupFailed : SETUP_MESSAGES.createPregnancyFailed);
  const skip = () => (pregnancyId ? onNext() : void run(() => createPregnancy([]), SETUP_MESSAGES.createPregnancyFailed));

  return (
    <StepForm onSubmit={submit}>
      {prefilled ? <PrefilledNote /> : <p className="text-muted-foreground">Optional: name your baby (or babies) now, or skip and do it later in Settings.</p>}
      {rows.map((row, index) => (
        <fieldset key={row.key} className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <legend className="px-1 font-semibold">Baby {index + 1}</legend>
          <TextField label="Name (optional)" autoComplete="off" value={row.name} onChange={(event) => change(row.key, { name: event.target.value })} />
          <SelectField label="Gender" value={row.gender} onChange={(event) => change(row.key, { gender: event.target.value as BabyGender })}>
            {BABY_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </SelectField>
          {!row.id && rows.length > 1 && (
            <Button variant="link" className="self-start" onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
              Remove baby {index + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {rows.length < MAX_SETUP_BABIES && (
        <Button variant="secondary" className="self-start" onClick={() => setRows((current) => [...current, newBabyRow()])} disabled={busy}>
          Add another baby
        </Button>
      )}
      <SetupActions onBack={onBack} onSkip={skip} continueLabel={pregnancyId ? "Continue" : "Create Pregnancy"} busy={busy} />
    </StepForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 3 Add Your Partner

const PARTNER_OPTIONS = [
  { value: "yes", label: "Yes, add my partner (free)", description: "Your partner gets a free account with full access to the pregnancy." },
  { value: "skip", label: "Skip for now", description: "You can invite your partner later from Settings." },
] as const;

export function PartnerStep({ pregnancyId, invitedPartner, onBack, onNext }: { pregnancyId: string; invitedPartner: SetupPregnancy["partner"]; onBack: () => void; onNext: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<"yes" | "skip">("skip");
  const { fields, validate } = useInviteeFields();
  const invite = useMutation(
    trpc.partners.invite.mutationOptions({
      onSuccess: async (_result, input) => {
        toast({ title: SETTINGS_MESSAGES.invitationSent, description: `We emailed ${input.firstName} at ${input.email}.`, variant: "success" });
        await queryClient.invalidateQueries({ queryKey: trpc.pregnancy.setupStatus.queryKey() });
        onNext();
      },
      onError: failed(SETUP_MESSAGES.partnerInvitationFailed),
    }),
  );

  if (invitedPartner) {
    const name = [invitedPartner.firstName, invitedPartner.lastName].filter(Boolean).join(" ");
    return (
      <StepForm onSubmit={onNext}>
        <Alert variant="success">
          {invitedPartner.status === "active" ? `${name} has joined as your partner.` : `We invited ${name} (${invitedPartner.email}) as your partner. They join free of charge.`}
        </Alert>
        <SetupActions onBack={onBack} busy={false} />
      </StepForm>
    );
  }

  function submit(form: HTMLFormElement) {
    if (choice === "skip") return onNext();
    const invitee = validate(form);
    if (invitee) invite.mutate({ pregnancyId, ...invitee });
  }

  return (
    <StepForm onSubmit={submit}>
      <RadioCards legend="Would you like to add your partner?" showLegend options={PARTNER_OPTIONS} value={choice} onChange={setChoice} />
      {choice === "yes" && fields}
      <SetupActions onBack={onBack} onSkip={onNext} busy={invite.isPending} />
    </StepForm>
  );
}

// ---------------------------------------------------------------------------------------------
// 4 Invite Family & Friends

interface GuestRow {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Relationship and privacy level: the level the relationship suggests unless picked by hand. */
  audience: GuestAudienceChoice;
}

interface InvitationResult {
  key: string;
  who: string;
  sent: boolean;
  reason?: string;
}

const newGuestRow = (): GuestRow => ({ key: crypto.randomUUID(), firstName: "", lastName: "", email: "", audience: initialGuestAudience() });
const isBlank = (row: GuestRow) => !row.firstName.trim() && !row.lastName.trim() && !row.email.trim();

type GuestInvitationInput = RouterInputs["invitations"]["inviteGuest"];

/** The toast after sending: all sent, some of them, or none. */
function invitationSummary(sent: number, total: number) {
  if (sent === total) toast({ title: SETUP_MESSAGES.allInvitationsSent(total), variant: "success" });
  else if (sent > 0) toast({ title: SETUP_MESSAGES.someInvitationsSent(sent, total), variant: "default" });
  else toast({ title: SETUP_MESSAGES.invitationsFailed, variant: "error" });
}

export function GuestsStep({ pregnancyId, onBack, onDone }: { pregnancyId: string; onBack: () => void; onDone: () => void }) {
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [rows, setRows] = useState<GuestRow[]>(() => [newGuestRow()]);
  const [results, setResults] = useState<InvitationResult[]>([]);
  const [busy, setBusy] = useState(false);

  const change = (key: string, changes: Partial<GuestRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...changes } : row)));

  async function inviteGuest(row: GuestRow): Promise<InvitationResult> {
    const who = [row.firstName.trim(), row.lastName.trim()].filter(Boolean).join(" ") || row.email.trim();
    // Only a first name and an email are needed to invite (onboarding spec 5).
    if (!row.firstName.trim() || !row.email.trim()) return { key: row.key, who, sent: false, reason: SETUP_MESSAGES.missingRequiredInformation };
    const { relationship, privacyLevel } = row.audience;
    const input: GuestInvitationInput = { pregnancyId, firstName: row.firstName, lastName: row.lastName, email: row.email.trim(), privacyLevel, ...(relationship ? { relationship } : {}) };
    try {
      await trpcClient.invitations.inviteGuest.mutate(input);
      return { key: row.key, who, sent: true };
    } catch (error) {
      return { key: row.key, who, sent: false, reason: serverErrorText(error) ?? SETUP_MESSAGES.invitationFailed };
    }
  }

  async function finish(afterMs: number) {
    await trpcClient.pregnancy.completeSetup.mutate({ pregnancyId });
    onDone();
    await queryClient.invalidateQueries();
    toast({ title: SETUP_MESSAGES.setupComplete, variant: "success" });
    setTimeout(() => void navigate({ to: "/dashboard" }), afterMs);
  }

  async function complete() {
    setBusy(true);
    try {
      const guests = rows.filter((row) => !isBlank(row));
      if (guests.length > 0) {
        const outcome: InvitationResult[] = [];
        for (const guest of guests) outcome.push(await inviteGuest(guest));
        setResults(outcome);
        invitationSummary(outcome.filter((result) => result.sent).length, outcome.length);
      }
      await finish(SETUP_COMPLETE_REDIRECT_MS);
    } catch (error) {
      failed(SETUP_MESSAGES.setupFailed)(error);
      setBusy(false);
    }
  }

  async function skip() {
    setBusy(true);
    try {
      await finish(0);
    } catch (error) {
      failed(SETUP_MESSAGES.setupFailed)(error);
      setBusy(false);
    }
  }

  return (
    <StepForm onSubmit={() => void complete()}>
      <p className="text-muted-foreground">Invite up to {MAX_SETUP_GUESTS} family members or friends now. Guests join free; you can invite more from Settings.</p>
      {rows.map((row, index) => (
        <fieldset key={row.key} className="flex flex-col gap-3 rounded-xl border border-border p-4" disabled={busy}>
          <legend className="px-1 font-semibold">Guest {index + 1}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="First name" autoComplete="off" value={row.firstName} onChange={(event) => change(row.key, { firstName: event.target.value })} />
            <TextField label="Last name" autoComplete="off" value={row.lastName} onChange={(event) => change(row.key, { lastName: event.target.value })} />
          </div>
          <TextField label="Email" type="email" autoComplete="off" value={row.email} onChange={(event) => change(row.key, { email: event.target.value })} />
          <GuestAudienceFields value={row.audience} onChange={(audience) => change(row.key, { audience })} noRelationship="Choose a relationship" />
        </fieldset>
      ))}
      {rows.length < MAX_SETUP_GUESTS && (
        <Button variant="secondary" className="self-start" onClick={() => setRows((current) => [...current, newGuestRow()])} disabled={busy}>
          Add another guest
        </Button>
      )}
      {results.length > 0 && (
        <section aria-labelledby="invitation-results" className="rounded-xl border border-border p-4">
          <h2 id="invitation-results" className="font-semibold">
            Invitations
          </h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {results.map((result) => (
              <li key={result.key}>
                <span className="font-semibold">{result.who}</span>: {result.sent ? "Sent" : `Failed (${result.reason ?? SETUP_MESSAGES.invitationFailed})`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <SetupActions onBack={onBack} onSkip={() => void skip()} continueLabel="Complete Setup" busy={busy} />
    </StepForm>
  );
}
