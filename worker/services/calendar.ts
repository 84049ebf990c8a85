import { and, asc, eq, exists, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { NOTIFICATION_RECIPIENT_ROLES } from "../../src/domain/notifications";
import { DEFAULT_EVENT_PRIVACY_LEVEL } from "../../src/domain/audience";
import { countRsvps, eventFieldsFromWriter, eventForViewer, eventWeekNumber, RSVP_LABELS, type RsvpAnswer } from "../../src/domain/calendar";
import { lmpFromDueDate } from "../../src/domain/dates";
import type { EventCategory, ItemPrivacyLevel, RsvpStatus } from "../../src/domain/enums";
import { parseEventTime } from "../../src/domain/time";
import { eventWhenText } from "../../src/domain/eventTimes";
import { sanitizeLocation, sanitizeNotes, sanitizeQuestions, sanitizeTitle } from "../../src/domain/sanitize";
import type { Db, Executor } from "../db";
import { audienceFilter } from "../db/audience";
import { calendarEvents, calendarFeedTokens, eventParticipants, pregnancies, pregnancyParticipants, userPreferences, users } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import { composeMail } from "../infra/mailer";
import { familyZoneColumn, loadPregnancyAccess, type PregnancyAccess } from "./access";
import type { PregnancyCaller, RequestScope } from "./caller";
import { AppError, assertInPregnancy } from "./errors";
import { eventInvitationPush } from "../../src/domain/push";
import { notifyMembers } from "./push";

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);
const eventNotFound = () => new AppError("NOT_FOUND", "NOT_FOUND", "Event not found");

/** Every committed write tells the pregnancy's feed; viewers reload the events they may see. */
export const announce = (scope: Pick<RequestScope, "env" | "waitUntil">, pregnancyId: string) => scope.waitUntil(tellFeed(scope.env, pregnancyId, "calendar"));

// ---------------------------------------------------------------------------------------------
// Who sees an event

/**
 * Parents see every event. A guest sees the events their flag (canViewCalendarEvents) and level
 * allow, and always the events they were invited to (an invitation shares that one event) or
 * created themselves (with canEditCalendar, at any level). After a loss (issue 38) nobody sees the
 * due date or the suggested milestones: filtered here, at read time, so an undo brings them back.
 */
export function visibleEvents(viewer: Pick<PregnancyAccess, "isParent" | "role" | "privacyLevel" | "permissions" | "endedInLoss">, userId: string): SQL | undefined {
  const noMilestones = milestonesAfterLoss(viewer);
  if (viewer.isParent) return noMilestones;
  return and(noMilestones, guestVisibleEvents(viewer, userId));
}

/** After a loss no event of a suggested milestone or the due date shows, for anyone; undefined: no filter. */
export const milestonesAfterLoss = (viewer: Pick<PregnancyAccess, "endedInLoss">): SQL | undefined => (viewer.endedInLoss ? isNull(calendarEvents.milestoneKey) : undefined);

function guestVisibleEvents(viewer: Pick<PregnancyAccess, "isParent" | "role" | "privacyLevel" | "permissions">, userId: string): SQL | undefined {
  const invited = exists(
    sql`(select 1 from ${eventParticipants} where ${eventParticipants.eventId} = ${calendarEvents.id} and ${eventParticipants.userId} = ${userId})`,
  );
  const own = or(invited, eq(calendarEvents.createdBy, userId));
  if (!viewer.permissions.canViewCalendarEvents) return own;
  return or(audienceFilter(calendarEvents.privacyLevel, viewer), own);
}

// ---------------------------------------------------------------------------------------------
// Reading

type EventRow = typeof calendarEvents.$inferSelect;

export interface EventInvitee {
  userId: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  rsvpStatus: RsvpStatus;
  invitedAt: Date;
  respondedAt: Date | null;
}

