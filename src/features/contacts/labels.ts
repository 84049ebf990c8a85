/**
 * Display names for the calendar vocabularies the contacts screen shows. Keys come from
 * src/domain/enums, so a new value fails type-checking until it has a label.
 */
import type { EventCategory, RsvpStatus } from "../../domain/enums";

export const RSVP_STATUS_LABELS: Readonly<Record<RsvpStatus, string>> = {
  pending: "Pending",
  attending: "Attending",
  maybe: "Maybe",
  declined: "Declined",
};

/** The order a contact's answers are summed up in: who comes first, who has not answered last. */
export const RSVP_SUMMARY_ORDER = ["attending", "maybe", "declined", "pending"] as const satisfies readonly RsvpStatus[];

export const EVENT_CATEGORY_LABELS: Readonly<Record<EventCategory, string>> = {
  medical: "Medical",
  milestone: "Milestone",
  family: "Family",
  preparation: "Preparation",
  celebration: "Celebration",
};
