/**
 * Post content, the one rich-text field (core spec 5: b, i, em, strong, p, br, ul, ol, li, and
 * links only in posts). Parsed by parse5, the WHATWG HTML parser, so markup means here exactly what
 * it means to a browser; cleaned by hast-util-sanitize with an allowlist; written back by
 * hast-util-to-html. Text stays text, however many '<', '=' or 'javascript:' it holds.
 *
 * Server only (the Worker and the seed): the browser renders stored posts through
 * src/features/posts/postHtml.ts with its own DOMParser, so no page ships this parser.
 *
 * - Allowed tags keep no attribute but a link's href; a link keeps only an absolute http(s) address
 *   plus rel="noopener noreferrer nofollow" and target="_blank". A link without one is dropped and
 *   its text kept; other elements are dropped and their text kept, except those whose content is
 *   never text (script, style, iframe, svg, ...), dropped whole.
 * - Elements nested deeper than MAX_POST_NESTING are unwrapped before the tree is walked, since the
 *   tree utilities recurse and crafted nesting in the thousands would exhaust the stack.
 * - The maximum applies to the stored HTML: over-long content is cut to fit, ending in '...', and
 *   the cut never splits a tag, a character reference or a surrogate pair.
 */
import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import { fromParse5 } from "hast-util-from-parse5";
import { sanitize, type Schema } from "hast-util-sanitize";
import { toHtml, type Options as ToHtmlOptions } from "hast-util-to-html";
import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { LINK_REL, LINK_TARGET, MAX_POST_NESTING, POST_ALLOWED_TAGS, POST_DROPPED_WITH_CONTENT, safeLinkHref } from "./postFormat";
import { CONTROL_CHARACTERS, ELLIPSIS } from "./sanitize";
import { POST_CONTENT_MAX_LENGTH } from "./posts";

const DROPPED = new Set(POST_DROPPED_WITH_CONTENT);

const SCHEMA: Schema = {
  tagNames: [...POST_ALLOWED_TAGS],
  attributes: { a: ["href"] },
  strip: [...POST_DROPPED_WITH_CONTENT],
  // Every key is given: a missing one would fall back to the library's (GitHub's) defaults. Hrefs
  // are judged by safeLinkHref in finish() (the library's scheme check is case-sensitive, would
  // drop 'HTTPS://' links, and lets relative addresses through).
  protocols: {},
  ancestors: {},
  required: {},
  clobber: [],
  clobberPrefix: "",
  allowComments: false,
  allowDoctypes: false,
};

const HTML_OPTIONS: ToHtmlOptions = { characterReferences: { useNamedReferences: true } };

type P5Node = DefaultTreeAdapterTypes.ChildNode;
type P5Element = DefaultTreeAdapterTypes.Element;
type P5Text = DefaultTreeAdapterTypes.TextNode;
const isP5Element = (node: P5Node): node is P5Element => "tagName" in node;

/** The text under `element` in document order, leaving out dropped elements' content; iterative. */
function p5TextUnder(element: P5Element): P5Text[] {
  const texts: P5Text[] = [];
  const stack: P5Node[] = [...element.childNodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === "#text") texts.push(node as P5Text);
    else if (isP5Element(node) && !DROPPED.has(node.tagName)) stack.push(...[...node.childNodes].reverse());
  }
  return texts;
}

/** Leaves elements at the deepest allowed level with text children only; drops template contents (never shown). */
function limitNesting(fragment: DefaultTreeAdapterTypes.DocumentFragment): void {
  const stack: { node: DefaultTreeAdapterTypes.ParentNode; depth: number }[] = [{ node: fragment, depth: 0 }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    for (const child of entry.node.childNodes) {
      if (!isP5Element(child)) continue;
      if ("content" in child) child.content.childNodes = [];
      if (entry.depth + 1 >= MAX_POST_NESTING) child.childNodes = p5TextUnder(child);
      else stack.push({ node: child, depth: entry.depth + 1 });
    }
  }
}

/** Where an element sits: what a browser parsing the output again would close it for. */
interface Context {
  inLink: boolean;
  inParagraph: boolean;
  /** Inside an li with no ul or ol in between. */
  inListItem: boolean;
}

/**
 * Tags a browser would end early when parsing the output again: a link inside a link, a
 * paragraph, list or item inside a paragraph, an item inside an item. The parser never builds them
 * from markup alone, but unwrapping tables, frames and foreign content can; they are unwrapped too
 * (their text kept), so the stored HTML means the same to every parser and sanitising it again
 * changes nothing.
 */
function endsEarly(tag: string, context: Context): boolean {
  if (tag === "a") return context.inLink;
  if (tag === "p" || tag === "ul" || tag === "ol") return context.inParagraph;
  if (tag === "li") return context.inParagraph || context.inListItem;
  return false;
}

function inside(tag: string, context: Context): Context {
  if (tag === "a") return { ...context, inLink: true };
  if (tag === "p") return { ...context, inParagraph: true };
  if (tag === "ul" || tag === "ol") return { ...context, inListItem: false };
  if (tag === "li") return { ...context, inListItem: true };
  return context;
}