/** Invitees of the given events with their names, in one query (no per-event round trip). */
async function inviteesOf(db: Executor, eventIds: string[]): Promise<Map<string, EventInvitee[]>> {
  const byEvent = new Map<string, EventInvitee[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      eventId: eventParticipants.eventId,
      userId: eventParticipants.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.image,
      rsvpStatus: eventParticipants.rsvpStatus,
      invitedAt: eventParticipants.invitedAt,
      respondedAt: eventParticipants.respondedAt,
    })
    .from(eventParticipants)
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .where(inArray(eventParticipants.eventId, eventIds))
    .orderBy(asc(users.firstName), asc(users.lastName));
  for (const { eventId, ...invitee } of rows) {
    const list = byEvent.get(eventId) ?? [];
    list.push(invitee);
    byEvent.set(eventId, list);
  }
  return byEvent;
}

/** An event as the client shows it: its invitees, the counts of their answers and the viewer's own; parent-only fields for parents only. */
function eventView(row: EventRow, invitees: EventInvitee[], viewer: Pick<PregnancyAccess, "isParent" | "endedInLoss">, userId: string) {
  return {
    ...eventForViewer(row, viewer.isParent),
    // After a loss no event counts the pregnancy's weeks (issue 38).
    weekNumber: viewer.endedInLoss ? null : row.weekNumber,
    invitees,
    rsvpCounts: countRsvps(invitees.map((i) => i.rsvpStatus)),
    myRsvp: invitees.find((i) => i.userId === userId)?.rsvpStatus ?? null,
  };
}
export type CalendarEventView = ReturnType<typeof eventView>;

export interface EventRange {
  from?: string | undefined;
  to?: string | undefined;
  /** Parents may ask for archived events too; guests never see them. */
  includeArchived?: boolean | undefined;
}

/** The pregnancy's events a participant may see (core spec 7: not archived, by date), with invitees. */
async function eventsVisibleTo(db: Db, viewer: PregnancyAccess, userId: string, range: EventRange): Promise<CalendarEventView[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.pregnancyId, viewer.id),
        range.includeArchived && viewer.isParent ? undefined : eq(calendarEvents.isArchived, false),
        range.from ? gte(calendarEvents.date, range.from) : undefined,
        range.to ? lte(calendarEvents.date, range.to) : undefined,
        visibleEvents(viewer, userId),
      ),
    )
    .orderBy(asc(calendarEvents.date), sql`${calendarEvents.time} asc nulls first`, asc(calendarEvents.createdAt));
  const invitees = await inviteesOf(db, rows.map((r) => r.id));
  return rows.map((row) => eventView(row, invitees.get(row.id) ?? [], viewer, userId));
}

/** The events the caller may see. */
export const listEvents = (caller: PregnancyCaller, range: EventRange) => eventsVisibleTo(caller.db, caller.access, caller.user.id, range);

/** One event the caller may see; NOT_FOUND otherwise (an event they may not see does not exist for them). */
export async function getEvent(caller: PregnancyCaller, eventId: string): Promise<CalendarEventView> {
  const { db, access } = caller;
  const userId = caller.user.id;
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.pregnancyId, access.id), visibleEvents(access, userId)));
  if (!row || (row.isArchived && !access.isParent)) throw eventNotFound();
  const invitees = await inviteesOf(db, [row.id]);
  return eventView(row, invitees.get(row.id) ?? [], access, userId);
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface EventFields {
  title?: string | undefined;
  notes?: string | undefined;
  questions?: string | undefined;
  location?: string | undefined;
  date?: string | undefined;
  /** As typed: 'h:mm AM/PM', 'HH:mm' or 'HH:mm:ss'; empty for an all-day event. */
  time?: string | undefined;
  category?: EventCategory | undefined;
  weekNumber?: number | null | undefined;
  privacyLevel?: ItemPrivacyLevel | undefined;
  isArchived?: boolean | undefined;
}

/** Empty text is stored as null, so "no notes" reads the same however it was cleared. */
const orNull = (text: string) => text || null;

