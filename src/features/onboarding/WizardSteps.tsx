/** The parent wizard's step screens (onboarding spec 2). Each gets the wizard data and moves on through `onNext`. */
import { useState, type FormEvent, type ReactNode } from "react";
import { dueDateFromLmp, isDateOnly, LMP_TO_DUE_DAYS, serviceEndDate } from "../../domain/dates";
import { ONBOARDING_GENDERS, type OnboardingGender } from "../../domain/enums";
import { Button } from "../../ui/Button";
import { RadioCards } from "../../ui/RadioCards";
import { TextField } from "../../ui/TextField";
import { SelectField, Switch } from "../../ui/fields";
import { ACCOUNT_ROLE_OPTIONS, wizardOrder, type AccountRole, type OnboardingData, type WizardBaby } from "./onboardingData";
import { MAX_SETUP_BABIES } from "../../domain/pregnancy";
import { EARLY_ACCESS_HOURS } from "../../domain/modes";
import { codeLifetimeNote } from "../../domain/authMessages";
import { PHOTO_UPGRADE_PRICE_CENTS, PLANS, TRIAL_DAYS, afterTrialLines, discountText, formatPrice, referralNotForPremium, WIZARD_PLAN_NAME } from "../../domain/billing";
import { formatNumericDate } from "../../lib/format";

export type WizardData = Partial<OnboardingData>;

export interface StepProps {
  data: WizardData;
  onChange: (changes: WizardData) => void;
  onNext: () => void;
  onBack: () => void;
}

/** The Back / Continue row every step ends with. */
export function StepActions({ onBack, continueLabel = "Continue", continueDisabled = false, busy = false, busyLabel }: { onBack: () => void; continueLabel?: string; continueDisabled?: boolean; busy?: boolean; busyLabel?: string }) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="secondary" onClick={onBack} disabled={busy}>
        Back
      </Button>
      <Button type="submit" disabled={continueDisabled || busy} loading={busy}>
        {busy && busyLabel ? busyLabel : continueLabel}
      </Button>
    </div>
  );
}

function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {children}
    </form>
  );
}

export function RoleStep({ data, onChange, onNext, onBack, onGuest }: StepProps & { onGuest: () => void }) {
  const role = data.role ?? "parent";
  return (
    <StepForm onSubmit={() => (role === "guest" ? onGuest() : onNext())}>
      <RadioCards<AccountRole> legend="How will you use BabySteps?" options={ACCOUNT_ROLE_OPTIONS} value={role} onChange={(value) => onChange({ role: value })} />
      <StepActions onBack={onBack} />
    </StepForm>
  );
}

export function EarlyAccessStep({ data, onNext, onBack }: StepProps) {
  return (
    <StepForm onSubmit={onNext}>
      <div className="rounded-xl border border-border bg-lavender p-4">
        <p className="font-semibold">You have {EARLY_ACCESS_HOURS} hours of full access while you confirm your email.</p>
        <p className="mt-2 text-muted-foreground">
          We sent a 6-digit code to <strong className="wrap-anywhere text-foreground">{data.email ?? "your email address"}</strong>. {codeLifetimeNote(true)} Setup goes on
          meanwhile.
        </p>
      </div>
      <StepActions onBack={onBack} />
    </StepForm>
  );
}

const PARTNER_OPTIONS = [
  { value: "yes", label: "Yes, invite my partner", description: "Your partner gets a free account with full access to the pregnancy." },
  { value: "no", label: "Not now", description: "You can invite your partner later from Settings." },
] as const;

export function PartnerChoiceStep({ data, onChange, onNext, onBack }: StepProps) {
  const choice = data.includePartner === undefined ? null : data.includePartner ? "yes" : "no";
  return (
    <StepForm onSubmit={onNext}>
      <RadioCards legend="Would you like to add your partner?" showLegend options={PARTNER_OPTIONS} value={choice} onChange={(value) => onChange({ includePartner: value === "yes" })} />
      <StepActions onBack={onBack} continueDisabled={choice === null} />
    </StepForm>
  );
}

