/**
 * The contact list's rules, kept apart from the screens: which group a participant belongs to,
 * how they are named, what the search matches and how their RSVPs read.
 */
import { PARTICIPANT_ROLES } from "../../domain/enums";
import { isParentRole } from "../../domain/permissions";
import type { RouterOutputs } from "../../lib/trpc";
import { RSVP_LABELS, RSVP_SUMMARY_ORDER } from "../../domain/calendar";

export type Contact = RouterOutputs["contacts"]["list"][number];
type RsvpSummary = Contact["rsvpSummary"];

export const CONTACT_GROUPS = [
  { key: "parents", title: "Parents" },
  { key: "guests", title: "Family and friends" },
  { key: "invited", title: "Invited, not yet joined" },
] as const;
export type ContactGroupKey = (typeof CONTACT_GROUPS)[number]["key"];

/** An open invitation, whatever its role, waits in its own group until it is accepted. */
export function groupOf(contact: Pick<Contact, "role" | "status">): ContactGroupKey {
  if (contact.status === "invited") return "invited";
  return isParentRole(contact.role) ? "parents" : "guests";
}

/** First and last name; an invitation without names shows its e-mail, else the display title. */
export function contactName(contact: Pick<Contact, "firstName" | "lastName" | "email" | "displayTitle">): string {
  return [contact.firstName, contact.lastName].filter(Boolean).join(" ").trim() || contact.email || contact.displayTitle;
}

/** Case-insensitive match of the typed text anywhere in the name or the e-mail. */
export function matchesSearch(contact: Pick<Contact, "firstName" | "lastName" | "email" | "displayTitle">, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [contactName(contact), contact.email ?? ""].some((text) => text.toLowerCase().includes(needle));
}

/** The owner before the partner, then guests; within a role, by name. */
function byRoleThenName(a: Contact, b: Contact): number {
  return PARTICIPANT_ROLES.indexOf(a.role) - PARTICIPANT_ROLES.indexOf(b.role) || contactName(a).localeCompare(contactName(b));
}

/** The three groups in order, each with the contacts that match the search. */
export function groupContacts<T extends Contact>(contacts: readonly T[], query: string) {
  const shown = contacts.filter((contact) => matchesSearch(contact, query)).sort(byRoleThenName);
  return CONTACT_GROUPS.map((group) => ({ ...group, contacts: shown.filter((contact) => groupOf(contact) === group.key) }));
}

export const invitationCount = (summary: RsvpSummary) => RSVP_SUMMARY_ORDER.reduce((total, status) => total + summary[status], 0);

/** '2 attending · 1 maybe · 0 can't make it · 1 awaiting reply', or null before any event invitation. */
export function rsvpSummaryText(summary: RsvpSummary): string | null {
  if (invitationCount(summary) === 0) return null;
  return RSVP_SUMMARY_ORDER.map((status) => `${summary[status]} ${RSVP_LABELS[status].toLowerCase()}`).join(" · ");
}