/** The stored time from the typed one (core spec 5): refused with a message when it is not a time. */
function storedTime(typed: string): string | null {
  if (typed.trim() === "") return null;
  const parsed = parseEventTime(typed);
  if (!parsed.ok) throw invalid(parsed.error);
  return parsed.value;
}

/** The pregnancy's LMP as stored, or as the due date implies. */
async function lmpOf(db: Executor, pregnancyId: string): Promise<string | null> {
  const [row] = await db.select({ dueDate: pregnancies.dueDate, lmp: pregnancies.lastMenstrualPeriod }).from(pregnancies).where(eq(pregnancies.id, pregnancyId));
  return row ? (row.lmp ?? lmpFromDueDate(row.dueDate)) : null;
}

/** Sanitised columns for the given fields (core spec 5: tags stripped, text cut with '...'). */
function eventValues(fields: EventFields): Partial<typeof calendarEvents.$inferInsert> {
  const values: Partial<typeof calendarEvents.$inferInsert> = {};
  if (fields.title !== undefined) {
    const title = sanitizeTitle(fields.title);
    if (!title) throw invalid("Title is required");
    values.title = title;
  }
  if (fields.notes !== undefined) values.notes = orNull(sanitizeNotes(fields.notes));
  if (fields.questions !== undefined) values.questions = orNull(sanitizeQuestions(fields.questions));
  if (fields.location !== undefined) values.location = orNull(sanitizeLocation(fields.location));
  if (fields.date !== undefined) values.date = fields.date;
  if (fields.time !== undefined) values.time = storedTime(fields.time);
  if (fields.category !== undefined) values.category = fields.category;
  if (fields.weekNumber !== undefined) values.weekNumber = fields.weekNumber;
  if (fields.privacyLevel !== undefined) values.privacyLevel = fields.privacyLevel;
  if (fields.isArchived !== undefined) values.isArchived = fields.isArchived;
  return values;
}

/** `id` comes from the client so the optimistic event and a retried create stay one event. */
export async function createEvent(caller: PregnancyCaller, input: EventFields & { id: string; title: string; date: string; category: EventCategory }) {
  const values = eventValues(eventFieldsFromWriter(input, caller.access.isParent));
  const lmp = values.weekNumber == null ? await lmpOf(caller.db, caller.access.id) : null;
  const [created] = await caller.db
    .insert(calendarEvents)
    .values({
      title: input.title,
      ...values,
      id: input.id,
      pregnancyId: caller.access.id,
      date: input.date,
      category: input.category,
      // Derived from the LMP when not given (issue 8).
      weekNumber: values.weekNumber ?? (lmp ? eventWeekNumber(input.date, lmp) : null),
      privacyLevel: values.privacyLevel ?? DEFAULT_EVENT_PRIVACY_LEVEL,
      createdBy: caller.user.id,
    })
    .onConflictDoNothing({ target: calendarEvents.id })
    .returning({ id: calendarEvents.id });
  if (!created) {
    const [existing] = await caller.db.select({ pregnancyId: calendarEvents.pregnancyId }).from(calendarEvents).where(eq(calendarEvents.id, input.id));
    if (existing?.pregnancyId !== caller.access.id) throw new AppError("CONFLICT", "ID_TAKEN", "This id is already used");
  } else announce(caller, caller.access.id);
  return getEvent(caller, input.id);
}

async function eventInPregnancy(db: Executor, pregnancyId: string, eventId: string) {
  const [row] = await db.select({ pregnancyId: calendarEvents.pregnancyId, date: calendarEvents.date, autoDate: calendarEvents.autoDate }).from(calendarEvents).where(eq(calendarEvents.id, eventId));
  return assertInPregnancy(row, pregnancyId, "Event");
}

/** An event of this pregnancy the caller may change: a guest with canEditCalendar only those they may see. */
async function editableEvent(caller: PregnancyCaller, eventId: string) {
  const event = await eventInPregnancy(caller.db, caller.access.id, eventId);
  if (!caller.access.isParent) await getEvent(caller, eventId);
  return event;
}