export function PartnerDetailsStep({ data, onChange, onNext, onBack }: StepProps) {
  const complete = Boolean(data.partnerFirstName?.trim() && data.partnerLastName?.trim() && data.partnerEmail?.trim().includes("@"));
  return (
    <StepForm onSubmit={() => complete && onNext()}>
      <p className="text-muted-foreground">We will email your partner an invitation. Partner accounts are always free.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Partner's first name" required autoComplete="off" value={data.partnerFirstName ?? ""} onChange={(event) => onChange({ partnerFirstName: event.target.value })} />
        <TextField label="Partner's last name" required autoComplete="off" value={data.partnerLastName ?? ""} onChange={(event) => onChange({ partnerLastName: event.target.value })} />
      </div>
      <TextField label="Partner's email" type="email" required autoComplete="off" value={data.partnerEmail ?? ""} onChange={(event) => onChange({ partnerEmail: event.target.value })} />
      <StepActions onBack={onBack} continueDisabled={!complete} />
    </StepForm>
  );
}

export const GENDER_LABELS: Readonly<Record<OnboardingGender, string>> = {
  unknown: "We don't know yet",
  boy: "Boy",
  girl: "Girl",
  surprise: "Surprise",
};

const TRACKED = [
  "Your due date, week by week, with your baby's size",
  "Appointments and milestones on a shared calendar",
  "Photos, updates and RSVPs with family and friends",
  "Health tools: vitamins, kicks, contractions and your birth plan",
] as const;

type DateMode = "due-date" | "lmp";
const DATE_MODE_OPTIONS = [
  { value: "due-date", label: "I know my due date" },
  { value: "lmp", label: "Calculate from LMP", description: `We count ${LMP_TO_DUE_DAYS} days from the first day of your last period.` },
] as const;

