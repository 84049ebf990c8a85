/** The search parameters of /check-email (onboarding spec 2 and 4). */
import { searchText } from "../../lib/searchParams";

export interface CheckEmailSearch {
  /** The address the confirmation went to. */
  email?: string;
  /** 'success' after a checkout return (with session_id). */
  payment?: string;
  session_id?: string;
  /** Why the visitor was sent here, e.g. 'otp_expired' for an expired reset link. */
  reason?: string;
  description?: string;
}

const MAX_EMAIL_LENGTH = 254;
/** Ours: longer texts from a URL are not shown (they are the provider's short messages). */
const MAX_TEXT_LENGTH = 300;

export function validateCheckEmailSearch(search: Record<string, unknown>): CheckEmailSearch {
  const result: CheckEmailSearch = {};
  for (const key of ["payment", "session_id", "reason", "description"] as const) {
    const value = searchText(search[key], MAX_TEXT_LENGTH);
    if (value) result[key] = value;
  }
  const email = searchText(search.email, MAX_EMAIL_LENGTH);
  if (email) result.email = email;
  return result;
}

/** The expired-link variant: the reason an expired one-time link reports. */
export const EXPIRED_LINK_REASON = "otp_expired";
