/**
 * Text sanitising (core spec 5). Runs unchanged in the browser and in a Worker: no DOM, no Node
 * APIs, only a small tokenizer that follows the HTML parsing rules closely enough that whatever it
 * calls text is text to a browser too.
 *
 * - Plain-text fields (title, location, notes, questions, comments) keep only the text: every tag,
 *   comment and the content of script-like elements is removed, entities are decoded, script URLs
 *   (javascript:, vbscript:, data:<mime>) and inline handlers (on...=) are cut out. This repeats
 *   until nothing changes, so the result contains no markup even once decoded, and sanitising it
 *   again changes nothing. Only crafted input needs more than MAX_PASSES rounds; it then loses
 *   every '<' and '&' (or ':' and '=') instead, which keeps the cost linear.
 * - Post content keeps b, i, em, strong, p, br, ul, ol, li and a. The output is rebuilt from the
 *   tokens (never copied from the input): text is escaped, allowed tags are written without any
 *   attribute, and a link keeps only an http(s) href plus rel="noopener noreferrer nofollow" and
 *   target="_blank". A link without a safe href is dropped and its text kept.
 *
 * Over-length results are cut and end in '...'; the '...' counts toward the maximum, so a result is
 * never longer than its maximum (lengths in UTF-16 units, never splitting a surrogate pair). For
 * post content the maximum applies to the stored HTML, and the cut never splits a tag or entity:
 * open tags are closed after the '...'.
 */
import {
  COMMENT_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  POST_CONTENT_MAX_LENGTH,
  QUESTIONS_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "./constants";

export const ELLIPSIS = "...";

// ---------------------------------------------------------------------------------------------
// Tokenizer

export interface HtmlAttribute {
  name: string;
  value: string;
}

export type HtmlToken =
  | { kind: "text"; text: string }
  | { kind: "start"; name: string; attributes: HtmlAttribute[] }
  | { kind: "end"; name: string };

/** Tab, line feed, form feed, carriage return, space. */
const HTML_WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const LOWER_A = 0x61;
const LOWER_Z = 0x7a;
const ASCII_CASE_BIT = 0x20;
/** Elements whose content a browser never parses as markup; their content is dropped whole. */
const RAW_TEXT_ELEMENTS = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"]);
/** <plaintext> never ends: everything after it is its content. */
const ENDLESS_ELEMENT = "plaintext";

// Character tests work on char codes: the tokenizer runs once per character of every post.
const isAsciiLetter = (ch: string | undefined) => {
  if (ch === undefined) return false;
  const lower = ch.charCodeAt(0) | ASCII_CASE_BIT;
  return lower >= LOWER_A && lower <= LOWER_Z;
};
const isWhitespace = (ch: string | undefined) => ch !== undefined && HTML_WHITESPACE.has(ch.charCodeAt(0));
const NON_ASCII = /[\u0080-\uffff]/;
/** HTML lowercases tag and attribute names in ASCII only (String#toLowerCase would map e.g. the Kelvin sign to 'k'). */
const asciiLower = (text: string) => (NON_ASCII.test(text) ? text.replace(/[A-Z]/g, (ch) => ch.toLowerCase()) : text.toLowerCase());

/** Index just past the next '>' from `from`, or the end: bogus comments and declarations. */
function skipPastGreaterThan(input: string, from: number): number {
  const end = input.indexOf(">", from);
  return end === -1 ? input.length : end + 1;
}

/** Index just past a comment starting at `start` ('<!--'), or the end when it never closes. */
function skipComment(input: string, start: number): number {
  const body = start + "<!--".length;
  // '<!-->' and '<!--->' are complete (empty) comments.
  if (input.startsWith(">", body)) return body + ">".length;
  if (input.startsWith("->", body)) return body + "->".length;
  const ends = ["-->", "--!>"].map((end) => {
    const at = input.indexOf(end, body);
    return at === -1 ? input.length : at + end.length;
  });
  return Math.min(...ends);
}

const atNameEnd = (ch: string | undefined) => ch === undefined || isWhitespace(ch) || ch === "/" || ch === ">";

/**
 * Reads a tag's name and attributes from just after '<' or '</' up to its '>'. Null when the input
 * ends inside the tag: a browser then drops the tag and everything after it.
 */
function readTag(input: string, from: number): { name: string; attributes: HtmlAttribute[]; end: number } | null {
  let i = from;
  while (!atNameEnd(input[i])) i++;
  const name = asciiLower(input.slice(from, i));
  const attributes: HtmlAttribute[] = [];
  for (;;) {
    while (isWhitespace(input[i]) || input[i] === "/") i++;
    if (i >= input.length) return null;
    if (input[i] === ">") return { name, attributes, end: i + 1 };
    // An attribute name runs to whitespace, '/', '>' or '='; its first character may be '='.
    const nameStart = i++;
    while (!atNameEnd(input[i]) && input[i] !== "=") i++;
    const attributeName = asciiLower(input.slice(nameStart, i));
    while (isWhitespace(input[i])) i++;
    let value = "";
    if (input[i] === "=") {
      i++;
      while (isWhitespace(input[i])) i++;
      const quote = input[i];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = input.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < input.length && !isWhitespace(input[i]) && input[i] !== ">") i++;
        value = input.slice(valueStart, i);
      }
    }
    attributes.push({ name: attributeName, value });
  }
}