export async function updateEvent(caller: PregnancyCaller, fields: EventFields & { eventId: string }) {
  const { eventId } = fields;
  const existing = await editableEvent(caller, eventId);
  const values = eventValues(eventFieldsFromWriter(fields, caller.access.isParent));
  if (values.date !== undefined && values.date !== existing.date) {
    // A date set by hand no longer follows the due date.
    values.autoDate = false;
    if (fields.weekNumber === undefined) {
      const lmp = await lmpOf(caller.db, caller.access.id);
      if (lmp) values.weekNumber = eventWeekNumber(values.date, lmp);
    }
  }
  if (Object.keys(values).length > 0) await caller.db.update(calendarEvents).set(values).where(eq(calendarEvents.id, eventId));
  announce(caller, caller.access.id);
  return getEvent(caller, eventId);
}

/** Deleting removes its invitations too (cascade). Deleting an event already gone is not an error: a retry. */
export async function deleteEvent(caller: PregnancyCaller, eventId: string) {
  const [row] = await caller.db.select({ pregnancyId: calendarEvents.pregnancyId }).from(calendarEvents).where(eq(calendarEvents.id, eventId));
  if (!row) return { deleted: false };
  await editableEvent(caller, eventId);
  await caller.db.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
  announce(caller, caller.access.id);
  return { deleted: true };
}

// ---------------------------------------------------------------------------------------------
// Invitations and RSVPs

/** Keeps guest_count (the number of invitees attending) in step with the answers, inside the caller's transaction. */
async function recountGuests(tx: Executor, events: SQL) {
  await tx
    .update(calendarEvents)
    .set({
      guestCount: sql`(select count(*)::int from ${eventParticipants} where ${eventParticipants.eventId} = ${calendarEvents.id} and ${eventParticipants.rsvpStatus} = 'attending')`,
    })
    .where(events);
}

/** A guest removed from the pregnancy leaves its events' invitations too (inside the removal's transaction). */
export async function withdrawInvitations(tx: Executor, pregnancyId: string, userId: string) {
  const ofPregnancy = sql`${eventParticipants.eventId} in (select ${calendarEvents.id} from ${calendarEvents} where ${calendarEvents.pregnancyId} = ${pregnancyId})`;
  await tx.delete(eventParticipants).where(and(eq(eventParticipants.userId, userId), ofPregnancy));
  await recountGuests(tx, eq(calendarEvents.pregnancyId, pregnancyId));
}

/** The one-click answer links of an invitation mail open this page with the answer. */
export const rsvpLinkOf = (origin: string, token: string, answer?: RsvpAnswer) => `${origin}/rsvp/${token}${answer ? `?answer=${answer}` : ""}`;

/**
 * Invites active participants of the pregnancy (send-rsvp-notification, notificationType
 * 'invitation'): an invitation row each (rsvp pending, invited_at), then after the commit a mail
 * with one-click answer links to every new invitee who has not turned invitation mail off, and a
 * push to their devices. Someone already invited keeps their answer and is not told again.
 */
