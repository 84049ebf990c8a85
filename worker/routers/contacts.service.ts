import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { RSVP_STATUSES, type RsvpStatus } from "../../src/domain/enums";
import type { Db } from "../db";
import { audienceFilter } from "../db/audience";
import { calendarEvents, eventParticipants } from "../db/schema";
import type { PregnancyAccess } from "../trpc/access";
import { findParticipant } from "./participants.service";
import { listParticipants } from "./pregnancy.service";

export type RsvpSummary = Record<RsvpStatus, number>;

const emptySummary = (): RsvpSummary => Object.fromEntries(RSVP_STATUSES.map((status) => [status, 0])) as RsvpSummary;

/**
 * The calendar events whose invitations the viewer may read about: this pregnancy's, not archived
 * (archiving takes an event out of the calendar), and for a guest viewer with canViewContacts only
 * those their flags and audience allow, so a contact's history never names a hidden event.
 * Null when the viewer may see no events at all.
 */
function visibleEvents(viewer: PregnancyAccess): SQL | null {
  if (!viewer.isParent && !viewer.permissions.canViewCalendarEvents) return null;
  return and(eq(calendarEvents.pregnancyId, viewer.id), eq(calendarEvents.isArchived, false), audienceFilter(calendarEvents.privacyLevel, viewer)) ?? null;
}

/** Each invited user's answers counted by RSVP status, in one grouped query. */
async function rsvpSummariesByUser(db: Db, viewer: PregnancyAccess): Promise<Map<string, RsvpSummary>> {
  const summaries = new Map<string, RsvpSummary>();
  const events = visibleEvents(viewer);
  if (!events) return summaries;
  const rows = await db
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
export async function listContacts(db: Db, viewer: PregnancyAccess) {
  const [participants, summaries] = await Promise.all([listParticipants(db, viewer.id), rsvpSummariesByUser(db, viewer)]);
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
export async function rsvpHistory(db: Db, viewer: PregnancyAccess, participantId: string) {
  const participant = await findParticipant(db, viewer.id, participantId);
  const events = visibleEvents(viewer);
  // Events invite accounts: an invitation not yet accepted has none, so it has no history.
  if (!participant.userId || !events) return [];
  return db
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
