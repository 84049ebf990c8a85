/** Numbers of the app's frame and the marketing pages' layout that the browser suite checks too. */
import { SECONDS_PER_DAY } from "./units";
export const SIDEBAR_COOKIE_MAX_AGE_DAYS = 7;

export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = SIDEBAR_COOKIE_MAX_AGE_DAYS * SECONDS_PER_DAY;

export const MOBILE_BOTTOM_BAR_MAX_ITEMS = 4;

/** The marketing home's sticky price bar appears after this much scrolling. */
export const STICKY_BAR_SCROLL_PX = 300;

