import { buttonStyles } from "../../ui/buttonStyles";
import { CalendarIcon, CloseIcon } from "../../ui/icons";
import { TextField } from "../../ui/TextField";
import { NewsletterForm } from "../forms/NewsletterForm";
import { hook } from "../hooks";
import { Field } from "../forms/SiteForm";
import type { SitePage } from "../types";
import { CALCULATOR_PREVIEW_EVENTS, CALCULATOR_WINDOW_WEEKS } from "../../domain/dueDateCalculator";
import { FIRST_TRIMESTER_LAST_WEEK, FULL_TERM_MAX_WEEKS, FULL_TERM_MIN_WEEKS, LMP_TO_DUE_DAYS, PREGNANCY_WEEKS, SECOND_TRIMESTER_LAST_WEEK } from "../../domain/dates";

const slot = (name: string) => hook("slot", name);
const CREATE_ACCOUNT_HREF = "/createaccount";

const RESULT_TERMS = [
  { term: "Estimated due date", name: "dueDate" },
  { term: "Weeks pregnant", name: "weeksPregnant" },
  { term: "Trimester", name: "trimester" },
] as const;

function DueDateCalculatorPage() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Due Date Calculator</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Enter the first day of your last period to see your estimated due date, how far along you are, and what is coming up in the next {CALCULATOR_WINDOW_WEEKS} weeks.
        </p>
      </header>

      <section aria-labelledby="calculator-heading" className="rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8">
        <h2 id="calculator-heading" className="sr-only">
          Calculate your due date
        </h2>
        <form {...hook("calculator")} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <Field name="lastMenstrualPeriod" className="flex-1">
            <TextField id="calculator-lmp" label="First day of your last period" name="lastMenstrualPeriod" type="date" required />
          </Field>
          <button type="submit" className={buttonStyles({ size: "lg" })}>
            Calculate Due Date
          </button>
        </form>

        <div {...hook("calculatorResult")} hidden tabIndex={-1} aria-labelledby="result-heading" role="region" className="mt-8 flex flex-col gap-6 focus:outline-none">
          <h2 id="result-heading" className="text-2xl font-bold">
            Your results
          </h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            {RESULT_TERMS.map(({ term, name }) => (
              <div key={name} className="rounded-xl bg-primary-soft/40 p-4">
                <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
                <dd {...slot(name)} className="mt-1 text-xl font-bold" />
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-3">
            <h3 className="text-xl font-bold">Coming up in the next {CALCULATOR_WINDOW_WEEKS} weeks</h3>
            <p {...slot("noEvents")} hidden className="text-muted-foreground">
              No new milestones start in the next {CALCULATOR_WINDOW_WEEKS} weeks. Sign up to see your whole pregnancy calendar.
            </p>
            <ul {...slot("events")} aria-label={`Up to ${CALCULATOR_PREVIEW_EVENTS} upcoming milestones`} className="grid gap-2 sm:grid-cols-2" />
            <template {...hook("eventTemplate")}>
              <li>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-start gap-3 rounded-xl border border-border bg-surface p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <CalendarIcon className="mt-0.5 text-primary" />
                  <span className="flex flex-col">
                    <span {...slot("title")} className="font-semibold" />
                    <span {...slot("date")} className="text-sm text-muted-foreground" />
                  </span>
                </button>
              </li>
            </template>
          </div>
        </div>
      </section>

      <dialog
        {...hook("milestonePreview")}
        aria-labelledby="milestone-preview-title"
        className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-card border border-border bg-surface p-0 text-foreground shadow-xl backdrop:bg-black/50"
      >
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id="milestone-preview-title" {...slot("title")} className="text-xl font-bold" />
            <button type="button" {...hook("close")} aria-label="Close" className={buttonStyles({ variant: "ghost", size: "sm" })}>
              <CloseIcon />
            </button>
          </div>
          <p {...slot("date")} className="font-semibold text-muted-foreground" />
          <p {...slot("description")} />
          <p className="rounded-xl bg-primary-soft/40 p-3">
            This is a preview. Create a free account to add it to your pregnancy calendar, invite family and get reminders.
          </p>
          <a href={CREATE_ACCOUNT_HREF} {...hook("cta", "Create Your Free Account")} className={buttonStyles({ size: "lg" })}>
            Create Your Free Account
          </a>
        </div>
      </dialog>

      <section aria-labelledby="how-heading" className="flex flex-col gap-3">
        <h2 id="how-heading" className="text-2xl font-bold">
          How the due date is calculated
        </h2>
        <p>
          Most pregnancies last about {PREGNANCY_WEEKS} weeks from the first day of the last menstrual period, so the estimated due date is that day plus {LMP_TO_DUE_DAYS} days. Weeks pregnant
          count whole weeks since then.
        </p>
        <ul className="list-inside list-disc">
          <li>First trimester: weeks 1 to {FIRST_TRIMESTER_LAST_WEEK}</li>
          <li>
            Second trimester: weeks {FIRST_TRIMESTER_LAST_WEEK + 1} to {SECOND_TRIMESTER_LAST_WEEK}
          </li>
          <li>Third trimester: week {SECOND_TRIMESTER_LAST_WEEK + 1} until birth</li>
        </ul>
        <p className="text-muted-foreground">Only a few babies arrive on their due date itself; full term is anywhere from {FULL_TERM_MIN_WEEKS} to {FULL_TERM_MAX_WEEKS} weeks. Your provider will confirm your dates.</p>
      </section>

      <section aria-labelledby="checklist-heading" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8">
        <h2 id="checklist-heading" className="text-2xl font-bold">
          Get the free first-trimester checklist
        </h2>
        <p className="text-muted-foreground">Add your due date and we will date each step for you. Confirm your email and it is on its way.</p>
        <NewsletterForm idPrefix="calculator-newsletter" withDueDate />
      </section>

      <section aria-labelledby="next-heading" className="flex flex-col items-center gap-4 text-center">
        <h2 id="next-heading" className="text-2xl font-bold">
          Plan the whole journey
        </h2>
        <p className="max-w-xl text-muted-foreground">BabySteps turns your due date into a calendar, a private photo album and a place for your family to follow along.</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={CREATE_ACCOUNT_HREF} {...hook("cta", "Start Planning Free")} className={buttonStyles({ size: "lg" })}>
            Start Planning Free
          </a>
          <a href="/features" className={buttonStyles({ variant: "secondary", size: "lg" })}>
            Explore Features
          </a>
        </div>
      </section>
    </div>
  );
}

export const dueDateCalculatorPage: SitePage = {
  path: "/due-date-calculator",
  title: "Due Date Calculator",
  description: "Free pregnancy due date calculator: enter the first day of your last period to see your due date, how many weeks pregnant you are and your trimester.",
  Page: DueDateCalculatorPage,
};