export async function inviteToEvent(caller: PregnancyCaller, { eventId, participantIds }: { eventId: string; participantIds: string[] }) {
  const event = await getEvent(caller, eventId);
  const people = await caller.db
    .select({ participantId: pregnancyParticipants.id, userId: users.id, email: users.email, firstName: users.firstName, timeZone: userPreferences.timeZone })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(inArray(pregnancyParticipants.id, participantIds), eq(pregnancyParticipants.pregnancyId, caller.access.id), eq(pregnancyParticipants.status, "active")));
  if (people.length !== new Set(participantIds).size) throw invalid("Only people who have joined this pregnancy can be invited");
  // The invitations, their mails and their pushes are stored together: a retried call finds them invited and tells nobody again.
  const inserted = await caller.db.transaction(async (tx) => {
    const rows = await tx
      .insert(eventParticipants)
      .values(people.map((p) => ({ eventId, userId: p.userId, rsvpStatus: "pending" as const })))
      .onConflictDoNothing({ target: [eventParticipants.eventId, eventParticipants.userId] })
      .returning({ userId: eventParticipants.userId, token: eventParticipants.rsvpToken });
    await mailInvitations(caller, tx, event, people, rows);
    await notifyMembers(caller, { kind: "people", userIds: rows.map((i) => i.userId) }, eventInvitationPush(caller.access.id, eventId, event.title, eventWhenText(event.date, event.time, caller.access.timeZone, null)), tx);
    return rows;
  });
  // The invitation itself shares the event with each invitee (visibleEvents), so each may open it.
  if (inserted.length > 0) announce(caller, caller.access.id);
  return { invited: inserted.length, alreadyInvited: people.length - inserted.length };
}

/** Each new invitee's mail with their one-click answers, recorded through `db` (the invitations' transaction). */
async function mailInvitations(caller: PregnancyCaller, db: Executor, event: CalendarEventView, people: Array<{ userId: string; email: string; firstName: string; timeZone: string | null }>, inserted: Array<{ userId: string; token: string }>) {
  if (inserted.length === 0) return;
  const optedOut = await optedOutOf(db, inserted.map((i) => i.userId), "emailInvitations");
  const [inviter] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, caller.user.id));
  const mails = inserted
    .filter((i) => !optedOut.has(i.userId))
    .flatMap((i) => {
      const person = people.find((p) => p.userId === i.userId);
      if (!person) return [];
      const paragraphs = [
        `Hi ${person.firstName}, ${inviter?.firstName ?? "The parents"} invited you to ${event.title}.`,
        `When: ${eventWhenText(event.date, event.time, caller.access.timeZone, person.timeZone)}`,
        ...(event.location ? [`Where: ${event.location}`] : []),
        `Will you be there? Attending: ${rsvpLinkOf(caller.origin, i.token, "attending")}`,
        `Maybe: ${rsvpLinkOf(caller.origin, i.token, "maybe")}`,
        `Can't make it: ${rsvpLinkOf(caller.origin, i.token, "declined")}`,
      ];
      const mail = composeMail(person.email, `You're invited: ${event.title}`, paragraphs, { label: "Reply to the invitation", url: rsvpLinkOf(caller.origin, i.token) });
      return [{ mail, options: { topic: "calendar" as const, recipientUserId: i.userId, pregnancyId: caller.access.id } }];
    });
  await caller.outbox.sendMany(mails, db);
}

async function optedOutOf(db: Executor, userIds: string[], preference: "emailInvitations" | "emailRsvps") {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db.select({ userId: userPreferences.userId }).from(userPreferences).where(and(inArray(userPreferences.userId, userIds), eq(userPreferences[preference], false)));
  return new Set(rows.map((r) => r.userId));
}

/** Withdraws an invitation (event_participants delete); the answer goes with it. */
export async function uninvite(caller: PregnancyCaller, { eventId, userId }: { eventId: string; userId: string }) {
  await editableEvent(caller, eventId);
  await caller.db.transaction(async (tx) => {
    await tx.delete(eventParticipants).where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
    await recountGuests(tx, eq(calendarEvents.id, eventId));
  });
  announce(caller, caller.access.id);
  return getEvent(caller, eventId);
}

/**
 * Stores an answer (rsvp_status, responded_at), the event's guest count and the parents' mail
 * together. True when the answer changed: the update itself compares (only a different answer
 * matches), so of identical answers sent at once exactly one changes it, and only that one tells anybody.
 */
