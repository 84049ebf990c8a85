/**
 * The parent wizard's steps (onboarding spec 2): the full 8-step flow at /onboarding and the
 * guest-to-parent upgrade at /onboarding-parent. Without a partner, partner details are skipped in
 * both directions: Continue from the partner choice jumps two steps, Back from the step after
 * partner details goes back two.
 */
import { PERCENT } from "./units";

export const GUEST_WIZARD_STEPS = 2;

/** Email confirmed: continue automatically after a 5-second countdown. */
export const EMAIL_AUTO_CONTINUE_SECONDS = 5;

export const FULL_WIZARD_STEPS = ["role", "account", "early-access", "partner", "partner-details", "pregnancy", "plan", "payment"] as const;
export const UPGRADE_WIZARD_STEPS = ["pregnancy", "partner", "partner-details", "plan", "payment"] as const;
export type WizardStep = (typeof FULL_WIZARD_STEPS)[number];
export type WizardFlow = readonly WizardStep[];

/** Spec step names, shown as the upgrade flow's progress labels and the steps' headings. */
export const WIZARD_STEP_TITLES: Readonly<Record<WizardStep, string>> = {
  role: "Choose Your Role",
  account: "Create Your Account",
  "early-access": "Early Access",
  partner: "Partner",
  "partner-details": "Partner Details",
  pregnancy: "Pregnancy Details",
  plan: "Choose Your Plan",
  payment: "Checkout",
};

/** The step after `step`; null after the last. */
export function nextWizardStep(flow: WizardFlow, step: WizardStep, includePartner: boolean): WizardStep | null {
  const index = flow.indexOf(step);
  let next = flow[index + 1] ?? null;
  if (next === "partner-details" && !includePartner) next = flow[index + 2] ?? null;
  return next;
}

/** The step before `step`; null on the first (the caller leaves the wizard). */
export function previousWizardStep(flow: WizardFlow, step: WizardStep, includePartner: boolean): WizardStep | null {
  const index = flow.indexOf(step);
  let previous = index > 0 ? (flow[index - 1] ?? null) : null;
  if (previous === "partner-details" && !includePartner) previous = index > 1 ? (flow[index - 2] ?? null) : null;
  return previous;
}

export interface WizardProgress {
  /** 1-based. */
  number: number;
  total: number;
  percent: number;
  label: string;
}

/**
 * 'Step X of N' and the percent done at step X (1-based): the steps before it, so the last step
 * shows less than 100% until the flow is `done` (/setup-pregnancy, whose last step still saves).
 */
export function stepProgress(number: number, total: number, done = false): WizardProgress {
  return { number, total, percent: done ? PERCENT : Math.round(((number - 1) / total) * PERCENT), label: `Step ${number} of ${total}` };
}

/**
 * The wizard's progress; a guest choosing their role sees a 2-step flow. Its last step is the
 * hand-over to checkout, so the wizard runs from 0% on its first step to 100% on its last.
 */
export function wizardProgress(flow: WizardFlow, step: WizardStep, role: "parent" | "guest" = "parent"): WizardProgress {
  const number = flow.indexOf(step) + 1;
  const total = role === "guest" ? GUEST_WIZARD_STEPS : flow.length;
  return { ...stepProgress(number, total), percent: total > 1 ? Math.round(((number - 1) / (total - 1)) * PERCENT) : PERCENT };
}

/** The first step of a flow, or a step named in the URL if the flow has it. */
export function wizardStepFrom(flow: WizardFlow, value: unknown): WizardStep {
  return (flow as readonly unknown[]).includes(value) ? (value as WizardStep) : (flow[0] ?? "role");
}