function GenderSelect({ label, value, onChange }: { label: string; value: OnboardingGender; onChange: (gender: OnboardingGender) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value as OnboardingGender)}>
      {ONBOARDING_GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {GENDER_LABELS[gender]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Baby name, due date (typed, or from the LMP) and gender; Continue waits for a date (onboarding
 * spec 2 and 4). Twins and more are named here too (up to the setup's 4), so setup need not ask again.
 */
export function PregnancyDetailsStep({ data, onChange, onNext, onBack }: StepProps) {
  const moreBabies = data.moreBabies ?? [];
  const [mode, setMode] = useState<DateMode>(data.lastMenstrualPeriod ? "lmp" : "due-date");
  const typed = mode === "lmp" ? (data.lastMenstrualPeriod ?? "") : (data.dueDate ?? "");
  const dueDate = isDateOnly(typed) ? (mode === "lmp" ? dueDateFromLmp(typed) : typed) : null;

  function setDate(value: string) {
    const computedDue = isDateOnly(value) ? (mode === "lmp" ? dueDateFromLmp(value) : value) : "";
    onChange({
      dueDate: computedDue,
      lastMenstrualPeriod: mode === "lmp" ? value : "",
      serviceEndDate: computedDue ? serviceEndDate(computedDue) : "",
    });
  }

  function switchMode(next: DateMode) {
    setMode(next);
    onChange({ dueDate: "", lastMenstrualPeriod: "", serviceEndDate: "" });
  }

  return (
    <StepForm onSubmit={() => dueDate && onNext()}>
      <TextField label="Baby's name (optional)" autoComplete="off" value={data.babyName ?? ""} onChange={(event) => onChange({ babyName: event.target.value })} />
      <RadioCards legend="How should we set your due date?" showLegend options={DATE_MODE_OPTIONS} value={mode} onChange={switchMode} />
      <TextField
        label={mode === "lmp" ? "First day of your last menstrual period" : "Due date"}
        type="date"
        required
        value={typed}
        onChange={(event) => setDate(event.target.value)}
        hint={mode === "lmp" && dueDate ? `Your estimated due date is ${formatNumericDate(dueDate)}.` : undefined}
      />
      <GenderSelect label="Baby's gender" value={data.gender ?? "unknown"} onChange={(gender) => onChange({ gender })} />
      {moreBabies.map((baby, index) => {
        const number = index + 2;
        const changeBaby = (changes: Partial<WizardBaby>) => onChange({ moreBabies: moreBabies.map((other, at) => (at === index ? { ...other, ...changes } : other)) });
        return (
          <fieldset key={number} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 font-semibold">Baby {number}</legend>
            <TextField label={`Baby ${number}'s name (optional)`} autoComplete="off" value={baby.name} onChange={(event) => changeBaby({ name: event.target.value })} />
            <GenderSelect label={`Baby ${number}'s gender`} value={baby.gender} onChange={(gender) => changeBaby({ gender })} />
            <Button variant="link" className="self-start" onClick={() => onChange({ moreBabies: moreBabies.filter((_, at) => at !== index) })}>
              Remove baby {number}
            </Button>
          </fieldset>
        );
      })}
      {moreBabies.length + 1 < MAX_SETUP_BABIES && (
        <Button variant="secondary" className="self-start" onClick={() => onChange({ moreBabies: [...moreBabies, { name: "", gender: "unknown" }] })}>
          Add another baby
        </Button>
      )}
      <section aria-labelledby="tracked-heading" className="rounded-xl border border-border p-4">
        <h3 id="tracked-heading" className="font-semibold">
          What you will track
        </h3>
        <ul className="mt-2 list-disc pl-5 text-muted-foreground">
          {TRACKED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <StepActions onBack={onBack} continueDisabled={!dueDate} />
    </StepForm>
  );
}

/** What every plan includes beside its own features (its photos first). */
const PLAN_INCLUDES = ["Partner account free", "Guests free", "Calendar, health tools, registry, waiting room and baby game"];

/**
 * The single 'Complete' plan with the optional unlimited-photo upgrade (Premium is Basic plus it):
 * the card shows the price, photos and trial of what is selected. `prepare` loads what the next
 * step needs ('Processing...' meanwhile), so it opens complete.
 */
export function PlanStep({ data, onChange, onNext, onBack, prepare }: StepProps & { prepare?: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const { tier, summary, discount, referralCode } = wizardOrder(data);
  const plan = PLANS[tier];
  return (
    <StepForm
      onSubmit={() => {
        onChange({ planSelected: true, selectedPlan: tier });
        setBusy(true);
        // A failed load is the next step's to show (it asks again); the wizard moves on regardless.
        void (prepare?.() ?? Promise.resolve())
          .catch(() => undefined)
          .then(onNext);
      }}
    >
      <section aria-labelledby="plan-heading" className="rounded-card border-2 border-primary p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="plan-heading" className="text-xl font-bold">
            {WIZARD_PLAN_NAME}
          </h3>
          <span className="rounded-full bg-lavender px-3 py-1 text-sm font-semibold">{TRIAL_DAYS}-day free trial</span>
        </div>
        <p className="mt-2 text-3xl font-bold">
          {formatPrice(plan.priceCents)}
          <span className="text-base font-normal text-muted-foreground">/month</span>
        </p>
        <p className="text-muted-foreground">No payment today. {afterTrialLines(summary).join(". ")}. Cancel anytime during the trial.</p>
        {referralCode && <p className="mt-1 font-semibold">{discount ? `${discountText(discount, referralCode)}.` : referralNotForPremium(referralCode)}</p>}
        <ul className="mt-3 list-disc pl-5">
          {[...plan.features, ...PLAN_INCLUDES].map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <Switch
          className="mt-3 border-t border-border pt-3"
          label={`Unlimited photos (+${formatPrice(PHOTO_UPGRADE_PRICE_CENTS)}/month)`}
          hint={`${PLANS.premium.name}: ${PLANS.premium.features.join(", ")}.`}
          checked={tier === "premium"}
          onCheckedChange={(checked) => onChange({ selectedPlan: checked ? "premium" : "basic", planSelected: true })}
        />
      </section>
      <StepActions onBack={onBack} continueLabel={`Start Free ${TRIAL_DAYS}-Day Trial`} busy={busy} busyLabel="Processing..." />
    </StepForm>
  );
}
