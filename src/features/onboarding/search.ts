/** Search parameters of /onboarding and /onboarding-parent (onboarding spec 2 and 4). */
import { wizardStepFrom, type WizardFlow, type WizardStep } from "../../domain/wizard";
import { checkoutSessionSearch } from "../../lib/searchParams";

export interface WizardSearch {
  step?: WizardStep;
  /** 'cancelled' after a cancelled checkout (payment on /onboarding, payment_status on the checkout return). */
  payment?: string;
  payment_status?: string;
  /** The checkout session a successful payment returns with. */
  session_id?: string;
}

export function validateWizardSearch(flow: WizardFlow) {
  return (search: Record<string, unknown>): WizardSearch => ({
    ...(search.step !== undefined ? { step: wizardStepFrom(flow, search.step) } : {}),
    ...(typeof search.payment === "string" ? { payment: search.payment } : {}),
    ...(typeof search.payment_status === "string" ? { payment_status: search.payment_status } : {}),
    ...checkoutSessionSearch(search),
  });
}

export const isPaymentCancelled = (search: WizardSearch) => search.payment === "cancelled" || search.payment_status === "cancelled";
