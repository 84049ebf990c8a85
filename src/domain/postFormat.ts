/**
 * What post content may hold (core spec 5: basic formatting, links only in posts), shared by the
 * server's sanitiser (richText.ts) and the browser's renderer (src/features/posts/postHtml.ts).
 * No parser here: this module stays small enough for every page that shows a post.
 */

export const POST_ALLOWED_TAGS = ["b", "i", "em", "strong", "p", "br", "ul", "ol", "li", "a"] as const;
export type PostTag = (typeof POST_ALLOWED_TAGS)[number];

/** Elements whose content is never text to show (scripts, styles, embedded documents, foreign markup): dropped whole. */
export const POST_DROPPED_WITH_CONTENT: readonly string[] = [
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "svg",
  "math",
];

/** Deeper nesting is only ever crafted; elements beyond it are unwrapped (their text kept). */
export const MAX_POST_NESTING = 32;

export const LINK_REL = "noopener noreferrer nofollow";
export const LINK_TARGET = "_blank";

const HTTP_URL = /^https?:\/\//i;
const HTTP_PROTOCOLS = new Set(["http:", "https:"]);
/** URL parsers drop tabs and newlines anywhere and C0 controls and spaces at both ends. */
const URL_TABS_AND_NEWLINES = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/**
 * The normalised absolute http(s) URL of a link's href (as an HTML parser hands it over, entities
 * decoded), or null for any other scheme, a relative or scheme-relative address, or none.
 */
export function safeLinkHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const value = href.replace(URL_TABS_AND_NEWLINES, "").replace(URL_EDGE_CONTROLS, "");
  if (!HTTP_URL.test(value)) return null;
  try {
    const url = new URL(value);
    return HTTP_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
