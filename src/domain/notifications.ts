/**
 * Who each mailed notification can reach (issue 24), so Settings offers a person only the switches
 * that can concern them. The senders read the same roles: RSVP answers go to the parents alone
 * (worker/services/calendar.ts); invitations, the waiting room's news and the weekly digest reach
 * every participant whose flags let them in.
 */
import { NOTIFICATION_PREFERENCES, PARENT_ROLES, PARTICIPANT_ROLES, type NotificationPreference, type ParticipantRole } from "./enums";

export const NOTIFICATION_RECIPIENT_ROLES: Readonly<Record<NotificationPreference, readonly ParticipantRole[]>> = {
  emailInvitations: PARTICIPANT_ROLES,
  emailRsvps: PARENT_ROLES,
  waitingRoomActivation: PARTICIPANT_ROLES,
  weeklyDigest: PARTICIPANT_ROLES,
};

/**
 * The switches for someone who is (or may become) a parent, or only a guest: a parent's list is
 * all of them; a guest's lacks what only reaches parents.
 */
export function notificationPreferencesFor(hasParentCapability: boolean): NotificationPreference[] {
  const roles: readonly ParticipantRole[] = hasParentCapability ? PARTICIPANT_ROLES : ["guest"];
  return NOTIFICATION_PREFERENCES.filter((preference) => NOTIFICATION_RECIPIENT_ROLES[preference].some((role) => roles.includes(role)));
}
