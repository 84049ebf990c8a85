/**
 * Opening an invitation (issue 35): why one cannot be taken, said exactly, and the browser an
 * account was created in, as the confirmation page names it. Ours; the spec has only 'Invitation
 * Not Found' for every case.
 */
import { SIGN_IN_MESSAGES } from "./authMessages";

export const INVITATION_REFUSALS = {
  INVITATION_NOT_FOUND: SIGN_IN_MESSAGES.invitationNotFound,
  INVITATION_USED: "This invitation has already been used. If that was not you, ask the parent who invited you to send a new one.",
  INVITATION_EXPIRED: "This invitation has expired. Ask the parent who invited you to send it again.",
  INVITATION_EMAIL_MISMATCH: "This invitation was sent to another email address. Sign in with that address, or ask the parent to invite this one.",
} as const;
export type InvitationRefusal = keyof typeof INVITATION_REFUSALS;

/** What a stored guest invitation's state means for someone opening its link now. */
export function invitationRefusal(
  invitation: { trackingStatus: string; expiresAt: Date | null; invitedEmail: string | null; participantStatus: string } | undefined,
  email: string,
  now: Date,
): InvitationRefusal | null {
  if (!invitation) return "INVITATION_NOT_FOUND";
  if (invitation.trackingStatus === "accepted" || invitation.participantStatus !== "invited") return "INVITATION_USED";
  if (invitation.trackingStatus !== "pending" || (invitation.expiresAt && invitation.expiresAt.getTime() <= now.getTime())) return "INVITATION_EXPIRED";
  if (invitation.invitedEmail?.toLowerCase() !== email.toLowerCase()) return "INVITATION_EMAIL_MISMATCH";
  return null;
}

/** What the person opening a link learns when the invitation waits for their email to be confirmed. */
export const INVITATION_WAITS_FOR_CONFIRMATION = (title: string) => `You will join ${title} as soon as you confirm your email address.`;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** 'Chrome on Android' from a User-Agent header; null when it names neither. */
export function browserLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
