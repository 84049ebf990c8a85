/**
 * Plain text (core spec 5): titles, locations, notes, questions, comments, chat and direct
 * messages, names, descriptions and every other field that is not post content. It is stored as
 * typed, never parsed as HTML nor stripped of words: 'Mom<Dad', 'onion=2' and 'javascript: is a
 * word' are ordinary sentences. Safety comes from escaping it for each output instead (React in the
 * app, escapeHtml in mail, escapeIcalText in calendar feeds, csvCell in exports).
 *
 * Storing only trims the ends, drops control characters (invisible, and NUL is refused by
 * Postgres) and cuts over-length text to its maximum ending in '...'; the '...' counts toward the
 * maximum (lengths in UTF-16 units, never splitting a surrogate pair). Post content is rich text:
 * see richText.ts.
 */
import { COMMENT_MAX_LENGTH, LOCATION_MAX_LENGTH, NOTES_MAX_LENGTH, QUESTIONS_MAX_LENGTH, TITLE_MAX_LENGTH } from "./textLimits";

export const ELLIPSIS = "...";

/** C0 and C1 controls except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;
const isHighSurrogate = (code: number) => code >= HIGH_SURROGATE_FIRST && code <= HIGH_SURROGATE_LAST;

/** The first `max` UTF-16 units of the text, one fewer when the cut would split a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, cut);
}

/** Cuts text longer than `max` to at most `max` characters ending in '...'; shorter text is returned as is. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return cutText(text, max - ELLIPSIS.length).trimEnd() + ELLIPSIS;
}

/** The text as typed, without control characters, trimmed, cut to `max` with '...'. */
export function sanitizePlainText(input: string, max: number): string {
  return truncateText(input.replace(CONTROL_CHARACTERS, "").trim(), max);
}

export const sanitizeTitle = (input: string) => sanitizePlainText(input, TITLE_MAX_LENGTH);
export const sanitizeLocation = (input: string) => sanitizePlainText(input, LOCATION_MAX_LENGTH);
export const sanitizeNotes = (input: string) => sanitizePlainText(input, NOTES_MAX_LENGTH);
export const sanitizeQuestions = (input: string) => sanitizePlainText(input, QUESTIONS_MAX_LENGTH);
export const sanitizeComment = (input: string) => sanitizePlainText(input, COMMENT_MAX_LENGTH);

/** Text placed in HTML we write ourselves (mails, the exported birth plan): the five special characters escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
