/**
 * Post HTML in the browser. The server stores it sanitised (src/domain/richText.ts); before it
 * reaches the page it is parsed once more, in an inert document, and rebuilt from the same allowed
 * tags, so nothing but b, i, em, strong, p, br, ul, ol, li and http(s) links is ever put in the DOM,
 * whatever the string holds.
 */
import { POST_ALLOWED_TAGS, POST_DROPPED_WITH_CONTENT, safeLinkHref, type PostTag } from "../../domain/postFormat";

export type PostNode = { kind: "text"; text: string } | { kind: "element"; tag: PostTag; href: string | null; children: PostNode[] };

const ALLOWED = new Set<string>(POST_ALLOWED_TAGS);
const isPostTag = (name: string): name is PostTag => ALLOWED.has(name);
const DROPPED_WITH_CONTENT = new Set(POST_DROPPED_WITH_CONTENT);

function convert(node: Node): PostNode[] {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? [{ kind: "text", text: node.textContent }] : [];
  if (!(node instanceof Element)) return [];
  const name = node.localName;
  if (DROPPED_WITH_CONTENT.has(name)) return [];
  const children = [...node.childNodes].flatMap(convert);
  if (!isPostTag(name)) return children;
  if (name !== "a") return [{ kind: "element", tag: name, href: null, children }];
  const href = safeLinkHref(node.getAttribute("href"));
  // A link without a safe address keeps its text only, as the server does.
  return href ? [{ kind: "element", tag: "a", href, children }] : children;
}

/** The allowed structure of post HTML; DOMParser documents run no scripts and load nothing. */
export function parsePostHtml(html: string): PostNode[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  return [...document.body.childNodes].flatMap(convert);
}

const textOf = (nodes: readonly PostNode[]): string => nodes.map((node) => (node.kind === "text" ? node.text : textOf(node.children))).join("");

/** True when the HTML shows no text at all ('<p><br></p>', tags only, spaces), as the server judges it. */
export const isBlankPostHtml = (html: string) => textOf(parsePostHtml(html)).trim() === "";

/** Appends the nodes as real DOM under `parent` (the composer's editor when a post is edited). */
export function appendPostNodes(parent: Node, nodes: readonly PostNode[]): void {
  const owner = parent.ownerDocument ?? document;
  for (const node of nodes) {
    if (node.kind === "text") {
      parent.appendChild(owner.createTextNode(node.text));
      continue;
    }
    const element = owner.createElement(node.tag);
    if (node.href) element.setAttribute("href", node.href);
    appendPostNodes(element, node.children);
    parent.appendChild(element);
  }
}