/** Index of the end tag closing a raw-text element (left for the tokenizer to read), or the end. */
function skipRawText(input: string, from: number, name: string): number {
  if (name === ENDLESS_ELEMENT) return input.length;
  // Only '</name' followed by whitespace, '/' or '>' ends it; ASCII case-insensitive.
  const endTag = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi");
  endTag.lastIndex = from;
  const match = endTag.exec(input);
  return match ? match.index : input.length;
}

/**
 * Splits HTML into text (entities still encoded), start tags and end tags, as a browser's
 * tokenizer would. Comments, doctypes, processing instructions, '</>' and the content of
 * raw-text elements produce no token; a tag cut off by the end of input drops the rest.
 */
export function tokenizeHtml(input: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let textStart = 0;
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) break;
    const next = input[lt + 1];
    let tag: ReturnType<typeof readTag> = null;
    let resume: number;
    if (next === "!") {
      resume = input.startsWith("<!--", lt) ? skipComment(input, lt) : skipPastGreaterThan(input, lt);
    } else if (next === "?") {
      resume = skipPastGreaterThan(input, lt);
    } else if (next === "/") {
      const after = input[lt + 2];
      if (isAsciiLetter(after)) {
        tag = readTag(input, lt + 2);
        resume = tag ? tag.end : input.length;
      } else {
        // '</>' is ignored, '</' plus anything else is a bogus comment, '</' at the end is dropped.
        resume = after === ">" ? lt + "</>".length : skipPastGreaterThan(input, lt);
      }
    } else if (isAsciiLetter(next)) {
      tag = readTag(input, lt + 1);
      resume = tag ? tag.end : input.length;
    } else {
      // A '<' not starting markup ('a < b', '<3') is text.
      i = lt + 1;
      continue;
    }
    if (lt > textStart) tokens.push({ kind: "text", text: input.slice(textStart, lt) });
    textStart = i = resume;
    if (!tag) continue;
    if (next === "/") {
      tokens.push({ kind: "end", name: tag.name });
    } else {
      tokens.push({ kind: "start", name: tag.name, attributes: tag.attributes });
      if (RAW_TEXT_ELEMENTS.has(tag.name)) textStart = i = skipRawText(input, i, tag.name);
    }
  }
  if (textStart < input.length) tokens.push({ kind: "text", text: input.slice(textStart) });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Entities

const NAMED_ENTITIES = new Map<string, string>([
  ["amp", "&"],
  ["AMP", "&"],
  ["lt", "<"],
  ["LT", "<"],
  ["gt", ">"],
  ["GT", ">"],
  ["quot", '"'],
  ["QUOT", '"'],
  ["apos", "'"],
  ["nbsp", "\u00a0"],
  ["colon", ":"],
  ["semi", ";"],
  ["sol", "/"],
  ["bsol", "\\"],
  ["num", "#"],
  ["equals", "="],
  ["lpar", "("],
  ["rpar", ")"],
  ["Tab", "\t"],
  ["NewLine", "\n"],
  ["hellip", "\u2026"],
  ["mdash", "\u2014"],
  ["ndash", "\u2013"],
  ["lsquo", "\u2018"],
  ["rsquo", "\u2019"],
  ["ldquo", "\u201c"],
  ["rdquo", "\u201d"],
  ["bull", "\u2022"],
  ["middot", "\u00b7"],
  ["copy", "\u00a9"],
  ["reg", "\u00ae"],
  ["trade", "\u2122"],
  ["hearts", "\u2665"],
]);
/** Numeric references may omit the ';' (as browsers allow); named ones need it. */
const CHARACTER_REFERENCE = /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);)/g;
const HEX = 16;
const DECIMAL = 10;
const MAX_CODE_POINT = 0x10ffff;
const SURROGATES_FIRST = 0xd800;
const SURROGATES_LAST = 0xdfff;
const REPLACEMENT_CHARACTER = "\ufffd";

function fromCodePoint(code: number): string {
  const invalid = code === 0 || code > MAX_CODE_POINT || (code >= SURROGATES_FIRST && code <= SURROGATES_LAST);
  return invalid ? REPLACEMENT_CHARACTER : String.fromCodePoint(code);
}