/** Links keep a safe absolute address and the fixed rel and target, or give way to their text; misplaced tags likewise. */
function finish(children: ElementContent[], context: Context): ElementContent[] {
  return children.flatMap((child) => {
    if (child.type !== "element") return [child];
    const unwrap = endsEarly(child.tagName, context);
    child.children = finish(child.children, unwrap ? context : inside(child.tagName, context));
    if (unwrap) return child.children;
    if (child.tagName !== "a") return [child];
    const href = safeLinkHref(typeof child.properties.href === "string" ? child.properties.href : null);
    if (href === null) return child.children;
    child.properties = { href, rel: LINK_REL.split(" "), target: LINK_TARGET };
    return [child];
  });
}

/** The allowed tree of the input: parsed as a browser would, nesting bounded, sanitised, links finished. */
function cleanTree(input: string): Root {
  const fragment = parseFragment(input.replace(CONTROL_CHARACTERS, "").trim(), { scriptingEnabled: false });
  limitNesting(fragment);
  const tree = sanitize(fromParse5(fragment), SCHEMA) as Root;
  // The schema allows no doctype or comment: what is left is element content.
  const content = tree.children.filter((node): node is ElementContent => node.type !== "doctype");
  return { type: "root", children: finish(content, { inLink: false, inParagraph: false, inListItem: false }) };
}

// ---------------------------------------------------------------------------------------------
// Cutting to the maximum

const VOID_TAGS = new Set(["br"]);
const htmlLength = (node: Root | ElementContent) => toHtml(node, HTML_OPTIONS).length;
const closingTagLength = (element: Element) => `</${element.tagName}>`.length;

/** The longest start of `text` (whole code points) whose escaped form fits in `room`; escaping grows monotonically, so a binary search. */
function fittingPrefix(text: string, room: number): string {
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (htmlLength({ type: "text", value: characters.slice(0, middle).join("") }) <= room) low = middle;
    else high = middle - 1;
  }
  return characters.slice(0, low).join("");
}

interface CutState {
  /** Characters of HTML written so far, open tags included. */
  used: number;
  /** Characters the end tags of the open elements will take. */
  closing: number;
  readonly budget: number;
}

/** Keeps what fits of `parent`'s children; true when it had to cut (the '...' is then in place). */
function cutChildren(parent: Root | Element, state: CutState): boolean {
  const children: (RootContent | ElementContent)[] = parent.children;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (child === undefined || child.type === "comment" || child.type === "doctype") continue;
    const room = state.budget - state.used - state.closing;
    if (child.type === "text") {
      const length = htmlLength(child);
      if (length <= room) {
        state.used += length;
        continue;
      }
      child.value = fittingPrefix(child.value, room);
      children.splice(index + 1);
      endWithEllipsis(parent);
      return true;
    }
    const whole = htmlLength({ ...child, children: [] });
    if (whole > room) {
      children.splice(index);
      endWithEllipsis(parent);
      return true;
    }
    const close = VOID_TAGS.has(child.tagName) ? 0 : closingTagLength(child);
    state.used += whole - close;
    state.closing += close;
    if (cutChildren(child, state)) {
      children.splice(index + 1);
      return true;
    }
    state.closing -= close;
    state.used += close;
  }
  return false;
}

/** Appends '...' to `parent`, after its last text loses trailing spaces. */
function endWithEllipsis(parent: Root | Element): void {
  const last = parent.children.at(-1);
  if (last?.type === "text") {
    last.value = last.value.trimEnd() + ELLIPSIS;
    return;
  }
  const ellipsis: Text = { type: "text", value: ELLIPSIS };
  parent.children.push(ellipsis);
}

// ---------------------------------------------------------------------------------------------

/** Post HTML with only basic formatting and safe links, at most `max` characters. */
export function sanitizePostContent(input: string, max: number = POST_CONTENT_MAX_LENGTH): string {
  const tree = cleanTree(input);
  // Spaces at the ends are trimmed, as in plain text (dropped tags can leave some there).
  const html = toHtml(tree, HTML_OPTIONS).trim();
  if (html.length <= max) return html;
  cutChildren(tree, { used: 0, closing: 0, budget: max - ELLIPSIS.length });
  return toHtml(tree, HTML_OPTIONS).trim();
}

function textOf(nodes: readonly (RootContent | ElementContent)[]): string {
  return nodes.map((node) => (node.type === "text" ? node.value : node.type === "element" ? textOf(node.children) : "")).join("");
}

/** True when post HTML shows no text at all ('<p><br></p>', tags only, spaces, a script). */
export const isBlankPostContent = (html: string) => textOf(cleanTree(html).children).trim() === "";

/** Elements after which the text goes on on a new line. */
const LINE_ENDING_TAGS = new Set(["p", "li", "br"]);

/** Post HTML as plain text, one line per paragraph, list item or line break (mail shows posts this way). */
export function postPlainText(html: string): string {
  const parts: string[] = [];
  const walk = (nodes: readonly (RootContent | ElementContent)[]) => {
    for (const node of nodes) {
      if (node.type === "text") parts.push(node.value);
      else if (node.type === "element") {
        walk(node.children);
        if (LINE_ENDING_TAGS.has(node.tagName)) parts.push("\n");
      }
    }
  };
  walk(cleanTree(html).children);
  return parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
