/**
 * The weekly digest (issue 22): once a week, on Monday from 08:00 in the recipient's own time zone,
 * a mail with what is new in their pregnancies. The hourly trigger asks, for each zone, whether it
 * is that morning there and which week it is; a run later the same local Monday (a missed hour)
 * still sends, Tuesday does not. A week is named by its Monday's date in the recipient's zone.
 */
import { formatClipLength } from "./clips";
import { addDays, startOfWeek } from "./dates";
import { localDateAndTime, zoneOrFallback } from "./timeZones";
import { MS_PER_DAY } from "./units";

/** The hourly trigger (wrangler.toml [triggers]). */
export const WEEKLY_DIGEST_CRON = "0 * * * *";

/**
 * A page of a run's claims on the digest queue: those made at `at` (the run's moment, ISO; the
 * digests are composed as at it) for user ids `from` to `to`.
 */
export interface DigestMessage {
  at: string;
  from: string;
  to: string;
}

/**
 * Recipients per digest queue message: one consumer invocation composes them, each about ten
 * statements, well under the Workers limit of 10,000 subrequests per invocation.
 */
export const DIGEST_PAGE_SIZE = 500;

/** The local hour from which Monday's digest goes. */
export const DIGEST_HOUR = 8;

/** Without an earlier digest, what is new is what came in the last week. */
export const DIGEST_FIRST_LOOKBACK_DAYS = 7;
/** Never further back than this, however long ago the last digest went (after a pause, say). */
export const DIGEST_MAX_LOOKBACK_DAYS = 14;
/** Events from the recipient's today through this many days ahead. */
export const DIGEST_UPCOMING_DAYS = 7;
/** A mailed thumbnail link works this long. */
export const DIGEST_PHOTO_LINK_DAYS = 14;
/** An unsubscribe link works this long: a digest kept in an inbox for months can still stop the next one. */
export const DIGEST_UNSUBSCRIBE_LINK_DAYS = 365;

/** What one pregnancy's part of the mail shows at most; the rest is counted. */
export const DIGEST_PHOTOS_SHOWN = 6;
export const DIGEST_POSTS_SHOWN = 5;
export const DIGEST_EVENTS_SHOWN = 10;
/** A post's opening lines, at most this many characters. */
export const DIGEST_POST_EXCERPT_LENGTH = 200;
export const DIGEST_POST_EXCERPT_LINES = 2;

export interface LocalClock {
  /** The calendar date there, YYYY-MM-DD. */
  date: string;
  /** The hour there, 0-23. */
  hour: number;
}

/** The date and hour at `now` in the zone. */
export function localClock(now: Date, timeZone: string): LocalClock {
  const { date, time } = localDateAndTime(now, timeZone);
  return { date, hour: Number(time.slice(0, time.indexOf(":"))) };
}

/** The recipient's date at `now` (the first day of their upcoming events). */
export const localDate = (now: Date, timeZone: string | null | undefined) => localClock(now, zoneOrFallback(timeZone)).date;

/**
 * The week whose digest is due at `now` for someone in `timeZone` (null: UTC): its Monday's date
 * when it is Monday from DIGEST_HOUR there, else null.
 */
export function digestWeekDue(now: Date, timeZone: string | null | undefined): string | null {
  const { date, hour } = localClock(now, zoneOrFallback(timeZone));
  return startOfWeek(date) === date && hour >= DIGEST_HOUR ? date : null;
}

/**
 * Where "new" starts: the previous digest's run (so nothing is told twice), or a week back for a
 * first digest, and never more than DIGEST_MAX_LOOKBACK_DAYS back.
 */
export function digestWindowStart(previousRunAt: Date | null, now: Date): Date {
  const earliest = now.getTime() - DIGEST_MAX_LOOKBACK_DAYS * MS_PER_DAY;
  const start = previousRunAt ? previousRunAt.getTime() : now.getTime() - DIGEST_FIRST_LOOKBACK_DAYS * MS_PER_DAY;
  return new Date(Math.max(start, earliest));
}

/** The last day of the upcoming events, from the recipient's today. */
export const upcomingUntil = (today: string) => addDays(today, DIGEST_UPCOMING_DAYS);

/** A post's opening lines for the mail: its first non-empty lines, cut with '...'. */
export function postExcerpt(plainText: string): string {
  const lines = plainText
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const opening = lines.slice(0, DIGEST_POST_EXCERPT_LINES).join(" ");
  const cut = opening.length > DIGEST_POST_EXCERPT_LENGTH || lines.length > DIGEST_POST_EXCERPT_LINES;
  return cut ? `${opening.slice(0, DIGEST_POST_EXCERPT_LENGTH).trimEnd()}...` : opening;
}

export const DIGEST_MESSAGES = {
  subject: (titles: readonly string[]) => (titles.length === 1 ? `${titles[0]}: your week` : "Your week on BabySteps"),
  greeting: (firstName: string) => `Hi ${firstName}, here is what is new this week.`,
  weekLine: (week: number) => `Week ${week} of the pregnancy.`,
  photos: "New photos",
  morePhotos: (count: number) => `And ${count} more in the album.`,
  /** Under a clip's poster: a play mark and its length. */
  clipCaption: (durationMs: number | null) => (durationMs === null ? "▶ Video" : `▶ Video, ${formatClipLength(durationMs)}`),
  posts: "New updates",
  morePosts: (count: number) => `And ${count} more in the feed.`,
  events: "Coming up this week",
  openAlbum: "Open the album",
  openPost: "Read it",
  openEvent: "Open the event",
  turnOff: "You get this mail because the weekly digest is on in your settings.",
  unsubscribeTitle: "Stop the weekly digest",
  unsubscribeQuestion: "Do you want to stop getting the weekly digest by email? You can turn it back on in Settings whenever you like.",
  unsubscribeButton: "Stop the weekly digest",
  unsubscribed: "Done: the weekly digest is off. You can turn it back on in Settings.",
  invalidLink: "This link is invalid or has expired. You can turn the weekly digest off in Settings.",
} as const;
