/**
 * Pictures shown in the app (album thumbnails and display copies, the pictures on posts and the
 * dashboard, waiting-room images) are served by signed, short-lived links (issue 40): the Worker
 * checks the audience when it hands out the link, and the link's signature alone when it is
 * followed, so a picture costs no database round trip. Originals (downloads) and clips stay on
 * the checked routes.
 */

/** Where signed pictures are served: `/api/pictures/<token>`. */
export const PICTURE_LINK_PATH = "/api/pictures/";

/** What a link names: an album photo's stored file, or a waiting-room image. */
export const PICTURE_KINDS = ["photo", "room"] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/**
 * Expiries are rounded up to the end of a window, so every list read within one window hands out
 * the same link and the browser's cache answers the next visit.
 */
export const PICTURE_LINK_WINDOW_SECONDS = 30 * 60;

/**
 * A link lives until the end of the window after the one it was handed out in: between 30 and 60
 * minutes. That is also how long a relative who is removed, or a photo whose audience narrows, can
 * still be shown a picture they were given (README, privacy page).
 */
export const PICTURE_LINK_MAX_LIFE_SECONDS = 2 * PICTURE_LINK_WINDOW_SECONDS;

/** The expiry, in seconds since the epoch, of a link handed out at `now`. */
export function pictureLinkExpiry(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / PICTURE_LINK_WINDOW_SECONDS) + 2) * PICTURE_LINK_WINDOW_SECONDS;
}

/** How long a browser may keep the picture of a link expiring at `expiresAt` (seconds): until the link expires. */
export function pictureCacheSeconds(expiresAt: number, now: Date): number {
  return Math.max(0, expiresAt - Math.floor(now.getTime() / 1000));
}

/**
 * Screens that show pictures read their list again this often while open, so the links they hold
 * never run out (a list read in one window holds links good until the end of the next).
 */
export const PICTURE_LINK_REFRESH_MS = PICTURE_LINK_WINDOW_SECONDS * 1000;
