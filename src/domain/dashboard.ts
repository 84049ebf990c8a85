/** Ours: how many items each dashboard list shows. */
export const DASHBOARD_UPCOMING_EVENTS = 5;

export const DASHBOARD_LATEST_POSTS = 3;

export const DASHBOARD_LATEST_PHOTOS = 6;

