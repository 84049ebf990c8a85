/**
 * Addresses that carry a secret (RSVP, reset and sign-in links, invitations, the calendar feed, the
 * weekly digest's thumbnails and unsubscribe link):
 * they must never travel on in a Referer, be logged, or leave for the error tracker.
 */
const TOKEN_PATHS = ["/rsvp/", "/reset-password", "/verify", "/auth/callback", "/guest-signup", "/invited-partner", "/api/calendar/", "/api/auth/", "/api/digest/"];
const TOKEN_PARAMS = ["token", "code"];

export const carriesToken = (url: URL): boolean =>
  TOKEN_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(path.endsWith("/") ? path : `${path}/`)) ||
  TOKEN_PARAMS.some((param) => url.searchParams.has(param));