async function storeAnswer(scope: RequestScope, invitation: { id: string; eventId: string; pregnancyId: string; userId: string }, answer: RsvpAnswer): Promise<boolean> {
  const changed = await scope.db.transaction(async (tx) => {
    const changed = await tx
      .update(eventParticipants)
      .set({ rsvpStatus: answer, respondedAt: new Date() })
      .where(and(eq(eventParticipants.id, invitation.id), ne(eventParticipants.rsvpStatus, answer)))
      .returning({ id: eventParticipants.id });
    if (changed.length === 0) return false;
    await recountGuests(tx, eq(calendarEvents.id, invitation.eventId));
    await mailAnswer(scope, tx, invitation, answer);
    return true;
  });
  // The calendar's viewers reload.
  if (changed) announce(scope, invitation.pregnancyId);
  return changed;
}

/** Tells the parents who want RSVP mail how an invitee answered: recorded through `db`, the answer's transaction. */
async function mailAnswer(scope: RequestScope, db: Executor, { pregnancyId, eventId, userId: responderId }: { pregnancyId: string; eventId: string; userId: string }, answer: RsvpAnswer) {
  const parents = await db
    .select({ userId: users.id, email: users.email })
    .from(pregnancyParticipants)
    .innerJoin(users, eq(users.id, pregnancyParticipants.userId))
    .where(and(eq(pregnancyParticipants.pregnancyId, pregnancyId), eq(pregnancyParticipants.status, "active"), inArray(pregnancyParticipants.role, [...NOTIFICATION_RECIPIENT_ROLES.emailRsvps]), ne(users.id, responderId)));
  const optedOut = await optedOutOf(db, parents.map((p) => p.userId), "emailRsvps");
  const [[responder], [event]] = await Promise.all([
    db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, responderId)),
    db.select({ title: calendarEvents.title }).from(calendarEvents).where(eq(calendarEvents.id, eventId)),
  ]);
  if (!responder || !event) return;
  const name = `${responder.firstName} ${responder.lastName}`.trim();
  await scope.outbox.sendMany(
    parents
      .filter((p) => !optedOut.has(p.userId))
      .map((p) => ({
        mail: composeMail(p.email, `${name} answered: ${RSVP_LABELS[answer]}`, [`${name} answered "${RSVP_LABELS[answer]}" to ${event.title}.`], { label: "Open the calendar", url: `${scope.origin}/calendar?event=${eventId}` }),
        options: { topic: "calendar", recipientUserId: p.userId, pregnancyId },
      })),
    db,
  );
}

/** The signed-in invitee answers from the event page or the dashboard. */
export async function answerRsvp(caller: PregnancyCaller, { eventId, status: answer }: { eventId: string; status: RsvpAnswer }) {
  const [invitation] = await caller.db
    .select({ id: eventParticipants.id, eventId: eventParticipants.eventId, pregnancyId: calendarEvents.pregnancyId, isArchived: calendarEvents.isArchived })
    .from(eventParticipants)
    .innerJoin(calendarEvents, eq(calendarEvents.id, eventParticipants.eventId))
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, caller.user.id)));
  if (!invitation || invitation.pregnancyId !== caller.access.id || invitation.isArchived) throw new AppError("NOT_FOUND", "NOT_INVITED", "You are not invited to this event");
  await storeAnswer(caller, { ...invitation, userId: caller.user.id }, answer);
  return getEvent(caller, eventId);
}

/**
 * The invitation a mailed link's token names, while it still counts: the event exists and is not
 * archived, the pregnancy is active and the invitee still takes part in it.
 */
