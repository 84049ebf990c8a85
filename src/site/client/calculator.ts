import { calculate, checkLastMenstrualPeriod, upcomingMilestones, type UpcomingMilestone } from "../../domain/dueDateCalculator";
import { todayIso } from "../../domain/dates";
import { track } from "../../lib/analytics";
import { SITE_HOOKS } from "../hooks";
import { formatDateOnly } from "../../lib/format";

const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: "long", month: "long", day: "numeric", year: "numeric" };
const SHORT_DATE: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" };
const TRIMESTER_NAMES = { 1: "First trimester", 2: "Second trimester", 3: "Third trimester" } as const;
const FIELD_ERROR_STYLES = "text-sm font-medium text-danger";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function fill(root: Pick<Element, "querySelector">, slot: string, text: string): void {
  const element = root.querySelector<HTMLElement>(`[${SITE_HOOKS.slot}="${slot}"]`);
  if (element) element.textContent = text;
}

function showError(form: HTMLFormElement, input: HTMLInputElement, message: string | null): void {
  const errorId = `${input.id}-error`;
  document.getElementById(errorId)?.remove();
  if (!message) {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    return;
  }
  const error = Object.assign(document.createElement("p"), { id: errorId, className: FIELD_ERROR_STYLES, textContent: message });
  error.setAttribute("role", "alert");
  form.querySelector(`[${SITE_HOOKS.field}]`)?.insertAdjacentElement("beforeend", error);
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", errorId);
  input.focus();
}

/** The read-only preview of one milestone, inviting the visitor to sign up (onboarding spec 2). */
function openPreview(dialog: HTMLDialogElement, milestone: UpcomingMilestone): void {
  fill(dialog, "title", milestone.title);
  fill(dialog, "date", `Around ${formatDateOnly(milestone.date, LONG_DATE)} (week ${milestone.weeks.start})`);
  fill(dialog, "description", milestone.description);
  dialog.showModal();
}

function listMilestones(result: HTMLElement, dialog: HTMLDialogElement, milestones: UpcomingMilestone[]): void {
  const list = result.querySelector<HTMLElement>(`[${SITE_HOOKS.slot}="events"]`);
  const template = result.querySelector<HTMLTemplateElement>(`template[${SITE_HOOKS.eventTemplate}]`);
  const none = result.querySelector<HTMLElement>(`[${SITE_HOOKS.slot}="noEvents"]`);
  const itemTemplate = template?.content.firstElementChild;
  if (!list || !itemTemplate) return;
  list.replaceChildren(
    ...milestones.map((milestone) => {
      const item = itemTemplate.cloneNode(true) as HTMLElement;
      fill(item, "title", milestone.title);
      fill(item, "date", formatDateOnly(milestone.date, SHORT_DATE));
      item.querySelector("button")?.addEventListener("click", () => openPreview(dialog, milestone));
      return item;
    }),
  );
  list.hidden = milestones.length === 0;
  if (none) none.hidden = milestones.length > 0;
}

/**
 * The due date calculator (onboarding spec 2 and 4), all rules from src/domain/dueDateCalculator:
 * due date = LMP + 280 days, whole weeks since the LMP, the trimester, and up to 8 milestones
 * opening in the next 5 weeks, each opening a read-only preview. A use is recorded as a
 * calculator_used event with the weeks (never the date itself).
 */
export function startCalculator(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[name=lastMenstrualPeriod]");
  const result = document.querySelector<HTMLElement>(`[${SITE_HOOKS.calculatorResult}]`);
  const dialog = document.querySelector<HTMLDialogElement>(`dialog[${SITE_HOOKS.milestonePreview}]`);
  if (!input || !result || !dialog) return;
  const today = todayIso();
  input.max = today;

  dialog.querySelector(`[${SITE_HOOKS.close}]`)?.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => event.target === dialog && dialog.close());

  const answer = () => {
    const checked = checkLastMenstrualPeriod(input.value, today);
    if (!checked.ok) {
      showError(form, input, checked.error);
      return;
    }
    showError(form, input, null);
    const { dueDate, weeksPregnant, daysIntoWeek, trimester } = calculate(checked.value, today);
    fill(result, "dueDate", formatDateOnly(dueDate, LONG_DATE));
    fill(result, "weeksPregnant", `${plural(weeksPregnant, "week")}, ${plural(daysIntoWeek, "day")}`);
    fill(result, "trimester", TRIMESTER_NAMES[trimester]);
    listMilestones(result, dialog, upcomingMilestones(checked.value, today));
    result.hidden = false;
    result.focus();
    track("calculator_used", { weeksPregnant, page: window.location.pathname });
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer();
  });
  // A visitor who pressed the button before this script arrived was sent back here by the form
  // itself, with the date in the address: answer it rather than lose the press.
  const early = new URLSearchParams(window.location.search).get(input.name);
  if (early !== null) {
    input.value = early;
    history.replaceState(history.state, "", window.location.pathname);
    answer();
  }
}
