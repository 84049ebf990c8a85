/**
 * Who a privacy level reaches, said plainly (issue 24): the level suggested for an invitee's
 * relationship, what a guest circle sees of the family's photos, posts and events by default,
 * and who an item shared at a level reaches among the family's participants.
 */
import { canSeeItem, DEFAULT_EVENT_PRIVACY_LEVEL, DEFAULT_GUEST_PRIVACY_LEVEL, DEFAULT_PHOTO_PRIVACY_LEVEL } from "./audience";
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel, type GuestRelationship, type ItemPrivacyLevel, type ParticipantRole } from "./enums";
import { isParentRole } from "./permissions";
import { DEFAULT_POST_PRIVACY_LEVEL } from "./posts";

/** Ours: the circle an invitee of this relationship usually belongs to; none for 'other'. */
export const SUGGESTED_PRIVACY_LEVELS: Readonly<Record<GuestRelationship, GuestPrivacyLevel | null>> = {
  grandparent: "immediate-family",
  sibling: "immediate-family",
  "aunt-uncle": "extended-family",
  cousin: "extended-family",
  friend: "friends",
  other: null,
};

/** An invitation's relationship and level as the form holds them. */
export interface GuestAudienceChoice {
  relationship: GuestRelationship | "";
  privacyLevel: GuestPrivacyLevel;
  /** The person picked the level themselves: a later relationship no longer changes it. */
  levelChosen: boolean;
}

/** The closest of the levels allowed (an inviting guest may not invite closer than themselves). */
function nearestAllowed(level: GuestPrivacyLevel, allowed: (level: GuestPrivacyLevel) => boolean): GuestPrivacyLevel {
  if (allowed(level)) return level;
  return GUEST_PRIVACY_LEVELS.find(allowed) ?? level;
}

/** A new invitation's audience: the spec's default level (core spec 3), or the nearest one the inviter may give. */
export function initialGuestAudience(allowed: (level: GuestPrivacyLevel) => boolean = () => true): GuestAudienceChoice {
  return { relationship: "", privacyLevel: nearestAllowed(DEFAULT_GUEST_PRIVACY_LEVEL, allowed), levelChosen: false };
}

/** After picking a relationship: its suggested level, unless the level was chosen by hand. */
export function withRelationship(choice: GuestAudienceChoice, relationship: GuestRelationship | "", allowed: (level: GuestPrivacyLevel) => boolean = () => true): GuestAudienceChoice {
  if (choice.levelChosen) return { ...choice, relationship };
  const suggested = (relationship && SUGGESTED_PRIVACY_LEVELS[relationship]) || DEFAULT_GUEST_PRIVACY_LEVEL;
  return { relationship, privacyLevel: nearestAllowed(suggested, allowed), levelChosen: false };
}

/** The level shown is the relationship's suggestion (the form says so). */
export function isSuggestedLevel(choice: GuestAudienceChoice): boolean {
  return !choice.levelChosen && choice.relationship !== "" && SUGGESTED_PRIVACY_LEVELS[choice.relationship] === choice.privacyLevel;
}

/** Items a family shares, with the level each gets unless the parent picks another. */
const SHARED_ITEMS: readonly { name: string; defaultLevel: ItemPrivacyLevel }[] = [
  { name: "photos", defaultLevel: DEFAULT_PHOTO_PRIVACY_LEVEL },
  { name: "posts", defaultLevel: DEFAULT_POST_PRIVACY_LEVEL },
  { name: "events", defaultLevel: DEFAULT_EVENT_PRIVACY_LEVEL },
];

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * One sentence on what a guest at `level` sees, from the audience rules: which items they get as
 * shared by default, and that the rest reach them only when shared with their circle or a wider one.
 */
export function circleSeesSentence(level: GuestPrivacyLevel, levelName: (level: ItemPrivacyLevel) => string): string {
  const viewer = { role: "guest" as const, privacyLevel: level };
  const seen = SHARED_ITEMS.filter((item) => canSeeItem(viewer, item.defaultLevel));
  const unseen = SHARED_ITEMS.filter((item) => !canSeeItem(viewer, item.defaultLevel));
  const names = (items: typeof SHARED_ITEMS) => joinWords(items.map((item) => item.name));
  const whenShared = `you share with ${levelName(level)} or a wider circle`;
  if (unseen.length === 0) return `They see ${names(seen)} shared by default, and what ${whenShared}.`;
  if (seen.length > 0) return `They see ${names(seen)} shared by default, and ${names(unseen)} ${whenShared}.`;
  // Nothing by default: name the closer circle the default goes to, so the parent knows what they miss.
  const missed = unseen.filter((item) => item.defaultLevel !== "parents-only");
  const byDefault = missed.length > 0 ? `, not ${names(missed)} shared by default (${joinWords([...new Set(missed.map((item) => levelName(item.defaultLevel)))])})` : "";
  return `They see the ${names(unseen)} ${whenShared}${byDefault}.`;
}

/** A participant as the family list gives them (pregnancy.participants). */
export interface FamilyMember {
  userId: string | null;
  role: ParticipantRole;
  status: string;
  privacyLevel: string | null;
  firstName: string | null;
}

/** Ours: up to this many guests are named on the audience line; more are counted. */
export const MAX_NAMED_GUESTS = 2;

/**
 * Who an item at this level (or these audience groups) reaches, besides the one sharing it: the
 * other parents by name, then the guests who joined and may see it, named when few, else counted;
 * then the invited people who will see it once they join (the list holds them for parents only).
 */
export function itemReach(members: readonly FamilyMember[], selfUserId: string, level: ItemPrivacyLevel, audienceGroups: readonly GuestPrivacyLevel[] = []): string {
  const others = members.filter((member) => member.status === "active" && member.userId !== null && member.userId !== selfUserId);
  const nameOf = (member: FamilyMember) => member.firstName?.trim() || (isParentRole(member.role) ? "Parent" : "Guest");
  const sees = (member: FamilyMember) => isParentRole(member.role) || canSeeItem(member, level, audienceGroups);
  const parents = others.filter((member) => isParentRole(member.role)).map(nameOf);
  const guests = others.filter((member) => !isParentRole(member.role) && sees(member)).map(nameOf);
  const guestWords = guests.length <= MAX_NAMED_GUESTS ? guests : [`${guests.length} guests`];
  const reached = [...parents, ...guestWords];
  const now = reached.length === 0 ? "Reaches only you" : `Reaches ${joinWords(reached)}`;
  const pending = members.filter((member) => member.status === "invited" && member.userId !== selfUserId && sees(member)).map(nameOf);
  if (pending.length === 0) return `${now}.`;
  const pendingWords = pending.length <= MAX_NAMED_GUESTS ? joinWords(pending) : `${pending.length} invited people`;
  return `${now}; ${pendingWords} will see it after joining.`;
}
