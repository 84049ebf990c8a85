import { and, asc, desc, eq, gte } from "drizzle-orm";
import { DASHBOARD_LATEST_PHOTOS, DASHBOARD_LATEST_POSTS, DASHBOARD_UPCOMING_EVENTS } from "../../src/domain/constants";
import { todayIso } from "../../src/domain/dates";
import { sanitizePostContent } from "../../src/domain/sanitize";
import type { Db } from "../db";
import { audienceFilter } from "../db/audience";
import { calendarEvents, photos, posts, users, waitingRoomSessions } from "../db/schema";
import type { PregnancyAccess } from "../trpc/access";
import { visibleTo } from "./photos.service";

/**
 * What the dashboard shows, each list filtered by the viewer's audience and flags: upcoming events
 * (guests need canViewCalendarEvents), the latest posts and photos, and the waiting room's state.
 */
export async function dashboardSummary(db: Db, viewer: PregnancyAccess, userId: string, today = todayIso()) {
  const pregnancyId = viewer.id;
  const canSeeEvents = viewer.isParent || viewer.permissions.canViewCalendarEvents;
  const [upcomingEvents, latestPosts, latestPhotos, [session]] = await Promise.all([
    canSeeEvents
      ? db
          .select({ id: calendarEvents.id, title: calendarEvents.title, date: calendarEvents.date, time: calendarEvents.time, category: calendarEvents.category, location: calendarEvents.location })
          .from(calendarEvents)
          .where(and(eq(calendarEvents.pregnancyId, pregnancyId), eq(calendarEvents.isArchived, false), gte(calendarEvents.date, today), audienceFilter(calendarEvents.privacyLevel, viewer)))
          .orderBy(asc(calendarEvents.date), asc(calendarEvents.time))
          .limit(DASHBOARD_UPCOMING_EVENTS)
      : Promise.resolve([]),
    db
      .select({ id: posts.id, content: posts.content, createdAt: posts.createdAt, authorFirstName: users.firstName, authorLastName: users.lastName })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.pregnancyId, pregnancyId), audienceFilter(posts.privacyLevel, viewer)))
      .orderBy(desc(posts.createdAt))
      .limit(DASHBOARD_LATEST_POSTS),
    db
      .select({ id: photos.id, title: photos.title, altText: photos.altText, thumbnailUrl: photos.thumbnailUrl, fileUrl: photos.fileUrl })
      .from(photos)
      // The album's own rule: audience groups and the uploader's own photos included.
      .where(visibleTo({ access: viewer, userId }))
      .orderBy(desc(photos.createdAt))
      .limit(DASHBOARD_LATEST_PHOTOS),
    db
      .select({ isActive: waitingRoomSessions.isActive, isFalseAlarm: waitingRoomSessions.isFalseAlarm, isBabyHere: waitingRoomSessions.isBabyHere, scheduledCloseAt: waitingRoomSessions.scheduledCloseAt })
      .from(waitingRoomSessions)
      .where(eq(waitingRoomSessions.pregnancyId, pregnancyId))
      .orderBy(desc(waitingRoomSessions.createdAt))
      .limit(1),
  ]);
  return {
    upcomingEvents,
    latestPosts: latestPosts.map(({ authorFirstName, authorLastName, content, ...post }) => ({
      ...post,
      // Stored content is sanitised on write; sanitising again on read costs little and protects old rows.
      content: sanitizePostContent(content),
      authorName: `${authorFirstName} ${authorLastName}`,
    })),
    latestPhotos,
    waitingRoom: session ?? null,
  };
}
