/**
 * Display names for the spec's closed vocabularies, one mapping each, shared by every screen that
 * shows them (baby colours have theirs in src/lib/babyColors). Keys come from src/domain/enums, so
 * a new value fails type-checking until it has a label.
 */
import type { BabyGender, GuestPrivacyLevel, GuestRelationship, ItemPrivacyLevel, NotificationPreference, ParticipantRole, PermissionFlag, SubscriptionStatus } from "../domain/enums";
import { PERMISSION_FLAGS } from "../domain/enums";
import type { PushTopic } from "../domain/push";

export const GENDER_LABELS: Readonly<Record<BabyGender, string>> = {
  unknown: "We don't know yet",
  boy: "Boy",
  girl: "Girl",
};

/** Once a baby is here its sex is known: 'unknown' then means the parents chose not to share it. */
export const BORN_GENDER_LABELS: Readonly<Record<BabyGender, string>> = {
  unknown: "Not shared",
  boy: "Boy",
  girl: "Girl",
};

export function genderLabel(gender: string, born = false): string {
  return ((born ? BORN_GENDER_LABELS : GENDER_LABELS) as Record<string, string>)[gender] ?? gender;
}

export const ROLE_LABELS: Readonly<Record<ParticipantRole, string>> = {
  owner: "Owner",
  partner: "Partner",
  guest: "Guest",
};

export const RELATIONSHIP_LABELS: Readonly<Record<GuestRelationship, string>> = {
  grandparent: "Grandparent",
  sibling: "Sibling",
  "aunt-uncle": "Aunt or uncle",
  cousin: "Cousin",
  friend: "Friend",
  other: "Other",
};

export const PRIVACY_LEVEL_LABELS: Readonly<Record<GuestPrivacyLevel, string>> = {
  "immediate-family": "Immediate family",
  "extended-family": "Extended family",
  "close-friends": "Close friends",
  friends: "Friends",
  acquaintances: "Acquaintances",
};

/** Who an item (post, photo, event) is shared with: the guest levels, or the parents alone. */
export const ITEM_PRIVACY_LEVEL_LABELS: Readonly<Record<ItemPrivacyLevel, string>> = {
  "parents-only": "Parents only",
  ...PRIVACY_LEVEL_LABELS,
};

export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: string | null | undefined): string | null {
  if (!value) return null;
  return (labels as Record<string, string>)[value] ?? value;
}

/** 'canViewCalendarEvents' → 'Can view calendar events'. */
export function flagLabel(flag: PermissionFlag): string {
  const words = flag.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of each of the 13 permission flags, derived from its name. */
export const PERMISSION_LABELS: Readonly<Record<PermissionFlag, string>> = Object.freeze(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, flagLabel(flag)])) as Record<PermissionFlag, string>,
);

export const NOTIFICATION_LABELS: Readonly<Record<NotificationPreference, { label: string; hint: string }>> = {
  emailInvitations: { label: "Email me about invitations", hint: "When someone invites you to follow a pregnancy or to an event." },
  emailRsvps: { label: "Email me about RSVPs", hint: "When guests answer an event invitation." },
  waitingRoomActivation: { label: "Waiting-room activation", hint: "When the parents open the waiting room on the big day, and each update they post there." },
  weeklyDigest: { label: "Weekly digest", hint: "A weekly round-up of news from the pregnancies you follow." },
};

/** A device's switches in Settings, "Notifications on this device". */
export const PUSH_TOPIC_LABELS: Readonly<Record<PushTopic, { label: string; hint: string }>> = {
  waitingRoom: { label: "Waiting room news", hint: "When the parents head to the hospital, post an update, the baby arrives or it was a false alarm." },
  directMessages: { label: "Direct messages", hint: "When someone sends you a message in the waiting room." },
  eventInvitations: { label: "Event invitations", hint: "When you are invited to an event." },
};

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment overdue",
  canceled: "Cancelled",
  incomplete: "Waiting for payment",
  incomplete_expired: "Payment not completed",
  unpaid: "Unpaid",
  paused: "Paused",
};
