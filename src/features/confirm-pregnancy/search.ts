/** The checkout session id that /confirm-pregnancy and /setup-pregnancy may be reached with (onboarding spec 4). */
import { checkoutSessionSearch } from "../../lib/searchParams";

export interface CheckoutReturnSearch {
  session_id?: string;
}

export const validateCheckoutReturnSearch = (search: Record<string, unknown>): CheckoutReturnSearch => checkoutSessionSearch(search);