/** Decodes numeric character references and the common named ones; unknown names stay as typed. */
export function decodeEntities(text: string): string {
  return text.replace(CHARACTER_REFERENCE, (reference, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES.get(name) ?? reference;
    return fromCodePoint(hex !== undefined ? parseInt(hex, HEX) : parseInt(decimal ?? "", DECIMAL));
  });
}

// ---------------------------------------------------------------------------------------------
// Text cleaning

/** C0 and C1 controls except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** URL parsers ignore tabs and newlines anywhere, so 'java\tscript:' still runs. */
const URL_IGNORED = "[\\t\\n\\r]*";
const schemePattern = (scheme: string) => [...scheme].join(URL_IGNORED) + URL_IGNORED + ":";
const SCRIPT_URL = new RegExp(["javascript", "vbscript"].map(schemePattern).join("|"), "gi");
/** 'data:' only before a media type ('data:text/html,...'), so prose like "Data: 5 kicks" survives. */
const DATA_URL = new RegExp(`${schemePattern("data")}(?=\\s*[a-z]+/[a-z0-9.+-]+\\s*[;,])`, "gi");
const INLINE_HANDLER = /\bon[a-z]+\s*=/gi;

/**
 * Repeated passes stop here. Ordinary text is stable after one or two; only crafted nesting goes
 * deeper, and each pass costs a full scan, so beyond this the characters markup needs are dropped.
 */
const MAX_PASSES = 4;
/** Every script URL and handler needs one of these. */
const URL_AND_HANDLER_PUNCTUATION = /[:=]/g;
/** Every tag and entity needs one of these. */
const MARKUP_PUNCTUATION = /[<&]/g;

/** Removes control characters, script URLs and inline handlers until none is left. */
function cleanText(text: string): string {
  let current = text.replace(CONTROL_CHARACTERS, "");
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // Removing one match can join its neighbours into a new one ('javajavascript:script:').
    const next = current.replace(SCRIPT_URL, "").replace(DATA_URL, "").replace(INLINE_HANDLER, "");
    if (next === current) return current;
    current = next;
  }
  return current.replace(URL_AND_HANDLER_PUNCTUATION, "");
}

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

// ---------------------------------------------------------------------------------------------
// Plain text

/** The text a browser would show for the input, with entities decoded. */
const shownText = (input: string) =>
  tokenizeHtml(input)
    .map((token) => (token.kind === "text" ? decodeEntities(token.text) : ""))
    .join("");

/** Shown text, cleaned, repeated until stable (decoding or removing can form new markup). */
function plainText(input: string): string {
  let current = input;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = cleanText(shownText(current));
    if (next === current) return current;
    current = next;
  }
  return cleanText(shownText(current).replace(MARKUP_PUNCTUATION, ""));
}

/** Plain text without markup, script URLs or handlers, trimmed, cut to `max` with '...'. */
export function sanitizePlainText(input: string, max: number): string {
  return truncateText(plainText(input).trim(), max);
}