async function invitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: eventParticipants.id,
      eventId: eventParticipants.eventId,
      userId: eventParticipants.userId,
      rsvpStatus: eventParticipants.rsvpStatus,
      respondedAt: eventParticipants.respondedAt,
      pregnancyId: calendarEvents.pregnancyId,
      pregnancyTitle: pregnancies.title,
      timeZone: familyZoneColumn,
      title: calendarEvents.title,
      date: calendarEvents.date,
      time: calendarEvents.time,
      location: calendarEvents.location,
      category: calendarEvents.category,
      inviteeFirstName: users.firstName,
    })
    .from(eventParticipants)
    .innerJoin(calendarEvents, eq(calendarEvents.id, eventParticipants.eventId))
    .innerJoin(pregnancies, eq(pregnancies.id, calendarEvents.pregnancyId))
    .innerJoin(users, eq(users.id, eventParticipants.userId))
    .innerJoin(
      pregnancyParticipants,
      and(eq(pregnancyParticipants.pregnancyId, calendarEvents.pregnancyId), eq(pregnancyParticipants.userId, eventParticipants.userId), eq(pregnancyParticipants.status, "active")),
    )
    .where(and(eq(eventParticipants.rsvpToken, token), eq(calendarEvents.isArchived, false), eq(pregnancies.status, "active")));
  if (!row) throw new AppError("NOT_FOUND", "INVITATION_NOT_FOUND", "This invitation link is no longer valid");
  return row;
}

/** What the one-click page shows: the event, whose invitation it is and the current answer. No other invitee is named. */
export async function invitationForToken(scope: RequestScope, token: string) {
  const { id: _id, userId: _userId, ...shown } = await invitationByToken(scope.db, token);
  return shown;
}

/** A mailed link's answer: the token is the invitee's proof, so no sign-in is needed. */
export async function answerRsvpByToken(scope: RequestScope, { token, status: answer }: { token: string; status: RsvpAnswer }) {
  const invitation = await invitationByToken(scope.db, token);
  await storeAnswer(scope, invitation, answer);
  return invitationForToken(scope, token);
}

// ---------------------------------------------------------------------------------------------
// Calendar subscription (iCalendar feed)

export const feedUrlOf = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

const liveTokenOf = (participantId: string) => and(eq(calendarFeedTokens.participantId, participantId), isNull(calendarFeedTokens.revokedAt));

/** The caller's private feed URL, made on first ask; one live token at a time. */
export async function feedUrl({ db, origin, access }: PregnancyCaller) {
  const { participantId } = access;
  const [existing] = await db.select({ token: calendarFeedTokens.token, createdAt: calendarFeedTokens.createdAt }).from(calendarFeedTokens).where(liveTokenOf(participantId));
  const row = existing ?? (await db.insert(calendarFeedTokens).values({ participantId }).returning({ token: calendarFeedTokens.token, createdAt: calendarFeedTokens.createdAt }))[0];
  if (!row) throw new Error("feed token insert returned nothing");
  return { url: feedUrlOf(origin, row.token), createdAt: row.createdAt };
}

/** Revokes the live feed URL: calendar apps holding it get 404 from now on; the next ask makes a new one. */
export async function revokeFeed({ db, access }: PregnancyCaller) {
  const revoked = await db.update(calendarFeedTokens).set({ revokedAt: new Date() }).where(liveTokenOf(access.participantId)).returning({ id: calendarFeedTokens.id });
  return { revoked: revoked.length > 0 };
}

/**
 * The feed behind a token: the events its participant may see now (their current flags and
 * level, checked like any request), or null when the token is unknown, revoked, or its
 * participant no longer takes part.
 */
export async function feedEvents({ db }: RequestScope, token: string): Promise<{ name: string; timeZone: string; events: CalendarEventView[] } | null> {
  const [row] = await db
    .select({ userId: pregnancyParticipants.userId, pregnancyId: pregnancyParticipants.pregnancyId, title: pregnancies.title })
    .from(calendarFeedTokens)
    .innerJoin(pregnancyParticipants, eq(pregnancyParticipants.id, calendarFeedTokens.participantId))
    .innerJoin(pregnancies, eq(pregnancies.id, pregnancyParticipants.pregnancyId))
    .where(and(eq(calendarFeedTokens.token, token), isNull(calendarFeedTokens.revokedAt)));
  if (!row?.userId) return null;
  const access = await loadPregnancyAccess(db, row.userId, row.pregnancyId);
  if (!access) return null;
  return { name: row.title, timeZone: access.timeZone, events: await eventsVisibleTo(db, access, row.userId, {}) };
}
