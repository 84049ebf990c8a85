/** The search parameters of /auth (onboarding spec 2). */
import { NAME_MAX_LENGTH } from "../../domain/textLimits";

export const AUTH_MODES = ["signin", "signup", "verify", "code", "forgot"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** What a guest invitation link carries (invitations.service.ts builds it). */
export interface GuestInvite {
  invite_type: "guest";
  pregnancy_id?: string;
  /** The inviter's name, for the banner. */
  inviter?: string;
  /** The invitee's name as the inviter typed it, prefilled in the account form. */
  first_name?: string;
  last_name?: string;
  /** The single-use invitation token, taken after sign-in or sign-up. */
  token?: string;
}

export interface AuthSearch extends Partial<GuestInvite> {
  /** Which form shows; sign-in when absent. */
  mode?: AuthMode;
  /** Prefills the email (and names the address a verification code went to). */
  email?: string;
  /** 'verification_failed' when a verification link failed. */
  error?: string;
}

const MAX_EMAIL_LENGTH = 254;

/** The invite's text parameters, each at most a name's length. */
const INVITE_TEXTS = ["pregnancy_id", "inviter", "first_name", "last_name", "token"] as const satisfies readonly (keyof GuestInvite)[];

const boundedText = (value: unknown, max: number): value is string => typeof value === "string" && value.length > 0 && value.length <= max;

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {};
  if (typeof search.mode === "string" && (AUTH_MODES as readonly string[]).includes(search.mode)) result.mode = search.mode as AuthMode;
  if (boundedText(search.email, MAX_EMAIL_LENGTH)) result.email = search.email;
  if (typeof search.error === "string") result.error = search.error;
  if (search.invite_type === "guest") {
    result.invite_type = "guest";
    for (const key of INVITE_TEXTS) {
      const value = search[key];
      if (boundedText(value, NAME_MAX_LENGTH)) result[key] = value;
    }
  }
  return result;
}

/** The invite part of the search, kept when switching between sign-in and sign-up. */
export function inviteSearch(search: AuthSearch): Partial<GuestInvite> {
  if (search.invite_type !== "guest") return {};
  const invite: Partial<GuestInvite> = { invite_type: "guest" };
  for (const key of INVITE_TEXTS) {
    const value = search[key];
    if (value) invite[key] = value;
  }
  return invite;
}
