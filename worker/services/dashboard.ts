import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { guestLevelOf } from "../../src/domain/audience";
import { calendarEvents, eventParticipants, photos, pregnancies, pregnancyBabies, waitingRoomSessions } from "../db/schema";
import { visibleEvents } from "./calendar";
import type { PregnancyCaller } from "./caller";
import { pictureLinksOf, storedFileColumns, visibleTo } from "./photos";
import { DASHBOARD_LATEST_PHOTOS, DASHBOARD_UPCOMING_EVENTS } from "../../src/domain/dashboard";

/**
 * What the dashboard shows, each list filtered by the viewer's audience and flags: upcoming events
 * (guests need canViewCalendarEvents or an invitation) with the viewer's own answer, the latest
 * photos, the waiting room's state and the babies with what the parents told of each birth (the
 * room's announcement shows every participant the same). The latest posts come from posts.list,
 * which brings their likes and comments.
 */
export async function dashboardSummary(caller: PregnancyCaller) {
  const { db, access } = caller;
  const userId = caller.user.id;
  const pregnancyId = access.id;
  // "Upcoming" starts on the family's today: an event tonight stays until midnight where they live.
  const { today } = access;
  const [upcomingEvents, latestPhotos, roomAndBabies] = await Promise.all([
    db
      .select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        date: calendarEvents.date,
        time: calendarEvents.time,
        category: calendarEvents.category,
        location: calendarEvents.location,
        myRsvp: eventParticipants.rsvpStatus,
      })
      .from(calendarEvents)
      .leftJoin(eventParticipants, and(eq(eventParticipants.eventId, calendarEvents.id), eq(eventParticipants.userId, userId)))
      // The calendar's own rule: flag and level, or the viewer's own invitation.
      .where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.isArchived, false), gte(calendarEvents.date, today), visibleEvents(access, userId)))
      .orderBy(asc(calendarEvents.date), asc(calendarEvents.time))
      .limit(DASHBOARD_UPCOMING_EVENTS),
    db
      .select({
        id: photos.id,
        title: photos.title,
        altText: photos.altText,
        ...storedFileColumns,
        durationMs: photos.durationMs,
        // Its copies are still being made (worker/services/photoCopies.ts): the card shows a placeholder.
        copiesPending: sql<boolean>`${photos.copiesRequestedAt} is not null`,
      })
      .from(photos)
      // The album's own rule: audience groups and the uploader's own photos included.
      .where(visibleTo(caller))
      .orderBy(desc(photos.createdAt))
      .limit(DASHBOARD_LATEST_PHOTOS),
    // The room's latest session and the babies in one statement: one row per baby (one with no baby when there is none).
    db
      .select({
        session: { isActive: waitingRoomSessions.isActive, isFalseAlarm: waitingRoomSessions.isFalseAlarm, isBabyHere: waitingRoomSessions.isBabyHere, scheduledCloseAt: waitingRoomSessions.scheduledCloseAt },
        baby: {
          id: pregnancyBabies.id,
          name: pregnancyBabies.name,
          gender: pregnancyBabies.gender,
          bornAnnouncedAt: pregnancyBabies.bornAnnouncedAt,
          birthDate: pregnancyBabies.birthDate,
          birthTime: pregnancyBabies.birthTime,
          birthWeightPounds: pregnancyBabies.birthWeightPounds,
          birthLengthInches: pregnancyBabies.birthLengthInches,
          birthMeasurementSystem: pregnancyBabies.birthMeasurementSystem,
          toldTo: pregnancyBabies.birthAudienceGroups,
        },
      })
      .from(pregnancies)
      .leftJoin(
        waitingRoomSessions,
        and(eq(waitingRoomSessions.pregnancyId, pregnancies.id), eq(waitingRoomSessions.createdAt, sql`(select max(latest.created_at) from ${waitingRoomSessions} latest where latest.pregnancy_id = ${pregnancies.id})`)),
      )
      // A baby lost of several is no longer spoken of (issue 38).
      .leftJoin(pregnancyBabies, and(eq(pregnancyBabies.pregnancyId, pregnancies.id), isNull(pregnancyBabies.lostAt)))
      .where(eq(pregnancies.id, pregnancyId))
      .orderBy(asc(pregnancyBabies.birthOrder)),
  ]);
  // A birth shows to the circles the parents told (every one unless they chose); to the others the baby is still expected.
  const told = (groups: readonly string[] | null) => access.isParent || !groups || groups.includes(guestLevelOf(access));
  const session = roomAndBabies[0]?.session ?? null;
  const babies = roomAndBabies.flatMap((row) => (row.baby ? [row.baby] : [])).filter((baby, index, all) => all.findIndex((b) => b.id === baby.id) === index);
  const shown = babies.map(({ toldTo, ...baby }) =>
    told(toldTo) ? baby : { ...baby, bornAnnouncedAt: null, birthDate: null, birthTime: null, birthWeightPounds: null, birthLengthInches: null, birthMeasurementSystem: null },
  );
  // After a loss the room is closed for good and nothing speaks of it (issue 38).
  // Shown by signed links, as the album shows them; where they are stored stays here.
  const latestPhotoViews = await Promise.all(
    latestPhotos.map(async (row) => ({ id: row.id, title: row.title, altText: row.altText, kind: row.kind, durationMs: row.durationMs, copiesPending: row.copiesPending, ...(await pictureLinksOf(caller, row)) })),
  );
  return { upcomingEvents, latestPhotos: latestPhotoViews, waitingRoom: session, babies: shown, endedInLoss: access.endedInLoss };
}
