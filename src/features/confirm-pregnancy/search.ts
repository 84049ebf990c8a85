/** The checkout session id that /confirm-pregnancy and /setup-pregnancy may be reached with (onboarding spec 4). */
import { MAX_SESSION_ID_LENGTH } from "../onboarding/search";

export interface CheckoutReturnSearch {
  session_id?: string;
}

export const validateCheckoutReturnSearch = (search: Record<string, unknown>): CheckoutReturnSearch =>
  typeof search.session_id === "string" && search.session_id.length <= MAX_SESSION_ID_LENGTH ? { session_id: search.session_id } : {};