export const sanitizeTitle = (input: string) => sanitizePlainText(input, TITLE_MAX_LENGTH);
export const sanitizeLocation = (input: string) => sanitizePlainText(input, LOCATION_MAX_LENGTH);
export const sanitizeNotes = (input: string) => sanitizePlainText(input, NOTES_MAX_LENGTH);
export const sanitizeQuestions = (input: string) => sanitizePlainText(input, QUESTIONS_MAX_LENGTH);
export const sanitizeComment = (input: string) => sanitizePlainText(input, COMMENT_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// Post content (basic formatting and links)

export const POST_ALLOWED_TAGS = ["b", "i", "em", "strong", "p", "br", "ul", "ol", "li", "a"] as const;
const ALLOWED_TAGS = new Set<string>(POST_ALLOWED_TAGS);
const VOID_TAGS = new Set(["br"]);
const LINK_TAG = "a";
/** Deeper nesting is only ever crafted; its extra tags are dropped (their text kept). */
const MAX_POST_NESTING = 32;
export const LINK_REL = "noopener noreferrer nofollow";
export const LINK_TARGET = "_blank";
const HTTP_URL = /^https?:\/\//i;
const HTTP_PROTOCOLS = new Set(["http:", "https:"]);
/** URL parsers drop tabs and newlines anywhere and C0 controls and spaces at both ends. */
const URL_TABS_AND_NEWLINES = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** The normalised http(s) URL of a link's first href, or null when it has none or another scheme. */
export function safeLinkHref(attributes: readonly HtmlAttribute[]): string | null {
  // Like a browser, the first of repeated attributes wins.
  const href = attributes.find((attribute) => attribute.name === "href");
  if (!href) return null;
  const value = decodeEntities(href.value).replace(URL_TABS_AND_NEWLINES, "").replace(URL_EDGE_CONTROLS, "");
  if (!HTTP_URL.test(value)) return null;
  try {
    const url = new URL(value);
    return HTTP_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Starting one of these first closes an open element of the key's kind, as browsers do. */
const IMPLIED_CLOSES = new Map<string, { closes: string; unlessInside: readonly string[] }>([
  // A new item ends the previous one of the same list, not one of an outer list.
  ["li", { closes: "li", unlessInside: ["ul", "ol"] }],
  ["p", { closes: "p", unlessInside: [] }],
  ["ul", { closes: "p", unlessInside: [] }],
  ["ol", { closes: "p", unlessInside: [] }],
]);

type PostPiece = { kind: "text"; text: string } | { kind: "open"; name: string; html: string } | { kind: "void"; html: string } | { kind: "close"; name: string };

const closeTag = (name: string) => `</${name}>`;

/** Balanced pieces of allowed markup and cleaned text, in document order. */
function postPieces(input: string): PostPiece[] {
  const pieces: PostPiece[] = [];
  const open: string[] = [];
  for (const token of tokenizeHtml(input)) {
    if (token.kind === "text") {
      const text = cleanText(decodeEntities(token.text));
      if (text) pieces.push({ kind: "text", text });
    } else if (!ALLOWED_TAGS.has(token.name)) {
      continue;
    } else if (token.kind === "start") {
      if (VOID_TAGS.has(token.name)) {
        pieces.push({ kind: "void", html: `<${token.name}>` });
      } else if (open.length >= MAX_POST_NESTING) {
        continue;
      } else if (token.name === LINK_TAG) {
        const href = safeLinkHref(token.attributes);
        // Links cannot nest; an unsafe link keeps its text only.
        if (href === null || open.includes(LINK_TAG)) continue;
        pieces.push({ kind: "open", name: LINK_TAG, html: `<a href="${escapeAttribute(href)}" rel="${LINK_REL}" target="${LINK_TARGET}">` });
        open.push(LINK_TAG);
      } else {
        const implied = IMPLIED_CLOSES.get(token.name);
        if (implied) {
          const at = open.lastIndexOf(implied.closes);
          const boundary = Math.max(-1, ...implied.unlessInside.map((name) => open.lastIndexOf(name)));
          if (at > boundary) for (const name of open.splice(at).reverse()) pieces.push({ kind: "close", name });
        }
        pieces.push({ kind: "open", name: token.name, html: `<${token.name}>` });
        open.push(token.name);
      }
    } else {
      // An end tag closes its element and any left open inside it; a stray one is dropped.
      const at = open.lastIndexOf(token.name);
      if (at === -1) continue;
      for (const name of open.splice(at).reverse()) pieces.push({ kind: "close", name });
    }
  }
  for (const name of open.reverse()) pieces.push({ kind: "close", name });
  return pieces;
}

const pieceHtml = (piece: PostPiece) => (piece.kind === "text" ? escapeText(piece.text) : piece.kind === "close" ? closeTag(piece.name) : piece.html);
const closingLength = (open: readonly string[]) => open.reduce((sum, name) => sum + closeTag(name).length, 0);

/** The longest start of `text` whose escaped form fits in `room`, escaped, never splitting a character. */
function escapedPrefix(text: string, room: number): string {
  let out = "";
  for (const character of text) {
    const escaped = escapeText(character);
    if (out.length + escaped.length > room) break;
    out += escaped;
  }
  return out;
}

/** Writes the pieces into at most `max` characters: as much as fits, then '...', then the closing tags. */
function truncatedHtml(pieces: readonly PostPiece[], max: number): string {
  const budget = max - ELLIPSIS.length;
  const open: string[] = [];
  let out = "";
  // Invariant: out.length + closingLength(open) <= budget.
  for (const piece of pieces) {
    if (piece.kind === "close") {
      out += closeTag(piece.name);
      open.pop();
      continue;
    }
    const room = budget - out.length - closingLength(open);
    if (piece.kind === "text") {
      const escaped = escapeText(piece.text);
      if (escaped.length > room) {
        out += escapedPrefix(piece.text, room);
        break;
      }
      out += escaped;
      continue;
    }
    const cost = piece.html.length + (piece.kind === "open" ? closeTag(piece.name).length : 0);
    if (cost > room) break;
    out += piece.html;
    if (piece.kind === "open") open.push(piece.name);
  }
  const closing = open.reduceRight((html, name) => html + closeTag(name), "");
  return out.trimEnd() + ELLIPSIS + closing;
}

/** Post HTML with only basic formatting and safe links, at most `max` characters. */
export function sanitizePostContent(input: string, max: number = POST_CONTENT_MAX_LENGTH): string {
  const pieces = postPieces(input.trim());
  const html = pieces.map(pieceHtml).join("").trim();
  return html.length <= max ? html : truncatedHtml(pieces, max).trim();
}
