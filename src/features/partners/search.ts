/** The search parameters of /invited-partner (onboarding spec 2) and /partner/verify. */
import { isUuid } from "../../domain/messaging";
import { NAME_MAX_LENGTH } from "../../domain/textLimits";

export interface InvitedPartnerSearch {
  /** The invited address; prefills step 1. */
  email?: string;
  pregnancy_id?: string;
  /** The inviting parent's name, from the invitation mail's link. */
  inviter?: string;
  /** Already verified: the flow starts at step 3. */
  verified?: boolean;
}

const MAX_EMAIL_LENGTH = 254;

export function validateInvitedPartnerSearch(search: Record<string, unknown>): InvitedPartnerSearch {
  const result: InvitedPartnerSearch = {};
  if (typeof search.email === "string" && search.email.length <= MAX_EMAIL_LENGTH) result.email = search.email;
  if (isUuid(search.pregnancy_id)) result.pregnancy_id = search.pregnancy_id;
  if (typeof search.inviter === "string" && search.inviter.trim() && search.inviter.length <= NAME_MAX_LENGTH * 2) result.inviter = search.inviter.trim();
  // The router parses 'verified=true' as JSON (a boolean); a hand-typed link may quote it.
  if (search.verified === true || search.verified === "true") result.verified = true;
  return result;
}

export interface PartnerVerifySearch {
  participantId?: string;
}

export function validatePartnerVerifySearch(search: Record<string, unknown>): PartnerVerifySearch {
  return isUuid(search.participantId) ? { participantId: search.participantId } : {};
}
