import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { RSVP_STATUSES, type RsvpStatus } from "../../src/domain/enums";
import { audienceFilter } from "../db/audience";
import { milestonesAfterLoss } from "./calendar";
import { calendarEvents, eventParticipants } from "../db/schema";
import type { PregnancyAccess } from "./access";
import type { PregnancyCaller } from "./caller";
import { findParticipant } from "./participants";
import { listParticipants } from "./pregnancy";

export type RsvpSummary = Record<RsvpStatus, number>;

const emptySummary = (): RsvpSummary => Object.fromEntries(RSVP_STATUSES.map((status) => [status, 0])) as RsvpSummary;

/**
 * The calendar events whose invitations the caller may read about: this pregnancy's, not archived
 * (archiving takes an event out of the calendar), and for a guest with canViewContacts only
 * those their flags and audience allow, so a contact's history never names a hidden event.
 * Null when the caller may see no events at all.
 */
function visibleEvents(access: PregnancyAccess): SQL | null {
  if (!access.isParent && !access.permissions.canViewCalendarEvents) return null;
  // After a loss (issue 38) the due date and the milestones are off the calendar, here too.
  return and(eq(calendarEvents.pregnancyId, access.id), eq(calendarEvents.isArchived, false), milestonesAfterLoss(access), audienceFilter(calendarEvents.privacyLevel, access)) ?? null;
}

/** Each invited user's answers counted by RSVP status, in one grouped query. */
async function rsvpSummariesByUser(caller: PregnancyCaller): Promise<Map<string, RsvpSummary>> {
  const summaries = new Map<string, RsvpSummary>();
  const events = visibleEvents(caller.access);
  if (!events) return summaries;
  const rows = await caller.db
    .select({ userId: eventParticipants.userId, rsvpStatus: eventParticipants.rsvpStatus, invitations: count() })
    .from(eventParticipants)
    .innerJoin(calendarEvents, eq(calendarEvents.id, eventParticipants.eventId))
    .where(events)
    .groupBy(eventParticipants.userId, eventParticipants.rsvpStatus);
  for (const row of rows) {
    const summary = summaries.get(row.userId) ?? emptySummary();
    summary[row.rsvpStatus] = row.invitations;
    summaries.set(row.userId, summary);
  }
  return summaries;
}

/**
 * /contacts: every participant of the pregnancy (owner, partner, guests; invited and active) with
 * their contact details and how they answered event invitations. Two queries, whatever the size
 * of the family. An open invitation has no account yet, so its names and e-mail are the invitation's.
 */
export async function listContacts(caller: PregnancyCaller) {
  const [participants, summaries] = await Promise.all([listParticipants(caller), rsvpSummariesByUser(caller)]);
  return participants.map((p) => ({
    id: p.id,
    role: p.role,
    status: p.status,
    displayTitle: p.displayTitle,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? p.invitedEmail,
    relationship: p.relationship,
    // A guest's closeness; parents see everything, so the column's default means nothing for them.
    privacyLevel: p.role === "guest" ? p.privacyLevel : null,
    avatarUrl: p.avatarUrl,
    joinedAt: p.joinedAt,
    rsvpSummary: (p.userId ? summaries.get(p.userId) : undefined) ?? emptySummary(),
  }));
}

/** One participant's event invitations in this pregnancy, newest event first. */
export async function rsvpHistory(caller: PregnancyCaller, participantId: string) {
  const participant = await findParticipant(caller.db, caller.access.id, participantId);
  const events = visibleEvents(caller.access);
  // Events invite accounts: an invitation not yet accepted has none, so it has no history.
  if (!participant.userId || !events) return [];
  return caller.db
    .select({
      eventId: calendarEvents.id,
      title: calendarEvents.title,
      date: calendarEvents.date,
      time: calendarEvents.time,
      category: calendarEvents.category,
      rsvpStatus: eventParticipants.rsvpStatus,
      invitedAt: eventParticipants.invitedAt,
      respondedAt: eventParticipants.respondedAt,
    })
    .from(eventParticipants)
    .innerJoin(calendarEvents, eq(calendarEvents.id, eventParticipants.eventId))
    .where(and(events, eq(eventParticipants.userId, participant.userId)))
    .orderBy(desc(calendarEvents.date), desc(calendarEvents.time), desc(calendarEvents.id));
}
